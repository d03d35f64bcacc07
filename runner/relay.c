/*
 * The host's database relay (docs/ARCHITECTURE.md, "The database relay", 3. The relay loop).
 *
 * The guest sends the listening sockets it bound in its own network namespace; supervision's
 * poll watches them and every relayed connection through altair_eval_relay_watch/serve. Each
 * accepted connection gets a non-blocking connection of its own to the real server (a new server
 * session) and a session of its database's protocol engine (relay/engine.h), which sees every
 * byte of both sides and queues what each must receive; this file writes those queues out as the
 * sockets take them, and stops reading a side while its peer's queue is over
 * ALTAIR_EVAL_RELAY_BACKLOG_BYTES. Nothing here blocks: the loop is the evaluation's own.
 *
 * A connection's life: CONNECTING (the server's connect is in flight; the client is not read),
 * OPEN, ENDING (no more reads: what is queued is written, then both are closed). The client's end
 * calls the engine's finish() first, so its rollback and goodbye reach the server.
 *
 * Kept connections: where the engine can (MySQL; relay/mysql/kept.c), a client's end between
 * commands resets the server session instead (keep()) and this process keeps the server connection
 * for altair_eval.relay_keep_ms; a later client of the same server in the same mode resumes it
 * (resume()), once the server's replies to the reset are in and clean (kept_settled()), instead of
 * a new server session. One client at a time: a kept connection is taken out of the keep while it
 * serves. Only the process that kept it uses it (a fork's copy is closed unused).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "../php_altair_eval.h"
#include "internal.h"
#include "relay_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sched.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static uint64_t now_ns(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint64_t) now.tv_sec * 1000000000u + (uint64_t) now.tv_nsec;
}

/*
 * How long altair_eval_relay_poll spins. Every relayed round trip wakes the relay twice (the
 * client's statement, the server's reply); a sleeping process's wake-up costs tens of µs on a
 * virtual machine (measured here: the relay added ~110 µs to a 65 µs MariaDB `SELECT 1`), about
 * what the reply takes to come. With one CPU a spin only steals it from the peer it waits for.
 */
static uint64_t spin_ns(void)
{
	zend_long us = ALTAIR_EVAL_G(relay_spin_us);
	cpu_set_t cpus;

	if (us <= 0 || sched_getaffinity(0, sizeof(cpus), &cpus) != 0 || CPU_COUNT(&cpus) < 2) {
		return 0;
	}
	return 1000u * (uint64_t) MIN(us, ALTAIR_EVAL_RELAY_SPIN_MAX_US);
}

/* A Unix listener of the host at <scratch>/relay-<n>.sock, which the child's view binds over the
 * path the app names (guest/lockdown/mount.c). Owner-only, like the scratch dir it is in. */
static void listen_unix(altair_eval_relay *relay, const char *scratch_dir, size_t n, size_t database)
{
	struct sockaddr_un address;
	int fd;

	memset(&address, 0, sizeof(address));
	address.sun_family = AF_UNIX;
	if ((size_t) snprintf(address.sun_path, sizeof(address.sun_path), ALTAIR_EVAL_RELAY_SOCKET_FORMAT, scratch_dir, n)
			>= sizeof(address.sun_path)
		|| (fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0)) < 0) {
		return;
	}
	if (bind(fd, (struct sockaddr *) &address, sizeof(address)) != 0 || listen(fd, SOMAXCONN) != 0) {
		close(fd);
		return;
	}
	relay->listeners[relay->listener_count].fd = fd;
	relay->listeners[relay->listener_count++].database = database;
	relay->listened[database] = true;
}

altair_eval_relay *altair_eval_relay_create(const altair_eval_databases *databases, int mode, const char *scratch_dir)
{
	altair_eval_relay *relay = ecalloc(1, sizeof(*relay));
	size_t n = 0, length;
	bool tls_wanted = false;

	relay->databases = databases;
	relay->mode = (altair_relay_mode) mode;
	for (size_t i = 0; i < databases->count && scratch_dir; i++) {
		for (size_t k = 0; k < databases->list[i].path_count && n < ALTAIR_EVAL_RELAY_MAX_SOCKETS; k++) {
			listen_unix(relay, scratch_dir, n++, i);
		}
	}
	for (size_t i = 0; i < ALTAIR_EVAL_RELAY_MAX_ADDRESSES; i++) {
		relay->status[i].superuser = -1;
		relay->engines[i] = i < databases->count ? altair_relay_engine_find(databases->list[i].protocol) : NULL;
		/* A protocol this build has no engine for passes raw, as it did before the relay, and
		 * sandbox.databases says it is not protected. */
		if (i < databases->count && !relay->engines[i]) {
			relay->engines[i] = &altair_relay_engine_raw;
			relay->unguarded[i] = true;
		}
		if (i < databases->count) {
			snprintf(relay->labels[i], sizeof(relay->labels[i]), "%s at %s", databases->list[i].protocol,
				databases->list[i].shown);
			for (size_t k = 0; k < databases->list[i].credential_count; k++) {
				relay->credentials[i][2 * k] = databases->list[i].credentials[k][0];
				relay->credentials[i][2 * k + 1] = databases->list[i].credentials[k][1];
			}
			tls_wanted |= databases->list[i].tls_child;
		}
	}
	for (size_t i = 0; i < ALTAIR_EVAL_RELAY_RESOLVER_MAX; i++) {
		relay->resolvers[i].fd = -1;
	}
	for (size_t i = 0; i < ALTAIR_EVAL_RELAY_OUTGOING_MAX; i++) {
		relay->outgoing[i].fd = -1;
	}
	relay->listener = -1;
	relay->tls_possible = tls_wanted && altair_eval_relay_tls_ca_pem(&length) != NULL;
	array_init(&relay->queries);
	relay->spin_ns = spin_ns();
	return relay;
}

