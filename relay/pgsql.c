/*
 * The PostgreSQL relay engine (docs/ARCHITECTURE.md, "The database relay"): the engine's entry
 * points and the client's side of a session; pgsql_server.c has the server's, pgsql_sql.c the
 * statement classifier, pgsql_wire.c the protocol's messages. The design is in pgsql_session.h.
 */
#include "pgsql_session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef enum { CONSUMED, HOLD } step;

static char *copy(const void *bytes, size_t length)
{
	char *out = malloc(length + 1);
	if (out) {
		memcpy(out, bytes, length);
		out[length] = '\0';
	}
	return out;
}

static named *find(named *list, size_t count, const char *name)
{
	for (size_t i = 0; i < count; i++) {
		if (strcmp(list[i].name, name) == 0) {
			return &list[i];
		}
	}
	return NULL;
}

static void forget(named *list, size_t *count, const char *name)
{
	named *n = find(list, *count, name);
	if (n) {
		free(n->name);
		free(n->text);
		free(n->params);
		memmove(n, n + 1, (size_t) (list + *count - (n + 1)) * sizeof(named));
		(*count)--;
	}
}

/* Keeps name's text (and parameters) for the queries report; the oldest goes when full. */
static void remember(named *list, size_t *count, const char *name, const char *text, size_t text_length, const char *params, size_t params_length)
{
	forget(list, count, name);
	if (*count == ALTAIR_PGSQL_MAX_NAMED) {
		forget(list, count, list[0].name);
	}
	named n = {copy(name, strlen(name)), copy(text, text_length), text_length, params ? copy(params, params_length) : NULL, params_length};
	if (!n.name || !n.text || (params && !n.params)) {
		free(n.name);
		free(n.text);
		free(n.params);
		return;
	}
	list[(*count)++] = n;
}

/* The relay answers the client itself, in order with the server's replies: an error
 * (refusal or the server's own rule), then ReadyForQuery when it ends the unit. */
static void relay_error(pgsql_session *s, const char *sqlstate, const char *message, bool ends_unit)
{
	reply *r = altair_pgsql_push(s, REPLY_RELAY);
	if (!r) {
		return;
	}
	altair_relay_buf out = {0};
	altair_pgsql_put_error(&out, 'E', "ERROR", sqlstate, message);
	if (ends_unit) {
		altair_pgsql_put_ready(&out, s->tx == TX_NONE ? 'I' : 'E');
		s->unit_pending = true;
	}
	if (out.failed) {
		altair_relay_buf_free(&out);
		s->close = true;
		return;
	}
	r->bytes = out.data;
	r->length = out.length;
	r->ends_unit = ends_unit;
	r->fail_tx = true;
	if (ends_unit && s->tx == TX_OPEN) {
		s->tx = TX_FAILED;
	}
}

static void refusal_text(const pgsql_session *s, const char *what, char *out, size_t size)
{
	snprintf(out, size, ALTAIR_RELAY_REFUSAL_FORMAT, what, altair_relay_mode_name(s->mode));
}

/* The plan of a Query: what each statement becomes, given the client's transaction. Returns
 * the relay's error for the whole query (its SQLSTATE in *sqlstate), or NULL. */
