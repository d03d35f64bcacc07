/*
 * The MySQL / MariaDB relay engine (relay/engine.h; docs/ARCHITECTURE.md, "The database relay";
 * docs/relay.md, "MySQL"): the handshake and the client's commands. The server's replies are in
 * relay/mysql/reply.c, the statement classifier in relay/mysql/classify.c.
 *
 * read-only and rollback: after the login the relay opens one transaction of its own, an XA
 * transaction the server itself refuses to end (relay/mysql/guard.c), and keeps it open: the client's BEGIN,
 * COMMIT, ROLLBACK and SET autocommit become a savepoint, statements that could end the
 * transaction or escape it are refused with an ERR packet, and every status the client sees shows
 * its own view of its transaction. writes: everything passes, queries are still reported.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "session.h"

#define REFUSAL_MAX 512

/* One row when the login holds SUPER (ALL on *.* includes it); run once, after the guard, inside
 * it. USER_PRIVILEGES shows a user its own privileges. */
#define SUPERUSER_PROBE \
	"SELECT 1 FROM information_schema.USER_PRIVILEGES WHERE PRIVILEGE_TYPE = 'SUPER' AND GRANTEE = " \
	"CONCAT('''', SUBSTRING_INDEX(CURRENT_USER(), '@', 1), '''@''', SUBSTRING_INDEX(CURRENT_USER(), '@', -1), '''') LIMIT 1"

static bool guarded_mode(const altair_relay_session *s)
{
	return s->mode != ALTAIR_RELAY_WRITES;
}

/* No statement of the client's may run on the server past the evaluation's deadline, whether the
 * relay is still there to see it or not: the session's own limit, set before its first command
 * (MariaDB's max_statement_time covers every statement; MySQL's max_execution_time, SELECTs).
 * False when there is no deadline. */
bool altair_mysql_time_limit(const altair_relay_session *s, char *out, size_t size)
{
	uint64_t now = s->io->now_ns ? s->io->now_ns() : 0;
	if (!s->deadline_ns || !now) {
		return false;
	}
	uint64_t left_ms = s->deadline_ns > now ? (s->deadline_ns - now) / 1000000u : 0;
	left_ms = left_ms > 0 ? left_ms : 1;
	if (strstr(s->server_version, "MariaDB")) {
		snprintf(out, size, "SET SESSION max_statement_time = %llu.%03llu", (unsigned long long) (left_ms / 1000),
			(unsigned long long) (left_ms % 1000));
	} else {
		snprintf(out, size, "SET SESSION max_execution_time = %llu", (unsigned long long) left_ms);
	}
	return true;
}

/* The client's command, just appended to to_server from offset at, gets the time limit in front
 * (its reply swallowed: prefix_replies). */
static bool limit_in_front(altair_relay_session *s, size_t at)
{
	char limit[96];
	if (!altair_mysql_time_limit(s, limit, sizeof(limit))) {
		return true;
	}
	altair_relay_buf command = {0};
	bool ok = altair_relay_buf_append(&command, s->io->to_server.data + at, s->io->to_server.length - at);
	s->io->to_server.length = at;
	ok = ok && altair_mysql_append_command(&s->io->to_server, ALTAIR_MYSQL_COM_QUERY, limit)
		&& altair_relay_buf_append(&s->io->to_server, command.data, command.length);
	altair_relay_buf_free(&command);
	s->flight.prefix_replies = 1;
	return ok;
}

static char *copy(const void *bytes, size_t length)
{
	char *text = malloc(length + 1);
	if (text) {
		memcpy(text, bytes, length);
		text[length] = '\0';
	}
	return text;
}

