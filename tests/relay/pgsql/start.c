/*
 * The PostgreSQL engine's guard at the start of a session (tests/relay/pgsql/run.sh), driven
 * message by message with no server, so that what is written to each side, and when, is exact:
 *
 *  - when the server is ready after the login, the guard (BEGIN READ ONLY) goes to the server and
 *    the client gets its ReadyForQuery in the same turn: the guard's round trip overlaps the
 *    client's own start instead of coming before it;
 *  - what the client sends meanwhile is held until the guard transaction is open, then passes
 *    (and the client gets no second ReadyForQuery from the guard);
 *  - when the server refuses the guard, the connection ends and nothing of the client's is sent.
 *
 * Prints "ok ..." lines; exits 1 on the first failure.
 */
#include <stdint.h>
#include <stdlib.h>

#include "../start.h"

extern const altair_relay_engine altair_relay_engine_pgsql;

/* A message: type (0: none, the startup packet), 4-byte big-endian length, body. */
static size_t message(unsigned char *out, char type, const void *body, size_t length)
{
	size_t at = 0;
	uint32_t n = (uint32_t) length + 4;
	if (type) {
		out[at++] = (unsigned char) type;
	}
	out[at++] = (unsigned char) (n >> 24);
	out[at++] = (unsigned char) (n >> 16);
	out[at++] = (unsigned char) (n >> 8);
	out[at++] = (unsigned char) n;
	memcpy(out + at, body, length);
	return at + length;
}

/* The engine read the client's start and asks for its server (ALTAIR_RELAY_ATTACH): a new one. */
static altair_relay_verdict attached(altair_relay_session *s, altair_relay_verdict verdict)
{
	if (verdict == ALTAIR_RELAY_ATTACH) {
		altair_relay_engine_pgsql.attach(s, NULL);
		return ALTAIR_RELAY_CONTINUE;
	}
	return verdict;
}

static altair_relay_verdict feed(altair_relay_session *s, int from_server, char type, const void *body, size_t length)
{
	unsigned char bytes[512];
	size_t n = message(bytes, type, body, length);
	return attached(s, from_server ? altair_relay_engine_pgsql.from_server(s, bytes, n) : altair_relay_engine_pgsql.from_client(s, bytes, n));
}

/* How many ReadyForQuery messages the buffer holds, read message by message. */
static int ready_count(const altair_relay_buf *buf)
{
	int count = 0;
	for (size_t at = 0; at + 5 <= buf->length;) {
		uint32_t n = ((uint32_t) buf->data[at + 1] << 24) | ((uint32_t) buf->data[at + 2] << 16)
			| ((uint32_t) buf->data[at + 3] << 8) | buf->data[at + 4];
		count += buf->data[at] == 'Z';
		at += 1 + n;
	}
	return count;
}

/* The client's startup packet, the server's AuthenticationOk, BackendKeyData and ReadyForQuery. */
static altair_relay_session *logged_in(altair_relay_io *io)
{
	static const char startup[] = "\x00\x03\x00\x00" "user\0app\0database\0app\0";
	altair_relay_config config = {.mode = ALTAIR_RELAY_READ_ONLY, .label = "test"};
	altair_relay_session *s = altair_relay_engine_pgsql.open(&config, io);
	if (!s) {
		return NULL;
	}
	feed(s, 0, 0, startup, sizeof(startup)); /* with the list's closing NUL */
	altair_relay_buf_reset(&io->to_server);
	feed(s, 1, 'R', "\x00\x00\x00\x00", 4);
	feed(s, 1, 'K', "\x00\x00\x00\x2a\x00\x00\x00\x07", 8);
	feed(s, 1, 'Z', "I", 1);
	return s;
}

