/* The server's side of a PostgreSQL relay session: its replies, matched to the reply queue
 * (see session.h). */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GUARD_READ_ONLY "BEGIN READ ONLY; SELECT 1"
#define GUARD_ROLLBACK "BEGIN READ WRITE; SELECT 1"

/* What an ErrorResponse says, for the statement's report: its message, or "error" when it has
 * none or an empty one (a failed statement is never reported without an error). */
static const char *reported_error(const altair_pgsql_message *m, size_t *length)
{
	const char *message = altair_pgsql_error_field(m, 'M', length);

	if (!message || *length == 0) {
		*length = strlen("error");
		return "error";
	}
	return message;
}

static char client_status(const pgsql_session *s)
{
	return s->tx == TX_NONE ? 'I' : s->tx == TX_OPEN ? 'T' : 'E';
}

/* The ReadyForQuery that ends a client's unit (Query or Sync). */
static void end_unit(pgsql_session *s, const altair_pgsql_message *m)
{
	char status = m->length == 1 ? (char) m->body[0] : '?';
	bool failed = status == 'E' || s->unit_failed;
	s->unit_pending = s->unit_failed = s->copy_in = s->server_skipping = false;
	if (s->mode == ALTAIR_RELAY_WRITES) {
		altair_pgsql_put(&s->io->to_client, 'Z', m->body, m->length);
		return;
	}
	if (status != 'T' && status != 'E') {
		altair_pgsql_fatal(s, "altair_eval: the relay's guard transaction ended; closing the connection");
		return;
	}
	if (status == 'E' && s->tx == TX_OPEN) {
		s->tx = TX_FAILED;
	}
	if (status == 'E' && s->tx == TX_NONE && s->q == Q_NONE) {
		altair_pgsql_fatal(s, "altair_eval: the relay's guard transaction failed; closing the connection");
		return;
	}
	altair_pgsql_put_ready(&s->io->to_client, client_status(s));
	if (s->tx == TX_NONE && s->q == Q_ACTIVE) {
		s->q = failed ? Q_FAILED : Q_CLEAN;
	} else if (s->tx == TX_NONE && status == 'E') {
		s->q = Q_FAILED;
	}
}

static void forward(pgsql_session *s, const altair_pgsql_message *m)
{
	altair_pgsql_put(&s->io->to_client, m->type, m->body, m->length);
}

/* The relay's answers planned between the client's statements, up to the next the server runs. */
static void relay_items(pgsql_session *s, reply *r)
{
	while (!r->failed && r->cursor < r->item_count && r->items[r->cursor].kind == ITEM_RELAY) {
		plan_item *item = &r->items[r->cursor++];
		if (item->notice) {
			altair_pgsql_put_error(&s->io->to_client, 'N', "WARNING", item->notice_state, item->notice);
		}
		altair_pgsql_put_complete(&s->io->to_client, item->tag);
		altair_pgsql_report(s, r->text + item->start, item->end - item->start, NULL, 0, r->started, -1, NULL, 0, false);
		s->tx = r->tx_before = item->after;
		r->started = altair_pgsql_now(s);
	}
}

/* The hint a server's refusal of a write gets in read-only mode (ALTAIR_RELAY_SERVER_REFUSAL_HINT),
 * or NULL: only SQLSTATE 25006, read_only_sql_transaction. */
static const char *refusal_hint(const pgsql_session *s, const altair_pgsql_message *m)
{
	size_t length = 0;
	const char *sqlstate = altair_pgsql_error_field(m, 'C', &length);

	return s->mode == ALTAIR_RELAY_READ_ONLY && sqlstate && length == 5 && memcmp(sqlstate, "25006", 5) == 0
		? ALTAIR_RELAY_SERVER_REFUSAL_HINT : NULL;
}

/* The tags of what ends a transaction: after a statement the relay passed as it is, one of them
 * means the guard is gone (ROLLBACK TO's tag is ROLLBACK too: a client's savepoint statement). */
