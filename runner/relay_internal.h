/*
 * The host relay's state (runner/relay.c: the loop; runner/relay_report.c: what the result says).
 * docs/ARCHITECTURE.md, "The database relay".
 */
#ifndef ALTAIR_EVAL_RUNNER_RELAY_INTERNAL_H
#define ALTAIR_EVAL_RUNNER_RELAY_INTERNAL_H

#include "internal.h"
#include <poll.h>
#include "../relay/engines.h"
#include "../relay/tls.h"

typedef enum { RELAY_CONNECTING, RELAY_OPEN, RELAY_ENDING } relay_state;

typedef struct relay_connection {
	struct altair_eval_relay *relay;
	size_t database;          /* index in the declarations */
	const altair_relay_engine *engine;
	altair_relay_session *session;
	altair_relay_io io;
	int client, server;       /* -1 once closed */
	relay_state state;
	bool finished;            /* the engine's finish() ran, or its keep() */
	bool keeping;             /* keep() said yes: once its reset is written, the server connection is kept */
	bool resumed;             /* the server connection is a kept one (kept: its record) */
	altair_relay_kept kept;
	/* TLS on a leg (runner/relay_tls.c), NULL while it is plaintext; the records to write on it,
	 * before anything the engine queues later (which goes through tls first). */
	altair_relay_tls *tls[2];
	altair_relay_buf wire[2];
} relay_connection;

typedef enum { RELAY_LISTENER, RELAY_CLIENT, RELAY_SERVER, RELAY_RESOLVER, RELAY_OUTGOING } relay_owner_kind;
typedef struct {
	relay_owner_kind kind;
	size_t index;
} relay_owner;

/* The child's resolver, where the host answers it (runner/relay_resolver.c): one connection per
 * query burst, a few at once. */
typedef struct {
	int fd;                    /* -1: a free slot */
	altair_relay_buf in, out;  /* DNS over TCP: two-byte lengths and messages */
} relay_resolver;

/* With the network on: a socket the host made for the child (runner/intercept_outgoing.c), its
 * copy kept until it is connected (a datagram one until the evaluation ends: it may connect again);
 * a blocking connect in flight answers its call once it completes. */
typedef struct {
	int fd;          /* -1: a free slot */
	ino_t inode;
	bool datagram;
	bool pending;    /* a connect in flight for a blocking socket */
	uint64_t id;     /* ... the notification it answers */
	int flags;       /* ... and the file flags given back to the socket then */
	uint64_t made;   /* the order they were made in: the oldest goes when the table is full */
} relay_outgoing;

