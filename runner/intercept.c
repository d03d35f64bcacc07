/*
 * The host's half of the child's seccomp user notifications (the child's half is
 * guest/lockdown/seccomp.c; docs/ARCHITECTURE.md, "The database relay", interception).
 *
 * A process start is refused and counted, but for the one a session's holder makes for its call's
 * worker (runner/session.c: a plain fork from that pid, let through once). A connect() (where the child has no network namespace
 * of its own, or the network is on) is decided here and never let go on: the address is read once
 * from the child's memory, and everything after uses that copy, so that nothing the child changes
 * meanwhile (a second thread rewriting the address) reaches the kernel's connect:
 *   - a declared database's address (its TCP address, any local address on its port, its socket
 *     path or the same socket by another path): the host makes a connection of its own, hands one
 *     end to the relay as a client of that database, and puts the other in place of the child's
 *     socket (SECCOMP_IOCTL_NOTIF_ADDFD with SECCOMP_ADDFD_FLAG_SETFD, Linux 5.9): the call
 *     returns 0 and the child talks to the relay;
 *   - port 53 with the network off: the same, to the host's answers for the declared names
 *     (runner/relay_resolver.c);
 *   - anything else: refused with the network off; with the network on, connected by the host
 *     itself on its own copy of the socket (runner/intercept_outgoing.c).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "../php_altair_eval.h"
#include "internal.h"
#include "relay_internal.h"
#include "intercept.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>
#ifdef HAVE_VALGRIND_VALGRIND_H
# include <valgrind/valgrind.h>
#endif

#ifdef ALTAIR_EVAL_INTERCEPT

/* How long making the host's loopback connection may take (it is local: at once, unless something
 * floods the host's listener). */
#define INTERCEPT_PAIR_WAIT_MS 1000

/* ---- answering ------------------------------------------------------------------------------- */

void altair_eval_intercept_answer(int listener, uint64_t id, int error, int64_t value)
{
	union {
		struct seccomp_notif_resp response;
		char room[ALTAIR_EVAL_NOTIF_ROOM];
	} answer;

	memset(&answer, 0, sizeof(answer));
	answer.response.id = id;
	answer.response.error = error ? -error : 0;
	answer.response.val = error ? 0 : value;
	(void) ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, &answer.response);
}

/* Puts fd into the child's table at number target (SETFD), or at the lowest free number (target
 * -1); the number, or -1 with errno. */
int altair_eval_intercept_addfd(int listener, uint64_t id, int fd, int target, bool cloexec, bool send)
{
	struct seccomp_notif_addfd addfd;

	memset(&addfd, 0, sizeof(addfd));
	addfd.id = id;
	addfd.flags = (target >= 0 ? SECCOMP_ADDFD_FLAG_SETFD : 0) | (send ? SECCOMP_ADDFD_FLAG_SEND : 0);
	addfd.srcfd = (uint32_t) fd;
	addfd.newfd = target >= 0 ? (uint32_t) target : 0;
	addfd.newfd_flags = cloexec ? O_CLOEXEC : 0;
	return ioctl(listener, SECCOMP_IOCTL_NOTIF_ADDFD, &addfd);
}

bool altair_eval_intercept_probe(int listener)
{
	struct seccomp_notif_addfd addfd;

#ifdef HAVE_VALGRIND_VALGRIND_H
	/* Valgrind 3.19 does not know this ioctl: under it the call is taken on trust, as the kernel
	 * the suite runs on has it (a kernel without it is the containers suite's simulation). */
	if (RUNNING_ON_VALGRIND) {
		return true;
	}
#endif
	/* A notification id nobody waits on: a kernel with ADDFD says there is none (ENOENT); one
	 * without it does not know the request (EINVAL). */
	memset(&addfd, 0, sizeof(addfd));
	addfd.id = 0;
	addfd.srcfd = (uint32_t) listener;
	return ioctl(listener, SECCOMP_IOCTL_NOTIF_ADDFD, &addfd) < 0 && errno == ENOENT;
}

