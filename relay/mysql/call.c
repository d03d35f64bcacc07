/*
 * A session's calls on a MySQL / MariaDB connection (relay/engine.h, call(); docs/relay.md,
 * "Sessions and the database"). The connection outlives the call, and so does the guard's XA
 * transaction; each call is told where it begins and how it ended, between the client's commands.
 *
 * read-only and rollback: BEGIN sets a savepoint of the relay's own, altair_call_<n> (a new name
 * for each call: a savepoint set again under the same name would move, and one left under a
 * transaction of the client's must not be taken for the next call's); KEPT releases it where no
 * savepoint of the client's was set after it (a release would take that one too), else leaves it
 * where it is; UNDONE rolls back to it and releases it, the client's view of its transaction and
 * autocommit goes back to what it was at the mark, and the statements the call prepared are
 * closed (COM_STMT_CLOSE: the session's state as it was before the call never prepared them). A
 * mark the server refuses or no longer has closes the connection (altair_mysql_flight_done).
 * Every mode: BEGIN arms the call's deadline as the session's time limit (sent in front of its
 * first command, commands.c), KEPT and UNDONE put the server's default back, so that what the
 * relay sends between calls and the next call without a deadline are not cut by the last one's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"

/* Queues one of the step's statements for the flight's end; false when there is no room. */
static bool queue(altair_relay_session *s, const char *format, uint64_t number)
{
	if (s->call_pending >= ALTAIR_MYSQL_CALL_STATEMENTS_MAX) {
		return false;
	}
	snprintf(s->call_text[s->call_pending++], sizeof(s->call_text[0]), format, (unsigned long long) number);
	return true;
}

/* The call's time limit undone: the server's default comes back. */
static bool queue_limit_reset(altair_relay_session *s)
{
	bool armed = s->deadline_ns != 0;
	s->deadline_ns = 0;
	s->limit_pending = false;
	if (!armed) {
		return true;
	}
	return queue(s, strstr(s->server_version, "MariaDB") ? "SET SESSION max_statement_time = DEFAULT"
	                                                      : "SET SESSION max_execution_time = DEFAULT", 0);
}

/* The statements the undone call prepared, closed on the server (no reply) and forgotten. */
static bool close_call_statements(altair_relay_session *s)
{
	size_t i = 0;
	while (i < s->statement_count) {
		mysql_statement *statement = &s->statements[i];
		unsigned char payload[5] = {ALTAIR_MYSQL_COM_STMT_CLOSE};
		if (statement->id <= s->call_prepared) {
			i++;
			continue;
		}
		altair_mysql_put_u32(payload + 1, statement->id);
		if (!altair_mysql_append_packet(&s->io->to_server, 0, payload, sizeof(payload))) {
			return false;
		}
		free(statement->text);
		free(statement->types);
		*statement = s->statements[--s->statement_count];
	}
	s->last_prepared = s->call_prepared;
	return true;
}

static bool call_begin(altair_relay_session *s, uint64_t deadline_ns)
{
	s->deadline_ns = deadline_ns;
	s->limit_pending = deadline_ns != 0;
	if (s->mode == ALTAIR_RELAY_WRITES) {
		return true; /* a committed write cannot be undone: nothing to mark */
	}
	s->call_number++;
	s->call_marked = true;
	s->call_autocommit = s->client_autocommit;
	s->call_in_transaction = s->client_in_transaction;
	s->call_prepared = s->last_prepared;
	if (s->call_must_from > s->call_pending) {
		s->call_must_from = s->call_pending; /* the mark must hold */
	}
	return queue(s, "SAVEPOINT " ALTAIR_MYSQL_CALL_SAVEPOINT "%llu", s->call_number);
}

static bool call_end(altair_relay_session *s, bool kept)
{
	bool ok = queue_limit_reset(s);
	if (!s->call_marked) {
		return ok; /* the session's opening, or a connection the call opened */
	}
	s->call_marked = false;
	if (kept) {
		/* a savepoint of the client's set after the mark would go with it: then it stays */
		if (!s->call_in_transaction && !s->client_in_transaction) {
			ok = ok && queue(s, "RELEASE SAVEPOINT " ALTAIR_MYSQL_CALL_SAVEPOINT "%llu", s->call_number);
		}
		return ok; /* a release that fails changes nothing of the data: it need not hold */
	}
	size_t must_from = s->call_pending;
	ok = ok && queue(s, "ROLLBACK TO SAVEPOINT " ALTAIR_MYSQL_CALL_SAVEPOINT "%llu", s->call_number)
		&& queue(s, "RELEASE SAVEPOINT " ALTAIR_MYSQL_CALL_SAVEPOINT "%llu", s->call_number);
	if (s->call_must_from > must_from) {
		s->call_must_from = must_from;
	}
	s->client_autocommit = s->call_autocommit;
	s->client_in_transaction = s->call_in_transaction;
	return ok && close_call_statements(s);
}

bool altair_mysql_call(altair_relay_session *s, altair_relay_call_step step, uint64_t deadline_ns)
{
	/* A command of the client's still in flight (its worker was killed mid-statement), or bytes of
	 * it not yet read: the connection's stream is not the session's to go on with. */
	if (s->phase != PHASE_READY || s->flight.origin == ORIGIN_CLIENT || s->client_in.length > 0) {
		return false;
	}
	if (s->call_pending == 0) {
		s->call_must_from = ALTAIR_MYSQL_CALL_STATEMENTS_MAX; /* none must, until a step says */
	}
	bool ok = step == ALTAIR_RELAY_CALL_BEGIN ? call_begin(s, deadline_ns) : call_end(s, step == ALTAIR_RELAY_CALL_KEPT);
	/* sent now when nothing is in flight, else when the flight ends (altair_mysql_pump) */
	return ok && altair_mysql_pump(s) != ALTAIR_RELAY_CLOSE;
}