/* A warm template's Unix listeners (runner/warm.c): its view has them at the paths the app names,
 * for every worker it forks, so this evaluation relays only the connections of its own worker,
 * peer (SO_PEERCRED): one left in the backlog by an earlier worker is closed unserved. The n-th
 * serves the n-th socket path of the declarations, as in altair_eval_relay_create. */
void altair_eval_relay_borrow(altair_eval_relay *relay, const int *fds, size_t count, pid_t peer)
{
	size_t n = 0;

	if (!relay) {
		return;
	}
	relay->peer = peer;
	for (size_t i = 0; i < relay->databases->count; i++) {
		for (size_t k = 0; k < relay->databases->list[i].path_count && n < count && n < ALTAIR_EVAL_RELAY_MAX_SOCKETS; k++, n++) {
			if (fds[n] >= 0 && relay->listener_count < sizeof(relay->listeners) / sizeof(relay->listeners[0])) {
				relay->listeners[relay->listener_count].fd = fds[n];
				relay->listeners[relay->listener_count].borrowed = true;
				relay->listeners[relay->listener_count++].database = i;
				relay->listened[i] = true;
			}
		}
	}
}

/* A borrowed listener's client: is it this evaluation's worker? */
static bool own_peer(const altair_eval_relay *relay, int client)
{
	struct ucred credentials;
	socklen_t length = sizeof(credentials);

	return getsockopt(client, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 && length == sizeof(credentials)
		&& relay->peer > 0 && credentials.pid == relay->peer;
}

/* "127.0.0.1:3306" / "[::1]:3306" of a bound socket. */
static bool bound_address(int fd, char *text, size_t size)
{
	struct sockaddr_storage address;
	socklen_t length = sizeof(address);
	char host[INET6_ADDRSTRLEN];

	if (getsockname(fd, (struct sockaddr *) &address, &length) != 0) {
		return false;
	}
	if (address.ss_family == AF_INET) {
		struct sockaddr_in *v4 = (struct sockaddr_in *) &address;
		inet_ntop(AF_INET, &v4->sin_addr, host, sizeof(host));
		snprintf(text, size, "%s:%u", host, (unsigned) ntohs(v4->sin_port));
		return true;
	}
	if (address.ss_family == AF_INET6) {
		struct sockaddr_in6 *v6 = (struct sockaddr_in6 *) &address;
		inet_ntop(AF_INET6, &v6->sin6_addr, host, sizeof(host));
		snprintf(text, size, "[%s]:%u", host, (unsigned) ntohs(v6->sin6_port));
		return true;
	}
	return false;
}

bool altair_eval_relay_adopt(altair_eval_relay *relay, int fd)
{
	int listening = 0;
	socklen_t length = sizeof(listening);
	char address[80];

	if (!relay || getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) != 0 || !listening
		|| !bound_address(fd, address, sizeof(address))) {
		return false;
	}
	for (size_t i = 0; i < relay->databases->count; i++) {
		if (!relay->tcp_adopted[i] && relay->databases->list[i].listen[0] && strcmp(relay->databases->list[i].listen, address) == 0
			&& relay->listener_count < sizeof(relay->listeners) / sizeof(relay->listeners[0])) {
			fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
			relay->listeners[relay->listener_count].fd = fd;
			relay->listeners[relay->listener_count++].database = i;
			relay->tcp_adopted[i] = relay->listened[i] = true;
			return true;
		}
	}
	return false;
}

void altair_eval_relay_intercept(altair_eval_relay *relay, int listener)
{
	if (relay && relay->listener < 0) {
		relay->listener = listener;
		relay->intercepting = altair_eval_intercept_probe(listener);
	}
}

/* This process's kept server connections (relay/engine.h, keep()). */
typedef struct {
	int fd;
	pid_t owner;
	const altair_relay_engine *engine;
	altair_relay_mode mode;
	struct sockaddr_storage upstream;
	socklen_t upstream_length;
	char settings[sizeof(((altair_eval_database *) NULL)->tls_ca) * 3 + 32]; /* the TLS settings it was checked under */
	uint64_t since_ms;
	altair_relay_kept kept;
	unsigned char settle[1024]; /* the server's replies to keep()'s reset, as they came */
	size_t settled;
	bool owed;                 /* those replies are still to be checked (false: given back unused) */
	altair_relay_tls *tls;     /* the server's leg was TLS: its session goes with the connection */
} kept_connection;

/* One keep per process. A threaded PHP (ZTS) keeps nothing: its threads would share it; the keep
 * then stays empty and every function below finds nothing in it. */
static kept_connection kept[ALTAIR_EVAL_RELAY_KEPT_MAX];
static size_t kept_count;

static bool keeping_enabled(void)
{
#ifdef ZTS
	return false;
#else
	return ALTAIR_EVAL_G(relay_keep_ms) > 0;
#endif
}

/* A kept connection closed unused: what its server sent (the replies to the reset) is read first,
 * then it is told goodbye, as far as its socket takes it now. Closing a socket with unread bytes
 * resets the connection, and a goodbye the server has not read yet is then lost: MariaDB counts
 * and logs an aborted connection either way. */