static const char *plan_query(pgsql_session *s, const altair_pgsql_statement *st, size_t count, plan_item *items, size_t *item_count,
	const char **sqlstate, char *message, size_t size)
{
	client_tx tx = s->tx;
	size_t n = 0;
	for (size_t i = 0; i < count; i++) {
		plan_item item = {.kind = ITEM_SERVER, .start = st[i].start, .end = st[i].end, .after = tx};
		bool rollback_to = st[i].kind == ALTAIR_PGSQL_SAVEPOINT && strcmp(st[i].tag, "ROLLBACK") == 0;
		if (st[i].kind == ALTAIR_PGSQL_REFUSED) {
			*sqlstate = "25006";
			refusal_text(s, st[i].refused_what, message, size);
			return message;
		}
		if (tx == TX_FAILED && st[i].kind != ALTAIR_PGSQL_COMMIT && st[i].kind != ALTAIR_PGSQL_ROLLBACK && !rollback_to) {
			*sqlstate = "25P02";
			return "current transaction is aborted, commands ignored until end of transaction block";
		}
		switch (st[i].kind) {
			case ALTAIR_PGSQL_BEGIN:
				if (tx == TX_NONE) {
					item.tag = st[i].tag;
					item.after = tx = TX_OPEN;
				} else {
					item.kind = ITEM_RELAY;
					item.tag = st[i].tag;
					item.notice_state = "25001";
					item.notice = "there is already a transaction in progress";
				}
				break;
			case ALTAIR_PGSQL_COMMIT:
			case ALTAIR_PGSQL_ROLLBACK:
				if (tx == TX_NONE) {
					item.kind = ITEM_RELAY;
					item.tag = st[i].tag;
					item.notice_state = "25P01";
					item.notice = "there is no transaction in progress";
					break;
				}
				item.tag = tx == TX_FAILED ? "ROLLBACK" : st[i].tag;
				if (tx == TX_FAILED || st[i].kind == ALTAIR_PGSQL_ROLLBACK) {
					items[n++] = item; /* ROLLBACK TO SAVEPOINT altair_tx, then RELEASE it */
					item.kind = ITEM_SWALLOW;
					item.tag = NULL;
				}
				item.after = tx = TX_NONE;
				break;
			case ALTAIR_PGSQL_SAVEPOINT:
				if (tx == TX_NONE) {
					*sqlstate = "25P01";
					snprintf(message, size, "%s can only be used in transaction blocks", rollback_to ? "ROLLBACK TO SAVEPOINT" : st[i].tag);
					return message;
				}
				item.after = tx = TX_OPEN;
				break;
			default:
				break;
		}
		items[n++] = item;
	}
	*item_count = n;
	return NULL;
}

/* The text the server runs: the client's, or rebuilt when a statement was mapped. */
static bool build_text(const pgsql_session *s, const char *text, const altair_pgsql_statement *st, const plan_item *items, size_t count,
	altair_relay_buf *out)
{
	size_t statement = 0;
	for (size_t i = 0; i < count; i++) {
		const plan_item *item = &items[i];
		while (st[statement].start != item->start) {
			statement++;
		}
		const char *sql = NULL;
		if (item->kind == ITEM_RELAY) {
			continue;
		}
		if (item->kind == ITEM_SWALLOW) {
			sql = "RELEASE SAVEPOINT altair_tx";
		} else if (st[statement].kind == ALTAIR_PGSQL_BEGIN) {
			sql = "SAVEPOINT altair_tx";
		} else if (st[statement].kind == ALTAIR_PGSQL_COMMIT && strcmp(item->tag, "COMMIT") == 0) {
			sql = "RELEASE SAVEPOINT altair_tx";
		} else if (st[statement].kind == ALTAIR_PGSQL_COMMIT || st[statement].kind == ALTAIR_PGSQL_ROLLBACK) {
			sql = "ROLLBACK TO SAVEPOINT altair_tx";
		}
		if (out->length > 0) {
			altair_relay_buf_append(out, "\n;", 2);
		}
		if (sql) {
			altair_relay_buf_append(out, sql, strlen(sql));
		} else {
			altair_relay_buf_append(out, text + item->start, item->end - item->start);
		}
	}
	(void) s;
	return !out->failed;
}