/* ---- what the child asked ---------------------------------------------------------------------- */

/* The bytes at pointer in the child's memory, read once; false when they cannot be read. */
bool altair_eval_intercept_read(pid_t pid, uint64_t pointer, void *into, size_t length, size_t *read_length)
{
	char path[64];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%ld/mem", (long) pid);
	if (pointer == 0 || (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		return false;
	}
	n = pread(fd, into, length, (off_t) pointer);
	close(fd);
	if (n <= 0) {
		return false;
	}
	*read_length = (size_t) n;
	return true;
}

/* The child's descriptor number: is it a socket (and which: its inode), and its file flags
 * (/proc/<pid>/fdinfo). 0, or the error connect() would give (EBADF, ENOTSOCK). */
int altair_eval_intercept_socket_of(pid_t pid, uint64_t number, ino_t *inode, int *flags)
{
	char path[64], link[64], info[256];
	ssize_t n;
	int fd;
	char *line;
	unsigned long long ino;

	if (number > INT_MAX) {
		return EBADF;
	}
	snprintf(path, sizeof(path), "/proc/%ld/fd/%d", (long) pid, (int) number);
	if ((n = readlink(path, link, sizeof(link) - 1)) < 0) {
		return EBADF;
	}
	link[n] = '\0';
	if (sscanf(link, "socket:[%llu]", &ino) != 1) {
		return ENOTSOCK;
	}
	*inode = (ino_t) ino;
	*flags = 0;
	snprintf(path, sizeof(path), "/proc/%ld/fdinfo/%d", (long) pid, (int) number);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) >= 0) {
		n = read(fd, info, sizeof(info) - 1);
		close(fd);
		info[n > 0 ? n : 0] = '\0';
		if ((line = strstr(info, "flags:")) != NULL) {
			*flags = (int) strtol(line + strlen("flags:"), NULL, 8);
		}
	}
	return 0;
}

/* ---- which database an address names --------------------------------------------------------- */

static int port_of(const struct sockaddr_storage *address)
{
	return address->ss_family == AF_INET ? ntohs(((const struct sockaddr_in *) address)->sin_port)
		: (address->ss_family == AF_INET6 ? ntohs(((const struct sockaddr_in6 *) address)->sin6_port) : 0);
}

/* An IPv4 address as 4 bytes, an IPv4-mapped IPv6 one too; false for another IPv6 one (into v6). */
static bool inet4_of(const struct sockaddr_storage *address, struct in_addr *v4, struct in6_addr *v6)
{
	if (address->ss_family == AF_INET) {
		*v4 = ((const struct sockaddr_in *) address)->sin_addr;
		return true;
	}
	*v6 = ((const struct sockaddr_in6 *) address)->sin6_addr;
	if (IN6_IS_ADDR_V4MAPPED(v6)) {
		memcpy(v4, &v6->s6_addr[12], 4);
		return true;
	}
	return false;
}

static bool same_inet(const struct sockaddr_storage *a, const struct sockaddr_storage *b)
{
	struct in_addr a4, b4;
	struct in6_addr a6, b6;
	bool a_is4, b_is4;

	if ((a->ss_family != AF_INET && a->ss_family != AF_INET6) || (b->ss_family != AF_INET && b->ss_family != AF_INET6)
		|| port_of(a) != port_of(b)) {
		return false;
	}
	a_is4 = inet4_of(a, &a4, &a6);
	b_is4 = inet4_of(b, &b4, &b6);
	return a_is4 == b_is4 && (a_is4 ? a4.s_addr == b4.s_addr : memcmp(&a6, &b6, sizeof(a6)) == 0);
}

/* An address of this machine: loopback, unspecified (0.0.0.0 and :: reach the local host), or one
 * of its interfaces' (what a server listening on all of them answers on). */
