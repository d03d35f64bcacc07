/*
 * The MySQL engine's own statements at the start of a session (tests/relay/mysql/run.sh), driven
 * byte by byte with no server, so that what is written to each side, and when, is exact:
 *
 *  - after the server's OK to the login, the client gets the OK and the guard (SET SESSION
 *    TRANSACTION READ ONLY, XA START '<a name of 32 random hex digits>') goes to the server in the
 *    same turn; the superuser probe follows the guard's replies;
 *  - the client's first command is held until both replies are in (and its reply is then the
 *    client's, not the probe's), and the probe's answer reaches status();
 *  - when the server refuses the guard, the connection ends and nothing of the client's is sent;
 *  - a first command `USE <the login's database>` (Laravel's connector's) is answered by the relay;
 *    any other USE, or a later one, goes to the server.
 *
 * (Sending the probe in the guard's write, or behind the client's first command, was measured in
 * the host's relay and in tests/relay/proxy.c: no difference above the noise, so it is not done.)
 *
 * Prints "ok ..." lines; exits 1 on the first failure.
 */
#include <stdlib.h>

#include "../start.h"

extern const altair_relay_engine altair_relay_engine_mysql;

/* A packet: 3-byte length, sequence, payload. */
static size_t packet(unsigned char *out, unsigned char sequence, const void *payload, size_t length)
{
	out[0] = (unsigned char) (length & 0xff);
	out[1] = (unsigned char) ((length >> 8) & 0xff);
	out[2] = (unsigned char) ((length >> 16) & 0xff);
	out[3] = sequence;
	memcpy(out + 4, payload, length);
	return length + 4;
}

static altair_relay_verdict feed(altair_relay_session *s, int from_server, unsigned char sequence, const void *payload, size_t length)
{
	unsigned char bytes[512];
	size_t n = packet(bytes, sequence, payload, length);
	return from_server ? altair_relay_engine_mysql.from_server(s, bytes, n) : altair_relay_engine_mysql.from_client(s, bytes, n);
}

static int contains(const altair_relay_buf *buf, const char *text)
{
	return contains_bytes(buf, text, strlen(text));
}

/* The offset of text in buf, or -1. */
static long find(const altair_relay_buf *buf, const char *text)
{
	return find_bytes(buf, text, strlen(text));
}

/* A MariaDB greeting (protocol 10, mysql_native_password) and the client's login, as packets. */
static size_t greeting_packet(unsigned char *out)
{
	static const char version[] = "10.11.19-MariaDB";
	unsigned char greeting[128];
	size_t g = 0;
	greeting[g++] = 10;
	memcpy(greeting + g, version, sizeof(version));
	g += sizeof(version);
	memcpy(greeting + g, "\x01\x00\x00\x00" "abcdefgh" "\x00" "\xfe\xf7" "\x2d" "\x02\x00" "\xbf\x81" "\x15", 19);
	g += 19;
	memset(greeting + g, 0, 10);
	g += 10;
	memcpy(greeting + g, "ijklmnopqrst\0mysql_native_password\0", 35);
	g += 35;
	return packet(out, 0, greeting, g);
}

static size_t login_packet(unsigned char *out)
{
	unsigned char login[128];
	size_t l = 0;
	memcpy(login + l, "\x0d\xa2\x0a\x00" "\x00\x00\x00\x01" "\x2d", 9);
	l += 9;
	memset(login + l, 0, 23);
	l += 23;
	memcpy(login + l, "app\0\x14" "BBBBBBBBBBBBBBBBBBBB" "app\0", 4 + 1 + 20 + 4);
	l += 29;
	return packet(out, 1, login, l);
}

/* A session that has had the greeting, and the client's login with the bytes after it in the same
 * write (e.g. a command pipelined behind it). */
static altair_relay_session *login_with(altair_relay_io *io, const unsigned char *after, size_t length)
{
	unsigned char bytes[512];
	altair_relay_config config = {.mode = ALTAIR_RELAY_READ_ONLY, .label = "test"};
	altair_relay_session *s = altair_relay_engine_mysql.open(&config, io);
	if (!s) {
		return NULL;
	}
	size_t g = greeting_packet(bytes);
	altair_relay_engine_mysql.from_server(s, bytes, g);
	size_t l = login_packet(bytes);
	if (length > 0) {
		memcpy(bytes + l, after, length);
	}
	altair_relay_engine_mysql.from_client(s, bytes, l + length);
	return s;
}

/* The greeting, the client's login, the server's OK. */
static altair_relay_session *logged_in(altair_relay_io *io)
{
	altair_relay_session *s = login_with(io, NULL, 0);
	if (!s) {
		return NULL;
	}
	altair_relay_buf_reset(&io->to_server);
	altair_relay_buf_reset(&io->to_client);
	feed(s, 1, 2, "\x00\x00\x00\x02\x00\x00\x00", 7); /* OK, autocommit */
	return s;
}