static void kept_goodbye(const altair_relay_engine *engine, int fd, altair_relay_tls *tls)
{
	altair_relay_buf goodbye = {0}, wire = {0};
	unsigned char unread[256];

	for (int i = 0; i < 16 && recv(fd, unread, sizeof(unread), MSG_DONTWAIT) > 0; i++) {
	}
	engine->kept_goodbye(&goodbye);
	if (tls && goodbye.length > 0) {
		(void) altair_relay_tls_send(tls, &goodbye, &wire); /* sealed: the server reads records only */
	} else if (goodbye.length > 0) {
		altair_relay_buf_append(&wire, goodbye.data, goodbye.length);
	}
	if (wire.length > 0) {
		(void) send(fd, wire.data, wire.length, MSG_NOSIGNAL | MSG_DONTWAIT);
	}
	altair_relay_buf_free(&goodbye);
	altair_relay_buf_free(&wire);
	altair_relay_tls_free(tls);
	close(fd);
}

static bool kept_settle(kept_connection *k);

/* Bytes a kept connection's server sent, decrypted when its leg is TLS, after what came before. */
static bool kept_plain(kept_connection *k, const unsigned char *bytes, size_t length)
{
	altair_relay_buf plain = {0}, wire = {0};
	bool ok;

	if (!k->tls) {
		memcpy(k->settle + k->settled, bytes, length);
		k->settled += length;
		return true;
	}
	ok = altair_relay_tls_receive(k->tls, bytes, length, &plain, &wire) == ALTAIR_RELAY_TLS_OK && wire.length == 0
		&& plain.length <= sizeof(k->settle) - k->settled;
	if (ok && plain.length > 0) {
		memcpy(k->settle + k->settled, plain.data, plain.length);
		k->settled += plain.length;
	}
	altair_relay_buf_free(&plain);
	altair_relay_buf_free(&wire);
	return ok;
}

/* Unused: told goodbye by the process that kept it; a fork's copy is only closed. Replies to its
 * reset still on their way are waited for first (kept_settle): read after the close, they reset
 * the connection and the server counts it aborted (tests/databases/015, about once in twenty runs
 * once a call came sooner after the last). */
static void kept_discard(size_t index)
{
	kept_connection *k = &kept[index];

	if (k->owner == getpid()) {
		if (k->owed) {
			(void) kept_settle(k);
		}
		kept_goodbye(k->engine, k->fd, k->tls);
	} else {
		close(k->fd);
		altair_relay_tls_free(k->tls); /* a fork's copy: its state is not this process's to use */
	}
	kept[index] = kept[--kept_count];
}

/* Whether the server's replies to the reset are in and clean; waits for them, all of them, up to
 * ALTAIR_EVAL_RELAY_SETTLE_MS (they were asked for when the previous evaluation ended). It waited
 * for a first byte only: the reset's second reply still on its way (a loaded machine, a call that
 * came at once) let a sound connection go (tests/databases/015 saw another connection about once
 * in twenty runs). */
static bool kept_settle(kept_connection *k)
{
	uint64_t deadline;

	if (!k->owed) {
		unsigned char byte;
		ssize_t n = recv(k->fd, &byte, 1, MSG_DONTWAIT | MSG_PEEK);
		return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK); /* nothing came, and it is open */
	}
	deadline = altair_eval_now_ms() + ALTAIR_EVAL_RELAY_SETTLE_MS;
	for (;;) {
		struct pollfd ready = { .fd = k->fd, .events = POLLIN };
		uint64_t now;
		while (k->settled < sizeof(k->settle)) {
			unsigned char bytes[sizeof(k->settle)];
			ssize_t n = recv(k->fd, bytes, sizeof(k->settle) - k->settled, MSG_DONTWAIT);
			if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
				return false; /* the server closed it (its wait_timeout, a KILL) */
			}
			if (n < 0) {
				break;
			}
			if (!kept_plain(k, bytes, (size_t) n)) {
				return false;
			}
		}
		int verdict = k->engine->kept_settled(&k->kept, k->settle, k->settled);
		if (verdict != 0) {
			return verdict > 0;
		}
		now = altair_eval_now_ms();
		if (k->settled >= sizeof(k->settle) || now >= deadline || poll(&ready, 1, (int) (deadline - now)) <= 0) {
			return false;
		}
	}
}

/* What a server connection's TLS was made under: a connection checked with other settings (another
 * CA file, another verification) is never another's (docs/relay.md, "TLS"). */
static void tls_settings(const altair_eval_database *declared, char *out, size_t size)
{
	snprintf(out, size, "%d %d %s\n%s\n%s", declared->tls_policy, declared->tls_verify, declared->tls_ca, declared->tls_cert,
		declared->tls_key);
}

/* A kept connection to this server for this engine and mode, settled, out of the keep; -1: none. */
static int kept_take(const altair_relay_engine *engine, altair_relay_mode mode, const altair_eval_database *declared,
	const char *key, altair_relay_kept *out, altair_relay_tls **tls)
{
	uint64_t now = altair_eval_now_ms();

	for (size_t i = kept_count; i-- > 0;) {
		kept_connection *k = &kept[i];
		if (k->owner != getpid() || now - k->since_ms > (uint64_t) MAX(ALTAIR_EVAL_G(relay_keep_ms), 0)) {
			kept_discard(i);
		}
	}
	if (!keeping_enabled() || (!engine->resume && !engine->attach)) {
		return -1;
	}
	char settings[sizeof(kept[0].settings)];
	tls_settings(declared, settings, sizeof(settings));
	for (size_t i = kept_count; i-- > 0;) {
		kept_connection *k = &kept[i];
		if (k->engine != engine || k->mode != mode || k->upstream_length != declared->upstream_length
			|| memcmp(&k->upstream, &declared->upstream, declared->upstream_length) != 0 || strcmp(k->settings, settings) != 0
			|| strcmp(k->kept.key, key) != 0) {
			continue;
		}
		if (!kept_settle(k)) {
			kept_discard(i);
			continue;
		}
		int fd = k->fd;
		*out = k->kept;
		*tls = k->tls;
		kept[i] = kept[--kept_count];
		return fd;
	}
	return -1;
}

