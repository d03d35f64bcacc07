/*
 * One relayed MySQL / MariaDB connection (relay/mysql/: mysql.c the entry points and the login,
 * commands.c the client's commands, reply.c the server's replies). Internal to the engine.
 *
 * One command is in flight at a time: the client's next command waits in client_in until the
 * server's reply to the current one is complete, so that the relay's own commands (the guard
 * transaction, a ping after an error) slot in between without breaking the client's sequence.
 */
#ifndef ALTAIR_RELAY_MYSQL_SESSION_H
#define ALTAIR_RELAY_MYSQL_SESSION_H

#include <stdbool.h>
#include <stdint.h>

#include "../engine.h"
#include "classify.h"
#include "packet.h"

/* The name of the savepoint a client's own transaction becomes. */
#define ALTAIR_MYSQL_CLIENT_SAVEPOINT "altair_client_transaction"
/* The guard's XA transaction name (relay/mysql/guard.c): this, then 32 random hex digits. */
#define ALTAIR_MYSQL_XID_PREFIX "altair_"
#define ALTAIR_MYSQL_XID_MAX 48
/* One statement of the guard's ("XA ROLLBACK '<xid>'"), with room. */
#define ALTAIR_MYSQL_GUARD_TEXT_MAX 80
/* A session's call marks where it began with a savepoint of the relay's own, this and the call's
 * number (relay/mysql/call.c); a client's savepoint named altair_* is refused (classify.c). */
#define ALTAIR_MYSQL_CALL_SAVEPOINT "altair_call_"
/* The relay's statements a call's steps may leave waiting for the flight to end. */
#define ALTAIR_MYSQL_CALL_STATEMENTS_MAX 6

typedef enum {
	PHASE_GREETING = 0, /* waiting for the server's greeting */
	PHASE_LOGIN,        /* waiting for the client's handshake response */
	PHASE_AUTH,         /* authentication packets pass both ways until the server's OK or ERR */
	PHASE_READY,        /* commands */
	PHASE_DONE,         /* finished or failed: nothing more passes */
} mysql_phase;

/* Who is waiting for the reply in flight. */
typedef enum {
	ORIGIN_NONE = 0,
	ORIGIN_CLIENT,
	ORIGIN_GUARD,     /* [the lost guard ended,] [SET SESSION TRANSACTION READ ONLY,] XA START '<xid>' */
	ORIGIN_CHECK,     /* COM_PING after an error: is the guard transaction still open? */
	ORIGIN_SAVEPOINT, /* the client's savepoint set again after the guard was restored */
	ORIGIN_PROBE,     /* does the login hold SUPER? (for status()) */
	ORIGIN_CALL,      /* a session's call step: its mark set, released or rolled back to, its time limit undone */
} mysql_origin;

/* Where the server's reply stands. */
typedef enum {
	REPLY_FIRST = 0,    /* OK, ERR, LOCAL INFILE request or a column count */
	REPLY_COLUMNS,      /* column definitions, then an EOF */
	REPLY_ROWS,         /* rows until an EOF or ERR */
	REPLY_PREPARE,      /* COM_STMT_PREPARE: OK or ERR */
	REPLY_PREPARE_DEFS, /* its parameter and column definitions (each list ends with an EOF) */
	REPLY_ONE,          /* a single packet (OK, ERR, EOF or COM_STATISTICS' text) */
	REPLY_FIELD_LIST,   /* column definitions until an EOF or ERR */
	REPLY_INFILE,       /* the client streams a LOCAL INFILE (writes mode) */
} mysql_reply_state;

typedef struct {
	uint32_t id;
	uint16_t params;
	unsigned char *types; /* 2 bytes per parameter, as last bound; NULL before */
	char *text;
	size_t text_length;
	uint64_t long_data; /* parameters (< 64) sent with COM_STMT_SEND_LONG_DATA since the last execute */
	altair_mysql_action action; /* a transaction statement prepared (as DO 0): what executing it does */
} mysql_statement;

typedef struct {
	mysql_origin origin;
	uint8_t command;
	bool report; /* on_query when complete */
	char *text;  /* the client's statement (reported) */
	size_t text_length;
	char *params_json;
	size_t params_length;
	uint64_t started_ns;
	int64_t rows;
	char *error;
	size_t error_length;
	altair_mysql_action action; /* what the client asked for, for its view of the transaction */
	char kind[ALTAIR_MYSQL_KIND_MAX];
	/* the reply */
	mysql_reply_state state;
	uint64_t columns_left;
	int definition_lists; /* REPLY_PREPARE_DEFS: lists still to come */
	bool continued;       /* the last server packet continues in the next */
	bool binary_rows;     /* a COM_STMT_EXECUTE: a cursor may stop after the columns */
	bool server_error;
	uint16_t error_code;
	uint16_t last_status; /* the server's, from its last OK or EOF */
	/* Replies to the relay's own commands sent in front of the client's (its time limit): swallowed. */
	uint8_t prefix_replies;
	/* A batch of the relay's own commands sent at once (inject_batch): the replies still to come,
	 * the errors allowed in those before must_from, and whether one after it failed. */
	uint8_t replies_left;
	uint8_t reply_index;
	uint8_t must_from;
	bool batch_failed;
} mysql_flight;

