/* A client's simple Query through the PostgreSQL relay (see session.h): its statements split
 * and classified (relay/pgsql/sql.h), planned (passed, mapped onto the relay's savepoints, or
 * answered by the relay), and in read-only and rollback modes sent to the server one at a time,
 * each as its own extended-protocol message (Parse, Bind, Describe, Execute, Sync), the next only
 * once the last one's ReadyForQuery said the guard holds (server.c). */
#include "session.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The plan of a Query: what each statement becomes, given the client's transaction. Returns
 * the relay's error for the whole query (its SQLSTATE in *sqlstate), or NULL. */
static const char *plan_query(pgsql_session *s, const altair_pgsql_statement *st, size_t count, plan_item *items, size_t *item_count,
	const char **sqlstate, char *message, size_t size)
{
	client_tx tx = s->tx;
	size_t n = 0;
	for (size_t i = 0; i < count; i++) {
		plan_item item = {.kind = ITEM_SERVER, .statement = st[i].kind, .start = st[i].start, .end = st[i].end, .after = tx};
		bool rollback_to = st[i].kind == ALTAIR_PGSQL_SAVEPOINT && strcmp(st[i].tag, "ROLLBACK") == 0;
		if (st[i].kind == ALTAIR_PGSQL_REFUSED) {
			*sqlstate = "25006";
			altair_pgsql_refusal(s, st[i].refused_what, message, size);
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
			case ALTAIR_PGSQL_SET_TRANSACTION:
				/* the guard keeps its own characteristics; the client's transaction is its savepoint */
				item.kind = ITEM_RELAY;
				item.tag = st[i].tag;
				break;
			default:
				break;
		}
		items[n++] = item;
	}
	*item_count = n;
	return NULL;
}

/* The SQL an item runs as: the relay's own for a mapped statement, NULL for the client's text. */
static const char *mapped_sql(const plan_item *item)
{
	if (item->kind == ITEM_SWALLOW) {
		return "RELEASE SAVEPOINT altair_tx";
	}
	switch (item->statement) {
		case ALTAIR_PGSQL_BEGIN:
			return "SAVEPOINT altair_tx";
		case ALTAIR_PGSQL_COMMIT:
			return strcmp(item->tag, "COMMIT") == 0 ? "RELEASE SAVEPOINT altair_tx" : "ROLLBACK TO SAVEPOINT altair_tx";
		case ALTAIR_PGSQL_ROLLBACK:
			return "ROLLBACK TO SAVEPOINT altair_tx";
		default:
			return NULL;
	}
}

bool altair_pgsql_query_next(pgsql_session *s, reply *r)
{
	while (r->next_send < r->item_count && r->items[r->next_send].kind == ITEM_RELAY) {
		r->next_send++;
	}
	if (r->next_send >= r->item_count) {
		return false;
	}
	plan_item *item = &r->items[r->next_send++];
	const char *sql = mapped_sql(item);
	if (sql) {
		item->shift = LONG_MAX; /* an error's position is in the relay's text, not the client's */
		altair_pgsql_put_statement(&s->io->to_server, sql, strlen(sql));
	} else {
		item->shift = -altair_pgsql_characters((const unsigned char *) r->text, item->start);
		altair_pgsql_put_statement(&s->io->to_server, r->text + item->start, item->end - item->start);
	}
	return true;
}

/* A Query only the relay answers (e.g. COMMIT outside a transaction): no round trip. */
static void answer_alone(pgsql_session *s, reply *r, const char *text, const plan_item *items, size_t count)
{
	altair_relay_buf out = {0};
	r->kind = REPLY_RELAY;
	for (size_t i = 0; i < count; i++) {
		if (items[i].notice) {
			altair_pgsql_put_error(&out, 'N', "WARNING", items[i].notice_state, items[i].notice);
		}
		altair_pgsql_put_complete(&out, items[i].tag);
		altair_pgsql_report(s, text + items[i].start, items[i].end - items[i].start, NULL, 0, r->started, -1, NULL, 0, false);
		s->tx = items[i].after;
	}
	if (count == 0) {
		altair_pgsql_put(&out, 'I', NULL, 0); /* an empty query */
	}
	altair_pgsql_put_ready(&out, s->tx == TX_NONE ? 'I' : s->tx == TX_OPEN ? 'T' : 'E');
	s->close |= out.failed;
	r->bytes = altair_relay_buf_take(&out, &r->length);
	r->ends_unit = true;
}

