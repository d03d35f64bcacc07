/*
 * A session's calls on a PostgreSQL connection (relay/engine.h, call(); docs/relay.md, "Sessions
 * and the database"). The connection outlives the call, and so does the guard transaction; each
 * call is told where it begins and how it ended, between the client's units.
 *
 * read-only and rollback: BEGIN settles what the last unit left of altair_q (released, or rolled
 * back to and released) and sets a savepoint of the relay's own, altair_call_<n> (a new name for
 * each call: PostgreSQL keeps savepoints of one name stacked, and a mark left under a transaction
 * of the client's must not be taken for the next call's). KEPT releases it where the client's
 * transaction neither was open at the mark nor is now (a release would take the savepoints set
 * after it, the client's own among them), else leaves it. UNDONE rolls back to it (the call's
 * writes, its SET, its savepoints and cursors go) and releases it, puts the client's view of its
 * transaction back, and closes the statements the call parsed under a name: the session's state
 * before the call never prepared them (pdo_pgsql would prepare the same name again). Each step
 * ends with a Sync; its replies are swallowed (an error closes the connection: server.c).
 * writes: nothing; the evaluation's deadline is the core's, which cancels a statement still
 * running when a step finds it (cancel()).
 */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CALL_SAVEPOINT "altair_call_"
/* Past this many named statements parsed in one call, an undone call closes the connection instead. */
#define CALL_PARSED_MAX 4096

void altair_pgsql_call_parsed(pgsql_session *s, const char *name)
{
	if (!s->call_marked || !name[0]) {
		return;
	}
	for (size_t i = 0; i < s->call_parsed_count; i++) {
		if (strcmp(s->call_parsed[i], name) == 0) {
			return;
		}
	}
	if (s->call_parsed_count == s->call_parsed_capacity) {
		size_t capacity = s->call_parsed_capacity ? 2 * s->call_parsed_capacity : 16;
		char **grown = capacity <= CALL_PARSED_MAX ? realloc(s->call_parsed, capacity * sizeof(*grown)) : NULL;
		if (!grown) {
			s->call_parsed_lost = true;
			return;
		}
		s->call_parsed = grown;
		s->call_parsed_capacity = capacity;
	}
	s->call_parsed[s->call_parsed_count] = altair_pgsql_copy(name, strlen(name));
	if (!s->call_parsed[s->call_parsed_count]) {
		s->call_parsed_lost = true;
		return;
	}
	s->call_parsed_count++;
}

void altair_pgsql_call_free(pgsql_session *s)
{
	for (size_t i = 0; i < s->call_parsed_count; i++) {
		free(s->call_parsed[i]);
	}
	free(s->call_parsed);
	s->call_parsed = NULL;
	s->call_parsed_count = s->call_parsed_capacity = 0;
	s->call_parsed_lost = false;
}

/* One of the relay's statements, its replies swallowed. */
static void internal(pgsql_session *s, const char *sql)
{
	reply *r = altair_pgsql_push(s, REPLY_INTERNAL);
	if (r) {
		altair_pgsql_put_internal(&s->io->to_server, sql);
		snprintf(r->expect, sizeof(r->expect), "%s", ALTAIR_PGSQL_INTERNAL_REPLIES);
	}
}

static void savepoint(pgsql_session *s, const char *verb)
{
	char sql[64];
	snprintf(sql, sizeof(sql), "%s" CALL_SAVEPOINT "%llu", verb, (unsigned long long) s->call_number);
	internal(s, sql);
}

/* What the last unit left of altair_q ends, outside the client's transaction: the mark goes at the
 * guard's own level, not inside altair_q (whose next RELEASE would take it). */
static void settle_unit(pgsql_session *s)
{
	if (s->tx != TX_NONE) {
		return;
	}
	if (s->q == Q_FAILED) {
		internal(s, "ROLLBACK TO SAVEPOINT altair_q");
	}
	if (s->q == Q_FAILED || s->q == Q_CLEAN) {
		internal(s, "RELEASE SAVEPOINT altair_q");
	}
	s->q = Q_NONE;
}

/* The step's end: a Sync, its ReadyForQuery owed (awaiting_server) and swallowed. */
static void sync(pgsql_session *s)
{
	reply *r = altair_pgsql_push(s, REPLY_INTERNAL);
	if (r) {
		altair_pgsql_put_sync(&s->io->to_server);
		snprintf(r->expect, sizeof(r->expect), "Z");
		r->ends_unit = true;
		s->call_replies++;
	}
}

/* The statements the undone call parsed under a name, closed (no error for one already gone). */
static void close_parsed(pgsql_session *s)
{
	for (size_t i = 0; i < s->call_parsed_count; i++) {
		char target[1 + 1024];
		int n = snprintf(target, sizeof(target), "S%s", s->call_parsed[i]);
		reply *r = n > 0 && (size_t) n < sizeof(target) ? altair_pgsql_push(s, REPLY_INTERNAL) : NULL;
		if (r) {
			altair_pgsql_put(&s->io->to_server, 'C', target, (size_t) n + 1);
			snprintf(r->expect, sizeof(r->expect), "3");
		}
		altair_pgsql_forget(s->statements, &s->statement_count, s->call_parsed[i]);
	}
}

/* Whether the connection stands between the client's units, nothing of them left in flight. */
static bool between_units(const pgsql_session *s)
{
	for (size_t i = s->reply_head; i < s->reply_count; i++) {
		if (s->replies[i].kind != REPLY_INTERNAL) {
			return false;
		}
	}
	return s->server == SERVER_READY && (s->client == CLIENT_READY || s->client == CLIENT_AUTH) && !s->close && !s->finished
		&& !s->unit_pending && !s->batch_open && !s->copy_in && s->client_in.length == 0;
}

static bool call_end(pgsql_session *s, bool kept)
{
	if (!s->call_marked) {
		return true; /* the session's opening, or a connection the call opened */
	}
	s->call_marked = false;
	if (kept) {
		if (s->call_tx == TX_NONE && s->tx == TX_NONE) {
			settle_unit(s);
			savepoint(s, "RELEASE SAVEPOINT ");
			sync(s);
		}
		altair_pgsql_call_free(s);
		return true;
	}
	if (s->call_parsed_lost) {
		altair_pgsql_call_free(s);
		return false;
	}
	savepoint(s, "ROLLBACK TO SAVEPOINT ");
	savepoint(s, "RELEASE SAVEPOINT ");
	close_parsed(s);
	sync(s);
	s->tx = s->call_tx;
	s->q = s->call_q;
	altair_pgsql_call_free(s);
	return true;
}

bool altair_pgsql_call(altair_relay_session *s, altair_relay_call_step step, uint64_t deadline_ns)
{
	(void) deadline_ns; /* the core's: cancel() */
	if (s->mode == ALTAIR_RELAY_WRITES) {
		return true; /* a committed write cannot be undone: nothing to mark */
	}
	if (!between_units(s)) {
		return false; /* a unit still in flight (its worker was killed mid-statement) */
	}
	if (step != ALTAIR_RELAY_CALL_BEGIN) {
		return call_end(s, step == ALTAIR_RELAY_CALL_KEPT) && !s->close;
	}
	if (s->tx == TX_FAILED) {
		return false; /* the guard is aborted until the client's ROLLBACK: no mark can be set */
	}
	altair_pgsql_call_free(s);
	settle_unit(s);
	s->call_number++;
	savepoint(s, "SAVEPOINT ");
	sync(s);
	s->call_marked = true;
	s->call_tx = s->tx;
	s->call_q = s->q;
	return !s->close;
}
