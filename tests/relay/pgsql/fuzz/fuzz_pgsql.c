/*
 * libFuzzer harness for the PostgreSQL relay engine (relay/pgsql/): plain C, built with clang
 * -fsanitize=fuzzer,address,undefined by run.sh. The input is a mode byte, then chunks: a header
 * byte (high bit: from the server, else from the client; low 7 bits: the length) and that many
 * bytes, handed to the engine as they arrive. The mode byte's higher bits turn on the relay's own
 * login (credentials), TLS on either leg (the engine's requests for it, which the core would act on)
 * and keeping: a session whose client left is kept, the reset's replies fuzzed, and a second
 * client resumed on it with the same input. Mode byte 3 fuzzes the SQL splitter alone (both
 * readings: libpg_query's and the relay's own lexer), with bit 6 the JSON reader alone. Bit 7 makes
 * it a session's connection (relay/pgsql/call.c): a client chunk of length 0 is then a call step
 * (the next byte, modulo 3: BEGIN, KEPT, UNDONE), and a step the engine cannot take ends it.
 *
 * Besides "no crash, no leak, no undefined behaviour", it checks what the engine promises:
 *   - the startup packet the server gets holds allowlisted parameters only
 *   - in read-only and rollback modes no statement the server gets (Query or Parse) could end the
 *     guard or is one the relay refuses, except the relay's own savepoints and its last ROLLBACK
 *   - reported queries have sane fields; statements lie inside the text, in order
 */
#include "../../../../relay/pgsql/session.h"
#include "../../../../relay/pgsql/json.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static uint64_t clock_ns(void)
{
	static uint64_t now;
	return now += 1000;
}

static void on_query(void *context, const altair_relay_query *q)
{
	(void) context;
	if (!q->text || (q->params_json && (q->params_length < 2 || q->params_json[0] != '[' || q->params_json[q->params_length - 1] != ']'))) {
		abort();
	}
	if ((q->error == NULL) != (q->error_length == 0) || q->rows < -1) {
		abort();
	}
	/* touch every byte, so ASAN sees a bad pointer */
	volatile char sink = 0;
	for (size_t i = 0; i < q->text_length; i++) {
		sink ^= q->text[i];
	}
	for (size_t i = 0; i < q->error_length; i++) {
		sink ^= q->error[i];
	}
	(void) sink;
}

static const char *const relay_own[] = {
	"SAVEPOINT altair_q", "RELEASE SAVEPOINT altair_q", "ROLLBACK TO SAVEPOINT altair_q",
	"SAVEPOINT altair_tx", "RELEASE SAVEPOINT altair_tx", "ROLLBACK TO SAVEPOINT altair_tx",
	"BEGIN READ ONLY", "BEGIN READ WRITE", "SELECT 1",
};

/* A session's call mark (relay/pgsql/call.c): one of its three statements, altair_call_ and digits. */
static bool call_mark(const char *sql, size_t length)
{
	static const char *const verbs[] = {"SAVEPOINT altair_call_", "RELEASE SAVEPOINT altair_call_", "ROLLBACK TO SAVEPOINT altair_call_"};
	for (size_t k = 0; k < sizeof(verbs) / sizeof(verbs[0]); k++) {
		size_t n = strlen(verbs[k]);
		if (length > n && memcmp(sql, verbs[k], n) == 0 && strspn(sql + n, "0123456789") == length - n) {
			return true;
		}
	}
	return false;
}

static void check_sql(const pgsql_session *s, const char *sql, size_t length, bool finished)
{
	altair_pgsql_statement *st = NULL;
	altair_pgsql_syntax_error error;
	size_t count = altair_pgsql_split(sql, length, &s->lexing, &st, &error);
	for (size_t i = 0; i < count; i++) {
		bool own = false;
		for (size_t k = 0; k < sizeof(relay_own) / sizeof(relay_own[0]) && !own; k++) {
			own = st[i].end - st[i].start == strlen(relay_own[k]) && memcmp(sql + st[i].start, relay_own[k], strlen(relay_own[k])) == 0;
		}
		own |= finished && st[i].end - st[i].start == 8 && memcmp(sql + st[i].start, "ROLLBACK", 8) == 0;
		own |= call_mark(sql + st[i].start, st[i].end - st[i].start);
		if (!own && st[i].kind != ALTAIR_PGSQL_PASS && st[i].kind != ALTAIR_PGSQL_SAVEPOINT) {
			abort();
		}
	}
	free(st);
}