static void report(altair_relay_session *s, const char *error, size_t error_length, bool refused)
{
	mysql_flight *f = &s->flight;
	if (!s->io->on_query || !f->report) {
		return;
	}
	altair_relay_query query = {
		.text = f->text ? f->text : "",
		.text_length = f->text_length,
		.params_json = f->params_json,
		.params_length = f->params_length,
		.duration_ns = s->io->now_ns ? s->io->now_ns() - f->started_ns : 0,
		.rows = error ? -1 : f->rows,
		.error = error,
		.error_length = error_length,
		.refused = refused,
	};
	s->io->on_query(s->io->context, &query);
}

static void statement_forget(altair_relay_session *s, uint32_t id)
{
	mysql_statement *statement = altair_mysql_statement_find(s, id);
	if (statement) {
		free(statement->text);
		free(statement->types);
		*statement = s->statements[--s->statement_count];
	}
}

/* The relay answers the client itself: a refusal in MySQL's ERR packet. */
static bool refuse(altair_relay_session *s, uint8_t sequence, const char *kind)
{
	char message[REFUSAL_MAX];
	size_t n = altair_relay_refusal(message, sizeof(message), kind, s->mode);
	report(s, message, n, true);
	return altair_mysql_append_error(&s->io->to_client, (uint8_t) (sequence + 1), ALTAIR_MYSQL_ER_OPTION_PREVENTS_STATEMENT,
		"HY000", message, n);
}