static bool ends_transaction(const altair_pgsql_message *m, bool rollback_to)
{
	static const char *const tags[] = {"COMMIT", "ROLLBACK", "PREPARE TRANSACTION", "COMMIT PREPARED", "ROLLBACK PREPARED"};
	size_t length = m->length > 0 && m->body[m->length - 1] == 0 ? m->length - 1 : m->length;
	for (size_t i = 0; i < sizeof(tags) / sizeof(tags[0]); i++) {
		if (length == strlen(tags[i]) && memcmp(m->body, tags[i], length) == 0) {
			return !(rollback_to && i == 1);
		}
	}
	return false;
}

/* The guard is gone: nothing more is forwarded or sent; the connection closes. */
static void guard_ended(pgsql_session *s, const char *what)
{
	char message[256];
	snprintf(message, sizeof(message), "altair_eval: the server ended the relay's guard transaction (%s); closing the connection", what);
	altair_pgsql_fatal(s, message);
}

/* A statement's ReadyForQuery (guarded: one per statement): the next goes, or the unit ends. */
static void query_ready(pgsql_session *s, reply *r, const altair_pgsql_message *m)
{
	char status = m->length == 1 ? (char) m->body[0] : '?';
	if (s->mode != ALTAIR_RELAY_WRITES && status != 'T' && status != 'E') {
		guard_ended(s, "its ReadyForQuery says no transaction");
		return;
	}
	if (s->mode != ALTAIR_RELAY_WRITES && !r->failed && status == 'T') {
		relay_items(s, r);
		if (altair_pgsql_query_next(s, r)) {
			return; /* the Query's next statement; its replies follow */
		}
	}
	relay_items(s, r);
	altair_pgsql_pop(s);
	end_unit(s, m);
}

static void query_reply(pgsql_session *s, reply *r, const altair_pgsql_message *m)
{
	if (m->type != 'Z') {
		relay_items(s, r);
	}
	plan_item *item = !r->failed && r->cursor < r->item_count ? &r->items[r->cursor] : NULL;
	bool own = item && item->kind == ITEM_SWALLOW;
	switch (m->type) {
		case '1': /* ParseComplete, BindComplete, NoData of the relay's one-statement message */
		case '2':
		case 'n':
			if (s->mode == ALTAIR_RELAY_WRITES) {
				forward(s, m);
			}
			return;
		case 'C':
			s->copy_in = s->copy_sync_owed = false;
			if (s->mode != ALTAIR_RELAY_WRITES && item && !item->tag && !own
				&& ends_transaction(m, item->statement == ALTAIR_PGSQL_SAVEPOINT)) {
				guard_ended(s, (const char *) m->body);
				return;
			}
			if (own) {
				r->cursor++;
				s->tx = r->tx_before = item->after;
				return;
			}
			if (item && item->tag) {
				altair_pgsql_put_complete(&s->io->to_client, item->tag);
			} else {
				forward(s, m);
			}
			if (item) {
				altair_pgsql_report(s, r->text + item->start, item->end - item->start, NULL, 0, r->started,
					altair_pgsql_tag_rows(m->body, m->length), NULL, 0, false);
				r->cursor++;
				if (s->mode != ALTAIR_RELAY_WRITES) {
					s->tx = r->tx_before = item->after;
				}
			}
			r->started = altair_pgsql_now(s);
			return;
		case 'E': {
			size_t length = 0;
			const char *message = reported_error(m, &length);
			altair_pgsql_put_error_shifted(&s->io->to_client, m, item ? item->shift : 0, refusal_hint(s, m));
			s->copy_in = s->copy_sync_owed = false;
			if (item) {
				altair_pgsql_report(s, r->text + item->start, item->end - item->start, NULL, 0, r->started, -1,
					message, length, false);
			}
			if (s->mode != ALTAIR_RELAY_WRITES) {
				s->tx = r->tx_before == TX_NONE ? TX_NONE : TX_FAILED;
			}
			r->failed = true;
			return;
		}
		case 'Z':
			query_ready(s, r, m);
			return;
		case 'G':
			s->copy_in = true;
			/* the statement's Sync came during the copy, which the server ignores */
			s->copy_sync_owed = s->mode != ALTAIR_RELAY_WRITES;
			forward(s, m);
			return;
		default:
			if (!own) {
				forward(s, m);
			}
	}
}