struct altair_eval_relay {
	const altair_eval_databases *databases;
	altair_relay_mode mode;
	const altair_relay_engine *engines[ALTAIR_EVAL_RELAY_MAX_ADDRESSES];
	bool unguarded[ALTAIR_EVAL_RELAY_MAX_ADDRESSES]; /* a database this build has no engine for: raw */
	char labels[ALTAIR_EVAL_RELAY_MAX_ADDRESSES][340];
	/* Listening sockets: TCP ones the guest sent (one per declaration at most), Unix ones the host
	 * made in the scratch dir (relay-<n>.sock) or, warm, the template's that it lends (borrowed:
	 * never closed here); each serves the declaration it names. */
	struct {
		int fd;
		size_t database;
		bool borrowed;
	} listeners[ALTAIR_EVAL_RELAY_MAX_ADDRESSES + ALTAIR_EVAL_RELAY_MAX_SOCKETS];
	pid_t peer; /* borrowed listeners: the only process whose connections this evaluation relays */
	size_t listener_count;
	bool tcp_adopted[ALTAIR_EVAL_RELAY_MAX_ADDRESSES];
	bool guarded;         /* network on: the child's seccomp listener came, so its connect() is guarded */
	bool listened[ALTAIR_EVAL_RELAY_MAX_ADDRESSES];          /* something listens for it in the child */
	zend_long accepted[ALTAIR_EVAL_RELAY_MAX_ADDRESSES];     /* connections the child made */
	zend_long refused[ALTAIR_EVAL_RELAY_MAX_ADDRESSES];      /* ... closed at once (no engine, no server) */
	altair_relay_status status[ALTAIR_EVAL_RELAY_MAX_ADDRESSES];
	bool status_known[ALTAIR_EVAL_RELAY_MAX_ADDRESSES];
	relay_connection *connections[ALTAIR_EVAL_RELAY_MAX_CONNECTIONS];
	size_t connection_count;
	relay_owner owners[ALTAIR_EVAL_RELAY_WATCH_MAX];
	size_t watched;
	size_t keeping;           /* connections whose keep() said yes, not yet in the keep (runner/relay.c) */
	uint64_t spin_ns;         /* altair_eval_relay_poll's spin; 0: none (one CPU, or turned off) */
	uint64_t deadline_ms;     /* the evaluation's (altair_eval_now_ms()); 0: none */
	bool moved;               /* the last serve had traffic on a relayed connection */
	unsigned streak;          /* waits after traffic in a row no longer than the spin */
	relay_resolver resolvers[ALTAIR_EVAL_RELAY_RESOLVER_MAX];
	relay_outgoing outgoing[ALTAIR_EVAL_RELAY_OUTGOING_MAX];
	uint64_t outgoing_made;
	int listener;             /* the child's seccomp listener (interception answers on it), or -1 */
	/* Interception (runner/intercept.c): the child's seccomp listener came and this kernel can put a
	 * socket of the host's in place of the child's (SECCOMP_IOCTL_NOTIF_ADDFD). */
	bool intercepting;
	zend_long intercepted;    /* connect()s the host answered with a relayed connection */
	zend_long refused_connects; /* ... and those it refused (no declared database at that address) */
	/* TLS (runner/relay_tls.c): the relay's certificate for this evaluation's names, issued when a
	 * client first asks (process-wide cache); per declaration what was in force, for the result. */
	altair_relay_tls_context *tls_issued;
	bool tls_possible;        /* the relay has a CA to issue its certificate from (not in a threaded PHP) */
	/* Per declaration, its credentials as the engines take them: user, password, …, NULL. */
	const char *credentials[ALTAIR_EVAL_RELAY_MAX_ADDRESSES][2 * ALTAIR_EVAL_RELAY_CREDENTIALS_MAX + 1];
	int tls_server[ALTAIR_EVAL_RELAY_MAX_ADDRESSES]; /* 0 none, 1 + altair_relay_tls_verify */
	bool tls_client[ALTAIR_EVAL_RELAY_MAX_ADDRESSES];
	char tls_failure[ALTAIR_EVAL_RELAY_MAX_ADDRESSES][200];
	zval queries;             /* the list EvalResult::$queries shows */
	size_t query_bytes;
	bool queries_truncated;
};

/* relay.c: a connection that cannot go on (a session's call step refused): its client closed, its
 * engine's finish() queued for its server. */
void altair_eval_relay_connection_end(relay_connection *c);

/* relay_resolver.c: the resolver's connections in poll, served after it. */
struct pollfd altair_eval_relay_resolver_pollfd(const relay_resolver *r);
void altair_eval_relay_resolver_serve(struct altair_eval_relay *relay, size_t slot, short events);
void altair_eval_relay_resolver_close(struct altair_eval_relay *relay);

/* intercept_outgoing.c: the pending connects in poll, served after it, and every copy closed. */
struct pollfd altair_eval_intercept_outgoing_pollfd(const relay_outgoing *o);
void altair_eval_intercept_outgoing_serve(struct altair_eval_relay *relay, size_t slot, short events);
void altair_eval_intercept_outgoing_close(struct altair_eval_relay *relay);

/* relay_tls.c: TLS on the legs of a relayed connection (docs/relay.md, "TLS"). */
/* The relay's CA certificate (PEM), made on first use; NULL when there is none (a threaded PHP). */
const char *altair_eval_relay_tls_ca_pem(size_t *length);
/* Everything kept per process, freed (MSHUTDOWN). */
void altair_eval_relay_tls_shutdown(void);
/* Starts what the engine asked for (io->tls_start) after its last call; false when it cannot (the
 * engine was told, and the connection must end). */
bool altair_eval_relay_tls_apply(relay_connection *c);
/* Bytes read on a leg, decrypted there when it is TLS, to the engine; its verdict. */
altair_relay_verdict altair_eval_relay_tls_input(relay_connection *c, altair_relay_leg leg, const unsigned char *bytes, size_t length);
/* What is to be written on a leg now (sealed into records when it is TLS); NULL when its TLS failed. */
altair_relay_buf *altair_eval_relay_tls_output(relay_connection *c, altair_relay_leg leg);
/* Whether a leg has bytes it can write now. */
bool altair_eval_relay_tls_pending(const relay_connection *c, altair_relay_leg leg);
/* Bytes owed to a leg and not yet sealed or written (the backlog's measure). */
size_t altair_eval_relay_tls_queued(const relay_connection *c, altair_relay_leg leg);
void altair_eval_relay_tls_free(relay_connection *c);

/* relay_report.c: one statement an engine reported, kept under the caps. */
void altair_eval_relay_query_add(struct altair_eval_relay *relay, size_t database, const altair_relay_query *query);

#endif