static void query_message(pgsql_session *s, const altair_pgsql_message *m)
{
	size_t length = m->length > 0 && m->body[m->length - 1] == 0 ? m->length - 1 : m->length;
	const char *text = (const char *) m->body;
	altair_pgsql_statement st[ALTAIR_PGSQL_MAX_STATEMENTS];
	plan_item items[2 * ALTAIR_PGSQL_MAX_STATEMENTS];
	size_t count = altair_pgsql_split(text, length, &s->lexing, st, ALTAIR_PGSQL_MAX_STATEMENTS), item_count = 0;
	char message[512];
	const char *sqlstate = NULL, *error = NULL;
	if (s->mode == ALTAIR_RELAY_WRITES) {
		for (size_t i = 0; i < count; i++) {
			items[item_count++] = (plan_item) {.kind = ITEM_SERVER, .start = st[i].start, .end = st[i].end};
		}
	} else {
		error = plan_query(s, st, count, items, &item_count, &sqlstate, message, sizeof(message));
	}
	forget(s->statements, &s->statement_count, "");
	forget(s->portals, &s->portal_count, "");
	s->batch_open = false;
	if (error) {
		altair_pgsql_report(s, text, length, NULL, 0, altair_pgsql_now(s), -1, error, strlen(error), strcmp(sqlstate, "25006") == 0);
		relay_error(s, sqlstate, error, true);
		return;
	}
	bool rewritten = false, server = false;
	for (size_t i = 0; i < item_count; i++) {
		rewritten |= items[i].kind != ITEM_SERVER || items[i].tag != NULL;
		server |= items[i].kind != ITEM_RELAY;
	}
	reply *r;
	if (server) {
		altair_pgsql_open_unit(s, false);
	}
	if (!(r = altair_pgsql_push(s, REPLY_QUERY))) {
		return;
	}
	r->text = copy(text, length);
	r->text_length = length;
	r->items = malloc((item_count ? item_count : 1) * sizeof(plan_item));
	if (!r->text || !r->items) {
		s->close = true;
		return;
	}
	memcpy(r->items, items, item_count * sizeof(plan_item));
	r->item_count = item_count;
	r->tx_before = s->tx;
	s->unit_pending = true;
	if (!server && count > 0) {
		/* Only the relay answers (e.g. COMMIT outside a transaction): no round trip. */
		r->kind = REPLY_RELAY;
		altair_relay_buf out = {0};
		for (size_t i = 0; i < item_count; i++) {
			if (items[i].notice) {
				altair_pgsql_put_error(&out, 'N', "WARNING", items[i].notice_state, items[i].notice);
			}
			altair_pgsql_put_complete(&out, items[i].tag);
			altair_pgsql_report(s, text + items[i].start, items[i].end - items[i].start, NULL, 0, r->started, -1, NULL, 0, false);
			s->tx = items[i].after;
		}
		altair_pgsql_put_ready(&out, s->tx == TX_NONE ? 'I' : s->tx == TX_OPEN ? 'T' : 'E');
		r->bytes = out.data;
		r->length = out.length;
		r->ends_unit = true;
		s->close |= out.failed;
		return;
	}
	if (!rewritten) {
		altair_pgsql_put_query(&s->io->to_server, text, length);
		return;
	}
	altair_relay_buf sql = {0};
	if (build_text(s, text, st, items, item_count, &sql)) {
		altair_pgsql_put_query(&s->io->to_server, (const char *) sql.data, sql.length);
	} else {
		s->close = true;
	}
	altair_relay_buf_free(&sql);
}

static void forward_message(pgsql_session *s, const altair_pgsql_message *m)
{
	altair_pgsql_put(&s->io->to_server, m->type, m->body, m->length);
}

/* A Parse whose statement the relay refuses, or cannot map in the extended protocol. */
static const char *check_parse(pgsql_session *s, const char *sql, size_t length, const char **sqlstate, char *message, size_t size)
{
	altair_pgsql_statement st[ALTAIR_PGSQL_MAX_STATEMENTS];
	size_t count = altair_pgsql_split(sql, length, &s->lexing, st, ALTAIR_PGSQL_MAX_STATEMENTS);
	for (size_t i = 0; i < count; i++) {
		if (st[i].kind == ALTAIR_PGSQL_REFUSED) {
			*sqlstate = "25006";
			refusal_text(s, st[i].refused_what, message, size);
			return message;
		}
		if (st[i].kind != ALTAIR_PGSQL_PASS) {
			*sqlstate = "0A000";
			snprintf(message, size, "altair_eval: %s as a prepared statement is not relayed (the database is %s in this evaluation); send it as a plain query (PDO::beginTransaction(), PDO::exec())",
				st[i].tag, altair_relay_mode_name(s->mode));
			return message;
		}
	}
	return NULL;
}