/* An error in the extended protocol: the server skips every message up to the next Sync. The
 * statement reported with the error is the Execute that failed or, when a Parse failed, its text. */
static void extended_error(pgsql_session *s, const altair_pgsql_message *m)
{
	size_t length = 0;
	const char *message = reported_error(m, &length);
	bool reported = false;
	reply *r;
	altair_pgsql_put_error_shifted(&s->io->to_client, m, 0, refusal_hint(s, m));
	s->copy_in = false;
	while ((r = altair_pgsql_head(s)) && r->kind != REPLY_SYNC && r->kind != REPLY_QUERY && !(r->kind == REPLY_INTERNAL && strchr(r->expect, 'Z'))) {
		if ((r->kind == REPLY_EXECUTE || (r->kind == REPLY_FORWARD && r->text)) && !reported) {
			altair_pgsql_report(s, r->text, r->text_length, r->params, r->params_length, r->started, -1,
				message, length, false);
			reported = true;
		}
		altair_pgsql_pop(s);
	}
	s->server_skipping = !r;
}

static void internal_reply(pgsql_session *s, reply *r, const altair_pgsql_message *m)
{
	if (m->type == 'E') {
		size_t length = 0;
		const char *message = altair_pgsql_error_field(m, 'M', &length);
		char text[512];
		snprintf(text, sizeof(text), "altair_eval: the relay's savepoint failed (%.*s); closing the connection",
			message ? (int) (length > 400 ? 400 : length) : 0, message ? message : "");
		altair_pgsql_fatal(s, text);
		return;
	}
	if (m->type == 'Z' && r->ends_unit && (m->length != 1 || m->body[0] != 'T')) {
		altair_pgsql_fatal(s, "altair_eval: the relay's guard transaction ended; closing the connection");
		return;
	}
	if (r->expect[r->expected] == (char) m->type) {
		r->expected++;
	}
	if (r->expect[r->expected] == '\0') {
		if (r->ends_unit && s->call_replies > 0) {
			s->call_replies--; /* a session's call step is answered (relay/pgsql/call.c) */
		}
		altair_pgsql_pop(s);
	}
}

static void ready_reply(pgsql_session *s, const altair_pgsql_message *m)
{
	reply *r = altair_pgsql_head(s);
	if (!r) {
		forward(s, m);
		return;
	}
	switch (r->kind) {
		case REPLY_QUERY:
			query_reply(s, r, m);
			return;
		case REPLY_INTERNAL:
			internal_reply(s, r, m);
			return;
		case REPLY_SYNC:
			if (m->type == 'Z') {
				altair_pgsql_pop(s);
				end_unit(s, m);
			} else {
				forward(s, m);
			}
			return;
		case REPLY_EXECUTE:
			if (m->type == 'E') {
				extended_error(s, m);
				return;
			}
			if (m->type == 'C' && s->mode != ALTAIR_RELAY_WRITES && ends_transaction(m, false)) {
				guard_ended(s, (const char *) m->body); /* the relay's check of the Parse missed it */
				return;
			}
			forward(s, m);
			s->copy_in = m->type == 'G' || (s->copy_in && m->type != 'C');
			if (m->type == 'C' || m->type == 'I' || m->type == 's') {
				altair_pgsql_report(s, r->text, r->text_length, r->params, r->params_length, r->started,
					m->type == 'C' ? altair_pgsql_tag_rows(m->body, m->length) : -1, NULL, 0, false);
				altair_pgsql_pop(s);
			}
			return;
		case REPLY_FORWARD:
			if (m->type == 'E') {
				extended_error(s, m);
				return;
			}
			forward(s, m);
			if (strchr(r->expect, m->type)) {
				altair_pgsql_pop(s);
			}
			return;
		case REPLY_RELAY:
			forward(s, m); /* drained before: not reached */
			return;
	}
}

/* A ParameterStatus: what the relay keeps of it. False when it says the relay can no longer read
 * statements as the server does (an encoding it does not read, standard_conforming_strings off,
 * set by a means its refusals missed): the connection then closes before anything more passes. */