static void ready_with_the_guard(void)
{
	altair_relay_io io = {0};
	altair_relay_session *s = started(logged_in(&io));
	if (!s) {
		return;
	}
	check(contains_bytes(&io.to_server, "BEGIN READ ONLY", 15), "the guard is sent once the server is ready");
	check(ready_count(&io.to_client) == 1, "the client has its ReadyForQuery in the same turn, before the guard's reply");

	altair_relay_buf_reset(&io.to_server);
	altair_relay_buf_reset(&io.to_client);
	feed(s, 0, 'Q', "SELECT 42", 10);
	check(io.to_server.length == 0, "the client's first query is held while the guard's reply is awaited");
	/* The guard's reply: BEGIN, then SELECT 1's row, then ReadyForQuery in a transaction. */
	feed(s, 1, 'C', "BEGIN", 6);
	feed(s, 1, 'T', "\x00\x01" "?column?\0" "\x00\x00\x00\x00" "\x00\x00" "\x00\x00\x00\x17" "\x00\x04" "\xff\xff\xff\xff" "\x00\x00", 29);
	feed(s, 1, 'D', "\x00\x01" "\x00\x00\x00\x01" "1", 7);
	feed(s, 1, 'C', "SELECT 1", 9);
	feed(s, 1, 'Z', "T", 1);
	check(contains_bytes(&io.to_server, "SELECT 42", 9), "the client's query goes once the guard transaction is open");
	check(ready_count(&io.to_client) == 0 && !contains_bytes(&io.to_client, "BEGIN", 5),
		"the guard's reply never reaches the client (no second ReadyForQuery)");
	altair_relay_status status = {.superuser = -1};
	altair_relay_engine_pgsql.status(s, &status);
	check(status.guarded, "status(): guarded");
	end_session(&altair_relay_engine_pgsql, s, &io);
}

static void refused_guard_sends_nothing_of_the_client(void)
{
	altair_relay_io io = {0};
	altair_relay_session *s = started(logged_in(&io));
	if (!s) {
		return;
	}
	altair_relay_buf_reset(&io.to_server);
	altair_relay_buf_reset(&io.to_client);
	feed(s, 0, 'Q', "DELETE FROM users", 18);
	static const char error[] = "SERROR\0C0A000\0Mnot supported\0";
	altair_relay_verdict verdict = feed(s, 1, 'E', error, sizeof(error));
	check(verdict == ALTAIR_RELAY_CLOSE, "a refused guard closes the connection");
	check(contains_bytes(&io.to_client, "could not start its guard transaction", 37), "... and tells the client why");
	check(!contains_bytes(&io.to_server, "DELETE", 6), "nothing of the client's was sent to the server");
	altair_relay_status status = {.superuser = -1};
	altair_relay_engine_pgsql.status(s, &status);
	check(!status.guarded, "status(): not guarded");
	end_session(&altair_relay_engine_pgsql, s, &io);
}

/* The startup packet with a password and a query behind it in one write: the password passes only
 * once the server asks for it, one for one, and the query waits for the guard (issue 35). */
static void nothing_pipelined_before_the_guard(void)
{
	static const char startup[] = "\x00\x03\x00\x00" "user\0app\0database\0app\0";
	unsigned char bytes[512];
	size_t n = message(bytes, 0, startup, sizeof(startup));
	n += message(bytes + n, 'p', "md5aaaa\0", 8);
	n += message(bytes + n, 'p', "md5bbbb\0", 8);
	n += message(bytes + n, 'Q', "DELETE FROM users", 18);
	altair_relay_io io = {0};
	altair_relay_config config = {.mode = ALTAIR_RELAY_READ_ONLY, .label = "test"};
	altair_relay_session *s = started(altair_relay_engine_pgsql.open(&config, &io));
	if (!s) {
		return;
	}
	attached(s, altair_relay_engine_pgsql.from_client(s, bytes, n));
	check(!contains_bytes(&io.to_server, "md5aaaa", 7) && !contains_bytes(&io.to_server, "DELETE", 6),
		"the startup packet alone reaches the server: nothing it did not ask for");
	feed(s, 1, 'R', "\x00\x00\x00\x05" "salt", 8);
	check(contains_bytes(&io.to_server, "md5aaaa", 7) && !contains_bytes(&io.to_server, "md5bbbb", 7),
		"the server asks for a password: one passes");
	feed(s, 1, 'R', "\x00\x00\x00\x00", 4);
	feed(s, 1, 'Z', "I", 1);
	check(!contains_bytes(&io.to_server, "md5bbbb", 7) && !contains_bytes(&io.to_server, "DELETE", 6),
		"the server is ready: the guard goes, the query and the unasked password are held");
	end_session(&altair_relay_engine_pgsql, s, &io);
}

int main(void)
{
	nothing_pipelined_before_the_guard();
	ready_with_the_guard();
	refused_guard_sends_nothing_of_the_client();
	printf("start: %d failed\n", failures);
	return failures ? 1 : 0;
}