/* Parse, Bind, Describe, Execute, Close: in a batch that ends at the client's Sync. */
static void extended_message(pgsql_session *s, const altair_pgsql_message *m)
{
	bool guarded = s->mode != ALTAIR_RELAY_WRITES;
	if (s->skip_to_sync) {
		return;
	}
	if (!s->batch_open) {
		s->batch_open = true;
		altair_pgsql_open_unit(s, true);
	}
	size_t offset = 0;
	const char *name = altair_pgsql_cstring(m, &offset);
	const char *sql = m->type == 'P' && name ? altair_pgsql_cstring(m, &offset) : NULL;
	const char *error = NULL, *sqlstate = NULL;
	char message[512];
	const char *names[2] = {NULL, NULL}; /* the statement or portal names the message uses */
	size_t names_offset = m->type == 'D' || m->type == 'C' ? 1 : 0;
	names[0] = altair_pgsql_cstring(m, &names_offset);
	names[1] = m->type == 'B' && names[0] ? altair_pgsql_cstring(m, &names_offset) : NULL;
	bool relay_name = (names[0] && strncasecmp(names[0], "altair_", 7) == 0) || (names[1] && strncasecmp(names[1], "altair_", 7) == 0);
	if (guarded && relay_name) {
		sqlstate = "25006";
		refusal_text(s, "a statement or portal named like the relay's (altair_*)", message, sizeof(message));
		error = message;
	} else if (guarded && s->tx == TX_FAILED && m->type != 'C') {
		sqlstate = "25P02";
		error = "current transaction is aborted, commands ignored until end of transaction block";
	} else if (guarded && sql) {
		error = check_parse(s, sql, strlen(sql), &sqlstate, message, sizeof(message));
	}
	if (error) {
		altair_pgsql_report(s, sql ? sql : "", sql ? strlen(sql) : 0, NULL, 0, altair_pgsql_now(s), -1, error, strlen(error), strcmp(sqlstate, "25006") == 0);
		relay_error(s, sqlstate, error, false);
		s->skip_to_sync = true;
		s->unit_failed = true;
		return;
	}
	forward_message(s, m);
	if (s->server_skipping) {
		return;
	}
	reply *r = altair_pgsql_push(s, m->type == 'E' ? REPLY_EXECUTE : REPLY_FORWARD);
	if (!r) {
		return;
	}
	switch (m->type) {
		case 'P':
			snprintf(r->expect, sizeof(r->expect), "1");
			if (sql) {
				remember(s->statements, &s->statement_count, name, sql, strlen(sql), NULL, 0);
			}
			break;
		case 'B': {
			snprintf(r->expect, sizeof(r->expect), "2");
			const char *portal, *statement;
			altair_relay_buf params = {0};
			if (altair_pgsql_bind_params(m, &portal, &statement, &params) && !params.failed) {
				named *n = find(s->statements, s->statement_count, statement);
				bool none = params.length == 2; /* "[]": no parameter was bound */
				remember(s->portals, &s->portal_count, portal, n ? n->text : "", n ? n->text_length : 0, none ? NULL : (const char *) params.data,
					none ? 0 : params.length);
			}
			altair_relay_buf_free(&params);
			break;
		}
		case 'D':
			snprintf(r->expect, sizeof(r->expect), "Tn");
			break;
		case 'C':
			snprintf(r->expect, sizeof(r->expect), "3");
			if (name && m->length > 1) {
				offset = 1;
				const char *closed = altair_pgsql_cstring(m, &offset);
				forget(m->body[0] == 'S' ? s->statements : s->portals, m->body[0] == 'S' ? &s->statement_count : &s->portal_count, closed ? closed : "");
			}
			break;
		case 'E': {
			named *n = name ? find(s->portals, s->portal_count, name) : NULL;
			if (n) {
				r->text = copy(n->text, n->text_length);
				r->text_length = n->text_length;
				r->params = n->params ? copy(n->params, n->params_length) : NULL;
				r->params_length = n->params_length;
			}
			break;
		}
	}
}

