/*
 * The PostgreSQL engine's session (docs/ARCHITECTURE.md, "The database relay"), shared by its
 * files in relay/pgsql/ (pgsql.c: the client's messages and the entry points; server.c: the
 * server's replies). Every message the relay sends the server that the server answers has a
 * reply entry, in order; a server message belongs to the first entry, which says whether it
 * reaches the client (the client's own statements) or is swallowed (the relay's guard and
 * savepoints), and what to report.
 *
 * The guard: after the server's first ReadyForQuery, "BEGIN READ ONLY" (or "BEGIN" in rollback
 * mode) and a first snapshot. A client Query or extended batch that starts outside the client's
 * own transaction gets the savepoint altair_q first (so an error never poisons the guard:
 * ROLLBACK TO it after an error, else RELEASE it); the client's BEGIN is SAVEPOINT
 * altair_tx, its COMMIT a RELEASE, its ROLLBACK a ROLLBACK TO and RELEASE.
 *
 * What the server decides: a client Query's statements (split and classified by PostgreSQL's own
 * parser, relay/pgsql/sql.h) reach it one at a time, each as its own extended-protocol message
 * (Parse, Bind, Describe, Execute, Sync), so a text the relay took for one statement that the
 * server reads as several is refused by the server; after each, its CommandComplete tag and its
 * ReadyForQuery's status must say the guard holds, or the connection is closed before anything
 * more is sent or forwarded.
 */
#ifndef ALTAIR_RELAY_PGSQL_SESSION_H
#define ALTAIR_RELAY_PGSQL_SESSION_H

#include "../engine.h"
#include "auth.h"
#include "sql.h"
#include "wire.h"

/* Prepared statements and portals whose text the relay keeps for the queries report. */
#define ALTAIR_PGSQL_MAX_NAMED 128
/* The server's ParameterStatus and BackendKeyData messages at its login, kept for a kept
 * connection's next client (relay/pgsql/kept.c); a login that sends more is not kept. */
#define ALTAIR_PGSQL_LOGIN_MESSAGES_MAX 1400u
/* What the client may send ahead while a unit awaits the server's answer (its input waits in
 * the relay): past this, the connection is closed rather than the host's memory filled. */
#ifndef ALTAIR_PGSQL_MAX_HELD
#define ALTAIR_PGSQL_MAX_HELD (64u * 1024 * 1024)
#endif

/* Why a session asking for an encoding the relay does not read is closed. */
#define ALTAIR_PGSQL_UNSAFE_ENCODING \
	"altair_eval: the relay does not read the client encodings whose characters can hold an ASCII byte (SJIS, BIG5, GBK, UHC, GB18030, JOHAB): a quote or a backslash could be half of a character; use UTF8"

typedef enum { CLIENT_STARTUP, CLIENT_AUTH, CLIENT_READY, CLIENT_CANCEL, CLIENT_GONE } client_phase;
typedef enum { SERVER_AUTH, SERVER_GUARDING, SERVER_READY } server_phase;
/* The savepoint altair_q of the units that start outside the client's transaction. What a
 * finished unit leaves is settled lazily, in the same write as the next unit's first message
 * (no packet of its own, so no extra round trip even where Nagle's algorithm is on). */
