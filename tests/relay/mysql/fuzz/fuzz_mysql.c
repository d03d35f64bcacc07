/*
 * libFuzzer target for the MySQL relay engine (relay/mysql/) under ASAN and UBSAN: arbitrary
 * bytes from both sides, in every mode, any split; and the statement classifier alone.
 *
 * Input: byte 0 chooses the target: bit 7 set, the rest of the input is one statement for
 * altair_mysql_classify (run twice: the verdict must not change); otherwise bits 0-1 choose the
 * mode, bit 2 gives the session a deadline (its time limit in front of its first command) and the rest is a list of chunks, each a header byte (bit 7: from the server, else the
 * client; bits 0-6: its length) and that many bytes; after each, what the engine queued for
 * either side must be whole packets. A client chunk of length 0 is the client's end: when keep()
 * takes the session, the next server chunk is the kept connection's replies (kept_settled()) and
 * the rest goes to a session resumed on it (resume()), as the core does with a kept connection.
 * Bit 3 makes it a session's connection (relay/mysql/call.c): a client chunk of length 0 is then a
 * call step instead (the next byte, modulo 3: BEGIN, KEPT, UNDONE), and a step the engine cannot
 * take ends the connection as the core does (finish()).
 * At the end, status(), finish() and close().
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "mysql/classify.h"

extern const altair_relay_engine altair_relay_engine_mysql;

static volatile unsigned sink;

static void touch(const char *bytes, size_t length)
{
	for (size_t i = 0; i < length; i++) {
		sink += (unsigned char) bytes[i];
	}
}

static void on_query(void *context, const altair_relay_query *query)
{
	(void) context;
	touch(query->text, query->text_length);
	if (query->params_json) {
		touch(query->params_json, query->params_length);
		if (query->params_length < 2 || query->params_json[0] != '[' || query->params_json[query->params_length - 1] != ']') {
			abort(); /* parameters are always a JSON array */
		}
	}
	if (query->error) {
		touch(query->error, query->error_length);
		if (query->error_length == 0) {
			abort(); /* a failed statement is reported with an error that says something */
		}
	}
}

static uint64_t clock_ns(void)
{
	static uint64_t now;
	return now += 1000;
}

/* What the engine queues for either side is whole packets, always. */
static void whole_packets(const altair_relay_buf *buf)
{
	size_t at = 0;
	while (at < buf->length) {
		if (buf->length - at < 4) {
			abort();
		}
		size_t payload = (size_t) buf->data[at] | ((size_t) buf->data[at + 1] << 8) | ((size_t) buf->data[at + 2] << 16);
		if (buf->length - at - 4 < payload) {
			abort();
		}
		at += 4 + payload;
	}
}

static void classify_twice(const uint8_t *data, size_t size)
{
	altair_mysql_verdict first, second;
	altair_mysql_classify((const char *) data, size, &first);
	altair_mysql_classify((const char *) data, size, &second);
	if (first.action != second.action || (first.action == ALTAIR_MYSQL_REFUSE && strcmp(first.kind, second.kind) != 0)) {
		abort();
	}
	if (first.action == ALTAIR_MYSQL_REFUSE && memchr(first.kind, '\0', sizeof(first.kind)) == NULL) {
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0) {
		return 0;
	}
	if (data[0] & 0x80) {
		classify_twice(data + 1, size - 1);
		return 0;
	}
	altair_relay_io io = {.on_query = on_query, .now_ns = clock_ns};
	/* bit 2: an evaluation's deadline, so that the session's time limit goes in front of its first command */
	altair_relay_config config = {.mode = (altair_relay_mode) ((data[0] & 0x3) % 3), .label = "fuzz", .deadline_ns = (data[0] & 0x4) ? 5000000000u : 0};
	const altair_relay_engine *engine = &altair_relay_engine_mysql;
	altair_relay_session *session = engine->open(&config, &io);
	if (!session) {
		return 0;
	}
	size_t at = 1;
	while (at < size) {
		bool from_server = data[at] & 0x80;
		size_t length = data[at] & 0x7f;
		at++;
		if (length > size - at) {
			length = size - at;
		}
		if (!from_server && length == 0 && (data[0] & 0x8)) {
			altair_relay_call_step step = at < size ? (altair_relay_call_step) (data[at++] % 3) : ALTAIR_RELAY_CALL_KEPT;
			bool took = engine->call(session, step, config.deadline_ns);
			if (engine->awaiting_server) {
				sink += engine->awaiting_server(session);
			}
			whole_packets(&io.to_server);
			altair_relay_buf_reset(&io.to_server);
			if (!took) {
				break; /* the core ends the connection */
			}
			continue;
		}
		if (!from_server && length == 0) {
			altair_relay_kept kept;
			if (!engine->keep(session, &kept)) {
				continue;
			}
			whole_packets(&io.to_server); /* the reset */
			altair_relay_buf_reset(&io.to_server);
			engine->close(session);
			if (at < size && (data[at] & 0x80)) {
				size_t replies = data[at] & 0x7f;
				at++;
				replies = replies > size - at ? size - at : replies;
				int settled = engine->kept_settled(&kept, data + at, replies);
				if (settled < -1 || settled > 1) {
					abort();
				}
				at += replies;
			}
			session = engine->resume(&config, &io, &kept);
			if (!session) {
				altair_relay_buf_free(&io.to_server);
				altair_relay_buf_free(&io.to_client);
				return 0;
			}
			whole_packets(&io.to_client); /* the kept greeting */
			altair_relay_buf_reset(&io.to_client);
			continue;
		}
		altair_relay_verdict verdict = from_server ? engine->from_server(session, data + at, length)
		                                           : engine->from_client(session, data + at, length);
		at += length;
		if (engine->awaiting_server) {
			sink += engine->awaiting_server(session);
		}
		whole_packets(&io.to_server);
		whole_packets(&io.to_client);
		/* the core writes the buffers out */
		altair_relay_buf_reset(&io.to_server);
		altair_relay_buf_reset(&io.to_client);
		if (verdict == ALTAIR_RELAY_CLOSE) {
			if (at < size && data[at] == 0x00) {
				continue; /* the core ends it: keep() first (the client's COM_QUIT) */
			}
			break;
		}
		/* ALTAIR_RELAY_RECONNECT: the core connects anew and passes on that server's bytes. */
	}
	altair_relay_status status = {.superuser = -1};
	engine->status(session, &status);
	touch(status.server_version, strnlen(status.server_version, sizeof(status.server_version)));
	engine->finish(session);
	engine->close(session);
	altair_relay_buf_free(&io.to_server);
	altair_relay_buf_free(&io.to_client);
	return 0;
}
