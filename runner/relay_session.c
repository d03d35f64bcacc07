/*
 * The database relay across a session's calls (docs/ARCHITECTURE.md, "Sessions"). A session's relay
 * lives as long as the session: the app's connections, held by the session's state, stay open
 * between calls, and with them the server's guard transaction. Each call begins with its own
 * deadline, its own peer (a warm template's listeners relay only the call's worker) and its own
 * list of queries, and ends kept or undone; the engines mark the database to match
 * (relay/engine.h, call()), and what they send is written before the call returns.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "../php_altair_eval.h"
#include "internal.h"
#include "relay_internal.h"

#include <poll.h>

/* How long the marks of a call's end may take to reach their server and be answered. */
#define RELAY_SESSION_SETTLE_MS 2000

/* Every open connection's engine takes the step; one that cannot is ended. */
static void step_all(altair_eval_relay *relay, altair_relay_call_step step)
{
	for (size_t i = 0; i < relay->connection_count; i++) {
		relay_connection *c = relay->connections[i];

		if (c->state != RELAY_OPEN || !c->session || c->finished || !c->engine->call) {
			continue;
		}
		if (!c->engine->call(c->session, step, relay->deadline_ms * 1000000u)) {
			altair_eval_relay_connection_end(c);
		}
	}
}

/* Whether anything of the relay's is still on its way: bytes for a server, or a reply a server owes. */
static bool unsettled(const altair_eval_relay *relay)
{
	for (size_t i = 0; i < relay->connection_count; i++) {
		const relay_connection *c = relay->connections[i];

		if (c->io.to_server.length > 0 || c->state == RELAY_CONNECTING || c->state == RELAY_ENDING
			|| (c->state == RELAY_OPEN && c->session && c->engine->awaiting_server && c->engine->awaiting_server(c->session))) {
			return true;
		}
	}
	return false;
}

/* Serves the relay until what the steps sent is written and answered (the session's processes are
 * idle: nothing else moves), for at most RELAY_SESSION_SETTLE_MS. */
static void settle(altair_eval_relay *relay)
{
	uint64_t until = altair_eval_now_ms() + RELAY_SESSION_SETTLE_MS;
	struct pollfd fds[ALTAIR_EVAL_RELAY_WATCH_MAX];

	while (unsettled(relay)) {
		uint64_t now = altair_eval_now_ms();
		size_t count;

		if (now >= until) {
			return;
		}
		count = altair_eval_relay_watch(relay, fds, ALTAIR_EVAL_RELAY_WATCH_MAX);
		if (count == 0 || poll(fds, count, (int) (until - now)) < 0) {
			return;
		}
		altair_eval_relay_serve(relay, fds, count);
	}
}

void altair_eval_relay_call_begin(altair_eval_relay *relay, pid_t peer, uint64_t deadline_ms)
{
	if (!relay) {
		return;
	}
	relay->peer = peer;
	relay->deadline_ms = deadline_ms;
	zval_ptr_dtor(&relay->queries);
	array_init(&relay->queries);
	relay->query_bytes = 0;
	relay->queries_truncated = false;
	step_all(relay, ALTAIR_RELAY_CALL_BEGIN);
}

/* What holds for each database, from its connections still open (an evaluation's report takes it
 * from those it closed; a session's stay open). */
static void refresh_status(altair_eval_relay *relay)
{
	for (size_t i = 0; i < relay->connection_count; i++) {
		relay_connection *c = relay->connections[i];
		altair_relay_status status;

		if (!c->session) {
			continue;
		}
		status = relay->status[c->database];
		c->engine->status(c->session, &status);
		relay->status[c->database] = status;
		relay->status_known[c->database] = true;
	}
}

void altair_eval_relay_call_end(altair_eval_relay *relay, bool kept)
{
	if (!relay) {
		return;
	}
	refresh_status(relay);
	/* Past the call's deadline the relay reads no client: none is reading now. */
	relay->deadline_ms = 0;
	step_all(relay, kept ? ALTAIR_RELAY_CALL_KEPT : ALTAIR_RELAY_CALL_UNDONE);
	settle(relay);
}