typedef enum {
	Q_NONE, /* none: the next unit sends SAVEPOINT */
	Q_ACTIVE, /* a unit (or the client's transaction that unit began) runs under it */
	Q_CLEAN, /* its unit succeeded: the next sends RELEASE and SAVEPOINT */
	Q_FAILED, /* its unit failed (the guard is aborted): the next sends ROLLBACK TO, which keeps it */
} unit_savepoint;
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
	altair_pgsql_kind statement; /* what the client's statement is (its SQL, when the relay maps it) */
	size_t start, end; /* the client's statement in the query text */
	const char *tag; /* the command tag the client gets instead of the server's (or the relay's) */
	const char *notice; /* ITEM_RELAY: a WARNING first (SQLSTATE notice_state) */
	const char *notice_state;
	client_tx after;
	long shift; /* an error position in the text sent, minus this, is one in the client's */
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
	size_t next_send; /* REPLY_QUERY, guarded: the next item to send the server (one at a time) */
	client_tx tx_before; /* REPLY_QUERY: the client's transaction before the current item */
	bool failed;
	unsigned char *bytes; /* REPLY_RELAY, owned */
	size_t length;
	bool ends_unit; /* REPLY_RELAY: holds the ReadyForQuery of a whole unit; REPLY_INTERNAL: a call step's (call.c) */
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
	unit_savepoint q; /* the savepoint altair_q */
	bool unit_pending; /* a client Query/Sync awaits its ReadyForQuery: later input waits */
	bool unit_failed; /* the relay refused something in the current extended batch */
	bool batch_open; /* extended messages since the last Sync */
	bool skip_to_sync; /* the relay refused in this batch: the client's messages until Sync are dropped */
	bool server_skipping; /* the server failed in this batch before the client's Sync came */
	bool copy_in; /* COPY FROM STDIN is running: the client's CopyData passes */
	bool copy_sync_owed; /* ... started by one of the relay's one-statement messages, whose Sync the
	                      * server ignored during the copy: the client's CopyDone/CopyFail brings one */
	bool finished;
	/* Password messages the server has asked for (an authentication request): only that many pass
	 * before its ReadyForQuery, so nothing else of the client's reaches it before the guard. */
	unsigned auth_turns;
	bool close; /* a fatal condition: the verdict is CLOSE */
	reply *replies;
	size_t reply_head, reply_count, reply_capacity;
	named statements[ALTAIR_PGSQL_MAX_NAMED], portals[ALTAIR_PGSQL_MAX_NAMED];
	size_t statement_count, portal_count;
	altair_pgsql_lexing lexing;
	char server_version[64];
	int superuser;
	/* BackendKeyData: what a CancelRequest for this session's backend names (cancel()) */
	unsigned char backend_key[8];
	bool backend_key_known;
	/* TLS (docs/relay.md, "TLS"): to the server as the app's configuration asks; a client's
	 * SSLRequest answered 'S' when client_tls. While the relay's own SSLRequest awaits the
	 * server's one-byte answer, the client's startup packet waits in startup_held. */
	altair_relay_tls_policy server_tls;
	bool client_tls;
	bool client_tls_started;
	bool tls_asked;
	bool tls_settled; /* the server answered it (or none was asked): the startup may go */
	altair_relay_buf startup_held;
	/* The client's startup packet as the server gets it (or its CancelRequest), held until the core
	 * chose the server connection (ALTAIR_RELAY_ATTACH, kept.c). */
	altair_relay_buf startup_packet;
	bool attach_pending;
	/* The relay's own login (relay/pgsql/auth.h): the startup's user is one the host knows the
	 * password of (config->credentials). The server asks the relay, which answers with that
	 * password; the child is asked the same way by the relay, which checks it sent that password.
	 * The server's AuthenticationOk reaches the child only once both hold: what the server sends
	 * after it waits in server_in meanwhile. NULL password: authentication passes through. */
	const char *const *credentials;
	const char *password;
	char user[64], database[64];
	altair_pgsql_auth_client login;
	altair_pgsql_auth_server check;
	int server_method;     /* what the server asked for first (-1: nothing yet); the child is asked the same */
	bool client_checked;   /* the child sent the password */
	bool server_logged_in; /* the server's AuthenticationOk came (the rest of its start waits for the child) */
	bool client_told;      /* ... and the child got its own */
	/* Kept connections (relay/pgsql/kept.c): what this login's server connection is kept under, the
	 * server's login messages (ParameterStatus, BackendKeyData) that a later client gets again,
	 * and, resumed, the record of the kept connection it took. */
	char key[ALTAIR_RELAY_KEPT_KEY];
	altair_relay_buf login_messages;
	bool login_messages_lost;
	bool resumed;
	altair_relay_kept kept;
	/* A session's calls (relay/pgsql/call.c): the mark altair_call_<n> of the call in progress, the
	 * client's transaction and altair_q as they were at it, the statements the call parsed under a
	 * name (closed if it is undone), and the steps whose ReadyForQuery is still owed. */
	uint64_t call_number;
	bool call_marked;
	client_tx call_tx;
	unit_savepoint call_q;
	char **call_parsed;
	size_t call_parsed_count, call_parsed_capacity;
	bool call_parsed_lost;
	unsigned call_replies;
};

typedef struct altair_relay_session pgsql_session;

extern const altair_relay_engine altair_relay_engine_pgsql;

/* The engine's files, from the floor up (each calls only those before it; docs/relay.md,
 * "PostgreSQL"): wire.c (framing and the messages the relay writes), json.c, grammar.c and sql.c
 * (statements), session.c (the reply queue, the relay's answers, the report), query.c (a simple
 * Query), extended.c (Parse, Bind, …), server.c (the server's replies), pgsql.c (the entry points,
 * the startup and the client's dispatch); call.c (a session's calls) sits on session.c, below query.c. */

/* session.c: the reply queue. NULL on allocation failure (then s->close). */
reply *altair_pgsql_push(pgsql_session *s, reply_kind kind);
reply *altair_pgsql_head(pgsql_session *s);
void altair_pgsql_pop(pgsql_session *s);
/* Sends the head's relay answers that are due. */
void altair_pgsql_drain(pgsql_session *s);
void altair_pgsql_reply_free(reply *r);
void altair_pgsql_report(pgsql_session *s, const char *text, size_t text_length, const char *params, size_t params_length,
	uint64_t started, int64_t rows, const char *error, size_t error_length, bool refused);
uint64_t altair_pgsql_now(const pgsql_session *s);
/* A FATAL error to the client and the verdict CLOSE. */
void altair_pgsql_fatal(pgsql_session *s, const char *message);
/* The relay answers the client itself, in order with the server's replies: an error, then
 * ReadyForQuery when it ends the unit; inside the client's transaction, that fails it. */
