/*
 * One relayed database connection's protocol engine (docs/ARCHITECTURE.md, "The database relay").
 *
 * The host accepts a connection the child made to a database address it declared, connects to the
 * real server and hands every byte either side sends to the engine of that database's protocol
 * (pgsql, mysql, redis). The engine frames whole messages (never parsing across a partial read),
 * decides what may pass (the mode below), and appends what each side must receive to
 * io->to_server / io->to_client; the core writes those buffers out and owns the sockets. An engine
 * may answer the client itself (a refusal, in the protocol's own error packet: never a dropped
 * connection) and may send the server statements of its own (the guard transaction), swallowing
 * their replies. Plain C over byte buffers: no Zend API, no sockets, no clock but io->now_ns (and the
 * kernel's random bytes for the MySQL guard's name), so that a fuzzer under ASAN drives an engine
 * with arbitrary bytes from both sides.
 */
#ifndef ALTAIR_RELAY_ENGINE_H
#define ALTAIR_RELAY_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"

typedef enum {
	/* Every statement runs inside one server-side read-only transaction the client cannot end. */
	ALTAIR_RELAY_READ_ONLY = 0,
	/* Writes run inside one server-side transaction the client cannot end, rolled back at the end
	 * (finish(), a closed connection, a dead relay: the server rolls back). What cannot be rolled
	 * back is refused. */
	ALTAIR_RELAY_ROLLBACK,
	/* Everything passes (--writes). */
	ALTAIR_RELAY_WRITES,
} altair_relay_mode;

typedef enum {
	ALTAIR_RELAY_CONTINUE = 0,
	/* Protocol violation or allocation failure: the core closes both sides (after writing what is
	 * already in the buffers to the client). */
	ALTAIR_RELAY_CLOSE,
	/* A resumed session (resume()) whose client does not fit the kept server connection: the core
	 * gives that connection back to its keep, connects to the server anew and passes on its bytes;
	 * the engine logs the client in there. */
	ALTAIR_RELAY_RECONNECT,
} altair_relay_verdict;

/* A server connection an engine lets the core keep after its client is done, for a later client of
 * the same server and mode (docs/ARCHITECTURE.md, "The database relay", kept connections): what
 * resuming it takes. Opaque to the core. */
#define ALTAIR_RELAY_KEPT_BYTES 1024
typedef struct {
	unsigned char bytes[ALTAIR_RELAY_KEPT_BYTES];
	size_t length;
} altair_relay_kept;

/* One statement (or Redis command) the connection ran, reported when its reply is complete, in
 * order. Pointers are valid only during the callback. */
typedef struct {
	const char *text; /* the SQL or the command as the client sent it (Redis: its words, space-joined) */
	size_t text_length;
	const char *params_json; /* a JSON array of the bound parameters, or NULL when none were bound */
	size_t params_length;
	uint64_t duration_ns; /* from the first byte sent to the server to the last byte of the reply */
	int64_t rows; /* rows returned or affected; -1 when the protocol does not say */
	const char *error; /* the server's error message, or the relay's refusal; NULL when none */
	size_t error_length;
	bool refused; /* the relay answered it itself (it never reached the server) */
} altair_relay_query;

typedef struct altair_relay_io {
	altair_relay_buf to_server; /* the core writes these bytes to the server, in order */
	altair_relay_buf to_client; /* ... and these to the client */
	void (*on_query)(void *context, const altair_relay_query *query); /* may be NULL */
	void *context;
	uint64_t (*now_ns)(void); /* a monotonic clock */
	/* Set by the engine after each call: bytes of the client's it holds until the server answers
	 * (a command behind the one in flight). The core reads no more of the client while this, or
	 * what is queued for either side, is over its bound: a client that sends without reading its
	 * replies, or faster than the server answers, is held back instead of growing the host. */
	size_t client_held;
} altair_relay_io;

typedef struct {
	altair_relay_mode mode;
	/* How a refusal names the database to the user, e.g. "mysql at 127.0.0.1:3306". */
	const char *label;
	/* The evaluation's deadline on io->now_ns's clock (CLOCK_MONOTONIC), 0 when none: no statement
	 * may run on the server past it (MariaDB's max_statement_time, MySQL's max_execution_time, set
	 * by the engine; PostgreSQL: cancel()). */
	uint64_t deadline_ns;
} altair_relay_config;

/* What holds, for sandbox.databases; filled by status() at any time (fields unknown stay as set
 * by the caller: "" / -1 / NULL / false). */
typedef struct {
	char server_version[64];
	int superuser; /* 1, 0, or -1 when unknown (PostgreSQL's is_superuser; MySQL: SUPER or ALL on *.*) */
	const char *enforced_by; /* static text, e.g. "the server: one READ ONLY transaction the client cannot end" */
	const char *residual; /* static text: what could still get through, or NULL */
	bool guarded; /* the handshake is done and the guard transaction (or mode) is in force */
} altair_relay_status;

typedef struct altair_relay_session altair_relay_session;