static bool is_local(const struct sockaddr_storage *address)
{
	struct in_addr v4;
	struct in6_addr v6;
	struct ifaddrs *interfaces = NULL;
	bool local = false;

	if (inet4_of(address, &v4, &v6)) {
		if ((ntohl(v4.s_addr) >> 24) == 127 || v4.s_addr == htonl(INADDR_ANY)) {
			return true;
		}
	} else if (IN6_IS_ADDR_LOOPBACK(&v6) || IN6_IS_ADDR_UNSPECIFIED(&v6)) {
		return true;
	}
	if (getifaddrs(&interfaces) != 0) {
		return false;
	}
	for (struct ifaddrs *i = interfaces; i && !local; i = i->ifa_next) {
		struct sockaddr_storage own;
		if (!i->ifa_addr || (i->ifa_addr->sa_family != AF_INET && i->ifa_addr->sa_family != AF_INET6)) {
			continue;
		}
		memset(&own, 0, sizeof(own));
		memcpy(&own, i->ifa_addr, i->ifa_addr->sa_family == AF_INET ? sizeof(struct sockaddr_in) : sizeof(struct sockaddr_in6));
		if (own.ss_family == AF_INET) {
			((struct sockaddr_in *) &own)->sin_port = htons((uint16_t) port_of(address));
		} else {
			((struct sockaddr_in6 *) &own)->sin6_port = htons((uint16_t) port_of(address));
		}
		local = same_inet(&own, address);
	}
	freeifaddrs(interfaces);
	return local;
}

/* "127.0.0.1:3306" / "[::1]:3306" (a declaration's listen address) as an address. */
static bool listen_address(const char *text, struct sockaddr_storage *address)
{
	char host[INET6_ADDRSTRLEN + 2];
	const char *colon = strrchr(text, ':');
	size_t length = colon ? (size_t) (colon - text) : 0;
	long port = colon ? strtol(colon + 1, NULL, 10) : 0;

	memset(address, 0, sizeof(*address));
	if (!colon || length == 0 || length >= sizeof(host) || port < 1 || port > 65535) {
		return false;
	}
	memcpy(host, text, length);
	host[length] = '\0';
	if (host[0] == '[' && length > 2 && host[length - 1] == ']') {
		struct sockaddr_in6 *v6 = (struct sockaddr_in6 *) address;
		host[length - 1] = '\0';
		v6->sin6_family = AF_INET6;
		v6->sin6_port = htons((uint16_t) port);
		return inet_pton(AF_INET6, host + 1, &v6->sin6_addr) == 1;
	}
	struct sockaddr_in *v4 = (struct sockaddr_in *) address;
	v4->sin_family = AF_INET;
	v4->sin_port = htons((uint16_t) port);
	return inet_pton(AF_INET, host, &v4->sin_addr) == 1;
}

/* The declaration a TCP address names, or -1: the server's own address, the address the child
 * is given for it (a loopback one, a host name's 127.0.0.<n>), or any local address on its port
 * when the server is on this machine. */
static int database_at(const altair_eval_relay *relay, const struct sockaddr_storage *address)
{
	const altair_eval_databases *databases = relay->databases;
	int port = port_of(address);
	int local = -1; /* unknown until asked: getifaddrs is a netlink round trip */

	for (size_t i = 0; i < databases->count; i++) {
		const altair_eval_database *database = &databases->list[i];
		struct sockaddr_storage given;

		if (database->socket[0]) {
			continue;
		}
		if (same_inet(address, &database->upstream)
			|| (database->listen[0] && listen_address(database->listen, &given) && same_inet(address, &given))) {
			return (int) i;
		}
	}
	for (size_t i = 0; i < databases->count; i++) {
		const altair_eval_database *database = &databases->list[i];

		if (database->socket[0] || database->port != port) {
			continue;
		}
		if (database->upstream.ss_family == AF_UNIX || (database->upstream_length > 0 && is_local(&database->upstream))) {
			if (local < 0) {
				local = is_local(address);
			}
			if (local) {
				return (int) i;
			}
		}
	}
	return -1;
}