void altair_pgsql_relay_error(pgsql_session *s, const char *sqlstate, const char *message, bool ends_unit);
/* ... with the error's position in the client's text ('P', 1-based characters), or NULL. */
void altair_pgsql_relay_error_at(pgsql_session *s, const char *sqlstate, const char *message, const char *position, bool ends_unit);
/* The relay's refusal sentence (altair_relay_refusal) for what is refused. */
void altair_pgsql_refusal(const pgsql_session *s, const char *what, char *out, size_t size);
void altair_pgsql_to_server(pgsql_session *s, const altair_pgsql_message *m);
/* A copy with a NUL after it (NULL on allocation failure); a name of a list, found or forgotten. */
char *altair_pgsql_copy(const void *bytes, size_t length);
named *altair_pgsql_find(named *list, size_t count, const char *name);
void altair_pgsql_forget(named *list, size_t *count, const char *name);
/* Before a unit that reaches the server outside the client's transaction: altair_q, fresh, queued
 * as the relay's own extended-protocol statements, answered within the unit's first Sync. */
void altair_pgsql_open_unit(pgsql_session *s);

/* call.c: a session's call step (relay/engine.h, call()); a Parse of a named statement noted for it. */
bool altair_pgsql_call(altair_relay_session *s, altair_relay_call_step step, uint64_t deadline_ns);
void altair_pgsql_call_parsed(pgsql_session *s, const char *name);
void altair_pgsql_call_free(pgsql_session *s);

/* query.c: a client's Query. */
void altair_pgsql_query_message(pgsql_session *s, const altair_pgsql_message *m);
/* A Query in writes mode, sent as it is (its statements name what is reported). */
void altair_pgsql_writes_query(pgsql_session *s, const char *text, size_t length, const altair_pgsql_statement *st, size_t count);
/* A guarded Query's next statement to the server, alone; false when none is left. */
bool altair_pgsql_query_next(pgsql_session *s, reply *r);

/* extended.c: a client's Parse, Bind, Describe, Execute or Close. */
void altair_pgsql_extended_message(pgsql_session *s, const altair_pgsql_message *m);

/* server.c: the server's bytes in server_in, as far as they are whole messages (the client's held
 * input is the engine's to go on with afterwards). */
altair_relay_verdict altair_pgsql_server_input(pgsql_session *s);
/* The server's login is done (its ReadyForQuery): the guard goes to it, the client gets its own
 * ReadyForQuery; in writes mode only the latter. */
void altair_pgsql_session_ready(pgsql_session *s);
/* A ParameterStatus: what the relay keeps of it; false when the connection must close. */
bool altair_pgsql_track_parameter(pgsql_session *s, const altair_pgsql_message *m);

/* kept.c: kept connections (relay/engine.h: keep, kept_settled, attach, kept_goodbye). */
/* What a login's server connection is kept under (s->key): its user, database, startup settings and
 * password, digested; "" when the relay does not answer that login itself (nothing is kept). */
void altair_pgsql_kept_key(pgsql_session *s, const unsigned char *packet, size_t length);
/* A resumed session's client was checked: it gets what the server said at its own login, then its
 * ReadyForQuery with the guard (altair_pgsql_session_ready). */
void altair_pgsql_kept_start(pgsql_session *s);
void altair_pgsql_attach(altair_relay_session *s, const altair_relay_kept *kept);
bool altair_pgsql_keep(altair_relay_session *s, altair_relay_kept *kept);
int altair_pgsql_kept_settled(const altair_relay_kept *kept, const unsigned char *bytes, size_t length);
void altair_pgsql_kept_goodbye(altair_relay_buf *to_server);

/* pgsql.c: the client's bytes in client_in, as far as the session takes them now. */
altair_relay_verdict altair_pgsql_client_input(pgsql_session *s);
/* login.c: the server's answer to the relay's SSLRequest, the first byte it sends: TLS starts, or the
 * startup goes in plaintext (or the client is refused, where the app requires TLS). Returns the
 * bytes it took (1), 0 when the session closes. */
size_t altair_pgsql_tls_answer(pgsql_session *s, const unsigned char *bytes, size_t length);
/* The relay's own login (login.c): the startup's user and database noted, and its password when
 * the host knows it; the server's authentication request answered (true when it was the relay's
 * to answer); the child's PasswordMessage checked; the child asked once the server's method is
 * known. */
void altair_pgsql_login_start(pgsql_session *s, const unsigned char *packet, size_t length);
bool altair_pgsql_login_server(pgsql_session *s, const altair_pgsql_message *m);
void altair_pgsql_login_client(pgsql_session *s, const altair_pgsql_message *m);
/* The startup to a new server connection: after the relay's own SSLRequest where the app's
 * configuration asks for TLS (its answer: altair_pgsql_tls_answer), at once otherwise. */
void altair_pgsql_send_startup(pgsql_session *s);
/* A kept connection's server took this user's password before: the child is asked for it the way
 * that server asked (method); true when it is through already (a server that asks none). */
bool altair_pgsql_login_resumed(pgsql_session *s, int method);
/* Both sides are through (the child checked, the server's AuthenticationOk in): the child gets its
 * AuthenticationOk (once) and true; false while one side is still to come. */
bool altair_pgsql_login_ready(pgsql_session *s);

#endif