/* A session's call (docs/ARCHITECTURE.md, "Sessions"): the connection outlives one evaluation, and
 * the core tells its engine where each call begins and how it ended, always between the client's
 * commands (the session's processes are idle then). */
typedef enum {
	/* A call begins, with its deadline (deadline_ns): rollback mode marks where its writes can be
	 * undone to (a savepoint of the relay's own). */
	ALTAIR_RELAY_CALL_BEGIN = 0,
	/* It ended well: its writes stay (the mark is released). Without a BEGIN before it (the session's
	 * opening, or a connection the call opened), KEPT and UNDONE do nothing. */
	ALTAIR_RELAY_CALL_KEPT,
	/* It did not (an exception, a fatal error, a timeout, a limit): the session's state is the one
	 * before it, so is the database's (rolled back to the mark), and so must be the engine's own
	 * account of the client (its transaction, what it prepared). */
	ALTAIR_RELAY_CALL_UNDONE,
} altair_relay_call_step;

typedef struct altair_relay_engine {
	const char *name; /* "pgsql", "mysql", "redis" */
	/* NULL on allocation failure. io outlives the session. */
	altair_relay_session *(*open)(const altair_relay_config *config, altair_relay_io *io);
	/* Bytes as they arrive, any split; the engine keeps partial messages itself. */
	altair_relay_verdict (*from_client)(altair_relay_session *session, const unsigned char *bytes, size_t length);
	altair_relay_verdict (*from_server)(altair_relay_session *session, const unsigned char *bytes, size_t length);
	/* The client closed, or the evaluation ends: append to io->to_server what the server must get
	 * before the core closes the upstream (e.g. ROLLBACK then Terminate / COM_QUIT / QUIT). */
	void (*finish)(altair_relay_session *session);
	void (*status)(const altair_relay_session *session, altair_relay_status *out);
	void (*close)(altair_relay_session *session);
	/* Optional (NULL: server connections are never kept). */
	/* Instead of finish(), when the client is done: if the session is between commands and its
	 * server connection can serve another login, append to io->to_server what ends everything this
	 * session left on the server (its transaction, its session state), fill kept and return true;
	 * false leaves the session as it was (then finish()). */
	bool (*keep)(altair_relay_session *session, altair_relay_kept *kept);
	/* The bytes a kept connection's server sent since keep(): 1 when they are exactly the replies
	 * keep() asked for and say the connection is clean, 0 when more must come, -1 when it is not
	 * usable. */
	int (*kept_settled)(const altair_relay_kept *kept, const unsigned char *bytes, size_t length);
	/* A session on a kept connection (settled): the client gets what the server said at its own
	 * start, at once, and its login becomes a new login on that connection. NULL on allocation
	 * failure. */
	altair_relay_session *(*resume)(const altair_relay_config *config, altair_relay_io *io, const altair_relay_kept *kept);
	/* What a kept connection's server gets before the core closes it unused. */
	void (*kept_goodbye)(altair_relay_buf *to_server);
	/* Whether the server owes a reply to what was sent (a command in flight, the login): its
	 * client waits for the same reply, so the core may spin for it rather than sleep. */
	bool (*awaiting_server)(const altair_relay_session *session);
	/* Optional. The client is gone (or the evaluation ends) with a statement still running on the
	 * server: the bytes that cancel it, sent on a fresh connection to the same server
	 * (PostgreSQL's CancelRequest with the key the server gave); 0 when there is nothing to cancel. */
	size_t (*cancel)(const altair_relay_session *session, unsigned char *out, size_t room);
	/* Optional (NULL: the engine keeps nothing per call; its connection stays as the call left it).
	 * A session's call step (above): appends to io->to_server what the step needs, swallowing the
	 * replies as its guard's; false when the connection cannot serve the session on (a command still
	 * in flight, a mark the server refused): the core closes it. */
	bool (*call)(altair_relay_session *session, altair_relay_call_step step, uint64_t deadline_ns);
} altair_relay_engine;

/* The refusal every engine puts in its protocol's error packet: one sentence whatever the driver,
 * naming what was refused (e.g. "DROP"), the mode, and the flag that allows it:
 *   altair_eval: DROP refused: the database is read-only in this evaluation (run with --writes to
 *   allow writes, or --writes=rollback to try them and roll back)
 *   altair_eval: DROP refused: the database is in rollback mode in this evaluation, where only what
 *   a rollback undoes passes (run with --writes to allow it)
 * Returns the sentence's length (cut to size - 1). */
size_t altair_relay_refusal(char *out, size_t size, const char *what, altair_relay_mode mode);

/* What an engine appends to the server's own refusal of a write in read-only mode (PostgreSQL's
 * SQLSTATE 25006, MySQL's error 1792), so that a write the server refused names the way out too. */
#define ALTAIR_RELAY_SERVER_REFUSAL_HINT \
	" (altair_eval: the database is read-only in this evaluation; run with --writes to allow writes, or --writes=rollback to try them and roll back)"

/* The mode's name as sandbox.databases says it: "read-only", "rollback", "writes". */
const char *altair_relay_mode_name(altair_relay_mode mode);

#endif