static const char *const allowed[] = {
	"user", "database", "application_name", "client_encoding", "datestyle", "timezone",
	"extra_float_digits", "search_path", "intervalstyle", "bytea_output", "standard_conforming_strings",
};

/* Allowlisted parameters only; in guarded modes no client encoding the relay does not read, and
 * standard_conforming_strings on. */
static void check_startup(const pgsql_session *s, const unsigned char *p, size_t length)
{
	size_t offset = 8;
	while (offset < length && p[offset]) {
		const char *name = (const char *) p + offset;
		bool ok = false;
		for (size_t k = 0; k < sizeof(allowed) / sizeof(allowed[0]); k++) {
			ok |= strcasecmp(name, allowed[k]) == 0;
		}
		if (!ok) {
			abort();
		}
		offset += strlen(name) + 1;
		const char *value = (const char *) p + offset;
		if (s->mode != ALTAIR_RELAY_WRITES && ((strcasecmp(name, "client_encoding") == 0 && !altair_pgsql_encoding_safe(value, strlen(value)))
			|| (strcasecmp(name, "standard_conforming_strings") == 0 && strcmp(value, "on") != 0))) {
			abort();
		}
		offset += strlen(value) + 1;
	}
}

typedef struct {
	altair_relay_buf sent;
	bool started;
	bool ssl_request; /* the relay's SSLRequest went first: the startup comes after the server's answer */
} server_view;

/* Reads what the engine sent the server since the last call. */
static void check_sent(const pgsql_session *s, server_view *view, altair_relay_buf *to_server, bool finished)
{
	altair_relay_buf_append(&view->sent, to_server->data, to_server->length);
	altair_relay_buf_reset(to_server);
	size_t used = 0;
	while (view->sent.length > used) {
		altair_pgsql_message m;
		if (altair_pgsql_next(view->sent.data + used, view->sent.length - used, !view->started, &m) != ALTAIR_PGSQL_MESSAGE) {
			break;
		}
		if (!view->started) {
			bool request = m.length == 4 && altair_pgsql_u32(m.body) == ALTAIR_PGSQL_SSL_REQUEST;
			view->started = !request;
			if (m.length >= 4 && altair_pgsql_u32(m.body) >> 16 == 3) {
				check_startup(s, view->sent.data + used, m.total);
			}
		} else if (s->mode != ALTAIR_RELAY_WRITES && m.type == 'Q') {
			/* the relay's own (the guard, its last ROLLBACK): a client's Query goes one statement a Parse */
			static const char *const own[] = {"BEGIN READ ONLY; SELECT 1", "BEGIN READ WRITE; SELECT 1", "ROLLBACK", "DISCARD ALL"};
			bool known = false;
			for (size_t k = 0; k < sizeof(own) / sizeof(own[0]); k++) {
				known |= m.length == strlen(own[k]) + 1 && memcmp(m.body, own[k], m.length) == 0;
			}
			if (!known) {
				abort();
			}
		} else if (s->mode != ALTAIR_RELAY_WRITES && m.type == 'P') {
			size_t offset = 0;
			const char *name = altair_pgsql_cstring(&m, &offset);
			const char *sql = name ? altair_pgsql_cstring(&m, &offset) : NULL;
			if (sql) {
				check_sql(s, sql, strlen(sql), finished);
			}
		}
		used += m.total;
	}
	altair_relay_buf_consume(&view->sent, used);
}

/* Statements lie inside the text, in order; a refusal names what it refuses; an error is said. */
static void check_statements(const altair_pgsql_statement *st, size_t count, const altair_pgsql_syntax_error *error, size_t size)
{
	size_t last = 0;
	if (count > 0 && error->message[0]) {
		abort();
	}
	for (size_t i = 0; i < count; i++) {
		if (st[i].start < last || st[i].end < st[i].start || st[i].end > size) {
			abort();
		}
		if (st[i].kind == ALTAIR_PGSQL_REFUSED && !st[i].refused_what) {
			abort();
		}
		if ((st[i].kind == ALTAIR_PGSQL_BEGIN || st[i].kind == ALTAIR_PGSQL_COMMIT || st[i].kind == ALTAIR_PGSQL_ROLLBACK
			|| st[i].kind == ALTAIR_PGSQL_SAVEPOINT || st[i].kind == ALTAIR_PGSQL_SET_TRANSACTION) && !st[i].tag) {
			abort();
		}
		last = st[i].end;
	}
}