/* The largest greeting a kept connection remembers (MariaDB's and MySQL's are ~100 bytes). */
#define MYSQL_GREETING_MAX 256
#define MYSQL_USER_MAX 128

#define MYSQL_PROOF_AUTH_MAX 64
#define MYSQL_PROOF_NAME_MAX 64

/* A login the server accepted at its first round (no auth switch, no more auth data) against the
 * scramble of the greeting a kept connection replays: a later client that sends the same user,
 * plugin and auth data for that same scramble knows the same password (relay/mysql/kept.c). */
typedef struct {
	bool valid;
	uint8_t charset;
	uint8_t auth_length;
	unsigned char auth[MYSQL_PROOF_AUTH_MAX];
	char plugin[MYSQL_PROOF_NAME_MAX];
	char database[MYSQL_PROOF_NAME_MAX];
	char user[MYSQL_USER_MAX];
} mysql_proof;

/* A kept connection (relay/engine.h, keep()): the greeting its first client got, what was agreed. */
typedef struct {
	uint32_t offered;  /* the capabilities the greeting offers */
	uint32_t agreed;   /* ... and what the connection's login agreed on */
	uint16_t greeting_size;
	uint8_t replies;   /* the OK packets keep() asked for */
	uint8_t guard_reply; /* which of them (from 1) opened the guard transaction; 0: none */
	int8_t superuser;  /* the probe's answer for user, or -1 */
	bool server_tls;   /* the server's greeting offered TLS */
	bool prepared;     /* keep() put proof's database and character set in place, and the guard */
	bool upstream_tls; /* the server's leg is TLS (its session goes with the connection: runner/relay.c) */
	bool offer_tls;    /* the greeting offers the client TLS */
	uint8_t mode;      /* the relay mode it was kept in (altair_relay_mode) */
	char xid[ALTAIR_MYSQL_XID_MAX]; /* the guard keep() opened (guard_reply), "" when none */
	unsigned char greeting[MYSQL_GREETING_MAX + ALTAIR_MYSQL_HEADER];
	char server_version[64];
	char user[MYSQL_USER_MAX];
	mysql_proof proof;
} mysql_kept;

