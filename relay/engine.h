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
	/* An engine that chooses its server connection once it read the client's start (attach()): the
	 * core takes a kept connection kept under io->attach_key (none when io->attach_fresh) or
	 * connects anew, and tells the engine which (attach()). */
	ALTAIR_RELAY_ATTACH,
} altair_relay_verdict;

/* A server connection an engine lets the core keep after its client is done, for a later client of
 * the same server and mode (docs/ARCHITECTURE.md, "The database relay", kept connections): what
 * resuming it takes. Opaque to the core. */
#define ALTAIR_RELAY_KEPT_BYTES 2048
#define ALTAIR_RELAY_KEPT_KEY 72
typedef struct {
	unsigned char bytes[ALTAIR_RELAY_KEPT_BYTES];
	size_t length;
	/* What a later client must bring for this connection to be its own (PostgreSQL: a digest of its
	 * user, database, startup settings and password); "" for an engine that decides at resume(). */
	char key[ALTAIR_RELAY_KEPT_KEY];
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

/* The two legs of a relayed connection. */
typedef enum { ALTAIR_RELAY_SERVER = 0, ALTAIR_RELAY_CLIENT = 1 } altair_relay_leg;

typedef struct altair_relay_io {
	altair_relay_buf to_server; /* the core writes these bytes to the server, in order */
	altair_relay_buf to_client; /* ... and these to the client */
	/* TLS (docs/relay.md, "TLS"; the core does it: relay/tls.h, runner/relay_tls.c). Set by the
	 * engine through altair_relay_start_tls(): TLS starts on that leg after the first tls_plain[leg]
	 * bytes queued for it, which go as they are (the protocol's own request for TLS, or its
	 * answer); from then on what the engine queues for that leg goes in records, and what comes
	 * from it is decrypted before the engine sees it. The core clears tls_start once it started. */
	bool tls_start[2];
	size_t tls_plain[2];
	/* Bytes the client sent after its request for TLS, which the engine had in hand when it asked
	 * (MySQL's client sends its ClientHello right behind its SSLRequest; Redis's client speaks TLS
	 * from its first byte): moved here by the engine, the core hands them to the client's TLS leg
	 * once it started it. */
	altair_relay_buf tls_carry;
	/* With the verdict ALTAIR_RELAY_ATTACH: the key of the kept connection the session may take, or
	 * attach_fresh for a new server connection whatever is kept (a cancel request, a login the
	 * relay does not answer itself). */
	char attach_key[ALTAIR_RELAY_KEPT_KEY];
	bool attach_fresh;
	void (*on_query)(void *context, const altair_relay_query *query); /* may be NULL */
	void *context;
	uint64_t (*now_ns)(void); /* a monotonic clock */
	/* Set by the engine after each call: bytes of the client's it holds until the server answers
	 * (a command behind the one in flight). The core reads no more of the client while this, or
	 * what is queued for either side, is over its bound: a client that sends without reading its
	 * replies, or faster than the server answers, is held back instead of growing the host. */
	size_t client_held;
} altair_relay_io;

/* TLS to the server, as the app's configuration asks for it (the verification is the core's). */
typedef enum {
	ALTAIR_RELAY_TLS_NEVER = 0, /* sslmode=disable; a MySQL or Redis app that asks for none */
	ALTAIR_RELAY_TLS_PREFERRED, /* when the server offers it (libpq's prefer, its default) */
	ALTAIR_RELAY_TLS_REQUIRED,  /* or the client is refused (sslmode=require and stricter, a CA, rediss://) */
} altair_relay_tls_policy;

typedef struct {
	altair_relay_mode mode;
	/* How a refusal names the database to the user, e.g. "mysql at 127.0.0.1:3306". */
	const char *label;
	/* The evaluation's deadline on io->now_ns's clock (CLOCK_MONOTONIC), 0 when none: no statement
	 * may run on the server past it (MariaDB's max_statement_time, MySQL's max_execution_time, set
	 * by the engine; PostgreSQL: cancel()). */
	uint64_t deadline_ns;
	/* TLS to the server (docs/relay.md, "TLS"). With ALTAIR_RELAY_TLS_NEVER the engine still
	 * follows a client that asks for TLS where its protocol lets the relay see it (MySQL). */
	altair_relay_tls_policy server_tls;
	/* The relay has a certificate for the names the app uses: a client that asks for TLS may get
	 * it (PostgreSQL: only when the app's configuration requires TLS; MySQL: when the server
	 * offers it; Redis: a client that speaks TLS from its first byte). */
	bool client_tls;
	/* The client's leg is one mysqlnd sends a password on in clear (TLS, or a Unix socket): MySQL's
	 * caching_sha2_password full authentication takes the relay's own RSA key otherwise. */
	bool client_secure;
	/* The server's leg is a Unix socket (a secure transport to MySQL without TLS). */
	bool server_local;
	/* Passwords the host read from the app's own configuration for this server (PostgreSQL: the
	 * relay answers a login of these users itself and logs in to the server with them: kept
	 * connections; docs/relay.md, "PostgreSQL", kept connections). NULL-terminated pairs, or NULL. */
	const char *const *credentials;
} altair_relay_config;

/* Starts TLS on leg after what is queued for it now (relay/engine.h, io->tls_start). */
static inline void altair_relay_start_tls(altair_relay_io *io, altair_relay_leg leg)
{
	io->tls_start[leg] = true;
	io->tls_plain[leg] = leg == ALTAIR_RELAY_SERVER ? io->to_server.length : io->to_client.length;
}

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
	 * opening, or a connection the call opened), KEPT and UNDONE set no mark back (an engine may still
	 * undo what it armed for the call: MySQL's statement time limit). */
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
	/* Optional: an engine whose server connection is chosen once it read the client's start. Its
	 * sessions are opened with no server; its verdict ALTAIR_RELAY_ATTACH asks for one (io->attach_key),
	 * and attach() says what it got: a kept connection (its record, as keep() filled it; the
	 * connection is settled and its server owes nothing), or NULL: a new connection, in progress
	 * (what the engine queues for the server is written once it is made). */
	void (*attach)(altair_relay_session *session, const altair_relay_kept *kept);
	/* Optional. TLS failed on a leg (the server's certificate did not verify, its handshake
	 * failed; why is the reason): the engine queues its protocol's error for the client, when the
	 * client can still be told (the server's leg), and the core ends the connection. */
	void (*tls_failed)(altair_relay_session *session, altair_relay_leg leg, const char *why);
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