/* Both readings (libpg_query's when built with it, the relay's own lexer), in every mode. */
static void fuzz_split(const uint8_t *data, size_t size)
{
	char *text = malloc(size ? size : 1);
	memcpy(text, data, size);
	for (int mode = 0; mode < 6; mode++) {
		altair_pgsql_lexing lexing = {.standard_strings = mode & 1, .mode = (altair_relay_mode) (mode / 2)};
		altair_pgsql_statement *st = NULL;
		altair_pgsql_syntax_error error;
		size_t count = altair_pgsql_split(text, size, &lexing, &st, &error);
		check_statements(st, count, &error, size);
		free(st);
		st = NULL;
		count = altair_pgsql_lexer_split(text, size, &lexing, &st, &error);
		check_statements(st, count, &error, size);
		free(st);
	}
	free(text);
}

/* The JSON reader alone: whatever it accepts, its tokens nest inside the text. */
static void fuzz_json(const uint8_t *data, size_t size)
{
	const char *text = (const char *) data;
	size_t count = altair_pgsql_json_count(text, size);
	if (count == 0) {
		return;
	}
	altair_pgsql_json_token *tokens = malloc(count * sizeof(*tokens));
	altair_pgsql_json json;
	if (!altair_pgsql_json_parse(&json, text, size, tokens, count) || json.count != count) {
		abort();
	}
	char out[64];
	for (size_t i = 0; i < count; i++) {
		if (tokens[i].end > size || tokens[i].start > tokens[i].end || (tokens[i].parent >= (long) i)) {
			abort();
		}
		if (altair_pgsql_json_skip(&json, i) <= i) {
			abort();
		}
		altair_pgsql_json_string(&json, (long) i, out, sizeof(out));
		(void) altair_pgsql_json_get(&json, (long) i, "stmts");
		(void) altair_pgsql_json_at(&json, (long) i, 1);
		(void) altair_pgsql_json_node(&json, (long) i);
	}
	free(tokens);
}

/* What the core does with the engine's requests between calls: TLS started (the bytes it carried
 * for the client's leg dropped: the core would decrypt them), a server attached (resumed from a
 * kept record when there is one). */
static void core_turn(altair_relay_session *s, altair_relay_io *io, altair_relay_verdict verdict, const altair_relay_kept *kept)
{
	io->tls_start[ALTAIR_RELAY_SERVER] = io->tls_start[ALTAIR_RELAY_CLIENT] = false;
	altair_relay_buf_reset(&io->tls_carry);
	if (verdict == ALTAIR_RELAY_ATTACH) {
		if (memchr(io->attach_key, '\0', sizeof(io->attach_key)) == NULL) {
			abort(); /* a key, whole */
		}
		altair_relay_engine_pgsql.attach(s, kept && !io->attach_fresh && strcmp(kept->key, io->attach_key) == 0 ? kept : NULL);
	}
}

/* The chunks of data (a header byte: high bit from the server, low 7 bits the length) to one
 * session; false once it closes. */
static bool drive(altair_relay_session *s, altair_relay_io *io, server_view *view, const uint8_t *data, size_t size,
	const altair_relay_kept *kept, bool calls)
{
	size_t i = 0;
	while (i < size) {
		bool from_server = data[i] & 0x80;
		size_t length = data[i] & 0x7f;
		i++;
		if (calls && !from_server && length == 0) {
			altair_relay_call_step step = i < size ? (altair_relay_call_step) (data[i++] % 3) : ALTAIR_RELAY_CALL_KEPT;
			bool took = altair_relay_engine_pgsql.call(s, step, 0);
			(void) altair_relay_engine_pgsql.awaiting_server(s);
			check_sent(s, view, &io->to_server, false);
			if (!took) {
				return false; /* the core ends the connection */
			}
			continue;
		}
		length = length > size - i ? size - i : length;
		/* an exact-size copy, so ASAN catches a read one past the end */
		unsigned char *chunk = malloc(length ? length : 1);
		memcpy(chunk, data + i, length);
		altair_relay_verdict verdict = from_server ? altair_relay_engine_pgsql.from_server(s, chunk, length)
		                                           : altair_relay_engine_pgsql.from_client(s, chunk, length);
		free(chunk);
		i += length;
		core_turn(s, io, verdict, kept);
		check_sent(s, view, &io->to_server, false);
		altair_relay_buf_reset(&io->to_client);
		if (verdict == ALTAIR_RELAY_CLOSE) {
			return false;
		}
	}
	return true;
}