bool altair_pgsql_track_parameter(pgsql_session *s, const altair_pgsql_message *m)
{
	size_t offset = 0;
	const char *name = altair_pgsql_cstring(m, &offset);
	const char *value = name ? altair_pgsql_cstring(m, &offset) : NULL;
	if (!value) {
		return true;
	}
	if (strcmp(name, "server_version") == 0) {
		snprintf(s->server_version, sizeof(s->server_version), "%s", value);
	} else if (strcmp(name, "is_superuser") == 0) {
		s->superuser = strcmp(value, "on") == 0;
	} else if (strcmp(name, "standard_conforming_strings") == 0) {
		s->lexing.standard_strings = strcmp(value, "off") != 0;
		if (!s->lexing.standard_strings && s->mode != ALTAIR_RELAY_WRITES) {
			altair_pgsql_fatal(s, "altair_eval: standard_conforming_strings was turned off, and the relay reads statements as the server does only with it on; closing the connection");
			return false;
		}
	} else if (strcmp(name, "client_encoding") == 0 && s->mode != ALTAIR_RELAY_WRITES && !altair_pgsql_encoding_safe(value, strlen(value))) {
		altair_pgsql_fatal(s, ALTAIR_PGSQL_UNSAFE_ENCODING);
		return false;
	}
	return true;
}

/* AuthenticationSASL passed on without the mechanisms that bind the exchange to the TLS channel
 * (SCRAM-SHA-256-PLUS): the client's channel, if any, is with the relay, never the server's, so a
 * binding could only fail; the server offers them over TLS (docs/relay.md, "TLS"). */
static void sasl_without_binding(pgsql_session *s, const altair_pgsql_message *m)
{
	altair_relay_buf body = {0};
	size_t offset = 4;
	const char *mechanism;
	bool any = false;

	altair_relay_buf_append(&body, m->body, 4);
	while ((mechanism = altair_pgsql_cstring(m, &offset)) && *mechanism) {
		size_t length = strlen(mechanism);
		if (length < 5 || strcmp(mechanism + length - 5, "-PLUS") != 0) {
			altair_relay_buf_append(&body, mechanism, length + 1);
			any = true;
		}
	}
	altair_relay_buf_append(&body, "", 1);
	if (!any || body.failed) {
		altair_pgsql_fatal(s, "altair_eval: the server offers only authentication bound to its TLS channel (SCRAM-SHA-256-PLUS), which a relayed client cannot use");
	} else {
		altair_pgsql_put(&s->io->to_client, 'R', body.data, body.length);
	}
	altair_relay_buf_free(&body);
}

/* Before the guard: authentication passes through; a server that requires TLS is named. */
static void auth_reply(pgsql_session *s, const altair_pgsql_message *m)
{
	if (m->type == 'K' && m->length == sizeof(s->backend_key)) {
		memcpy(s->backend_key, m->body, sizeof(s->backend_key)); /* the backend's pid and secret key */
		s->backend_key_known = true;
	}
	if (m->type == 'E') {
		size_t length = 0;
		const char *message = altair_pgsql_error_field(m, 'M', &length);
		if (message && strstr(message, "no encryption")) {
			altair_pgsql_fatal(s, "altair_eval: this PostgreSQL server requires TLS, which the app's configuration turns off (sslmode=disable or allow): the relay logged in without it");
			return;
		}
		forward(s, m);
		return;
	}
	if (altair_pgsql_login_server(s, m)) {
		return; /* the relay's own login: the child gets its AuthenticationOk from login.c */
	}
	if (m->type == 'R' && m->length >= 4) {
		/* Every request but AuthenticationOk (0) and SASLFinal (12) awaits one answer. */
		uint32_t code = altair_pgsql_u32(m->body);
		s->auth_turns += code != 0 && code != 12;
		if (code == 10) {
			sasl_without_binding(s, m);
			return;
		}
	}
	if (m->type != 'Z') {
		if (m->type == 'K' && s->login_messages.length + m->total <= ALTAIR_PGSQL_LOGIN_MESSAGES_MAX) {
			altair_pgsql_put(&s->login_messages, 'K', m->body, m->length);
		}
		forward(s, m);
		return;
	}
	altair_pgsql_session_ready(s);
}

