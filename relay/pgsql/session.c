/*
 * The PostgreSQL session's floor (relay/pgsql/session.h): the reply queue, what the relay answers
 * itself, the queries report, the prepared statements and portals kept for it, the savepoint a
 * unit runs under. Everything above calls down here; nothing here calls up.
 */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The relay answers the client itself, in order with the server's replies: an error
 * (refusal or the server's own rule), then ReadyForQuery when it ends the unit. */
void altair_pgsql_relay_error(pgsql_session *s, const char *sqlstate, const char *message, bool ends_unit)
{
	altair_pgsql_relay_error_at(s, sqlstate, message, NULL, ends_unit);
}

void altair_pgsql_relay_error_at(pgsql_session *s, const char *sqlstate, const char *message, const char *position, bool ends_unit)
{
	reply *r = altair_pgsql_push(s, REPLY_RELAY);
	if (!r) {
		return;
	}
	altair_relay_buf out = {0};
	altair_pgsql_put_error_at(&out, sqlstate, message, position);
	if (ends_unit) {
		altair_pgsql_put_ready(&out, s->tx == TX_NONE ? 'I' : 'E');
		s->unit_pending = true;
	}
	if (out.failed) {
		altair_relay_buf_free(&out);
		s->close = true;
		return;
	}
	r->bytes = altair_relay_buf_take(&out, &r->length);
	r->ends_unit = ends_unit;
	r->fail_tx = true;
	if (ends_unit && s->tx == TX_OPEN) {
		s->tx = TX_FAILED;
	}
}

void altair_pgsql_refusal(const pgsql_session *s, const char *what, char *out, size_t size)
{
	altair_relay_refusal(out, size, what, s->mode);
}

void altair_pgsql_to_server(pgsql_session *s, const altair_pgsql_message *m)
{
	altair_pgsql_put(&s->io->to_server, m->type, m->body, m->length);
}

char *altair_pgsql_copy(const void *bytes, size_t length)
{
	char *out = malloc(length + 1);
	if (out) {
		memcpy(out, bytes, length);
		out[length] = '\0';
	}
	return out;
}

named *altair_pgsql_find(named *list, size_t count, const char *name)
{
	for (size_t i = 0; i < count; i++) {
		if (strcmp(list[i].name, name) == 0) {
			return &list[i];
		}
	}
	return NULL;
}

void altair_pgsql_forget(named *list, size_t *count, const char *name)
{
	named *n = altair_pgsql_find(list, *count, name);
	if (n) {
		free(n->name);
		free(n->text);
		free(n->params);
		memmove(n, n + 1, (size_t) (list + *count - (n + 1)) * sizeof(named));
		(*count)--;
	}
}

uint64_t altair_pgsql_now(const pgsql_session *s)
{
	return s->io->now_ns ? s->io->now_ns() : 0;
}

void altair_pgsql_report(pgsql_session *s, const char *text, size_t text_length, const char *params, size_t params_length,
	uint64_t started, int64_t rows, const char *error, size_t error_length, bool refused)
{
	if (!s->io->on_query) {
		return;
	}
	uint64_t now = altair_pgsql_now(s);
	altair_relay_query q = {
		.text = text ? text : "",
		.text_length = text ? text_length : 0,
		.params_json = params,
		.params_length = params ? params_length : 0,
		.duration_ns = now > started ? now - started : 0,
		.rows = rows,
		.error = error,
		.error_length = error ? error_length : 0,
		.refused = refused,
	};
	s->io->on_query(s->io->context, &q);
}

void altair_pgsql_fatal(pgsql_session *s, const char *message)
{
	altair_pgsql_put_error(&s->io->to_client, 'E', "FATAL", "08006", message);
	s->close = true;
}

void altair_pgsql_reply_free(reply *r)
{
	free(r->text);
	free(r->params);
	free(r->items);
	free(r->bytes);
	memset(r, 0, sizeof(*r));
}

reply *altair_pgsql_push(pgsql_session *s, reply_kind kind)
{
	if (s->reply_head > 0 && s->reply_head == s->reply_count) {
		s->reply_head = s->reply_count = 0;
	}
	if (s->reply_count == s->reply_capacity) {
		if (s->reply_head > 0) {
			memmove(s->replies, s->replies + s->reply_head, (s->reply_count - s->reply_head) * sizeof(reply));
			s->reply_count -= s->reply_head;
			s->reply_head = 0;
		} else {
			size_t capacity = s->reply_capacity ? s->reply_capacity * 2 : 16;
			reply *grown = realloc(s->replies, capacity * sizeof(reply));
			if (!grown) {
				s->close = true;
				return NULL;
			}
			s->replies = grown;
			s->reply_capacity = capacity;
		}
	}
	reply *r = &s->replies[s->reply_count++];
	memset(r, 0, sizeof(*r));
	r->kind = kind;
	r->started = altair_pgsql_now(s);
	return r;
}

reply *altair_pgsql_head(pgsql_session *s)
{
	return s->reply_head < s->reply_count ? &s->replies[s->reply_head] : NULL;
}

void altair_pgsql_pop(pgsql_session *s)
{
	altair_pgsql_reply_free(&s->replies[s->reply_head++]);
}

void altair_pgsql_drain(pgsql_session *s)
{
	reply *r;
	while ((r = altair_pgsql_head(s)) && r->kind == REPLY_RELAY) {
		altair_relay_buf_append(&s->io->to_client, r->bytes, r->length);
		if (r->fail_tx && s->tx == TX_OPEN) {
			s->tx = TX_FAILED;
		}
		if (r->ends_unit) {
			s->unit_pending = false;
		}
		altair_pgsql_pop(s);
	}
}

void altair_pgsql_open_unit(pgsql_session *s)
{
	static const char *const sql[] = {
		[Q_NONE] = "SAVEPOINT altair_q",
		[Q_FAILED] = "ROLLBACK TO SAVEPOINT altair_q",
	};
	if (s->mode == ALTAIR_RELAY_WRITES || s->tx != TX_NONE || s->q == Q_ACTIVE) {
		return;
	}
	reply *r = altair_pgsql_push(s, REPLY_INTERNAL);
	if (!r) {
		return;
	}
	if (s->q == Q_CLEAN) {
		altair_pgsql_put_internal(&s->io->to_server, "RELEASE SAVEPOINT altair_q");
		altair_pgsql_put_internal(&s->io->to_server, "SAVEPOINT altair_q");
		snprintf(r->expect, sizeof(r->expect), "%s%s", ALTAIR_PGSQL_INTERNAL_REPLIES, ALTAIR_PGSQL_INTERNAL_REPLIES);
	} else {
		altair_pgsql_put_internal(&s->io->to_server, sql[s->q]);
		snprintf(r->expect, sizeof(r->expect), "%s", ALTAIR_PGSQL_INTERNAL_REPLIES);
	}
	s->q = Q_ACTIVE;
}
