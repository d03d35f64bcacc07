/*
 * libFuzzer harness for the Redis relay engine (docs/relay.md, "Redis"): arbitrary bytes from both
 * sides, any split, in every mode. Input: one byte for the mode, then records of
 * [side: low bit, 0 client 1 server][length][bytes]. After every call it checks what the engine
 * queued: the server gets only whole RESP arrays of bulk strings (the engine re-encodes), the
 * client gets only whole replies, and until the server has said anything (so no flags are known)
 * the server gets only connection commands and the engine's own questions in read-only and
 * rollback modes. ASAN/UBSAN catch the rest; LeakSanitizer the leaks at close.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "redis/policy.h"
#include "redis/resp.h"

extern const altair_relay_engine altair_relay_engine_redis;

static uint64_t fake_now(void)
{
	static uint64_t now;
	return now += 1000;
}

static void on_query(void *context, const altair_relay_query *query)
{
	size_t *total = context;
	/* Touch every byte the engine handed over, so ASAN sees a bad pointer or length. */
	for (size_t i = 0; i < query->text_length; i++) {
		*total += (unsigned char) query->text[i];
	}
	for (size_t i = 0; i < query->error_length; i++) {
		*total += (unsigned char) query->error[i];
	}
}

static bool name_is(const altair_redis_word *word, const char *const *names)
{
	char lower[ALTAIR_REDIS_NAME_MAX + 1];
	if (!altair_redis_lower_name(word, lower)) {
		return false;
	}
	for (; *names; names++) {
		if (strlen(*names) == word->length && strcmp(lower, *names) == 0) {
			return true;
		}
	}
	return false;
}

/* Every request the server got; with guarded, each must be one that passes without flags. */
static void check_to_server(altair_relay_buf *out, bool guarded)
{
	static const char *const unflagged[] = {"auth", "hello", "ping", "echo", "time", "select", "quit", "reset", "watch",
		"unwatch", "info", "command", "client", "multi", "exec", "discard", NULL};
	altair_redis_command command = {0};
	size_t at = 0;
	while (at < out->length) {
		altair_redis_request_scan scan = {0};
		size_t length;
		if (out->data[at] != '*' || altair_redis_request_scan_next(&scan, out->data + at, out->length - at, &length)
			!= ALTAIR_REDIS_COMPLETE) {
			fprintf(stderr, "the server got a partial or non-array request\n");
			abort();
		}
		if (altair_redis_command_split(&command, &scan, out->data + at, length) != ALTAIR_REDIS_WORDS_OK || command.count == 0) {
			abort();
		}
		if (guarded && !name_is(&command.words[0], unflagged)) {
			fprintf(stderr, "a command passed before any flag was known: %.*s\n", (int) command.words[0].length,
				(const char *) command.words[0].data);
			abort();
		}
		at += length;
	}
	altair_redis_command_free(&command);
	altair_relay_buf_reset(out);
}

static void check_to_client(altair_relay_buf *out)
{
	size_t at = 0;
	while (at < out->length) {
		altair_redis_reply_scan scan = {0};
		size_t length;
		altair_redis_frame frame = altair_redis_reply_scan_next(&scan, out->data + at, out->length - at, &length);
		if (frame != ALTAIR_REDIS_COMPLETE) {
			fprintf(stderr, "the client got a partial reply\n");
			abort();
		}
		at += length;
	}
	altair_relay_buf_reset(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1) {
		return 0;
	}
	size_t total = 0;
	altair_relay_io io = {.on_query = on_query, .context = &total, .now_ns = fake_now};
	altair_relay_config config = {.mode = (altair_relay_mode) (data[0] % 3), .label = "redis at fuzz"};
	altair_relay_session *session = altair_relay_engine_redis.open(&config, &io);
	if (!session) {
		return 0;
	}
	bool server_spoke = false;
	size_t at = 1;
	while (at + 2 <= size) {
		bool from_server = data[at] & 1;
		size_t length = data[at + 1];
		at += 2;
		if (length > size - at) {
			length = size - at;
		}
		altair_relay_verdict verdict = from_server ? altair_relay_engine_redis.from_server(session, data + at, length)
		                                           : altair_relay_engine_redis.from_client(session, data + at, length);
		server_spoke |= from_server && length > 0;
		at += length;
		check_to_server(&io.to_server, config.mode != ALTAIR_RELAY_WRITES && !server_spoke);
		check_to_client(&io.to_client);
		if (verdict == ALTAIR_RELAY_CLOSE) {
			break;
		}
	}
	altair_relay_status status = {.superuser = -1};
	altair_relay_engine_redis.status(session, &status);
	altair_relay_engine_redis.finish(session);
	altair_relay_engine_redis.close(session);
	altair_relay_buf_free(&io.to_server);
	altair_relay_buf_free(&io.to_client);
	return 0;
}