static bool same_socket_file(const char *a, const struct stat *b)
{
	struct stat info;

	return a[0] == '/' && stat(a, &info) == 0 && S_ISSOCK(info.st_mode) && info.st_dev == b->st_dev && info.st_ino == b->st_ino;
}

/* The declaration a Unix socket path names, or -1: one of its paths as written, or the same socket
 * file by any other path (a /var/run link, a link the snippet made). A relative path is the
 * child's working directory's. */
static int database_at_path(const altair_eval_relay *relay, pid_t pid, const char *given)
{
	const altair_eval_databases *databases = relay->databases;
	char path[PATH_MAX], cwd[PATH_MAX], link[64];
	struct stat info;
	bool exists;

	if (given[0] == '/') {
		strlcpy(path, given, sizeof(path));
	} else {
		ssize_t n;
		snprintf(link, sizeof(link), "/proc/%ld/cwd", (long) pid);
		if ((n = readlink(link, cwd, sizeof(cwd) - 1)) < 0) {
			return -1;
		}
		cwd[n] = '\0';
		snprintf(path, sizeof(path), "%s/%s", cwd, given);
	}
	exists = stat(path, &info) == 0 && S_ISSOCK(info.st_mode);
	/* PostgreSQL's socket is named after its port: .s.PGSQL.<port> of a server declared on this
	 * machine at that port is that server (libpq's host=/dir, Laravel's DB_HOST=/var/run/postgresql). */
	const char *name = strrchr(path, '/');
	long pg_port = name && strncmp(name + 1, ".s.PGSQL.", strlen(".s.PGSQL.")) == 0 ? strtol(name + 1 + strlen(".s.PGSQL."), NULL, 10) : 0;
	for (size_t i = 0; pg_port > 0 && i < databases->count; i++) {
		const altair_eval_database *database = &databases->list[i];
		if (strcmp(database->protocol, "pgsql") == 0 && !database->socket[0] && database->port == pg_port
			&& database->upstream_length > 0 && is_local(&database->upstream)) {
			return (int) i;
		}
	}
	for (size_t i = 0; i < databases->count; i++) {
		const altair_eval_database *database = &databases->list[i];
		const char *named[2 + sizeof(database->paths) / sizeof(database->paths[0])];
		size_t count = 0;

		named[count++] = database->socket;
		named[count++] = database->upstream.ss_family == AF_UNIX ? ((const struct sockaddr_un *) &database->upstream)->sun_path : "";
		for (size_t k = 0; k < database->path_count; k++) {
			named[count++] = database->paths[k];
		}
		for (size_t k = 0; k < count; k++) {
			if (named[k][0] && (strcmp(named[k], path) == 0 || (exists && same_socket_file(named[k], &info)))) {
				return (int) i;
			}
		}
	}
	return -1;
}

/* ---- a connection of the host's in place of the child's socket -------------------------------- */

/* A socket of the host's bound to 127.0.0.1 on a port of its own, made once per process (a fork
 * makes its own): the listener the loopback pairs are made through, and a port bound but never
 * listening, which refuses every connection (no one else can take it meanwhile). */
typedef struct {
	int fd;
	pid_t owner;
} host_port;

static host_port pair_listener = { -1, 0 };
static host_port refusing_port = { -1, 0 };

static bool host_port_get(host_port *port, bool listening, struct sockaddr_in *address)
{
	socklen_t length = sizeof(*address);

	if (port->fd >= 0 && port->owner != getpid()) {
		close(port->fd);
		port->fd = -1;
	}
	if (port->fd < 0) {
		int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
		memset(address, 0, sizeof(*address));
		address->sin_family = AF_INET;
		address->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		if (fd < 0 || bind(fd, (struct sockaddr *) address, sizeof(*address)) != 0 || (listening && listen(fd, SOMAXCONN) != 0)) {
			if (fd >= 0) {
				close(fd);
			}
			return false;
		}
		port->fd = fd;
		port->owner = getpid();
	}
	return getsockname(port->fd, (struct sockaddr *) address, &length) == 0;
}