/* Whether one more of this relay's connections may be kept: the keep has room for it besides the
 * ones already being kept, once the least recently kept one of an earlier evaluation is let go if
 * it must (a caller that alternates modes or servers keeps its latest). Asked before keep(): a
 * connection with no room ends with finish() (its goodbye without a reset to wait for). */
static bool kept_room(const altair_eval_relay *relay)
{
	if (kept_count + relay->keeping >= ALTAIR_EVAL_RELAY_KEPT_MAX && kept_count > 0) {
		size_t oldest = 0;
		for (size_t i = 1; i < kept_count; i++) {
			oldest = kept[i].since_ms < kept[oldest].since_ms ? i : oldest;
		}
		kept_discard(oldest);
	}
	return kept_count + relay->keeping < ALTAIR_EVAL_RELAY_KEPT_MAX;
}

/* Into the keep (settled: nothing more is owed), or told goodbye and closed when it is full. */
static void kept_put(const altair_relay_engine *engine, altair_relay_mode mode, const altair_eval_database *declared, int fd,
	altair_relay_tls *tls, const altair_relay_kept *record, bool settled)
{
	if (keeping_enabled() && kept_count < ALTAIR_EVAL_RELAY_KEPT_MAX && declared->upstream_length <= sizeof(kept[0].upstream)) {
		kept_connection *k = &kept[kept_count++];
		memset(k, 0, sizeof(*k));
		k->fd = fd;
		k->owner = getpid();
		k->engine = engine;
		k->mode = mode;
		memcpy(&k->upstream, &declared->upstream, declared->upstream_length);
		k->upstream_length = declared->upstream_length;
		tls_settings(declared, k->settings, sizeof(k->settings));
		k->since_ms = altair_eval_now_ms();
		k->kept = *record;
		k->owed = !settled; /* settled: taken, checked, and given back unused */
		k->tls = tls;
		return;
	}
	kept_goodbye(engine, fd, tls);
}

void altair_eval_relay_kept_close(void)
{
	while (kept_count > 0) {
		kept_discard(kept_count - 1);
	}
}

static void close_fd(int *fd)
{
	if (*fd >= 0) {
		close(*fd);
		*fd = -1;
	}
}

/* What holds for its database, kept from the last session that said. */
static void keep_status(altair_eval_relay *relay, relay_connection *c)
{
	altair_relay_status status;

	if (!c->session) {
		return;
	}
	status = relay->status[c->database];
	c->engine->status(c->session, &status);
	relay->status[c->database] = status;
	relay->status_known[c->database] = true;
}

static void drop(altair_eval_relay *relay, size_t index)
{
	relay_connection *c = relay->connections[index];

	keep_status(relay, c);
	if (c->session) {
		c->engine->close(c->session);
	}
	close_fd(&c->client);
	/* keep() said yes and its reset is all written: the server connection is kept (its TLS with it) */
	if (c->keeping && c->server >= 0 && c->io.to_server.length == 0 && c->wire[ALTAIR_RELAY_SERVER].length == 0
		&& (!c->tls[ALTAIR_RELAY_SERVER] || altair_relay_tls_established(c->tls[ALTAIR_RELAY_SERVER]))) {
		kept_put(c->engine, relay->mode, &relay->databases->list[c->database], c->server, c->tls[ALTAIR_RELAY_SERVER], &c->kept, false);
		c->tls[ALTAIR_RELAY_SERVER] = NULL;
		c->server = -1;
	}
	relay->keeping -= c->keeping;
	close_fd(&c->server);
	altair_eval_relay_tls_free(c);
	altair_relay_buf_free(&c->io.to_server);
	altair_relay_buf_free(&c->io.to_client);
	efree(c);
	relay->connections[index] = relay->connections[--relay->connection_count];
}

static void on_query(void *context, const altair_relay_query *query)
{
	relay_connection *c = context;

	altair_eval_relay_query_add(c->relay, c->database, query);
}

/* A new client on a listener: a fresh server connection (non-blocking) and engine session. */
/*
 * Both legs carry small request/reply exchanges: Nagle's algorithm would hold a short write back
 * until the previous one is acknowledged (a delayed ACK away). A Unix socket refuses the option;
 * that is fine, there is nothing to delay there.
 */
static void no_delay(int fd)
{
	int on = 1;

	(void) setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof(on));
}

/* A non-blocking connection to the declared server, in flight; -1 when it cannot even start. */
static int connect_upstream(const altair_eval_database *declared)
{
	int server = socket(declared->upstream.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);

	if (server >= 0 && connect(server, (const struct sockaddr *) &declared->upstream, declared->upstream_length) != 0
		&& errno != EINPROGRESS) {
		close(server);
		return -1;
	}
	if (server >= 0) {
		no_delay(server);
	}
	return server;
}