static void note_kind(mysql_flight *f, const char *text, size_t length)
{
	altair_mysql_lexer lexer;
	altair_mysql_token token;
	altair_mysql_lex_start(&lexer, text, length, ALTAIR_MYSQL_LEX_BACKSLASH);
	altair_mysql_lex_next(&lexer, &token);
	size_t n = 0;
	for (; token.kind == ALTAIR_MYSQL_TOKEN_WORD && n < token.length && n < sizeof(f->kind) - 1; n++) {
		char c = token.start[n];
		f->kind[n] = (char) (c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
	}
	f->kind[n] = '\0';
}

/* The rewritten statement of a client's transaction statement, or NULL when the relay answers it
 * with an OK itself (a COMMIT outside a transaction is a no-op). */
static const char *transaction_statement(const altair_relay_session *s, altair_mysql_action action)
{
	switch (action) {
		case ALTAIR_MYSQL_BEGIN:
			return "SAVEPOINT " ALTAIR_MYSQL_CLIENT_SAVEPOINT;
		case ALTAIR_MYSQL_COMMIT:
			if (!s->client_in_transaction) {
				return NULL;
			}
			return s->client_autocommit ? "RELEASE SAVEPOINT " ALTAIR_MYSQL_CLIENT_SAVEPOINT : "SAVEPOINT " ALTAIR_MYSQL_CLIENT_SAVEPOINT;
		case ALTAIR_MYSQL_COMMIT_CHAIN:
			return "SAVEPOINT " ALTAIR_MYSQL_CLIENT_SAVEPOINT;
		case ALTAIR_MYSQL_ROLLBACK:
		case ALTAIR_MYSQL_ROLLBACK_CHAIN:
			return s->client_in_transaction ? "ROLLBACK TO SAVEPOINT " ALTAIR_MYSQL_CLIENT_SAVEPOINT : NULL;
		case ALTAIR_MYSQL_AUTOCOMMIT_OFF:
			return s->client_autocommit && !s->client_in_transaction ? "SAVEPOINT " ALTAIR_MYSQL_CLIENT_SAVEPOINT : NULL;
		case ALTAIR_MYSQL_AUTOCOMMIT_ON:
			return !s->client_autocommit && s->client_in_transaction ? "RELEASE SAVEPOINT " ALTAIR_MYSQL_CLIENT_SAVEPOINT : NULL;
		default:
			return NULL;
	}
}

static bool transaction_action(altair_relay_session *s, uint8_t sequence, altair_mysql_action action);

/* A COM_QUERY in read-only or rollback mode. */
static bool guarded_query(altair_relay_session *s, const unsigned char *raw, size_t size, const unsigned char *payload, size_t length)
{
	mysql_flight *f = &s->flight;
	altair_mysql_verdict verdict;
	altair_mysql_classify((const char *) payload + 1, length - 1, &verdict);
	uint8_t sequence = raw[3];
	if (verdict.action == ALTAIR_MYSQL_REFUSE) {
		bool ok = refuse(s, sequence, verdict.kind);
		altair_mysql_flight_clear(f);
		return ok;
	}
	if (verdict.action == ALTAIR_MYSQL_PASS) {
		note_kind(f, (const char *) payload + 1, length - 1);
		return altair_relay_buf_append(&s->io->to_server, raw, size);
	}
	return transaction_action(s, sequence, verdict.action);
}

/* A client's transaction statement (sent as text, or a prepared one executed): its savepoint
 * statement goes to the server, or the relay answers with an OK where it does nothing. */
static bool transaction_action(altair_relay_session *s, uint8_t sequence, altair_mysql_action action)
{
	mysql_flight *f = &s->flight;
	f->action = action;
	const char *statement = transaction_statement(s, action);
	if (!statement) {
		if (action == ALTAIR_MYSQL_AUTOCOMMIT_OFF) {
			s->client_autocommit = false;
		} else if (action == ALTAIR_MYSQL_AUTOCOMMIT_ON) {
			s->client_autocommit = true;
		}
		f->rows = 0;
		report(s, NULL, 0, false);
		altair_mysql_flight_clear(f);
		return altair_mysql_append_ok(&s->io->to_client, (uint8_t) (sequence + 1), altair_mysql_client_status(s, 0));
	}
	size_t n = strlen(statement);
	unsigned char header[ALTAIR_MYSQL_HEADER + 1] = {(unsigned char) (n + 1), 0, 0, sequence, ALTAIR_MYSQL_COM_QUERY};
	return altair_relay_buf_append(&s->io->to_server, header, sizeof(header)) && altair_relay_buf_append(&s->io->to_server, statement, n);
}

/* What the server's reply to a command looks like; false for commands the relay never passes. */
static bool reply_shape(uint8_t command, mysql_reply_state *state)
{
	switch (command) {
		case ALTAIR_MYSQL_COM_QUERY:
		case ALTAIR_MYSQL_COM_STMT_EXECUTE:
			*state = REPLY_FIRST;
			return true;
		case ALTAIR_MYSQL_COM_STMT_PREPARE:
			*state = REPLY_PREPARE;
			return true;
		case ALTAIR_MYSQL_COM_STMT_FETCH:
			*state = REPLY_ROWS;
			return true;
		case ALTAIR_MYSQL_COM_FIELD_LIST:
			*state = REPLY_FIELD_LIST;
			return true;
		case ALTAIR_MYSQL_COM_INIT_DB:
		case ALTAIR_MYSQL_COM_PING:
		case ALTAIR_MYSQL_COM_STATISTICS:
		case ALTAIR_MYSQL_COM_STMT_RESET:
		case ALTAIR_MYSQL_COM_SET_OPTION:
		case ALTAIR_MYSQL_COM_RESET_CONNECTION:
		case ALTAIR_MYSQL_COM_PROCESS_KILL:
		case ALTAIR_MYSQL_COM_REFRESH:
			*state = REPLY_ONE;
			return true;
		default:
			return false;
	}
}

/* Whether a command may pass in this mode; kind names a refused one. */
static bool command_allowed(const altair_relay_session *s, uint8_t command, const unsigned char *payload, size_t length, const char **kind)
{
	switch (command) {
		case ALTAIR_MYSQL_COM_CHANGE_USER:
			*kind = "COM_CHANGE_USER (a new login on the relayed connection)";
			return false;
		case ALTAIR_MYSQL_COM_RESET_CONNECTION:
			*kind = "COM_RESET_CONNECTION";
			return !guarded_mode(s);
		case ALTAIR_MYSQL_COM_PROCESS_KILL:
			*kind = "COM_PROCESS_KILL";
			return !guarded_mode(s);
		case ALTAIR_MYSQL_COM_REFRESH:
			*kind = "COM_REFRESH";
			return !guarded_mode(s);
		case ALTAIR_MYSQL_COM_SET_OPTION:
			*kind = "COM_SET_OPTION (multiple statements)";
			return !guarded_mode(s) || (length >= 3 && altair_mysql_u16(payload + 1) == 1);
		default: {
			mysql_reply_state ignored;
			*kind = "this command (binlog, replication and server commands are not relayed)";
			return reply_shape(command, &ignored);
		}
	}
}

/* A COM_STMT_EXECUTE: the text prepared, its bound values. */
static mysql_statement *execute(altair_relay_session *s, const unsigned char *payload, size_t length)
{
	mysql_flight *f = &s->flight;
	mysql_statement *statement = length >= 5 ? altair_mysql_statement_find(s, altair_mysql_u32(payload + 1)) : NULL;
	f->binary_rows = true;
	if (statement) {
		note_kind(f, statement->text, statement->text_length);
		if (s->io->on_query) {
			f->text = copy(statement->text, statement->text_length);
			f->text_length = f->text ? statement->text_length : 0;
			f->params_json = altair_mysql_params_json(statement, payload, length, &f->params_length);
		}
		statement->long_data = 0;
	}
	f->report = true;
	return statement;
}

/* Is text `USE <the login's database>` (the name bare or in backquotes, a ';' after it allowed)?
 * Right after a login the session is in that database, so the server would change nothing: the
 * relay answers it, a server round trip less on every connection Laravel opens (its connector's
 * first statement). A client that asked for session tracking would miss the schema's entry. */
static bool use_of_login(const altair_relay_session *s, const char *text, size_t length)
{
	altair_mysql_lexer lexer;
	altair_mysql_token token, name;
	/* versioned comments read as code, as the server runs them (a name hidden in one is not answered) */
	altair_mysql_lex_start(&lexer, text, length, ALTAIR_MYSQL_LEX_BACKSLASH | ALTAIR_MYSQL_LEX_VERSIONED_CODE);
	altair_mysql_lex_next(&lexer, &token);
	if (!altair_mysql_token_is(&token, "USE")) {
		return false;
	}
	altair_mysql_lex_next(&lexer, &name);
	altair_mysql_lex_next(&lexer, &token);
	if (altair_mysql_token_punct(&token, ';')) {
		altair_mysql_lex_next(&lexer, &token);
	}
	if (token.kind != ALTAIR_MYSQL_TOKEN_END) {
		return false;
	}
	const char *bytes = name.start;
	size_t n = name.length;
	if (name.kind == ALTAIR_MYSQL_TOKEN_IDENT && n >= 2 && bytes[0] == '`') {
		bytes++;
		n -= 2;
		if (memchr(bytes, '`', n)) {
			return false; /* a doubled backquote: not read here */
		}
	} else if (name.kind != ALTAIR_MYSQL_TOKEN_WORD) {
		return false;
	}
	return n > 0 && n == strlen(s->database) && memcmp(bytes, s->database, n) == 0;
}

/* One whole client message while no reply is in flight; false on allocation failure. */
static bool client_command(altair_relay_session *s, const unsigned char *raw, size_t size, const unsigned char *payload, size_t length)
{
	mysql_flight *f = &s->flight;
	uint8_t command = length ? payload[0] : 0, sequence = raw[3];
	const char *kind = NULL;
	if (command == ALTAIR_MYSQL_COM_STMT_CLOSE || command == ALTAIR_MYSQL_COM_STMT_SEND_LONG_DATA) {
		if (length >= 5 && command == ALTAIR_MYSQL_COM_STMT_CLOSE) {
			statement_forget(s, altair_mysql_u32(payload + 1));
		} else if (length >= 7) {
			mysql_statement *statement = altair_mysql_statement_find(s, altair_mysql_u32(payload + 1));
			uint16_t param = altair_mysql_u16(payload + 5);
			if (statement && param < 64) {
				statement->long_data |= 1ull << param;
			}
		}
		return altair_relay_buf_append(&s->io->to_server, raw, size); /* no reply */
	}
	altair_mysql_flight_clear(f);
	f->origin = ORIGIN_CLIENT;
	f->command = command;
	f->rows = -1;
	bool capture = s->io->on_query != NULL;
	f->started_ns = capture && s->io->now_ns ? s->io->now_ns() : 0;
	/* the text is kept for the report, and a prepared statement's for its executions */
	bool text = (capture && command == ALTAIR_MYSQL_COM_QUERY) || command == ALTAIR_MYSQL_COM_STMT_PREPARE;
	if (text) {
		f->text = copy(payload + 1, length - 1);
		f->text_length = f->text ? length - 1 : 0;
		f->report = command == ALTAIR_MYSQL_COM_QUERY;
	}
	bool first = s->use_answerable;
	s->use_answerable = false;
	if (first && command == ALTAIR_MYSQL_COM_QUERY && use_of_login(s, (const char *) payload + 1, length - 1)) {
		f->rows = 0;
		report(s, NULL, 0, false);
		altair_mysql_flight_clear(f);
		return altair_mysql_append_ok(&s->io->to_client, (uint8_t) (sequence + 1), altair_mysql_client_status(s, 0));
	}
	if (!command_allowed(s, command, payload, length, &kind)) {
		f->report = true;
		if (!f->text && capture) {
			f->text = copy(kind, strlen(kind)); /* a command without text is reported by its name */
			f->text_length = f->text ? strlen(kind) : 0;
		}
		bool ok = refuse(s, sequence, kind);
		altair_mysql_flight_clear(f);
		return ok;
	}
	reply_shape(command, &f->state);
	if (command == ALTAIR_MYSQL_COM_STMT_EXECUTE) {
		mysql_statement *statement = execute(s, payload, length);
		if (guarded_mode(s) && statement && statement->action != ALTAIR_MYSQL_PASS) {
			return transaction_action(s, sequence, statement->action); /* prepared as DO 0 */
		}
	}
	if (guarded_mode(s) && command == ALTAIR_MYSQL_COM_QUERY) {
		return guarded_query(s, raw, size, payload, length);
	}
	if (guarded_mode(s) && command == ALTAIR_MYSQL_COM_STMT_PREPARE) {
		altair_mysql_verdict verdict;
		altair_mysql_classify((const char *) payload + 1, length - 1, &verdict);
		if (verdict.action != ALTAIR_MYSQL_PASS && verdict.action != ALTAIR_MYSQL_REFUSE) {
			/* A transaction statement prepared (Laravel's DB::statement("SET autocommit = 1"), SET
			 * TRANSACTION …): the server prepares one that does nothing, and each execution of it is
			 * the statement's savepoint or the relay's OK, as for the same text sent as a query. The
			 * client's text stays the statement's, for the queries report. */
			static const char nothing[] = "DO 0";
			f->action = verdict.action;
			unsigned char header[ALTAIR_MYSQL_HEADER + 1] = {(unsigned char) sizeof(nothing), 0, 0, sequence, ALTAIR_MYSQL_COM_STMT_PREPARE};
			return altair_relay_buf_append(&s->io->to_server, header, sizeof(header))
				&& altair_relay_buf_append(&s->io->to_server, nothing, sizeof(nothing) - 1);
		}
		if (verdict.action != ALTAIR_MYSQL_PASS) {
			f->report = true;
			bool ok = refuse(s, sequence, verdict.kind);
			altair_mysql_flight_clear(f);
			return ok;
		}
		note_kind(f, (const char *) payload + 1, length - 1);
	}
	return altair_relay_buf_append(&s->io->to_server, raw, size);
}

/* The client's COM_QUIT, or the end: the server is told goodbye, and rolls the guard's XA
 * transaction back as the session ends (an XA transaction that was never prepared does not outlive
 * its connection; a relay that dies leaves the server to do the same). An XA END and XA ROLLBACK
 * first would have replies the core never reads: closing a socket with unread bytes resets the
 * connection, which the server counts as aborted. */
void altair_mysql_finish(altair_relay_session *s)
{
	if (s->phase == PHASE_READY && s->flight.origin == ORIGIN_CLIENT && s->flight.state != REPLY_INFILE) {
		/* A statement of the client's still runs: no goodbye behind it. The connection's end alone
		 * is what MariaDB's SLEEP, lock waits and its next write notice; its time limit ends the rest. */
		s->phase = PHASE_DONE;
		return;
	}
	if (s->phase == PHASE_READY || s->phase == PHASE_AUTH) {
		altair_mysql_append_command(&s->io->to_server, ALTAIR_MYSQL_COM_QUIT, NULL);
	}
	s->phase = PHASE_DONE;
}

/* The guard could not be opened: nothing more passes, and the client is told why. */
static altair_relay_verdict guard_failed(altair_relay_session *s)
{
	static const char message[] = "altair_eval: the relay could not open its guard transaction on this server";
	altair_mysql_append_error(&s->io->to_client, 1, ALTAIR_MYSQL_ER_NOT_SUPPORTED_YET, "HY000", message, sizeof(message) - 1);
	s->phase = PHASE_DONE;
	return ALTAIR_RELAY_CLOSE;
}

/* Starts what comes next while nothing is in flight: the relay's own commands first, then the
 * client's next whole message. */
altair_relay_verdict altair_mysql_pump(altair_relay_session *s)
{
	while (s->phase == PHASE_READY && s->flight.origin == ORIGIN_NONE) {
		if (s->check_pending) {
			s->check_pending = false;
			return altair_mysql_inject(s, ORIGIN_CHECK, ALTAIR_MYSQL_COM_PING, NULL) ? ALTAIR_RELAY_CONTINUE : ALTAIR_RELAY_CLOSE;
		}
		if (s->guard_pending) {
			return altair_mysql_guard_open(s) ? ALTAIR_RELAY_CONTINUE : guard_failed(s);
		}
		if (s->probe_pending) {
			s->probe_pending = false;
			return altair_mysql_inject(s, ORIGIN_PROBE, ALTAIR_MYSQL_COM_QUERY, SUPERUSER_PROBE) ? ALTAIR_RELAY_CONTINUE : ALTAIR_RELAY_CLOSE;
		}
		if (s->savepoint_pending) {
			s->savepoint_pending = false;
			return altair_mysql_inject(s, ORIGIN_SAVEPOINT, ALTAIR_MYSQL_COM_QUERY, "SAVEPOINT " ALTAIR_MYSQL_CLIENT_SAVEPOINT)
				? ALTAIR_RELAY_CONTINUE : ALTAIR_RELAY_CLOSE;
		}
		if (s->call_pending > 0) {
			const char *statements[ALTAIR_MYSQL_CALL_STATEMENTS_MAX];
			size_t count = s->call_pending;
			for (size_t i = 0; i < count; i++) {
				statements[i] = s->call_text[i];
			}
			s->call_pending = 0;
			return altair_mysql_inject_batch(s, ORIGIN_CALL, statements, count, s->call_must_from) ? ALTAIR_RELAY_CONTINUE
			                                                                                      : ALTAIR_RELAY_CLOSE;
		}
		size_t size, length;
		if (!altair_mysql_message_next(s->client_in.data, s->client_in.length, &size, &length)) {
			return s->client_in.length > ALTAIR_MYSQL_MESSAGE_MAX + ALTAIR_MYSQL_MESSAGE_MAX / 1024 ? ALTAIR_RELAY_CLOSE : ALTAIR_RELAY_CONTINUE;
		}
		const unsigned char *raw = s->client_in.data, *payload = raw + ALTAIR_MYSQL_HEADER;
		unsigned char *joined = NULL;
		if (size != length + ALTAIR_MYSQL_HEADER) {
			joined = malloc(length ? length : 1);
			if (!joined) {
				return ALTAIR_RELAY_CLOSE;
			}
			altair_mysql_message_join(raw, size, joined);
			payload = joined;
		}
		if (length > 0 && payload[0] == ALTAIR_MYSQL_COM_QUIT) {
			/* The client's goodbye: the core ends the connection, with keep() or finish(). */
			free(joined);
			altair_relay_buf_consume(&s->client_in, size);
			return ALTAIR_RELAY_CLOSE;
		}
		size_t at = s->io->to_server.length;
		bool ok = client_command(s, raw, size, payload, length);
		/* its time limit in front of the session's first command the server answers */
		if (ok && s->limit_pending && s->flight.origin == ORIGIN_CLIENT && s->io->to_server.length > at) {
			s->limit_pending = false;
			ok = limit_in_front(s, at);
		}
		free(joined);
		altair_relay_buf_consume(&s->client_in, size);
		if (!ok) {
			return ALTAIR_RELAY_CLOSE;
		}
	}
	return ALTAIR_RELAY_CONTINUE;
}

/* The reply to one command of a batch is complete: the next one's starts (true), or it was the last. */
static bool batch_next(mysql_flight *f)
{
	if (f->server_error && f->reply_index >= f->must_from) {
		f->batch_failed = true;
	}
	if (f->replies_left <= 1) {
		return false;
	}
	f->replies_left--;
	f->reply_index++;
	f->state = REPLY_FIRST;
	f->server_error = false;
	f->columns_left = 0;
	f->continued = false;
	return true;
}

altair_relay_verdict altair_mysql_flight_done(altair_relay_session *s)
{
	mysql_flight *f = &s->flight;
	if (f->origin != ORIGIN_CLIENT && batch_next(f)) {
		return ALTAIR_RELAY_CONTINUE;
	}
	switch (f->origin) {
		case ORIGIN_GUARD:
			if (f->batch_failed || !altair_mysql_guard_holds(s->mode, f->last_status)) {
				return guard_failed(s);
			}
			s->guarded = s->guard_opened = true;
			s->guard_pending = false;
			break;
		case ORIGIN_SAVEPOINT:
			if (f->server_error) {
				s->phase = PHASE_DONE;
				return ALTAIR_RELAY_CLOSE;
			}
			s->client_in_transaction = true;
			break;
		case ORIGIN_CALL:
			/* A mark the server refused, or one gone (the client's own ROLLBACK TO or RELEASE of an
			 * earlier savepoint took it, a deadlock the guard): the call cannot be undone alone, so
			 * the connection ends, and the server rolls back all it held. */
			if (f->batch_failed || (guarded_mode(s) && !altair_mysql_guard_holds(s->mode, f->last_status))) {
				s->phase = PHASE_DONE;
				return ALTAIR_RELAY_CLOSE;
			}
			break;
		case ORIGIN_PROBE:
			if (!f->server_error) {
				s->superuser = f->rows > 0;
			}
			break;
		case ORIGIN_CLIENT:
			/* A statement the server refused at its prepare (a write in the read-only
			 * transaction, a missing table) never runs: the snippet saw that error, the
			 * result lists it as it lists a failed execution. */
			if (f->server_error && f->command == ALTAIR_MYSQL_COM_STMT_PREPARE) {
				f->report = true;
			}
			report(s, f->error, f->error_length, false);
			if (f->server_error && guarded_mode(s)) {
				s->check_pending = true;
			}
			break;
		default:
			break;
	}
	altair_mysql_flight_clear(f);
	return altair_mysql_pump(s);
}