/* A non-blocking TCP socket of the given family whose connect to the IPv4 address to is under way
 * (an IPv6 one by the mapped address); -1 when it could not even start. */
static int connect_loopback(int family, const struct sockaddr_in *to)
{
	struct sockaddr_in6 mapped;
	int fd = socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0), status;

	if (fd < 0) {
		return -1;
	}
	if (family == AF_INET6) {
		memset(&mapped, 0, sizeof(mapped));
		mapped.sin6_family = AF_INET6;
		mapped.sin6_port = to->sin_port;
		mapped.sin6_addr.s6_addr[10] = mapped.sin6_addr.s6_addr[11] = 0xff;
		memcpy(&mapped.sin6_addr.s6_addr[12], &to->sin_addr, 4);
		status = connect(fd, (struct sockaddr *) &mapped, sizeof(mapped));
	} else {
		status = connect(fd, (const struct sockaddr *) to, sizeof(*to));
	}
	if (status != 0 && errno != EINPROGRESS && errno != ECONNREFUSED) {
		close(fd);
		return -1;
	}
	return fd;
}

static bool wait_for(int fd, short events)
{
	struct pollfd ready = { .fd = fd, .events = events };
	int n;

	while ((n = poll(&ready, 1, INTERCEPT_PAIR_WAIT_MS)) < 0 && errno == EINTR) {
	}
	return n > 0;
}

/* A TCP connection on loopback: *child_end of the given family, *relay_end the host's accepted
 * end. Only the connection whose peer is child_end is taken: anything else in the listener's
 * backlog is closed. */
static bool loopback_pair(int family, int *child_end, int *relay_end)
{
	struct sockaddr_in listening, peer;
	union { struct sockaddr_in v4; struct sockaddr_in6 v6; } own;
	socklen_t length;
	in_port_t own_port;
	int error = 0, child;

	if (!host_port_get(&pair_listener, true, &listening) || (child = connect_loopback(family, &listening)) < 0) {
		return false;
	}
	length = sizeof(error);
	if (!wait_for(child, POLLOUT) || getsockopt(child, SOL_SOCKET, SO_ERROR, &error, &length) != 0 || error != 0
		|| (length = sizeof(own), getsockname(child, (struct sockaddr *) &own, &length)) != 0) {
		close(child);
		return false;
	}
	own_port = family == AF_INET6 ? own.v6.sin6_port : own.v4.sin_port;
	for (;;) {
		int accepted;
		length = sizeof(peer);
		accepted = accept4(pair_listener.fd, (struct sockaddr *) &peer, &length, SOCK_NONBLOCK | SOCK_CLOEXEC);
		if (accepted < 0) {
			if ((errno == EAGAIN || errno == EWOULDBLOCK) && wait_for(pair_listener.fd, POLLIN)) {
				continue;
			}
			if (errno == EINTR || errno == ECONNABORTED) {
				continue;
			}
			close(child);
			return false;
		}
		if (peer.sin_port == own_port && peer.sin_addr.s_addr == htonl(INADDR_LOOPBACK)) {
			*child_end = child;
			*relay_end = accepted;
			return true;
		}
		close(accepted); /* a stranger's: the listener is the host's, but loopback is everyone's */
	}
}

/* The pair for a declared database or the resolver: TCP for an inet address, a socket pair for a
 * Unix one; the child's end takes the file flags of the socket it replaces. */