static bool write_out(int fd, altair_relay_buf *buf);

/* Writes what is owed to one leg, sealed into records first when it is TLS; false when that leg is
 * gone or its TLS failed (the engine was told: relay_tls.c). */
static bool flush_leg(relay_connection *c, altair_relay_leg leg)
{
	altair_relay_buf *out = altair_eval_relay_tls_output(c, leg);

	return out && write_out(leg == ALTAIR_RELAY_SERVER ? c->server : c->client, out);
}

static bool unix_socket(int fd)
{
	struct sockaddr_storage address;
	socklen_t length = sizeof(address);

	return fd >= 0 && getsockname(fd, (struct sockaddr *) &address, &length) == 0 && address.ss_family == AF_UNIX;
}

/* An engine session's configuration: the mode, the label, the deadline, TLS as the declaration
 * asks for it (docs/relay.md, "TLS"), the credentials the host read for this server. */
static void connection_config(altair_eval_relay *relay, size_t database, int client, int server, altair_relay_config *config)
{
	const altair_eval_database *declared = &relay->databases->list[database];

	memset(config, 0, sizeof(*config));
	config->mode = relay->mode;
	config->label = relay->labels[database];
	config->deadline_ns = relay->deadline_ms * 1000000u; /* the same monotonic clock as now_ns() */
	config->server_tls = (altair_relay_tls_policy) declared->tls_policy;
	config->client_tls = declared->tls_child && relay->tls_possible;
	config->client_secure = unix_socket(client);
	config->server_local = declared->upstream.ss_family == AF_UNIX;
	(void) server;
	config->credentials = relay->credentials[database][0] ? relay->credentials[database] : NULL;
}

/* A client of a declared database: a fresh server connection (non-blocking) or a kept one, and an
 * engine session. The client is a connection a listener accepted, or one the host made in place
 * of the child's own socket (runner/intercept.c). */
void altair_eval_relay_attach(altair_eval_relay *relay, size_t database, int client)
{
	const altair_eval_database *declared = &relay->databases->list[database];
	const altair_relay_engine *engine = relay->engines[database];
	altair_relay_config config;
	relay_connection *c;
	int server = -1;
	altair_relay_kept record;

	relay->accepted[database]++;
	relay->moved = true;
	if (relay->connection_count >= ALTAIR_EVAL_RELAY_MAX_CONNECTIONS || declared->upstream_length == 0) {
		close(client);
		relay->refused[database]++;
		return;
	}
	altair_relay_tls *kept_tls = NULL;
	/* An engine that chooses its server once it read the client's start gets none yet (attach_server). */
	bool late = engine->attach != NULL;
	bool resumed = !late && engine->resume && (server = kept_take(engine, relay->mode, declared, "", &record, &kept_tls)) >= 0;
	if (!late && !resumed && (server = connect_upstream(declared)) < 0) {
		close(client);
		relay->refused[database]++;
		return;
	}
	no_delay(client);
	c = ecalloc(1, sizeof(*c));
	c->relay = relay;
	c->database = database;
	c->engine = engine;
	c->client = client;
	c->server = server;
	c->state = resumed || late ? RELAY_OPEN : RELAY_CONNECTING;
	c->tls[ALTAIR_RELAY_SERVER] = kept_tls;
	c->io.on_query = on_query;
	c->io.context = c;
	c->io.now_ns = now_ns;
	connection_config(relay, database, client, server, &config);
	if (resumed) {
		c->resumed = true;
		c->kept = record;
		c->session = engine->resume(&config, &c->io, &record);
	} else {
		c->session = engine->open(&config, &c->io);
	}
	relay->connections[relay->connection_count++] = c;
	if (!c->session || !altair_eval_relay_tls_apply(c)) {
		c->state = RELAY_ENDING;
	} else if (resumed && !flush_leg(c, ALTAIR_RELAY_CLIENT)) {
		close_fd(&c->client); /* the greeting, at once: the server has nothing to say first */
	}
}

static void accept_client(altair_eval_relay *relay, size_t listener)
{
	int client = accept4(relay->listeners[listener].fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);

	if (client < 0) {
		return;
	}
	if (relay->listeners[listener].borrowed && !own_peer(relay, client)) {
		close(client);
		return;
	}
	altair_eval_relay_attach(relay, relay->listeners[listener].database, client);
}

/* The engine read the client's start and asks for its server (ALTAIR_RELAY_ATTACH): a kept one
 * kept under the key it names, settled, or a new one (connecting: the client is not read until it
 * is made). False when neither can be had. */
static bool attach_server(relay_connection *c)
{
	const altair_eval_database *declared = &c->relay->databases->list[c->database];
	altair_relay_tls *tls = NULL;
	int server = c->server >= 0 || c->io.attach_fresh ? -1
		: kept_take(c->engine, c->relay->mode, declared, c->io.attach_key, &c->kept, &tls);

	if (c->server >= 0) {
		return false; /* asked twice */
	}
	if (server >= 0) {
		c->server = server;
		c->tls[ALTAIR_RELAY_SERVER] = tls;
		c->resumed = true;
		c->engine->attach(c->session, &c->kept);
	} else {
		if ((c->server = connect_upstream(declared)) < 0) {
			return false;
		}
		c->state = RELAY_CONNECTING;
		c->engine->attach(c->session, NULL);
	}
	return altair_eval_relay_tls_apply(c) && !c->io.to_server.failed && !c->io.to_client.failed;
}