/* The text the server's parser would refuse: its syntax error, from the relay, as the server
 * words it (SQLSTATE 42601, the position in the client's text). */
static void syntax_error(pgsql_session *s, const char *text, size_t length, const altair_pgsql_syntax_error *error)
{
	char position[24];
	snprintf(position, sizeof(position), "%d", error->position);
	altair_pgsql_report(s, text, length, NULL, 0, altair_pgsql_now(s), -1, error->message, strlen(error->message), true);
	altair_pgsql_relay_error_at(s, "42601", error->message, error->position > 0 ? position : NULL, true);
}

void altair_pgsql_writes_query(pgsql_session *s, const char *text, size_t length, const altair_pgsql_statement *st, size_t count)
{
	reply *r = altair_pgsql_push(s, REPLY_QUERY);
	if (!r) {
		return;
	}
	r->text = altair_pgsql_copy(text, length);
	r->text_length = length;
	r->items = malloc((count ? count : 1) * sizeof(plan_item));
	if (!r->text || !r->items) {
		s->close = true;
		return;
	}
	for (size_t i = 0; i < count; i++) {
		r->items[i] = (plan_item) {.kind = ITEM_SERVER, .start = st[i].start, .end = st[i].end};
	}
	if (count == 0) {
		r->items[0] = (plan_item) {.kind = ITEM_SERVER, .start = 0, .end = length}; /* reported whole */
	}
	r->item_count = count ? count : 1;
	s->unit_pending = true;
	altair_pgsql_put_query(&s->io->to_server, text, length);
}

void altair_pgsql_query_message(pgsql_session *s, const altair_pgsql_message *m)
{
	size_t length = m->length > 0 && m->body[m->length - 1] == 0 ? m->length - 1 : m->length;
	const char *text = (const char *) m->body;
	altair_pgsql_statement *st = NULL;
	altair_pgsql_syntax_error syntax;
	/* writes: the statements only name what is reported, and the relay's own lexer is a few times
	 * cheaper than the parser (bench/relay_pgsql_engine.c) */
	size_t count = s->mode == ALTAIR_RELAY_WRITES ? altair_pgsql_lexer_split(text, length, &s->lexing, &st, &syntax)
		: altair_pgsql_split(text, length, &s->lexing, &st, &syntax);
	size_t item_count = 0;
	char message[512];
	const char *sqlstate = NULL, *error = NULL;
	altair_pgsql_forget(s->statements, &s->statement_count, "");
	altair_pgsql_forget(s->portals, &s->portal_count, "");
	s->batch_open = false;
	if (s->mode == ALTAIR_RELAY_WRITES) {
		/* writes: the Query goes as it is; the statements only name what is reported */
		altair_pgsql_writes_query(s, text, length, st, count);
		free(st);
		return;
	}
	if (syntax.message[0]) {
		syntax_error(s, text, length, &syntax);
		return;
	}
	plan_item *items = malloc((2 * count + 1) * sizeof(plan_item));
	if (!items) {
		free(st);
		s->close = true;
		return;
	}
	error = plan_query(s, st, count, items, &item_count, &sqlstate, message, sizeof(message));
	free(st);
	if (error) {
		free(items);
		altair_pgsql_report(s, text, length, NULL, 0, altair_pgsql_now(s), -1, error, strlen(error), strcmp(sqlstate, "25006") == 0);
		altair_pgsql_relay_error(s, sqlstate, error, true);
		return;
	}
	bool server = false;
	for (size_t i = 0; i < item_count; i++) {
		server |= items[i].kind != ITEM_RELAY;
	}
	if (server) {
		altair_pgsql_open_unit(s); /* the savepoint altair_q, in the first statement's Sync */
	}
	reply *r = altair_pgsql_push(s, REPLY_QUERY);
	if (!r) {
		free(items);
		return;
	}
	r->text = altair_pgsql_copy(text, length);
	r->text_length = length;
	r->items = items;
	r->item_count = item_count;
	r->tx_before = s->tx;
	s->unit_pending = true;
	if (!r->text) {
		s->close = true;
	} else if (!server) {
		answer_alone(s, r, text, items, item_count);
	} else {
		altair_pgsql_query_next(s, r);
	}
}
