/*
 * The PostgreSQL relay engine alone, in process (no sockets, no scheduler): the CPU it spends on
 * one `SELECT 1` round trip (the client's Query in, the server's reply out), per mode, with the
 * queries capture on (a callback that reads the report) and off (no callback). Built and run by
 * bench/relay_pgsql.php against the relay sources alone. Prints nanoseconds per query, median of rounds.
 * Usage: relay_pgsql_engine <queries> <rounds>
 */
#include "../relay/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

extern const altair_relay_engine altair_relay_engine_pgsql;

static uint64_t now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t) t.tv_sec * 1000000000u + (uint64_t) t.tv_nsec;
}

static size_t reported;

static void on_query(void *context, const altair_relay_query *q)
{
	(void) context;
	reported += q->text_length + (q->error ? q->error_length : 0);
}

/* Appends a message (type, then the body's parts joined). */
static size_t put(unsigned char *out, char type, const void *body, size_t length)
{
	out[0] = (unsigned char) type;
	uint32_t n = (uint32_t) length + 4;
	out[1] = (unsigned char) (n >> 24);
	out[2] = (unsigned char) (n >> 16);
	out[3] = (unsigned char) (n >> 8);
	out[4] = (unsigned char) n;
	memcpy(out + 5, body, length);
	return length + 5;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *) a, y = *(const double *) b;
	return (x > y) - (x < y);
}

/* ns per query for one mode; capture: whether a callback listens. */
static double run(altair_relay_mode mode, int capture, int queries)
{
	unsigned char startup[64], hello[64], guard[128], query[32], reply[256];
	size_t n;
	static const unsigned char params[] = "\0\0\0\x12\0\x03\0\0user\0app\0\0";
	n = sizeof(params) - 1;
	memcpy(startup, params, n);
	size_t startup_length = n;
	size_t hello_length = put(hello, 'R', "\0\0\0\0", 4);
	hello_length += put(hello + hello_length, 'Z', "I", 1);
	size_t guard_length = put(guard, 'C', "BEGIN", 6);
	guard_length += put(guard + guard_length, 'C', "SELECT 1", 9);
	guard_length += put(guard + guard_length, 'Z', "T", 1);
	size_t query_length = put(query, 'Q', "SELECT 1", 9);
	static const unsigned char row_description[] = "\0\x01?column?\0\0\0\0\0\0\0\0\0\0\x17\0\x04\xff\xff\xff\xff\0\0";
	static const unsigned char data_row[] = "\0\x01\0\0\0\x01" "1";
	/* Guarded: the relay's savepoint statements (each Close, Close, Parse, Bind, Execute: the first
	 * unit opens the savepoint with one, every later one has two), then the client's statement as
	 * a message of its own (Parse, Bind, Describe, Execute, Sync). */
	unsigned char first_reply[256];
	size_t reply_length = 0, first_length = 0;
	static const char *const tags[] = {"RELEASE", "SAVEPOINT"};
	for (size_t i = 0; i < 2 && mode != ALTAIR_RELAY_WRITES; i++) {
		unsigned char one[64];
		size_t n = put(one, '3', "", 0);
		n += put(one + n, '3', "", 0);
		n += put(one + n, '1', "", 0);
		n += put(one + n, '2', "", 0);
		n += put(one + n, 'C', tags[i], strlen(tags[i]) + 1);
		memcpy(reply + reply_length, one, n);
		reply_length += n;
		if (i == 1) {
			memcpy(first_reply, one, n);
			first_length = n;
		}
	}
	unsigned char rows[128];
	size_t rows_length = 0;
	if (mode != ALTAIR_RELAY_WRITES) {
		rows_length += put(rows, '1', "", 0);
		rows_length += put(rows + rows_length, '2', "", 0);
	}
	rows_length += put(rows + rows_length, 'T', row_description, sizeof(row_description) - 1);
	rows_length += put(rows + rows_length, 'D', data_row, sizeof(data_row) - 1);
	rows_length += put(rows + rows_length, 'C', "SELECT 1", 9);
	rows_length += put(rows + rows_length, 'Z', "T", 1);
	memcpy(reply + reply_length, rows, rows_length);
	reply_length += rows_length;
	memcpy(first_reply + first_length, rows, rows_length);
	first_length += rows_length;

	altair_relay_io io = {.on_query = capture ? on_query : NULL, .now_ns = now_ns};
	altair_relay_config config = {.mode = mode, .label = "bench"};
	altair_relay_session *s = altair_relay_engine_pgsql.open(&config, &io);
	altair_relay_engine_pgsql.from_client(s, startup, startup_length);
	altair_relay_engine_pgsql.from_server(s, hello, hello_length);
	if (mode != ALTAIR_RELAY_WRITES) {
		altair_relay_engine_pgsql.from_server(s, guard, guard_length);
	}
	altair_relay_buf_reset(&io.to_server);
	altair_relay_buf_reset(&io.to_client);
	uint64_t start = now_ns();
	for (int i = 0; i < queries; i++) {
		altair_relay_engine_pgsql.from_client(s, query, query_length);
		if (i == 0) {
			altair_relay_engine_pgsql.from_server(s, first_reply, first_length);
		} else {
			altair_relay_engine_pgsql.from_server(s, reply, reply_length);
		}
		if (io.to_client.length == 0 || io.to_server.length == 0) {
			fprintf(stderr, "the engine did not answer (mode %d)\n", (int) mode);
			exit(1);
		}
		altair_relay_buf_reset(&io.to_server);
		altair_relay_buf_reset(&io.to_client);
	}
	double ns = (double) (now_ns() - start) / queries;
	altair_relay_engine_pgsql.close(s);
	altair_relay_buf_free(&io.to_server);
	altair_relay_buf_free(&io.to_client);
	return ns;
}

int main(int argc, char **argv)
{
	int queries = argc > 1 ? atoi(argv[1]) : 100000, rounds = argc > 2 ? atoi(argv[2]) : 7;
	static const char *const labels[] = {"read-only", "rollback", "writes"};
	for (int mode = ALTAIR_RELAY_READ_ONLY; mode <= ALTAIR_RELAY_WRITES; mode++) {
		double on[64], off[64];
		rounds = rounds > 64 ? 64 : rounds;
		for (int r = 0; r < rounds; r++) {
			off[r] = run((altair_relay_mode) mode, 0, queries);
			on[r] = run((altair_relay_mode) mode, 1, queries);
		}
		qsort(on, (size_t) rounds, sizeof(double), by_value);
		qsort(off, (size_t) rounds, sizeof(double), by_value);
		printf("  engine alone, %-10s %6.0f ns/query captured, %6.0f ns/query not captured: capture %.3fx\n", labels[mode],
			on[rounds / 2], off[rounds / 2], on[rounds / 2] / off[rounds / 2]);
	}
	return reported == 0;
}