/* The guard's XA START names a transaction "altair_" and 32 hex digits. */
static int guard_named(const altair_relay_buf *buf)
{
	long at = find(buf, "XA START 'altair_");
	if (at < 0 || (size_t) at + 17 + 33 > buf->length || buf->data[at + 17 + 32] != '\'') {
		return 0;
	}
	for (size_t i = 0; i < 32; i++) {
		if (!strchr("0123456789abcdef", buf->data[at + 17 + i])) {
			return 0;
		}
	}
	return 1;
}

/* The server's replies to the read-only guard: SET SESSION TRANSACTION's OK, then XA START's, in a
 * read-only transaction (IN_TRANS | AUTOCOMMIT | IN_TRANS_READONLY). */
static void guard_replies(altair_relay_session *s)
{
	feed(s, 1, 1, "\x00\x00\x00\x02\x00\x00\x00", 7);
	feed(s, 1, 1, "\x00\x00\x00\x03\x20\x00\x00", 7);
}

static void guard_then_probe_then_client(void)
{
	altair_relay_io io = {0};
	altair_relay_session *s = started(logged_in(&io));
	if (!s) {
		return;
	}
	check(contains_bytes(&io.to_client, "\x07\x00\x00\x02\x00", 5), "the client has the server's OK to its login");
	check(find(&io.to_server, "SET SESSION TRANSACTION READ ONLY") == 5 && guard_named(&io.to_server),
		"the guard goes to the server in the same turn, under a name of 32 random hex digits");

	/* The client's first command, before the guard's reply. */
	altair_relay_buf_reset(&io.to_server);
	feed(s, 0, 0, "\x03SELECT 42", 10);
	check(io.to_server.length == 0, "the client's first command is held while the guard's reply is awaited");
	altair_relay_buf_reset(&io.to_client);
	guard_replies(s); /* the guard's OKs: in a read-only transaction */
	check(contains(&io.to_server, "information_schema.USER_PRIVILEGES") && !contains(&io.to_server, "SELECT 42"),
		"the superuser probe follows the guard's reply; the client's command is still held");
	altair_relay_buf_reset(&io.to_server);
	/* The probe's reply: one column, one row (the login holds SUPER). */
	feed(s, 1, 1, "\x01", 1);
	feed(s, 1, 2, "\x03" "def" "\x00\x00\x00" "\x01" "1" "\x00" "\x0c\x3f\x00\x01\x00\x00\x00\x08\x81\x00\x00\x00\x00", 23);
	feed(s, 1, 3, "\xfe\x00\x00\x03\x20", 5);
	feed(s, 1, 4, "\x01" "1", 2);
	feed(s, 1, 5, "\xfe\x00\x00\x03\x20", 5);
	check(io.to_client.length == 0, "the guard's and the probe's replies never reach the client");
	check(contains(&io.to_server, "SELECT 42"), "the client's command goes once both replies are in");
	altair_relay_status status = {.superuser = -1};
	altair_relay_engine_mysql.status(s, &status);
	check(status.guarded && status.superuser == 1, "status(): guarded, and the probe's answer (superuser)");
	end_session(&altair_relay_engine_mysql, s, &io);
}

static void refused_guard_sends_nothing_of_the_client(void)
{
	altair_relay_io io = {0};
	altair_relay_session *s = started(logged_in(&io));
	if (!s) {
		return;
	}
	altair_relay_buf_reset(&io.to_server);
	feed(s, 0, 0, "\x03" "DELETE FROM users", 18);
	altair_relay_buf_reset(&io.to_client);
	static const char error[] = "\xff\x28\x04#42000You have an error in your SQL syntax";
	feed(s, 1, 1, error, sizeof(error) - 1); /* SET SESSION TRANSACTION READ ONLY refused: XA START's reply follows */
	altair_relay_verdict verdict = feed(s, 1, 1, "\x00\x00\x00\x03\x00\x00\x00", 7);
	check(verdict == ALTAIR_RELAY_CLOSE, "a refused guard (a read-write transaction in read-only mode) closes the connection");
	check(contains(&io.to_client, "could not open its guard transaction"), "... and tells the client why");
	/* The probe's reply, if the server sends it, changes nothing. */
	feed(s, 1, 1, "\x01", 1);
	check(!contains(&io.to_server, "DELETE"), "nothing of the client's was sent to the server");
	altair_relay_status status = {.superuser = -1};
	altair_relay_engine_mysql.status(s, &status);
	check(!status.guarded, "status(): not guarded");
	end_session(&altair_relay_engine_mysql, s, &io);
}

/* A logged-in session whose client's first command is text: the guard's OK and the probe's answer
 * are fed, so that the command has been handled when this returns. */
