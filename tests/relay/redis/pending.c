/*
 * The Redis engine's bound on requests waiting for replies (relay/redis/redis.c, REDIS_PENDING_MAX),
 * without sockets: 70,000 pipelined GETs arrive in one read; the server must get no more than
 * the bound until replies come, then the rest; the client gets every reply, in order. Built and
 * run by tests/relay/redis/run.sh; exits non-zero on any failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

extern const altair_relay_engine altair_relay_engine_redis;

#define REQUESTS 70000
#define BOUND 65536

static const char get[] = "*2\r\n$3\r\nGET\r\n$8\r\ngreeting\r\n";
static const char hello[] = "$5\r\nhello\r\n";

static size_t count(const altair_relay_buf *buf, const char *unit)
{
	size_t n = 0, length = strlen(unit);
	for (size_t at = 0; at + length <= buf->length; at += length) {
		if (memcmp(buf->data + at, unit, length) != 0) {
			return (size_t) -1;
		}
		n++;
	}
	return buf->length % length ? (size_t) -1 : n;
}

int main(void)
{
	altair_relay_io io = {0};
	altair_relay_config config = {.mode = ALTAIR_RELAY_READ_ONLY, .label = "redis at test"};
	altair_relay_session *session = altair_relay_engine_redis.open(&config, &io);
	/* The flags of GET first: the engine asks (HELLO, COMMAND INFO get), the "server" answers. */
	altair_relay_engine_redis.from_client(session, (const unsigned char *) get, strlen(get));
	altair_relay_buf_reset(&io.to_server);
	static const char learned[] = "-ERR no version\r\n*1\r\n*10\r\n$3\r\nget\r\n:2\r\n*2\r\n+readonly\r\n+fast\r\n"
		":1\r\n:1\r\n:1\r\n*0\r\n*0\r\n*0\r\n*0\r\n$5\r\nhello\r\n";
	altair_relay_engine_redis.from_server(session, (const unsigned char *) learned, strlen(learned));
	altair_relay_buf_reset(&io.to_server);
	altair_relay_buf_reset(&io.to_client);

	size_t size = strlen(get) * REQUESTS;
	unsigned char *pipeline = malloc(size);
	for (size_t i = 0; i < REQUESTS; i++) {
		memcpy(pipeline + i * strlen(get), get, strlen(get));
	}
	int failures = 0;
	altair_relay_engine_redis.from_client(session, pipeline, size);
	size_t sent = count(&io.to_server, get);
	if (sent != BOUND) {
		fprintf(stderr, "FAIL: the server got %zu requests at once, not %d\n", sent, BOUND);
		failures++;
	}
	altair_relay_buf_reset(&io.to_server);
	size_t replied = 0;
	while (replied < REQUESTS && sent <= REQUESTS) {
		altair_relay_engine_redis.from_server(session, (const unsigned char *) hello, strlen(hello));
		replied++;
		size_t more = count(&io.to_server, get);
		if (more == (size_t) -1) {
			fprintf(stderr, "FAIL: the server got something else than whole GETs\n");
			failures++;
			break;
		}
		sent += more;
		altair_relay_buf_reset(&io.to_server);
	}
	size_t answers = count(&io.to_client, hello);
	if (sent != REQUESTS || answers != REQUESTS) {
		fprintf(stderr, "FAIL: %zu requests reached the server, %zu replies the client (want %d each)\n", sent, answers, REQUESTS);
		failures++;
	}
	altair_relay_engine_redis.close(session);
	altair_relay_buf_free(&io.to_server);
	altair_relay_buf_free(&io.to_client);
	free(pipeline);
	printf("pending bound: %s\n", failures ? "FAILED" : "held, every request answered in order");
	return failures ? 1 : 0;
}
