/*
 * The PostgreSQL engine's session (docs/ARCHITECTURE.md, "The database relay"), shared by its two
 * sides: pgsql.c (the client's messages, the engine's entry points) and pgsql_server.c (the
 * server's replies). Every message the relay sends the server that the server answers has a
 * reply entry, in order; a server message belongs to the first entry, which says whether it
 * reaches the client (the client's own statements) or is swallowed (the relay's guard and
 * savepoints), and what to report.
 *
 * The guard: after the server's first ReadyForQuery, "BEGIN READ ONLY" (or "BEGIN" in rollback
 * mode) and a first snapshot. A client Query or extended batch that starts outside the client's
 * own transaction gets the savepoint altair_q first (so an error never poisons the guard:
 * ROLLBACK TO it at the unit's end, else RELEASE it); the client's BEGIN is SAVEPOINT
 * altair_tx, its COMMIT a RELEASE, its ROLLBACK a ROLLBACK TO and RELEASE.
 */
#ifndef ALTAIR_RELAY_PGSQL_SESSION_H
#define ALTAIR_RELAY_PGSQL_SESSION_H

#include "engine.h"
#include "pgsql_sql.h"
#include "pgsql_wire.h"

/* Statements in one Query the relay maps one by one (the rest: one last statement). */
#define ALTAIR_PGSQL_MAX_STATEMENTS 64
/* Prepared statements and portals whose text the relay keeps for the queries report. */
#define ALTAIR_PGSQL_MAX_NAMED 128

typedef enum { CLIENT_STARTUP, CLIENT_AUTH, CLIENT_READY, CLIENT_CANCEL, CLIENT_GONE } client_phase;
typedef enum { SERVER_AUTH, SERVER_GUARDING, SERVER_READY } server_phase;
/* The client's own transaction, as it sees it. */
typedef enum { TX_NONE, TX_OPEN, TX_FAILED } client_tx;

typedef enum {
	REPLY_FORWARD, /* the client's Parse, Bind, Describe, Close: forwarded until one of ends */
	REPLY_EXECUTE, /* the client's Execute: forwarded, reported */
	REPLY_SYNC, /* the client's Sync: its ReadyForQuery, rewritten to the client's view */
	REPLY_QUERY, /* the client's Query, statement by statement (plan) */
	REPLY_INTERNAL, /* the relay's own messages: swallowed, replies expected in order (expect) */
	REPLY_RELAY, /* what the relay answers itself, sent when it reaches the head */
} reply_kind;

typedef enum { ITEM_SERVER, ITEM_SWALLOW, ITEM_RELAY } item_kind;

typedef struct {
	item_kind kind;
	size_t start, end; /* the client's statement in the query text */
	const char *tag; /* the command tag the client gets instead of the server's (or the relay's) */
	const char *notice; /* ITEM_RELAY: a WARNING first (SQLSTATE notice_state) */
	const char *notice_state;
	client_tx after;
} plan_item;

typedef struct {
	reply_kind kind;
	char expect[24]; /* REPLY_FORWARD: the types that end it; REPLY_INTERNAL: the replies in order */
	size_t expected; /* REPLY_INTERNAL: how many of expect have come */
	char *text; /* the statement as the client sent it (reports), owned */
	size_t text_length;
	char *params; /* JSON, owned, or NULL */
	size_t params_length;
	uint64_t started;
	plan_item *items; /* REPLY_QUERY, owned */
	size_t item_count, cursor;
	client_tx tx_before; /* REPLY_QUERY: the client's transaction before the current item */
	bool failed;
	unsigned char *bytes; /* REPLY_RELAY, owned */
	size_t length;
	bool ends_unit; /* REPLY_RELAY: holds the ReadyForQuery of a whole unit */
	bool fail_tx; /* REPLY_RELAY: an error: the client's open transaction fails */
} reply;

typedef struct {
	char *name;
	char *text;
	size_t text_length;
	char *params;
	size_t params_length;
} named;

struct altair_relay_session {
	altair_relay_mode mode;
	altair_relay_io *io;
	altair_relay_buf client_in, server_in; /* partial messages */
	client_phase client;
	server_phase server;
	client_tx tx;
	bool q_open; /* the savepoint altair_q exists */
	bool unit_pending; /* a client Query/Sync awaits its ReadyForQuery: later input waits */
	bool unit_failed; /* the relay refused something in the current extended batch */
	bool batch_open; /* extended messages since the last Sync */
	bool skip_to_sync; /* the relay refused in this batch: the client's messages until Sync are dropped */
	bool server_skipping; /* the server failed in this batch before the client's Sync came */
	bool copy_in; /* COPY FROM STDIN is running: the client's CopyData passes */
	bool finished;
	bool close; /* a fatal condition: the verdict is CLOSE */
	reply *replies;
	size_t reply_head, reply_count, reply_capacity;
	named statements[ALTAIR_PGSQL_MAX_NAMED], portals[ALTAIR_PGSQL_MAX_NAMED];
	size_t statement_count, portal_count;
	altair_pgsql_lexing lexing;
	char server_version[64];
	int superuser;
};

typedef struct altair_relay_session pgsql_session;

/* pgsql_server.c */
altair_relay_verdict altair_pgsql_server_input(pgsql_session *s);
/* pgsql.c: the client's waiting input, once the server has answered. */
altair_relay_verdict altair_pgsql_client_input(pgsql_session *s);

/* Reply queue (pgsql_server.c). NULL on allocation failure (then s->close). */
reply *altair_pgsql_push(pgsql_session *s, reply_kind kind);
/* Sends the head's relay answers that are due. */
void altair_pgsql_drain(pgsql_session *s);
void altair_pgsql_reply_free(reply *r);
void altair_pgsql_report(pgsql_session *s, const char *text, size_t text_length, const char *params, size_t params_length,
	uint64_t started, int64_t rows, const char *error, size_t error_length, bool refused);
uint64_t altair_pgsql_now(const pgsql_session *s);
/* A FATAL error to the client and the verdict CLOSE. */
void altair_pgsql_fatal(pgsql_session *s, const char *message);

#endif