struct altair_relay_session {
	altair_relay_mode mode;
	altair_relay_io *io;
	mysql_phase phase;
	altair_relay_buf client_in, server_in;
	uint32_t capabilities; /* what the client and server agreed on, as the relay let them */
	char server_version[64];
	bool server_tls;       /* its greeting offered TLS */
	/* TLS (docs/relay.md, "TLS"): the app's configuration for the server's leg (config), whether
	 * the client may be offered TLS (the server offers it and the relay has a certificate), and
	 * what is in force. The server's leg goes TLS when the login is forwarded: because the client
	 * asked (its own leg is TLS then) or because the configuration requires it. */
	altair_relay_tls_policy tls_policy;
	bool client_tls;
	bool client_secure;    /* the client's leg is one mysqlnd sends a password on in clear (config) */
	bool server_local;     /* the server's leg is a Unix socket (config) */
	bool offer_tls;        /* the greeting the client got offers TLS */
	bool client_tls_started;
	bool upstream_tls;
	uint8_t login_sequence; /* the client's login packet's number (what an error to it follows) */
	/* kept connections (relay/mysql/kept.c) */
	unsigned char greeting[MYSQL_GREETING_MAX + ALTAIR_MYSQL_HEADER]; /* as the client got it (0: too long) */
	uint16_t greeting_size;
	uint32_t offered;       /* the capabilities that greeting offers */
	char user[MYSQL_USER_MAX]; /* the login's user ("" when unknown) */
	char database[MYSQL_PROOF_NAME_MAX]; /* the login's database ("" when none, or too long) */
	bool use_answerable;    /* the next command is the first since the login (commands.c, use_of_login) */
	bool auth_exchanged;    /* the login took more than one round (an auth switch): its scramble may be spent */
	/* Client packets the server has asked for during authentication (an auth switch request, more
	 * auth data): only that many pass before the server's OK, so a command pipelined behind the
	 * login waits for the guard (docs/ARCHITECTURE.md, "The database relay"). */
	unsigned auth_turns;
	mysql_proof login_proof; /* the login in progress, a proof once the server accepts it at its first round */
	mysql_proof proof;      /* the connection's, carried from keep to keep */
	char xid[ALTAIR_MYSQL_XID_MAX]; /* the guard's XA transaction name ("" before the first) */
	uint64_t deadline_ns;   /* the evaluation's (relay/engine.h), 0: none */
	bool limit_pending;     /* the session's statement time limit goes in front of the client's next command */
	bool flight_complete;   /* reply.c finished the reply in flight: the engine calls altair_mysql_flight_done */
	bool resumed;           /* on a kept connection: the login becomes a COM_CHANGE_USER */
	/* The login's exchange as numbered on each side: the client's = the server's + shift (a resumed
	 * login's COM_CHANGE_USER starts at 0: +1; an SSLRequest the relay sent in front of the
	 * client's login: -1). */
	int shift;
	mysql_kept kept;        /* resumed: the kept connection's record */
	unsigned char *pending_login; /* a login the kept connection did not fit, for a fresh server */
	size_t pending_login_size;
	/* the guard */
	bool guarded;         /* the guard transaction is open (read-only and rollback modes) */
	bool guard_opened;    /* it was opened once (then reopened before any client command when lost) */
	bool logged_in;
	bool guard_pending;   /* it must be (re)opened before the client's next command */
	bool check_pending;   /* ask whether it is still open (after an error) */
	bool savepoint_pending; /* set the client's savepoint again (autocommit off, guard reopened) */
	bool probe_pending;   /* ask the server whether the login is a superuser, once */
	int superuser;        /* 1, 0, or -1 until the probe answered */
	/* the client's view */
	bool client_autocommit;
	bool client_in_transaction; /* its savepoint exists */
	/* a session's calls (relay/mysql/call.c) */
	uint64_t call_number;     /* the last call marked: its savepoint is altair_call_<n> */
	bool call_marked;         /* a call's mark is set and its end not yet taken */
	bool call_autocommit;     /* the client's view at the mark, restored when the call is undone */
	bool call_in_transaction;
	uint32_t call_prepared;   /* the last statement prepared before the mark: later ones are the call's */
	size_t call_pending;      /* the step's statements waiting for the flight to end (pump) */
	size_t call_must_from;    /* ... the first whose failure closes the connection */
	char call_text[ALTAIR_MYSQL_CALL_STATEMENTS_MAX][ALTAIR_MYSQL_GUARD_TEXT_MAX];
	mysql_flight flight;
	mysql_statement *statements;
	size_t statement_count, statement_capacity;
	uint32_t last_prepared;
};

/* The engine's files, from the floor up (each calls only those before it; docs/relay.md, "MySQL"):
 * packet.c (framing), lex.c and classify.c (statements), params.c (bound values), session.c (the
 * session, the flight, the relay's own commands), guard.c (the XA guard), reply.c (the server's
 * replies), commands.c (the client's commands), call.c (a session's calls), kept.c (kept
 * connections), mysql.c (the entry points and the login). */

/* session.c */
altair_relay_session *altair_mysql_open(const altair_relay_config *config, altair_relay_io *io);
void altair_mysql_flight_clear(mysql_flight *flight);
/* The status flags the client sees: the server's, with the transaction and autocommit bits of
 * the client's own view. */
uint16_t altair_mysql_client_status(const altair_relay_session *s, uint16_t server_status);
mysql_statement *altair_mysql_statement_find(altair_relay_session *s, uint32_t id);
/* A login was accepted (by the server, or by the relay on a kept connection's proof). */
void altair_mysql_logged_in(altair_relay_session *s);
/* Starts a command of the relay's own; its reply is swallowed. */
bool altair_mysql_inject(altair_relay_session *s, mysql_origin origin, uint8_t command, const char *text);
/* Statements as COM_QUERY commands, in order. */
bool altair_mysql_append_statements(altair_relay_buf *out, const char *const *statements, size_t count);
/* The relay's own commands sent at once; their replies are swallowed, and an error in one at or
 * after must_from fails the batch. */
bool altair_mysql_inject_batch(altair_relay_session *s, mysql_origin origin, const char *const *statements, size_t count,
	size_t must_from);

/* Before a login goes to the server: TLS on the server's leg where the client's leg is TLS or the
 * app's configuration requires it (docs/relay.md, "TLS"): an SSLRequest (the login's first bytes,
 * saying TLS) numbered as the login would be, then TLS. Returns the number the login (login: its
 * payload) gets on the server's side, and sets shift. */