static step ready_message(pgsql_session *s, const altair_pgsql_message *m)
{
	bool copy_data = m->type == 'd' || m->type == 'c' || m->type == 'f';
	if (copy_data) {
		if (s->copy_in) {
			forward_message(s, m);
		}
		return CONSUMED;
	}
	if (s->unit_pending) {
		return HOLD;
	}
	switch (m->type) {
		case 'Q':
			query_message(s, m);
			break;
		case 'P':
		case 'B':
		case 'D':
		case 'E':
		case 'C':
			extended_message(s, m);
			break;
		case 'H':
			forward_message(s, m);
			break;
		case 'S':
			forward_message(s, m);
			altair_pgsql_push(s, REPLY_SYNC);
			s->batch_open = s->skip_to_sync = s->server_skipping = false;
			s->unit_pending = true;
			break;
		case 'X':
			s->client = CLIENT_GONE;
			break;
		case 'F': {
			char message[512];
			refusal_text(s, "a fast-path function call", message, sizeof(message));
			altair_pgsql_report(s, "(function call)", 15, NULL, 0, altair_pgsql_now(s), -1, message, strlen(message), true);
			relay_error(s, "25006", message, true);
			break;
		}
		default:
			altair_pgsql_fatal(s, "altair_eval: the relay received a message it does not know from the client");
	}
	return CONSUMED;
}

static void startup_message(pgsql_session *s, const altair_pgsql_message *m)
{
	uint32_t code = m->length >= 4 ? altair_pgsql_u32(m->body) : 0;
	if (code == ALTAIR_PGSQL_SSL_REQUEST || code == ALTAIR_PGSQL_GSSENC_REQUEST) {
		altair_relay_buf_append(&s->io->to_client, "N", 1); /* the client side is plaintext (local) */
	} else if (code == ALTAIR_PGSQL_CANCEL_REQUEST) {
		unsigned char length[4] = {0, 0, 0, (unsigned char) (m->length + 4)};
		altair_relay_buf_append(&s->io->to_server, length, 4);
		altair_relay_buf_append(&s->io->to_server, m->body, m->length);
		s->client = CLIENT_CANCEL;
	} else if (code >> 16 == 3) {
		if (!altair_pgsql_filter_startup(m, &s->io->to_server)) {
			altair_pgsql_fatal(s, "altair_eval: the relay cannot read this startup packet");
			return;
		}
		s->client = CLIENT_AUTH;
	} else {
		altair_pgsql_fatal(s, "altair_eval: the relay speaks PostgreSQL's protocol 3 only");
	}
}

altair_relay_verdict altair_pgsql_client_input(pgsql_session *s)
{
	size_t used = 0;
	while (s->client_in.length > used && !s->close && s->client != CLIENT_CANCEL && s->client != CLIENT_GONE) {
		altair_pgsql_message m;
		altair_pgsql_frame frame = altair_pgsql_next(s->client_in.data + used, s->client_in.length - used, s->client == CLIENT_STARTUP, &m);
		if (frame == ALTAIR_PGSQL_INCOMPLETE) {
			break;
		}
		if (frame == ALTAIR_PGSQL_INVALID) {
			altair_pgsql_fatal(s, "altair_eval: the relay cannot read this message");
			break;
		}
		if (s->client == CLIENT_STARTUP) {
			startup_message(s, &m);
		} else if (s->client == CLIENT_AUTH && s->server == SERVER_AUTH) {
			if (m.type != 'p') {
				break; /* not before the server is ready */
			}
			forward_message(s, &m);
		} else if (s->client == CLIENT_AUTH && s->server == SERVER_GUARDING) {
			break;
		} else {
			s->client = CLIENT_READY;
			if (ready_message(s, &m) == HOLD) {
				break;
			}
		}
		used += m.total;
		altair_pgsql_drain(s);
	}
	if (s->client == CLIENT_CANCEL || s->client == CLIENT_GONE) {
		used = s->client_in.length;
	}
	altair_relay_buf_consume(&s->client_in, used);
	return s->close || s->io->to_client.failed || s->io->to_server.failed ? ALTAIR_RELAY_CLOSE : ALTAIR_RELAY_CONTINUE;
}

static altair_relay_session *pgsql_open(const altair_relay_config *config, altair_relay_io *io)
{
	pgsql_session *s = calloc(1, sizeof(*s));
	if (!s) {
		return NULL;
	}
	s->mode = config->mode;
	s->io = io;
	s->superuser = -1;
	s->lexing.standard_strings = true;
	return s;
}

