/* A client's simple Query through the PostgreSQL relay (see pgsql_session.h): each statement
 * classified and planned (passed, mapped onto the relay's savepoints, or answered by the relay),
 * the text the server runs rebuilt when a statement was mapped. */
#include "pgsql_session.h"

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
		plan_item item = {.kind = ITEM_SERVER, .start = st[i].start, .end = st[i].end, .after = tx};
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
			default:
				break;
		}
		items[n++] = item;
	}
	*item_count = n;
	return NULL;
}

/* The text the server runs: the client's, or rebuilt when a statement was mapped. */
static bool build_text(const pgsql_session *s, const char *text, const altair_pgsql_statement *st, plan_item *items, size_t count,
	altair_relay_buf *out)
{
	size_t statement = 0;
	bool first = true;
	for (size_t i = 0; i < count; i++) {
		plan_item *item = &items[i];
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
		if (!first) {
			altair_relay_buf_append(out, "\n;", 2);
		}
		first = false;
		item->shift = altair_pgsql_characters(out->data, out->length) - altair_pgsql_characters((const unsigned char *) text, item->start);
		if (sql) {
			altair_relay_buf_append(out, sql, strlen(sql));
		} else {
			altair_relay_buf_append(out, text + item->start, item->end - item->start);
		}
	}
	(void) s;
	return !out->failed;
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
	altair_pgsql_put_ready(&out, s->tx == TX_NONE ? 'I' : s->tx == TX_OPEN ? 'T' : 'E');
	r->bytes = out.data;
	r->length = out.length;
	r->ends_unit = true;
	s->close |= out.failed;
}

/* The Query the server gets: the relay's savepoint statements (prefix) in front, and the client's
 * text, rebuilt when a statement was mapped; error positions are mapped back by each item. */
static void send_query(pgsql_session *s, reply *r, const char *prefix, size_t prefix_items, const altair_pgsql_statement *st, bool rewritten)
{
	if (!prefix && !rewritten) {
		altair_pgsql_put_query(&s->io->to_server, r->text, r->text_length);
		return;
	}
	altair_relay_buf sql = {0};
	if (prefix) {
		altair_relay_buf_append(&sql, prefix, strlen(prefix));
		altair_relay_buf_append(&sql, ";\n", 2);
		r->prefix_length = sql.length;
	}
	for (size_t i = 0; i < r->item_count; i++) {
		r->items[i].shift = (long) r->prefix_length;
	}
	plan_item *client_items = r->items + prefix_items;
	size_t count = r->item_count - prefix_items;
	if (rewritten ? build_text(s, r->text, st, client_items, count, &sql) : altair_relay_buf_append(&sql, r->text, r->text_length)) {
		altair_pgsql_put_query(&s->io->to_server, (const char *) sql.data, sql.length);
	} else {
		s->close = true;
	}
	altair_relay_buf_free(&sql);
}

void altair_pgsql_query_message(pgsql_session *s, const altair_pgsql_message *m)
{
	size_t length = m->length > 0 && m->body[m->length - 1] == 0 ? m->length - 1 : m->length;
	const char *text = (const char *) m->body;
	altair_pgsql_statement st[ALTAIR_PGSQL_MAX_STATEMENTS];
	plan_item items[ALTAIR_PGSQL_MAX_ITEMS];
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
	altair_pgsql_forget(s->statements, &s->statement_count, "");
	altair_pgsql_forget(s->portals, &s->portal_count, "");
	s->batch_open = false;
	if (error) {
		altair_pgsql_report(s, text, length, NULL, 0, altair_pgsql_now(s), -1, error, strlen(error), strcmp(sqlstate, "25006") == 0);
		altair_pgsql_relay_error(s, sqlstate, error, true);
		return;
	}
	bool rewritten = false, server = false;
	for (size_t i = 0; i < item_count; i++) {
		rewritten |= items[i].kind != ITEM_SERVER || items[i].tag != NULL;
		server |= items[i].kind != ITEM_RELAY;
	}
	size_t prefix_items = 0;
	const char *prefix = server ? altair_pgsql_open_unit(s, false, &prefix_items) : NULL;
	reply *r = altair_pgsql_push(s, REPLY_QUERY);
	if (!r) {
		return;
	}
	r->text = altair_pgsql_copy(text, length);
	r->text_length = length;
	r->items = malloc((item_count + prefix_items + 1) * sizeof(plan_item));
	if (!r->text || !r->items) {
		s->close = true;
		return;
	}
	for (size_t i = 0; i < prefix_items; i++) {
		r->items[i] = (plan_item) {.kind = ITEM_SWALLOW, .after = s->tx};
	}
	memcpy(r->items + prefix_items, items, item_count * sizeof(plan_item));
	r->item_count = prefix_items + item_count;
	r->tx_before = s->tx;
	s->unit_pending = true;
	if (!server && count > 0) {
		answer_alone(s, r, text, items, item_count);
	} else {
		send_query(s, r, prefix, prefix_items, st, rewritten);
	}
}