static altair_relay_session *first_command(altair_relay_io *io, const char *text)
{
	unsigned char command[128];
	size_t n = strlen(text);
	altair_relay_session *s = started(logged_in(io));
	if (!s) {
		return NULL;
	}
	command[0] = 0x03;
	memcpy(command + 1, text, n);
	feed(s, 0, 0, command, n + 1);
	guard_replies(s);
	feed(s, 1, 1, "\x01", 1);
	feed(s, 1, 2, "\x03" "def" "\x00\x00\x00" "\x01" "1" "\x00" "\x0c\x3f\x00\x01\x00\x00\x00\x08\x81\x00\x00\x00\x00", 23);
	feed(s, 1, 3, "\xfe\x00\x00\x03\x20", 5);
	feed(s, 1, 4, "\x01" "0", 2);
	feed(s, 1, 5, "\xfe\x00\x00\x03\x20", 5);
	return s;
}

/* Laravel's connector opens with `use `db`;`: right after the login the session is in the login's
 * database, so the relay answers it (an OK in the client's view: autocommit, no transaction) and
 * the server never sees it; any other USE, or one later, goes to the server. */
static void use_of_the_login_database_is_answered(void)
{
	altair_relay_io io = {0};
	altair_relay_session *s = first_command(&io, "use `app`;");
	if (s) {
		check(!contains(&io.to_server, "use `app`"), "USE of the login's database, first: not sent to the server");
		check(find_bytes(&io.to_client, "\x07\x00\x00\x01\x00\x00\x00\x02\x00", 9) >= 0,
			"... the client gets an OK (sequence 1, autocommit, not in a transaction)");
		feed(s, 1, 0, "", 0);
		altair_relay_buf_reset(&io.to_server);
		feed(s, 0, 0, "\x03use `app`", 10);
		check(contains(&io.to_server, "use `app`"), "a second USE of it goes to the server");
		end_session(&altair_relay_engine_mysql, s, &io);
	}
	static const char *const forwarded[] = {"USE other", "use `app2`", "use app; select 1", "USE `ap``p`", "SELECT 1",
		"USE /*!50000 other */ app", "USE /*M! other */ app", "USE \"app\""};
	for (size_t i = 0; i < sizeof(forwarded) / sizeof(forwarded[0]); i++) {
		altair_relay_io other = {0};
		s = first_command(&other, forwarded[i]);
		if (s) {
			char what[96];
			snprintf(what, sizeof(what), "first command %s: not answered by the relay", forwarded[i]);
			check(!contains_bytes(&other.to_client, "\x07\x00\x00\x01\x00", 5), what);
			end_session(&altair_relay_engine_mysql, s, &other);
		}
	}
	altair_relay_io io3 = {0};
	s = first_command(&io3, "USE /* a comment */ app -- and another");
	if (s) {
		check(contains_bytes(&io3.to_client, "\x07\x00\x00\x01\x00", 5), "USE app between comments: answered");
		end_session(&altair_relay_engine_mysql, s, &io3);
	}
	altair_relay_io io2 = {0};
	s = first_command(&io2, "USE app");
	if (s) {
		check(!contains(&io2.to_server, "USE app") && contains_bytes(&io2.to_client, "\x07\x00\x00\x01\x00", 5),
			"USE app (bare name, no ';'): answered");
		end_session(&altair_relay_engine_mysql, s, &io2);
	}
}

/* A command sent in the same write as the login, or as an answer to an auth switch: the server
 * gets only the packets of the login, and the command once the guard is open (issue 35: a login
 * and an INSERT in one write committed the row before the guard existed). */
static void nothing_pipelined_before_the_guard(void)
{
	altair_relay_io io = {0};
	unsigned char insert[64];
	size_t n = packet(insert, 0, "\x03INSERT INTO posts VALUES (9)", 30);
	altair_relay_session *s = started(login_with(&io, insert, n));
	if (!s) {
		return;
	}
	check(!contains(&io.to_server, "INSERT"), "a command in the login's write: held, not sent with the login");
	altair_relay_buf_reset(&io.to_server);
	feed(s, 1, 2, "\x00\x00\x00\x02\x00\x00\x00", 7); /* OK */
	check(find(&io.to_server, "SET SESSION TRANSACTION READ ONLY") == 5 && guard_named(&io.to_server) && !contains(&io.to_server, "INSERT"),
		"the server's OK: the guard goes first, the command waits for its reply");
	end_session(&altair_relay_engine_mysql, s, &io);

	/* MariaDB asks for another plugin: the client's answer passes, the command behind it does not. */
	altair_relay_io io2 = {0};
	s = started(login_with(&io2, NULL, 0));
	if (!s) {
		return;
	}
	altair_relay_buf_reset(&io2.to_server);
	unsigned char answer[64];
	size_t a = packet(answer, 3, "CCCCCCCCCCCCCCCCCCCC", 20);
	a += packet(answer + a, 0, "\x03" "DELETE FROM posts", 18);
	feed(s, 1, 2, "\xfe" "mysql_native_password\0" "abcdefghijklmnopqrst\0", 44);
	altair_relay_engine_mysql.from_client(s, answer, a);
	check(contains(&io2.to_server, "CCCCCCCCCCCCCCCCCCCC") && !contains(&io2.to_server, "DELETE"),
		"after an auth switch: the client's answer passes, a command behind it is held");
	altair_relay_buf_reset(&io2.to_server);
	feed(s, 1, 4, "\x00\x00\x00\x02\x00\x00\x00", 7); /* OK */
	check(find(&io2.to_server, "SET SESSION TRANSACTION READ ONLY") == 5 && guard_named(&io2.to_server) && !contains(&io2.to_server, "DELETE"),
		"... then the guard, and the command waits for its reply");
	end_session(&altair_relay_engine_mysql, s, &io2);
}