static altair_relay_verdict pgsql_from_client(altair_relay_session *s, const unsigned char *bytes, size_t length)
{
	if (!altair_relay_buf_append(&s->client_in, bytes, length)) {
		return ALTAIR_RELAY_CLOSE;
	}
	return altair_pgsql_client_input(s);
}

static altair_relay_verdict pgsql_from_server(altair_relay_session *s, const unsigned char *bytes, size_t length)
{
	if (!altair_relay_buf_append(&s->server_in, bytes, length)) {
		return ALTAIR_RELAY_CLOSE;
	}
	return altair_pgsql_server_input(s);
}

static void pgsql_finish(altair_relay_session *s)
{
	if (s->finished) {
		return;
	}
	s->finished = true;
	if (s->server == SERVER_AUTH) {
		return;
	}
	if (s->copy_in) {
		static const char reason[] = "altair_eval: the client went away";
		altair_pgsql_put(&s->io->to_server, 'f', reason, sizeof(reason));
	}
	if (s->mode != ALTAIR_RELAY_WRITES) {
		if (s->batch_open || s->server_skipping) {
			/* a Query would be skipped after an error in an unfinished batch; but a Sync the
			 * server must answer first could die on the closed socket before the ROLLBACK */
			altair_pgsql_put_sync(&s->io->to_server);
		}
		altair_pgsql_put_query(&s->io->to_server, "ROLLBACK", strlen("ROLLBACK"));
	}
	altair_pgsql_put(&s->io->to_server, 'X', NULL, 0);
}

static void pgsql_status(const altair_relay_session *s, altair_relay_status *out)
{
	if (s->server_version[0]) {
		snprintf(out->server_version, sizeof(out->server_version), "%s", s->server_version);
	}
	if (s->superuser >= 0) {
		out->superuser = s->superuser;
	}
	switch (s->mode) {
		case ALTAIR_RELAY_READ_ONLY:
			out->enforced_by = "the server: one READ ONLY transaction the client cannot end (its BEGIN, COMMIT and ROLLBACK map to savepoints)";
			out->residual = s->superuser == 1
				? "the user is a superuser: server-side functions with side effects outside the transaction (lo_export, pg_terminate_backend, adminpack's file writes), and dblink or postgres_fdw connections to other servers"
				: "dblink or postgres_fdw connections to other servers, where installed; session-level advisory locks until the connection ends";
			break;
		case ALTAIR_RELAY_ROLLBACK:
			out->enforced_by = "the server: one transaction the client cannot end, rolled back when the connection ends (and by the server if the relay dies)";
			out->residual = s->superuser == 1
				? "sequences advance (nextval is not rolled back); the user is a superuser: server-side functions with side effects outside the transaction (lo_export, pg_terminate_backend, file writes), dblink or postgres_fdw writes on other servers; pg_notify is discarded at the rollback"
				: "sequences advance (nextval is not rolled back); dblink or postgres_fdw writes on other servers, where installed; pg_notify is discarded at the rollback";
			break;
		case ALTAIR_RELAY_WRITES:
			out->enforced_by = "nothing: writes pass (--writes)";
			out->residual = "every write is kept";
			break;
	}
	out->guarded = s->server == SERVER_READY;
}

static void pgsql_close(altair_relay_session *s)
{
	for (size_t i = s->reply_head; i < s->reply_count; i++) {
		altair_pgsql_reply_free(&s->replies[i]);
	}
	free(s->replies);
	while (s->statement_count > 0) {
		forget(s->statements, &s->statement_count, s->statements[0].name);
	}
	while (s->portal_count > 0) {
		forget(s->portals, &s->portal_count, s->portals[0].name);
	}
	altair_relay_buf_free(&s->client_in);
	altair_relay_buf_free(&s->server_in);
	free(s);
}

const altair_relay_engine altair_relay_engine_pgsql = {
	.name = "pgsql",
	.open = pgsql_open,
	.from_client = pgsql_from_client,
	.from_server = pgsql_from_server,
	.finish = pgsql_finish,
	.status = pgsql_status,
	.close = pgsql_close,
};