void altair_pgsql_session_ready(pgsql_session *s)
{
	if (s->mode == ALTAIR_RELAY_WRITES) {
		s->server = SERVER_READY;
		altair_pgsql_put_ready(&s->io->to_client, 'I');
		return;
	}
	/* The guard goes to the server and the client gets its ReadyForQuery in the same turn, so
	 * that the guard's round trip overlaps the client's own start instead of coming before it:
	 * whatever the client sends meanwhile is held (altair_pgsql_client_input) until the guard
	 * transaction is open, and closed unsent if it cannot be. */
	const char *guard = s->mode == ALTAIR_RELAY_READ_ONLY ? GUARD_READ_ONLY : GUARD_ROLLBACK;
	altair_pgsql_put_query(&s->io->to_server, guard, strlen(guard));
	s->server = SERVER_GUARDING;
	altair_pgsql_put_ready(&s->io->to_client, 'I');
}

static void guard_reply(pgsql_session *s, const altair_pgsql_message *m)
{
	if (m->type == 'E') {
		size_t length = 0;
		const char *message = altair_pgsql_error_field(m, 'M', &length);
		char text[512];
		snprintf(text, sizeof(text), "altair_eval: the relay could not start its guard transaction (%.*s)",
			message ? (int) (length > 400 ? 400 : length) : 0, message ? message : "");
		altair_pgsql_fatal(s, text);
	} else if (m->type == 'Z') {
		if (m->length != 1 || m->body[0] != 'T') {
			altair_pgsql_fatal(s, "altair_eval: the relay could not start its guard transaction");
			return;
		}
		s->server = SERVER_READY; /* the client had its ReadyForQuery with the guard (auth_reply) */
	}
}

altair_relay_verdict altair_pgsql_server_input(pgsql_session *s)
{
	size_t used = 0;
	if (s->tls_asked && s->server_in.length > 0) {
		used = altair_pgsql_tls_answer(s, s->server_in.data, s->server_in.length);
	}
	while (s->server_in.length > used && !s->close) {
		altair_pgsql_message m;
		altair_pgsql_frame frame = altair_pgsql_next(s->server_in.data + used, s->server_in.length - used, false, &m);
		if (frame == ALTAIR_PGSQL_INCOMPLETE) {
			break;
		}
		if (frame == ALTAIR_PGSQL_INVALID) {
			altair_pgsql_fatal(s, "altair_eval: the server sent a message the relay cannot read");
			break;
		}
		used += m.total;
		if (m.type == 'S') {
			/* the login's (a kept connection's next client gets them again: relay/pgsql/kept.c) */
			if (s->server == SERVER_AUTH && s->login_messages.length + m.total <= ALTAIR_PGSQL_LOGIN_MESSAGES_MAX) {
				altair_pgsql_put(&s->login_messages, 'S', m.body, m.length);
			} else if (s->server == SERVER_AUTH) {
				s->login_messages_lost = true;
			}
			if (altair_pgsql_track_parameter(s, &m)) {
				forward(s, &m);
			}
		} else if (s->server == SERVER_AUTH) {
			auth_reply(s, &m);
			if (!s->close && s->server_logged_in && !altair_pgsql_login_ready(s)) {
				break; /* the rest of the server's start waits until the child is checked */
			}
		} else if (s->server == SERVER_GUARDING) {
			if (m.type == 'N' || m.type == 'A') {
				continue;
			}
			guard_reply(s, &m);
		} else if (m.type == 'A' || (m.type == 'N' && !(altair_pgsql_head(s) && (altair_pgsql_head(s)->kind == REPLY_INTERNAL || altair_pgsql_head(s)->kind == REPLY_QUERY)))) {
			forward(s, &m);
		} else if (m.type == 'N' && altair_pgsql_head(s)->kind == REPLY_INTERNAL) {
			continue;
		} else {
			ready_reply(s, &m);
		}
		altair_pgsql_drain(s);
	}
	altair_relay_buf_consume(&s->server_in, used);
	if (s->close || s->io->to_client.failed || s->io->to_server.failed) {
		return ALTAIR_RELAY_CLOSE;
	}
	return ALTAIR_RELAY_CONTINUE;
}