/* A kept connection: the next client's login (other auth data: the relay's COM_CHANGE_USER) with a
 * command in the same write; the server's auth switch answered with a command behind the answer.
 * Neither command reaches the server before the new guard is open. */
static void nothing_pipelined_on_a_kept_connection(void)
{
	altair_relay_io io = {0};
	altair_relay_session *s = started(logged_in(&io));
	if (!s) {
		return;
	}
	guard_replies(s);
	/* the superuser probe's reply: no row */
	feed(s, 1, 1, "\x01", 1);
	feed(s, 1, 2, "\x03" "def" "\x00\x00\x00" "\x01" "1" "\x00" "\x0c\x3f\x00\x01\x00\x00\x00\x08\x81\x00\x00\x00\x00", 23);
	feed(s, 1, 3, "\xfe\x00\x00\x03\x20", 5);
	feed(s, 1, 4, "\xfe\x00\x00\x03\x20", 5);
	altair_relay_kept kept;
	check(altair_relay_engine_mysql.keep(s, &kept), "a session between commands is kept");
	end_session(&altair_relay_engine_mysql, s, &io);

	altair_relay_config config = {.mode = ALTAIR_RELAY_READ_ONLY, .label = "test"};
	unsigned char bytes[512];
	size_t login = login_packet(bytes);
	memset(bytes + login - 24, 'E', 20); /* other auth data than the kept login's: not the proof */
	size_t n = login + packet(bytes + login, 0, "\x03" "DELETE FROM posts", 18);
	altair_relay_io io1 = {0};
	s = started(altair_relay_engine_mysql.resume(&config, &io1, &kept));
	if (!s) {
		return;
	}
	altair_relay_engine_mysql.from_client(s, bytes, n);
	check(contains_bytes(&io1.to_server, "\x11" "app", 4) && !contains(&io1.to_server, "DELETE"),
		"kept: the login becomes a COM_CHANGE_USER; the command in its write is held");
	end_session(&altair_relay_engine_mysql, s, &io1);

	altair_relay_io io2 = {0};
	s = started(altair_relay_engine_mysql.resume(&config, &io2, &kept));
	if (!s) {
		return;
	}
	altair_relay_engine_mysql.from_client(s, bytes, login);
	altair_relay_buf_reset(&io2.to_server);
	feed(s, 1, 1, "\xfe" "mysql_native_password\0" "abcdefghijklmnopqrst\0", 44);
	unsigned char answer[128];
	size_t a = packet(answer, 3, "CCCCCCCCCCCCCCCCCCCC", 20);
	a += packet(answer + a, 0, "\x03" "UPDATE posts SET title = 1", 27);
	altair_relay_engine_mysql.from_client(s, answer, a);
	check(contains(&io2.to_server, "CCCCCCCCCCCCCCCCCCCC") && !contains(&io2.to_server, "UPDATE") && !contains(&io2.to_server, "DELETE"),
		"kept: the answer to the auth switch passes, the command behind it is held");
	altair_relay_buf_reset(&io2.to_server);
	feed(s, 1, 2, "\x00\x00\x00\x02\x00\x00\x00", 7); /* OK */
	check(guard_named(&io2.to_server) && !contains(&io2.to_server, "DELETE") && !contains(&io2.to_server, "UPDATE"),
		"kept: the server's OK: a new guard goes first, the commands wait for it");
	end_session(&altair_relay_engine_mysql, s, &io2);
}

int main(void)
{
	nothing_pipelined_before_the_guard();
	nothing_pipelined_on_a_kept_connection();
	guard_then_probe_then_client();
	refused_guard_sends_nothing_of_the_client();
	use_of_the_login_database_is_answered();
	printf("start: %d failed\n", failures);
	return failures ? 1 : 0;
}