/* The client does not fit its kept server connection (ALTAIR_RELAY_RECONNECT): that connection
 * goes back to the keep as it was, and the session continues on a fresh one. */
static void reconnect(relay_connection *c)
{
	const altair_eval_database *declared = &c->relay->databases->list[c->database];

	kept_put(c->engine, c->relay->mode, declared, c->server, c->tls[ALTAIR_RELAY_SERVER], &c->kept, true);
	c->tls[ALTAIR_RELAY_SERVER] = NULL;
	altair_relay_buf_reset(&c->wire[ALTAIR_RELAY_SERVER]);
	c->resumed = false;
	c->server = connect_upstream(declared);
	if (c->server < 0) {
		close_fd(&c->client);
		c->state = RELAY_ENDING;
		return;
	}
	c->state = RELAY_CONNECTING;
}

void altair_eval_relay_deadline(altair_eval_relay *relay, uint64_t deadline_ms)
{
	if (relay) {
		relay->deadline_ms = deadline_ms;
	}
}

/* Whether a client may be read: its session is open, nothing it caused is queued past the bound
 * (the server's side, its own replies, what the engine holds of it: a client that never reads the
 * relay's refusals grew the host ~33 times what it wrote), and the evaluation is not over. */
static bool client_readable(const relay_connection *c, bool late)
{
	return c->state == RELAY_OPEN && !late && altair_eval_relay_tls_queued(c, ALTAIR_RELAY_SERVER) < ALTAIR_EVAL_RELAY_BACKLOG_BYTES
		&& altair_eval_relay_tls_queued(c, ALTAIR_RELAY_CLIENT) < ALTAIR_EVAL_RELAY_BACKLOG_BYTES
		&& c->io.client_held < ALTAIR_EVAL_RELAY_BACKLOG_BYTES;
}

size_t altair_eval_relay_watch(altair_eval_relay *relay, struct pollfd *fds, size_t room)
{
	size_t count = 0;

	if (!relay) {
		return 0;
	}
	bool late = relay->deadline_ms && altair_eval_now_ms() >= relay->deadline_ms;
	for (size_t i = 0; i < relay->listener_count && count < room; i++) {
		if (relay->listeners[i].fd >= 0) {
			relay->owners[count] = (relay_owner) { .kind = RELAY_LISTENER, .index = i };
			fds[count++] = (struct pollfd) { .fd = relay->listeners[i].fd, .events = POLLIN };
		}
	}
	for (size_t i = 0; i < relay->connection_count && count + 2 <= room; i++) {
		relay_connection *c = relay->connections[i];
		short client = 0, server = 0;

		if (c->state == RELAY_CONNECTING) {
			server = POLLOUT;
		} else {
			if (client_readable(c, late)) {
				client |= POLLIN;
			}
			if (c->state == RELAY_OPEN && altair_eval_relay_tls_queued(c, ALTAIR_RELAY_CLIENT) < ALTAIR_EVAL_RELAY_BACKLOG_BYTES) {
				server |= POLLIN;
			}
			client |= altair_eval_relay_tls_pending(c, ALTAIR_RELAY_CLIENT) ? POLLOUT : 0;
			server |= altair_eval_relay_tls_pending(c, ALTAIR_RELAY_SERVER) ? POLLOUT : 0;
		}
		relay->owners[count] = (relay_owner) { .kind = RELAY_CLIENT, .index = i };
		fds[count++] = (struct pollfd) { .fd = c->client, .events = client };
		relay->owners[count] = (relay_owner) { .kind = RELAY_SERVER, .index = i };
		fds[count++] = (struct pollfd) { .fd = c->server, .events = server };
	}
	for (size_t i = 0; i < ALTAIR_EVAL_RELAY_RESOLVER_MAX && count < room; i++) {
		if (relay->resolvers[i].fd >= 0) {
			relay->owners[count] = (relay_owner) { .kind = RELAY_RESOLVER, .index = i };
			fds[count++] = altair_eval_relay_resolver_pollfd(&relay->resolvers[i]);
		}
	}
	for (size_t i = 0; i < ALTAIR_EVAL_RELAY_OUTGOING_MAX && count < room; i++) {
		if (relay->outgoing[i].fd >= 0 && relay->outgoing[i].pending) {
			relay->owners[count] = (relay_owner) { .kind = RELAY_OUTGOING, .index = i };
			fds[count++] = altair_eval_intercept_outgoing_pollfd(&relay->outgoing[i]);
		}
	}
	relay->watched = count;
	return count;
}

/* Writes what is queued for one side, as much as the socket takes; false when that side is gone. */
static bool write_out(int fd, altair_relay_buf *buf)
{
	while (fd >= 0 && buf->length > 0) {
		ssize_t n = send(fd, buf->data, buf->length, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n > 0) {
			altair_relay_buf_consume(buf, (size_t) n);
			continue;
		}
		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			return true;
		}
		altair_relay_buf_reset(buf);
		return false;
	}
	return fd >= 0 || buf->length == 0;
}

/* A statement still running on the server when its client is gone (relay/engine.h, cancel()):
 * the engine's cancel request, on a connection of its own to the same server, written at once or
 * not at all (ALTAIR_EVAL_RELAY_CANCEL_MS for the connect: a local server takes it in well under). */