uint8_t altair_mysql_upstream_tls(altair_relay_session *s, const unsigned char *login, uint8_t sequence);

/* guard.c: the guard transaction. */
void altair_mysql_new_xid(altair_relay_session *s);
/* The statements that end the guard named xid (XA END, XA ROLLBACK) into statements, their text
 * in text; 0 when there is none. */
size_t altair_mysql_guard_end(const char *xid, const char **statements, char (*text)[ALTAIR_MYSQL_GUARD_TEXT_MAX]);
/* The statements that open a guard named xid in this mode; 0 when it has no name. */
size_t altair_mysql_guard_start(altair_relay_mode mode, const char *xid, const char **statements, char *text, size_t size);
/* SHOW PROFILES' history emptied and profiling off: two statements. */
size_t altair_mysql_clear_profiles(const char **statements);
/* Whether a status the server sent says the guard holds in this mode. */
bool altair_mysql_guard_holds(altair_relay_mode mode, uint16_t status);
/* Opens the guard (again: the lost one ended first) under a new xid, before anything of the client's. */
bool altair_mysql_guard_open(altair_relay_session *s);
/* Whether an error code is the server refusing to end or leave the guard (XAER_RMFAIL). */
bool altair_mysql_guard_refusal(uint16_t code);

/* params.c: a COM_STMT_EXECUTE's bound values as a JSON array (NULL when none or on malformed
 * input); updates the statement's bound types. */
char *altair_mysql_params_json(mysql_statement *statement, const unsigned char *payload, size_t length, size_t *json_length);

/* reply.c: one packet of the reply in flight. When it completes the reply, s->flight_complete is
 * set and the engine calls altair_mysql_flight_done. */
altair_relay_verdict altair_mysql_reply(altair_relay_session *s, const altair_mysql_packet *packet, const unsigned char *raw);

/* commands.c */
/* The reply in flight is complete: report it, update the client's view, start what comes next. */
altair_relay_verdict altair_mysql_flight_done(altair_relay_session *s);
/* Starts what comes next while nothing is in flight: the relay's own commands first, then the
 * client's next whole message from client_in. */
altair_relay_verdict altair_mysql_pump(altair_relay_session *s);
/* The client's COM_QUIT, or the end: the server told goodbye (it rolls the guard back). */
void altair_mysql_finish(altair_relay_session *s);
/* The session's statement time limit for what is left before its deadline ("SET SESSION
 * max_statement_time = …", MySQL's max_execution_time); false when there is no deadline. */
bool altair_mysql_time_limit(const altair_relay_session *s, char *out, size_t size);

/* call.c: a session's call step (relay/engine.h, call()). */
bool altair_mysql_call(altair_relay_session *s, altair_relay_call_step step, uint64_t deadline_ns);

/* kept.c */
/* The client's handshake response, as far as the relay reads it. */
typedef struct {
	uint32_t capabilities;
	uint32_t max_packet;
	uint8_t charset;
	const unsigned char *user, *auth, *database, *plugin, *attributes;
	size_t user_length, auth_length, database_length, plugin_length, attributes_size; /* attributes: with their length */
} altair_mysql_login;
bool altair_mysql_login_parse(const unsigned char *payload, size_t length, altair_mysql_login *login);
/* s->user from a parsed login ("" when it does not fit), and s->login_proof. */
void altair_mysql_note_login(altair_relay_session *s, const altair_mysql_login *login);
/* The server's OK to the login in progress, at its first round: its proof becomes the connection's. */
void altair_mysql_proof_accepted(altair_relay_session *s);
/* The login on a kept connection: a COM_CHANGE_USER, or ALTAIR_RELAY_RECONNECT when it does not fit. */
altair_relay_verdict altair_mysql_resumed_login(altair_relay_session *s, const altair_mysql_packet *packet, const unsigned char *raw,
	uint32_t capabilities);
/* After a reconnect: the fresh server's greeting came (s->capabilities set): the client's login
 * for it, made to ask for an auth switch (its auth data answered another scramble). */
altair_relay_verdict altair_mysql_replay_login(altair_relay_session *s);
bool altair_mysql_keep(altair_relay_session *s, altair_relay_kept *kept);
int altair_mysql_kept_settled(const altair_relay_kept *kept, const unsigned char *bytes, size_t length);
altair_relay_session *altair_mysql_resume(const altair_relay_config *config, altair_relay_io *io, const altair_relay_kept *kept);
void altair_mysql_kept_goodbye(altair_relay_buf *to_server);

#endif