static bool make_pair(sa_family_t family, int child_flags, int *child_end, int *relay_end)
{
	int on = 1;

	if (family == AF_UNIX) {
		int pair[2];
		if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) {
			return false;
		}
		*child_end = pair[0];
		*relay_end = pair[1];
		fcntl(*relay_end, F_SETFL, fcntl(*relay_end, F_GETFL) | O_NONBLOCK);
	} else if (!loopback_pair(family, child_end, relay_end)) {
		return false;
	} else {
		(void) setsockopt(*child_end, IPPROTO_TCP, TCP_NODELAY, &on, sizeof(on));
	}
	fcntl(*child_end, F_SETFL, (fcntl(*child_end, F_GETFL) & ~O_NONBLOCK) | (child_flags & O_NONBLOCK));
	return true;
}

/* A refusal as the kernel gives it to a non-blocking TCP socket: EINPROGRESS now, and
 * ECONNREFUSED from SO_ERROR once poll() says it is done (PHP's streams, mysqlnd among them, have
 * no message for an immediate refusal: "Unknown error while connecting"). The child's socket is
 * replaced by one of the host's whose connect to the refusing port was refused. 0 when done. */
static int refused_in_place(int listener, const altair_eval_intercepted *call, sa_family_t family, int child_flags)
{
	struct sockaddr_in closed;
	int fd;

	if (!host_port_get(&refusing_port, false, &closed) || (fd = connect_loopback(family, &closed)) < 0) {
		return -1;
	}
	if (altair_eval_intercept_addfd(listener, call->id, fd, (int) call->args[0], (child_flags & O_CLOEXEC) != 0, false) < 0) {
		close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

/* ---- connect() ------------------------------------------------------------------------------- */

/* What a connect() to address names (-1 database: not a declared one). */
typedef struct {
	int database;
	bool resolver;
	bool inet;
} intercept_target;

static int read_target(const altair_eval_relay *relay, const altair_eval_intercepted *call,
	struct sockaddr_storage *address, size_t *length, intercept_target *target)
{
	memset(address, 0, sizeof(*address));
	memset(target, 0, sizeof(*target));
	target->database = -1;
	if (call->args[2] < sizeof(sa_family_t)
		|| !altair_eval_intercept_read(call->pid, call->args[1], address, MIN(call->args[2], sizeof(*address) - 1), length)
		|| *length < sizeof(sa_family_t)) {
		return EFAULT;
	}
	switch (address->ss_family) {
		case AF_INET:
		case AF_INET6:
			if (*length < (address->ss_family == AF_INET ? sizeof(struct sockaddr_in) : sizeof(struct sockaddr_in6))) {
				return EINVAL;
			}
			target->inet = true;
			target->database = database_at(relay, address);
			target->resolver = target->database < 0 && !relay->databases->network && port_of(address) == ALTAIR_EVAL_DNS_PORT;
			return 0;
		case AF_UNIX: {
			struct sockaddr_un *unix_address = (struct sockaddr_un *) address;
			size_t path_length = *length - offsetof(struct sockaddr_un, sun_path);
			if (*length <= offsetof(struct sockaddr_un, sun_path) || unix_address->sun_path[0] == '\0') {
				return ECONNREFUSED; /* unnamed or abstract: never a database's */
			}
			((char *) address)[offsetof(struct sockaddr_un, sun_path) + MIN(path_length, sizeof(unix_address->sun_path))] = '\0';
			target->database = database_at_path(relay, call->pid, unix_address->sun_path);
			return 0;
		}
		default:
			return EAFNOSUPPORT;
	}
}

/* Replaces the child's socket with a connection to the relay; 0, or the error the call gets. */
static int relay_in_place(altair_eval_relay *relay, int listener, const altair_eval_intercepted *call, sa_family_t family,
	const intercept_target *target, int child_flags)
{
	int child_end, relay_end;

	if (!relay->intercepting) {
		return ECONNREFUSED;
	}
	if (!make_pair(family, child_flags, &child_end, &relay_end)) {
		return ECONNREFUSED;
	}
	if (altair_eval_intercept_addfd(listener, call->id, child_end, (int) call->args[0], (child_flags & O_CLOEXEC) != 0, false) < 0) {
		close(child_end);
		close(relay_end);
		return errno == ENOENT ? EINTR : ECONNREFUSED;
	}
	close(child_end);
	if (target->resolver) {
		if (!altair_eval_relay_attach_resolver(relay, relay_end)) {
			close(relay_end);
		}
	} else {
		altair_eval_relay_attach(relay, (size_t) target->database, relay_end);
		relay->intercepted++;
	}
	/* A non-blocking TCP connect gets EINPROGRESS from the kernel, even on loopback, and its caller
	 * then waits for it to be writable (at once: it is connected) before it writes: a client that
	 * is told 0 writes at once instead (libpq its startup packet), which is not what it does
	 * anywhere else. A Unix socket's connect completes at once. */
	return family != AF_UNIX && (child_flags & O_NONBLOCK) ? EINPROGRESS : 0;
}

static void answer_connect(altair_eval_outcome *outcome, int listener, const altair_eval_intercepted *call)
{
	altair_eval_relay *relay = outcome->relay;
	struct sockaddr_storage address;
	size_t length = 0;
	intercept_target target;
	ino_t inode = 0;
	int flags = 0;
	int error = read_target(relay, call, &address, &length, &target);

	if (error == 0) {
		error = altair_eval_intercept_socket_of(call->pid, call->args[0], &inode, &flags);
	}
	/* What was read belongs to the task that is still waiting (its pid was not reused meanwhile). */
	if (ioctl(listener, SECCOMP_IOCTL_NOTIF_ID_VALID, &call->id) != 0) {
		return;
	}
	if (error == 0 && (target.database >= 0 || target.resolver)) {
		error = relay_in_place(relay, listener, call, address.ss_family, &target, flags);
		if (error == 0 || error == EINPROGRESS) {
			altair_eval_intercept_outgoing_forget(relay, inode);
		}
	} else if (error == 0 && relay->databases->network) {
		/* Out to the network, by the host, on its own copy of the socket. */
		if (altair_eval_intercept_outgoing_connect(relay, listener, call, &address, length, inode)) {
			return;
		}
		error = EACCES;
	} else if (error == 0) {
		relay->refused_connects++;
		altair_eval_effects_blocked(&outcome->blocked, &address, length);
		if (target.inet && !is_local(&address)) {
			error = ENETUNREACH; /* no route: at once, as in a network namespace of its own */
		} else if (target.inet && (flags & O_NONBLOCK) && refused_in_place(listener, call, address.ss_family, flags) == 0) {
			error = EINPROGRESS;
		} else {
			error = ECONNREFUSED;
		}
	}
	altair_eval_intercept_answer(listener, call->id, error, 0);
}

/* With no relay (no database declared), every connect() is refused; the address is kept for
 * effects once it is known to be the waiting task's (as answer_connect reads it). */
static void refused_unrelayed(altair_eval_outcome *outcome, int listener, const altair_eval_intercepted *call)
{
	struct sockaddr_storage address;
	size_t length = 0;

	memset(&address, 0, sizeof(address));
	if (call->args[2] >= sizeof(sa_family_t)
		&& altair_eval_intercept_read(call->pid, call->args[1], &address, MIN(call->args[2], sizeof(address) - 1), &length)
		&& length >= sizeof(sa_family_t) && ioctl(listener, SECCOMP_IOCTL_NOTIF_ID_VALID, &call->id) == 0) {
		altair_eval_effects_blocked(&outcome->blocked, &address, length);
	}
	altair_eval_intercept_answer(listener, call->id, ECONNREFUSED, 0);
}

/* ---- the notification ------------------------------------------------------------------------ */

#ifdef SECCOMP_USER_NOTIF_FLAG_CONTINUE
static void answer_continue(int listener, uint64_t id)
{
	union {
		struct seccomp_notif_resp response;
		char room[ALTAIR_EVAL_NOTIF_ROOM];
	} answer;

	memset(&answer, 0, sizeof(answer));
	answer.response.id = id;
	answer.response.flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
	if (ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, &answer.response) != 0 && errno == EINVAL) {
		altair_eval_intercept_answer(listener, id, EPERM, 0); /* a kernel before 5.5 */
	}
}

bool altair_eval_intercept_can_continue(void)
{
	return true;
}
#else
static void answer_continue(int listener, uint64_t id)
{
	altair_eval_intercept_answer(listener, id, EPERM, 0);
}

bool altair_eval_intercept_can_continue(void)
{
	return false;
}
#endif

void altair_eval_intercept_serve(int listener, altair_eval_outcome *outcome)
{
	/* The kernel's structures may grow; SECCOMP_GET_NOTIF_SIZES says how big they are here. */
	static struct seccomp_notif_sizes sizes;
	union {
		struct seccomp_notif request;
		char room[ALTAIR_EVAL_NOTIF_ROOM];
	} request;
	altair_eval_intercepted call;
	bool ask = true;

#ifdef HAVE_VALGRIND_VALGRIND_H
	/* Valgrind 3.19 does not know seccomp(2) and reports the call as a bug (run-tests.php -m). */
	ask = !RUNNING_ON_VALGRIND;
#endif
	if (sizes.seccomp_notif == 0 && (!ask || syscall(__NR_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sizes) != 0)) {
		sizes.seccomp_notif = sizeof(struct seccomp_notif);
		sizes.seccomp_notif_resp = sizeof(struct seccomp_notif_resp);
	}
	if (sizes.seccomp_notif > sizeof(request) || sizes.seccomp_notif_resp > ALTAIR_EVAL_NOTIF_ROOM) {
		return;
	}
	memset(&request, 0, sizeof(request));
	if (ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, &request) != 0) {
		return; /* the caller died meanwhile */
	}
	call.id = request.request.id;
	call.pid = (pid_t) request.request.pid;
	call.nr = request.request.data.nr;
	memcpy(call.args, request.request.data.args, sizeof(call.args));
	if (call.nr == __NR_connect && outcome->relay) {
		answer_connect(outcome, listener, &call);
		return;
	}
	if (call.nr == __NR_connect) {
		refused_unrelayed(outcome, listener, &call);
		return;
	}
	if (call.nr == __NR_socket && outcome->relay) {
		altair_eval_intercept_outgoing_socket(outcome->relay, listener, &call);
		return;
	}
	if (call.nr == __NR_socket) {
		altair_eval_intercept_answer(listener, call.id, EACCES, 0);
		return;
	}
	/* A process start (the only other call the filter hands over): refused and counted, but for a
	 * session holder's one fork for its call's worker (a plain fork: no thread, no namespace, no
	 * shared memory or files; its flags are the call's registers, read once by the kernel, so letting
	 * it go on decides nothing the child can change afterwards). */
	if (outcome->fork_allowed > 0 && call.pid == outcome->fork_allowed && call.nr == __NR_clone
		&& (call.args[0] & ~(uint64_t) (CSIGNAL | CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID)) == 0) {
		outcome->fork_allowed = 0;
		answer_continue(listener, call.id);
		return;
	}
	altair_eval_intercept_answer(listener, call.id, EPERM, 0);
	outcome->processes_refused++;
}

#else /* !ALTAIR_EVAL_INTERCEPT */

void altair_eval_intercept_serve(int listener, altair_eval_outcome *outcome)
{
	(void) listener;
	(void) outcome;
}

bool altair_eval_intercept_probe(int listener)
{
	(void) listener;
	return false;
}

bool altair_eval_intercept_can_continue(void)
{
	return false;
}

#endif