static void cancel_running(relay_connection *c)
{
	unsigned char request[64];
	size_t length = c->engine->cancel && c->session && c->state == RELAY_OPEN && c->server >= 0
		? c->engine->cancel(c->session, request, sizeof(request)) : 0;
	int fd = length ? connect_upstream(&c->relay->databases->list[c->database]) : -1;

	if (fd < 0) {
		return;
	}
	struct pollfd writable = { .fd = fd, .events = POLLOUT };
	if (poll(&writable, 1, ALTAIR_EVAL_RELAY_CANCEL_MS) == 1 && (writable.revents & POLLOUT)) {
		(void) send(fd, request, length, MSG_NOSIGNAL | MSG_DONTWAIT);
	}
	close(fd);
}

/* The client is gone or done: the engine's finish() (rollback, goodbye) goes to the server. */
static void end(relay_connection *c)
{
	if (c->session && !c->finished) {
		c->finished = true;
		cancel_running(c);
		/* Between commands, with its server still there: kept for the next client (drop()). */
		c->keeping = c->engine->keep && keeping_enabled() && c->state == RELAY_OPEN && c->server >= 0
			&& kept_room(c->relay) && c->engine->keep(c->session, &c->kept);
		c->relay->keeping += c->keeping;
		if (!c->keeping) {
			c->engine->finish(c->session);
		}
	}
	c->state = RELAY_ENDING;
}

void altair_eval_relay_connection_end(relay_connection *c)
{
	close_fd(&c->client);
	end(c);
}

static void read_side(relay_connection *c, bool from_client)
{
	unsigned char bytes[ALTAIR_EVAL_RELAY_CHUNK_BYTES];
	ssize_t n = recv(from_client ? c->client : c->server, bytes, sizeof(bytes), MSG_DONTWAIT);
	altair_relay_verdict verdict;

	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
		return;
	}
	if (n <= 0) {
		if (from_client) {
			close_fd(&c->client);
			altair_relay_buf_reset(&c->io.to_client);
			altair_relay_buf_reset(&c->wire[ALTAIR_RELAY_CLIENT]);
		} else {
			close_fd(&c->server);
			altair_relay_buf_reset(&c->io.to_server);
			altair_relay_buf_reset(&c->wire[ALTAIR_RELAY_SERVER]);
		}
		end(c);
		return;
	}
	verdict = altair_eval_relay_tls_input(c, from_client ? ALTAIR_RELAY_CLIENT : ALTAIR_RELAY_SERVER, bytes, (size_t) n);
	if (verdict == ALTAIR_RELAY_ATTACH && c->engine->attach) {
		if (!attach_server(c)) {
			end(c);
		}
	} else if (verdict == ALTAIR_RELAY_RECONNECT && c->resumed && !c->io.to_server.failed && !c->io.to_client.failed) {
		reconnect(c);
	} else if (verdict != ALTAIR_RELAY_CONTINUE || c->io.to_server.failed || c->io.to_client.failed) {
		end(c);
	}
}

/* The server's connect finished: open, or the client is closed (nothing was relayed yet). */
static void connected(relay_connection *c)
{
	int error = 0;
	socklen_t length = sizeof(error);

	if (getsockopt(c->server, SOL_SOCKET, SO_ERROR, &error, &length) != 0 || error != 0) {
		close_fd(&c->server);
		close_fd(&c->client);
		c->state = RELAY_ENDING;
		return;
	}
	c->state = RELAY_OPEN;
}

static void serve_connection(relay_connection *c, short client_events, short server_events)
{
	if (c->state == RELAY_CONNECTING) {
		if (server_events & (POLLOUT | POLLERR | POLLHUP)) {
			connected(c);
		}
		return;
	}
	if ((client_events & POLLOUT) && !flush_leg(c, ALTAIR_RELAY_CLIENT)) {
		close_fd(&c->client);
		end(c);
	}
	if ((server_events & POLLOUT) && !flush_leg(c, ALTAIR_RELAY_SERVER)) {
		close_fd(&c->server);
		end(c);
	}
	if (c->state == RELAY_OPEN && (client_events & (POLLIN | POLLHUP | POLLERR))) {
		read_side(c, true);
	}
	if (c->state == RELAY_OPEN && c->server >= 0 && (server_events & (POLLIN | POLLHUP | POLLERR))) {
		read_side(c, false);
	}
	/* What the engine queued now is written at once where the socket takes it. */
	if (!flush_leg(c, ALTAIR_RELAY_SERVER)) {
		close_fd(&c->server);
		end(c);
	}
	if (!flush_leg(c, ALTAIR_RELAY_CLIENT)) {
		close_fd(&c->client);
		end(c);
	}
}

/* An ending connection is closed once what it owes each side that is still there is written. */
static bool finished(const relay_connection *c)
{
	return c->state == RELAY_ENDING && (c->server < 0 || !altair_eval_relay_tls_pending(c, ALTAIR_RELAY_SERVER))
		&& (c->client < 0 || !altair_eval_relay_tls_pending(c, ALTAIR_RELAY_CLIENT));
}

/*
 * Adaptive: it spins only once RELAY_SPIN_STREAK waits in a row after traffic were shorter than the
 * spin, as in a loop of statements; a longer one ends the streak. A spin that waits in vain takes a
 * CPU from whoever works meanwhile (the snippet between its statements, the server starting a
 * session, the template forking the next worker): spinning after every exchange made a warm
 * User::count(), one connection and a few statements, 0.3-0.9 ms slower on this 2-core VM.
 */
#define RELAY_SPIN_STREAK 8
/* Whether a server owes a reply to what the relay sent it (a connect, a command): the worker waits
 * for it too, so a spin then takes no CPU the snippet needs. */
