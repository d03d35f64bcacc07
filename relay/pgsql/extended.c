/* The client's extended protocol through the PostgreSQL relay (see session.h): Parse,
 * Bind, Describe, Execute and Close in batches that end at the client's Sync; the prepared
 * statements' and portals' text and parameters kept for the queries report. */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Keeps name's text (and parameters) for the queries report; the oldest goes when full. */
static void remember(named *list, size_t *count, const char *name, const char *text, size_t text_length, const char *params, size_t params_length)
{
	altair_pgsql_forget(list, count, name);
	if (*count == ALTAIR_PGSQL_MAX_NAMED) {
		altair_pgsql_forget(list, count, list[0].name);
	}
	named n = {altair_pgsql_copy(name, strlen(name)), altair_pgsql_copy(text, text_length), text_length, params ? altair_pgsql_copy(params, params_length) : NULL, params_length};
	if (!n.name || !n.text || (params && !n.params)) {
		free(n.name);
		free(n.text);
		free(n.params);
		return;
	}
	list[(*count)++] = n;
}

/* A Parse whose statement the relay refuses, or cannot map in the extended protocol. */
static const char *check_parse(pgsql_session *s, const char *sql, size_t length, const char **sqlstate, char *message, size_t size)
{
	altair_pgsql_statement *st = NULL;
	altair_pgsql_syntax_error syntax;
	size_t count = altair_pgsql_split(sql, length, &s->lexing, &st, &syntax);
	const char *error = NULL;
	if (syntax.message[0]) {
		*sqlstate = "42601";
		snprintf(message, size, "%s", syntax.message);
		error = message;
	}
	for (size_t i = 0; i < count && !error; i++) {
		if (st[i].kind == ALTAIR_PGSQL_REFUSED) {
			*sqlstate = "25006";
			altair_pgsql_refusal(s, st[i].refused_what, message, size);
			error = message;
		} else if (st[i].kind != ALTAIR_PGSQL_PASS) {
			*sqlstate = "0A000";
			snprintf(message, size, "altair_eval: %s as a prepared statement is not relayed (the database is %s in this evaluation); send it as a plain query (PDO::beginTransaction(), PDO::exec())",
				st[i].tag, altair_relay_mode_name(s->mode));
			error = message;
		}
	}
	free(st);
	return error;
}

/* Parse, Bind, Describe, Execute, Close: in a batch that ends at the client's Sync. */
/* What the relay answers instead of the server (its SQLSTATE in *sqlstate), or NULL: a name of
 * the relay's own, anything in the client's failed transaction, a refused Parse. */
static const char *check_message(pgsql_session *s, const altair_pgsql_message *m, const char *sql, const char **sqlstate, char *message, size_t size)
{
	const char *names[2] = {NULL, NULL}; /* the statement or portal names the message uses */
	size_t offset = m->type == 'D' || m->type == 'C' ? 1 : 0;
	names[0] = altair_pgsql_cstring(m, &offset);
	names[1] = m->type == 'B' && names[0] ? altair_pgsql_cstring(m, &offset) : NULL;
	if ((names[0] && strncasecmp(names[0], "altair_", 7) == 0) || (names[1] && strncasecmp(names[1], "altair_", 7) == 0)) {
		*sqlstate = "25006";
		altair_pgsql_refusal(s, "a statement or portal named like the relay's (altair_*)", message, size);
		return message;
	}
	if (s->tx == TX_FAILED && m->type != 'C') {
		*sqlstate = "25P02";
		return "current transaction is aborted, commands ignored until end of transaction block";
	}
	return sql ? check_parse(s, sql, strlen(sql), sqlstate, message, size) : NULL;
}

/* Keeps what the queries report needs: statement texts, portals' parameters, an Execute's text. */
static void track(pgsql_session *s, const altair_pgsql_message *m, reply *r, const char *name, const char *sql)
{
	switch (m->type) {
		case 'P':
			snprintf(r->expect, sizeof(r->expect), "1");
			if (name) {
				altair_pgsql_call_parsed(s, name); /* closed if the session's call is undone */
			}
			if (sql) {
				remember(s->statements, &s->statement_count, name, sql, strlen(sql), NULL, 0);
				/* Reported only if the server refuses the Parse itself (an unknown table): no
				 * Execute of it will ever be, and the query would be missing from the list. */
				r->text = altair_pgsql_copy(sql, strlen(sql));
				r->text_length = r->text ? strlen(sql) : 0;
			}
			break;
		case 'B': {
			snprintf(r->expect, sizeof(r->expect), "2");
			const char *portal, *statement;
			altair_relay_buf params = {0};
			if (altair_pgsql_bind_params(m, &portal, &statement, &params) && !params.failed) {
				named *n = altair_pgsql_find(s->statements, s->statement_count, statement);
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
				size_t offset = 1;
				const char *closed = altair_pgsql_cstring(m, &offset);
				altair_pgsql_forget(m->body[0] == 'S' ? s->statements : s->portals, m->body[0] == 'S' ? &s->statement_count : &s->portal_count, closed ? closed : "");
			}
			break;
		case 'E': {
			named *n = name ? altair_pgsql_find(s->portals, s->portal_count, name) : NULL;
			if (n) {
				r->text = altair_pgsql_copy(n->text, n->text_length);
				r->text_length = n->text_length;
				r->params = n->params ? altair_pgsql_copy(n->params, n->params_length) : NULL;
				r->params_length = n->params_length;
			}
			break;
		}
	}
}

void altair_pgsql_extended_message(pgsql_session *s, const altair_pgsql_message *m)
{
	if (s->skip_to_sync) {
		return;
	}
	if (!s->batch_open) {
		s->batch_open = true;
		altair_pgsql_open_unit(s);
	}
	size_t offset = 0;
	const char *name = altair_pgsql_cstring(m, &offset);
	const char *sql = m->type == 'P' && name ? altair_pgsql_cstring(m, &offset) : NULL;
	const char *error = NULL, *sqlstate = NULL;
	char message[512];
	if (s->mode != ALTAIR_RELAY_WRITES) {
		error = check_message(s, m, sql, &sqlstate, message, sizeof(message));
	}
	if (error) {
		altair_pgsql_report(s, sql ? sql : "", sql ? strlen(sql) : 0, NULL, 0, altair_pgsql_now(s), -1, error, strlen(error), strcmp(sqlstate, "25006") == 0);
		altair_pgsql_relay_error(s, sqlstate, error, false);
		s->skip_to_sync = true;
		s->unit_failed = true;
		return;
	}
	altair_pgsql_to_server(s, m);
	if (s->server_skipping) {
		return;
	}
	reply *r = altair_pgsql_push(s, m->type == 'E' ? REPLY_EXECUTE : REPLY_FORWARD);
	if (r) {
		track(s, m, r, name, sql);
	}
}