static void session_end(altair_relay_session *s, altair_relay_io *io, server_view *view)
{
	altair_relay_buf_free(&io->to_server);
	altair_relay_buf_free(&io->to_client);
	altair_relay_buf_free(&io->tls_carry);
	altair_relay_buf_free(&view->sent);
	altair_relay_engine_pgsql.close(s);
}

/* A session whose client left between units is kept (relay/pgsql/kept.c): the reset's replies
 * fuzzed (kept_settled), then a second client resumed on it with the same input. */
static void fuzz_kept(altair_relay_session *s, altair_relay_io *io, const altair_relay_config *config, const uint8_t *data,
	size_t size, bool calls)
{
	altair_relay_kept kept = {0};
	if (!altair_relay_engine_pgsql.keep(s, &kept)) {
		return;
	}
	if (kept.key[0] == '\0' || memchr(kept.key, '\0', sizeof(kept.key)) == NULL) {
		abort(); /* only a login the relay answered is kept, under its key */
	}
	int settled = altair_relay_engine_pgsql.kept_settled(&kept, data, size);
	if (settled < -1 || settled > 1) {
		abort();
	}
	altair_relay_io resumed_io = {.on_query = on_query, .now_ns = clock_ns};
	server_view view = {.started = true};
	altair_relay_session *resumed = altair_relay_engine_pgsql.open(config, &resumed_io);
	if (drive(resumed, &resumed_io, &view, data, size, &kept, calls)) {
		altair_relay_engine_pgsql.finish(resumed);
	}
	session_end(resumed, &resumed_io, &view);
	(void) io;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* the relay's own login (relay/pgsql/login.c) for the user "app" with this password */
	static const char *const credentials[] = {"app", "secret", NULL};
	if (size < 1) {
		return 0;
	}
	if (data[0] % 4 == 3) {
		if (data[0] & 0x40) {
			fuzz_json(data + 1, size - 1);
		} else {
			fuzz_split(data + 1, size - 1);
		}
		return 0;
	}
	altair_relay_io io = {.on_query = on_query, .now_ns = clock_ns};
	/* the mode byte: the mode, then the relay's own login, TLS to the server, TLS to the client,
	 * and whether a client that leaves is kept */
	altair_relay_config config = {.mode = (altair_relay_mode) (data[0] % 4), .label = "fuzz",
		.credentials = data[0] & 0x04 ? credentials : NULL,
		.server_tls = data[0] & 0x08 ? ALTAIR_RELAY_TLS_PREFERRED : ALTAIR_RELAY_TLS_NEVER,
		.client_tls = (data[0] & 0x10) != 0};
	altair_relay_session *s = altair_relay_engine_pgsql.open(&config, &io);
	server_view view = {0};
	bool calls = (data[0] & 0x80) != 0;
	bool open = drive(s, &io, &view, data + 1, size - 1, NULL, calls);
	if (open && (data[0] & 0x20)) {
		fuzz_kept(s, &io, &config, data + 1, size - 1, calls);
	}
	unsigned char cancel[64];
	size_t cancel_length = altair_relay_engine_pgsql.cancel(s, cancel, sizeof(cancel));
	if (cancel_length != 0 && (cancel_length != 16 || altair_pgsql_u32(cancel) != 16 || altair_pgsql_u32(cancel + 4) != ALTAIR_PGSQL_CANCEL_REQUEST)) {
		abort(); /* a CancelRequest, whole, or nothing */
	}
	altair_relay_engine_pgsql.finish(s);
	check_sent(s, &view, &io.to_server, true);
	altair_relay_status status = {.superuser = -1};
	altair_relay_engine_pgsql.status(s, &status);
	if (!status.enforced_by || memchr(status.server_version, 0, sizeof(status.server_version)) == NULL) {
		abort();
	}
	session_end(s, &io, &view);
	return 0;
}