static bool awaiting_server(const altair_eval_relay *relay)
{
	for (size_t i = 0; i < relay->connection_count; i++) {
		const relay_connection *c = relay->connections[i];
		if (c->state == RELAY_CONNECTING
			|| (c->state == RELAY_OPEN && c->session && c->engine->awaiting_server && c->io.to_server.length == 0
				&& c->engine->awaiting_server(c->session))) {
			return true;
		}
	}
	return false;
}

int altair_eval_relay_poll(altair_eval_relay *relay, struct pollfd *fds, nfds_t count, int timeout_ms)
{
	uint64_t started;
	int ready;

	if (!relay || !relay->moved || relay->spin_ns == 0 || timeout_ms == 0) {
		return poll(fds, count, timeout_ms);
	}
	started = now_ns();
	if (relay->streak >= RELAY_SPIN_STREAK || awaiting_server(relay)) {
		do {
			if ((ready = poll(fds, count, 0)) != 0) {
				relay->streak++;
				return ready;
			}
		} while (now_ns() - started < relay->spin_ns);
	}
	ready = poll(fds, count, timeout_ms);
	relay->streak = now_ns() - started <= relay->spin_ns ? relay->streak + 1 : 0;
	return ready;
}

void altair_eval_relay_serve(altair_eval_relay *relay, struct pollfd *fds, size_t count)
{
	size_t connections = relay ? relay->connection_count : 0;

	if (!relay || count != relay->watched) {
		return;
	}
	relay->moved = false;
	for (size_t k = 0; k < count; k++) {
		relay_owner owner = relay->owners[k];

		if (owner.kind == RELAY_CLIENT && owner.index < connections && k + 1 < count) {
			relay->moved |= ((fds[k].revents | fds[k + 1].revents) & (POLLIN | POLLOUT)) != 0;
			serve_connection(relay->connections[owner.index], fds[k].revents, fds[k + 1].revents);
			k++;
		}
	}
	for (size_t k = 0; k < count; k++) {
		if (relay->owners[k].kind == RELAY_RESOLVER && fds[k].revents) {
			altair_eval_relay_resolver_serve(relay, relay->owners[k].index, fds[k].revents);
		}
		if (relay->owners[k].kind == RELAY_OUTGOING && fds[k].revents) {
			altair_eval_intercept_outgoing_serve(relay, relay->owners[k].index, fds[k].revents);
		}
	}
	for (size_t i = relay->connection_count; i-- > 0;) {
		if (finished(relay->connections[i])) {
			drop(relay, i);
		}
	}
	/* New connections last: a client that reconnects at once (DB::purge(), then a query) finds the
	 * connection its previous one just left in the keep. */
	for (size_t k = 0; k < count; k++) {
		if (relay->owners[k].kind == RELAY_LISTENER && (fds[k].revents & POLLIN)) {
			relay->moved = true;
			accept_client(relay, relay->owners[k].index);
		}
	}
}

/* The evaluation ended: every engine's finish() to its server, written for at most
 * ALTAIR_EVAL_RELAY_FINISH_MS (a server that does not take it rolls back when the connection
 * drops anyway), then everything closed. */
/* Stops listening: closes its own listeners, lets go of the borrowed ones (a warm template's, which
 * keeps them for its next worker). Done again by free() after finish(): a no-op then. */
static void close_listeners(altair_eval_relay *relay)
{
	for (size_t i = 0; i < relay->listener_count; i++) {
		if (relay->listeners[i].borrowed) {
			relay->listeners[i].fd = -1;
		}
		close_fd(&relay->listeners[i].fd);
	}
}

void altair_eval_relay_finish(altair_eval_relay *relay)
{
	uint64_t until = altair_eval_now_ms() + ALTAIR_EVAL_RELAY_FINISH_MS;

	if (!relay) {
		return;
	}
	close_listeners(relay);
	altair_eval_relay_resolver_close(relay);
	altair_eval_intercept_outgoing_close(relay);
	for (size_t i = 0; i < relay->connection_count; i++) {
		relay_connection *c = relay->connections[i];
		close_fd(&c->client);
		if (c->state == RELAY_CONNECTING) {
			close_fd(&c->server);
		}
		end(c);
	}
	for (;;) {
		struct pollfd fds[ALTAIR_EVAL_RELAY_MAX_CONNECTIONS];
		size_t count = 0;
		uint64_t now = altair_eval_now_ms();

		for (size_t i = 0; i < relay->connection_count; i++) {
			relay_connection *c = relay->connections[i];
			if (!flush_leg(c, ALTAIR_RELAY_SERVER)) {
				close_fd(&c->server);
			}
			if (c->server >= 0 && altair_eval_relay_tls_pending(c, ALTAIR_RELAY_SERVER)) {
				fds[count++] = (struct pollfd) { .fd = c->server, .events = POLLOUT };
			}
		}
		if (count == 0 || now >= until || poll(fds, count, (int) (until - now)) < 0) {
			break;
		}
	}
	while (relay->connection_count > 0) {
		drop(relay, relay->connection_count - 1);
	}
}

void altair_eval_relay_free(altair_eval_relay *relay)
{
	if (!relay) {
		return;
	}
	close_listeners(relay);
	altair_eval_relay_resolver_close(relay);
	altair_eval_intercept_outgoing_close(relay);
	while (relay->connection_count > 0) {
		drop(relay, relay->connection_count - 1);
	}
	zval_ptr_dtor(&relay->queries);
	efree(relay);
}
