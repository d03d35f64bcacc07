/*
 * Lockdown step 4, namespaces (see lockdown/internal.h for the other steps): network unless
 * allowed, then IPC. A warm template enters the network namespace once for all its workers, which
 * adopt the outcome; the IPC namespace is every process's own (cold child or warm worker), so
 * that nothing a snippet leaves in SysV IPC reaches the next evaluation, and it dies with it.
 */

#include "internal.h"

#ifdef LOCKDOWN_POSIX

/* ---- 4. network namespace -------------------------------------------------------------------- */

#ifdef LOCKDOWN_NETNS
/* Writes one line into a /proc file (id maps, the IPC namespace's sysctls), relative to dir. */
static bool lockdown_write_line_at(int dir, const char *path, const char *line)
{
	int fd = openat(dir, path, O_WRONLY | O_CLOEXEC);
	ssize_t length = (ssize_t) strlen(line);
	bool written;

	if (fd < 0) {
		return false;
	}
	written = write(fd, line, (size_t) length) == length;
	close(fd);
	return written;
}

static bool lockdown_write_line(const char *path, const char *line)
{
	return lockdown_write_line_at(AT_FDCWD, path, line);
}

/* A warm worker's view has no /proc/sys: the same file through the host's /proc the template kept
 * (opened now, after the unshare, so it is this IPC namespace's sysctl). */
static bool lockdown_write_sysctl_via_host_proc(int proc, const char *path, const char *line)
{
	return proc >= 0 && strncmp(path, "/proc/", strlen("/proc/")) == 0
		&& lockdown_write_line_at(proc, path + strlen("/proc/"), line);
}

/* In a fresh user namespace our uid and gid are unmapped until we map them onto themselves, and an
 * unmapped fsuid cannot create files (EOVERFLOW): scratch would become read-only. */
static bool lockdown_map_own_ids(altair_eval_lockdown_report *report, uid_t uid, gid_t gid)
{
	char line[64];

	snprintf(line, sizeof(line), "%lu %lu 1\n", (unsigned long) uid, (unsigned long) uid);
	if (!lockdown_write_line("/proc/self/uid_map", line)) {
		altair_eval_lockdown_note(report, "netns: uid_map: %s", strerror(errno));
		return false;
	}
	/* An unprivileged writer of gid_map must first give up setgroups(2). */
	if (!lockdown_write_line("/proc/self/setgroups", "deny\n")) {
		altair_eval_lockdown_note(report, "netns: setgroups: %s", strerror(errno));
		return false;
	}
	snprintf(line, sizeof(line), "%lu %lu 1\n", (unsigned long) gid, (unsigned long) gid);
	if (!lockdown_write_line("/proc/self/gid_map", line)) {
		altair_eval_lockdown_note(report, "netns: gid_map: %s", strerror(errno));
		return false;
	}
	return true;
}
#endif

#ifdef LOCKDOWN_NETNS
/* unshare(kind); without CAP_SYS_ADMIN, inside a new user namespace, which grants it there. We are
 * in the new namespaces either way; without the id maps files cannot be created, which is worth a
 * note but is not a hole. */
bool altair_eval_lockdown_unshare(int kind, const char *name, altair_eval_lockdown_report *report)
{
	uid_t uid = geteuid();
	gid_t gid = getegid();
	int first_error;

	if (unshare(kind) == 0) {
		return true;
	}
	first_error = errno;
	if (unshare(CLONE_NEWUSER | kind) != 0) {
		altair_eval_lockdown_note(report, "%s: %s (with a user namespace: %s)", name, strerror(first_error), strerror(errno));
		return false;
	}
	lockdown_map_own_ids(report, uid, gid);
	return true;
}
#endif

/* A new network namespace has only a loopback interface, and it is down: every connect fails,
 * even to 127.0.0.1, whatever the snippet manages to open. */
static void lockdown_network_namespace(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	if (policy->allow_network) {
		return;
	}
	if (policy->endpoints && !policy->relay) {
		altair_eval_lockdown_note(report, "netns: not entered: allowlisted endpoints must stay reachable (TCP held by Landlock ports and seccomp instead)");
		return;
	}
#ifdef LOCKDOWN_NETNS
	report->netns = altair_eval_lockdown_unshare(CLONE_NEWNET, "netns", report);
#else
	altair_eval_lockdown_note(report, "netns: not compiled in");
#endif
}

#ifdef LOCKDOWN_NETNS
# define LOCKDOWN_IPC_BYTES_PER_MB (1024ULL * 1024ULL)
# define LOCKDOWN_IPC_PAGE_FALLBACK 4096

/* The sysctls of the fresh IPC namespace (they are per namespace, and start at the kernel's
 * defaults: shmall is practically unlimited). Detached SysV segments are not counted by RLIMIT_AS,
 * so their total is capped at the memory limit; segment and queue counts are kept small. */
static bool lockdown_ipc_limits(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report, int host_proc)
{
	long page = sysconf(_SC_PAGESIZE);
	unsigned long long bytes = (unsigned long long) (policy->memory_limit_mb > 0 ? policy->memory_limit_mb : ALTAIR_EVAL_MEMORY_MB_DEFAULT)
		* LOCKDOWN_IPC_BYTES_PER_MB;
	struct { const char *path; unsigned long long value; } limits[] = {
		{ "/proc/sys/kernel/shmall", bytes / (unsigned long long) (page > 0 ? page : LOCKDOWN_IPC_PAGE_FALLBACK) },
		{ "/proc/sys/kernel/shmmax", bytes },
		{ "/proc/sys/kernel/shmmni", ALTAIR_EVAL_IPC_SHM_SEGMENTS },
		{ "/proc/sys/kernel/msgmni", ALTAIR_EVAL_IPC_MSG_QUEUES },
	};
	char line[32];

	for (size_t i = 0; i < sizeof(limits) / sizeof(limits[0]); i++) {
		snprintf(line, sizeof(line), "%llu\n", limits[i].value);
		if (!lockdown_write_line(limits[i].path, line) && !lockdown_write_sysctl_via_host_proc(host_proc, limits[i].path, line)) {
			altair_eval_lockdown_note(report, "ipcns: limits: %s: %s", limits[i].path, strerror(errno));
			return false;
		}
	}
	return true;
}
#endif

#endif /* LOCKDOWN_POSIX */

/* ---- the database relay's listeners ---------------------------------------------------------- */

#if defined(LOCKDOWN_NETNS)
# include <stdlib.h>
# include <arpa/inet.h>
# include <net/if.h>
# include <netinet/in.h>
# include <sys/ioctl.h>
# include <sys/socket.h>

/* The namespace's loopback interface is down when it is made: up, so 127.0.0.1 and ::1 exist. */
static bool lockdown_loopback_up(altair_eval_lockdown_report *report)
{
	struct ifreq request;
	/* A stream socket: a booted worker's inherited filter allows inet sockets only as TCP streams. */
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	bool up = false;

	if (fd < 0) {
		altair_eval_lockdown_note(report, "relay: loopback: %s", strerror(errno));
		return false;
	}
	memset(&request, 0, sizeof(request));
	strncpy(request.ifr_name, "lo", IFNAMSIZ - 1);
	if (ioctl(fd, SIOCGIFFLAGS, &request) == 0) {
		request.ifr_flags |= IFF_UP | IFF_RUNNING;
		up = ioctl(fd, SIOCSIFFLAGS, &request) == 0;
	}
	if (!up) {
		altair_eval_lockdown_note(report, "relay: loopback: %s", strerror(errno));
	}
	close(fd);
	return up;
}

/* "127.0.0.1:3306" or "[::1]:3306" into an address; false when it is neither. */
static bool lockdown_relay_address(const char *text, struct sockaddr_storage *address, socklen_t *length)
{
	char host[64];
	const char *colon = strrchr(text, ':');
	long port = colon ? strtol(colon + 1, NULL, 10) : 0;
	size_t host_length = colon ? (size_t) (colon - text) : 0;

	memset(address, 0, sizeof(*address));
	if (!colon || port < 1 || port > 65535 || host_length == 0 || host_length >= sizeof(host)) {
		return false;
	}
	if (text[0] == '[' && host_length >= 2 && colon[-1] == ']') {
		struct sockaddr_in6 *v6 = (struct sockaddr_in6 *) address;
		memcpy(host, text + 1, host_length - 2);
		host[host_length - 2] = '\0';
		v6->sin6_family = AF_INET6;
		v6->sin6_port = htons((uint16_t) port);
		*length = sizeof(*v6);
		return inet_pton(AF_INET6, host, &v6->sin6_addr) == 1;
	}
	struct sockaddr_in *v4 = (struct sockaddr_in *) address;
	memcpy(host, text, host_length);
	host[host_length] = '\0';
	v4->sin_family = AF_INET;
	v4->sin_port = htons((uint16_t) port);
	*length = sizeof(*v4);
	return inet_pton(AF_INET, host, &v4->sin_addr) == 1;
}

/* An IPv4 address the app names that is not a loopback one (a server's LAN or Docker address):
 * added to the namespace's loopback interface as an alias, so the app's address works unchanged.
 * An ioctl on a stream socket (what a booted worker's inherited filter allows), n-th alias lo:n. */
static bool lockdown_relay_add_address(const struct sockaddr_in *address, size_t n, altair_eval_lockdown_report *report)
{
	struct ifreq request;
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	bool added = false;

	if (fd < 0) {
		return false;
	}
	memset(&request, 0, sizeof(request));
	snprintf(request.ifr_name, IFNAMSIZ, "lo:%zu", n + 1);
	memcpy(&request.ifr_addr, address, sizeof(*address));
	((struct sockaddr_in *) &request.ifr_addr)->sin_port = 0;
	if (ioctl(fd, SIOCSIFADDR, &request) == 0) {
		struct sockaddr_in *mask = (struct sockaddr_in *) &request.ifr_netmask;
		memset(mask, 0, sizeof(*mask));
		mask->sin_family = AF_INET;
		mask->sin_addr.s_addr = htonl(0xffffffffU);
		ioctl(fd, SIOCSIFNETMASK, &request);
		added = true;
	} else {
		altair_eval_lockdown_note(report, "relay: the address of a declared database could not be given to the sandbox: %s", strerror(errno));
	}
	close(fd);
	return added;
}

/* The same for an IPv6 address other than ::1: on the loopback interface (no duplicate address
 * detection there, so it is usable at once), through the legacy ioctl on an IPv6 stream socket. */
static bool lockdown_relay_add_address6(const struct sockaddr_in6 *address, altair_eval_lockdown_report *report)
{
	/* struct in6_ifreq of <linux/ipv6.h>, which does not mix with <netinet/in.h>. */
	struct {
		struct in6_addr addr;
		uint32_t prefixlen;
		int ifindex;
	} request;
	struct ifreq interface;
	int fd = socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0);
	bool added = false;

	memset(&interface, 0, sizeof(interface));
	strncpy(interface.ifr_name, "lo", IFNAMSIZ - 1);
	memset(&request, 0, sizeof(request));
	request.addr = address->sin6_addr;
	request.prefixlen = 128;
	if (fd >= 0 && ioctl(fd, SIOCGIFINDEX, &interface) == 0) {
		request.ifindex = interface.ifr_ifindex;
		added = ioctl(fd, SIOCSIFADDR, &request) == 0 || errno == EEXIST;
	}
	if (!added) {
		altair_eval_lockdown_note(report, "relay: the address of a declared database could not be given to the sandbox: %s", strerror(errno));
	}
	if (fd >= 0) {
		close(fd);
	}
	return added;
}

static int lockdown_relay_bind(const char *text, size_t n, altair_eval_lockdown_report *report)
{
	struct sockaddr_storage address;
	socklen_t length;
	int one = 1, fd;

	if (!lockdown_relay_address(text, &address, &length)) {
		altair_eval_lockdown_note(report, "relay: %s is not an address to listen on", text);
		return -1;
	}
	if (address.ss_family == AF_INET
		&& (ntohl(((struct sockaddr_in *) &address)->sin_addr.s_addr) >> 24) != 127
		&& !lockdown_relay_add_address((struct sockaddr_in *) &address, n, report)) {
		return -1;
	}
	if (address.ss_family == AF_INET6 && !IN6_IS_ADDR_LOOPBACK(&((struct sockaddr_in6 *) &address)->sin6_addr)
		&& !lockdown_relay_add_address6((struct sockaddr_in6 *) &address, report)) {
		return -1;
	}
	fd = socket(address.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd >= 0) {
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		if (address.ss_family == AF_INET6) {
			setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof(one));
			/* An address just added is tentative until the kernel's duplicate address check (done
			 * at once on loopback, but from a work queue) has run: bind to it all the same. */
			setsockopt(fd, IPPROTO_IP, IP_FREEBIND, &one, sizeof(one));
		}
	}
	if (fd < 0 || bind(fd, (struct sockaddr *) &address, length) != 0 || listen(fd, SOMAXCONN) != 0) {
		altair_eval_lockdown_note(report, "relay: listen on %s: %s", text, strerror(errno));
		if (fd >= 0) {
			close(fd);
		}
		return -1;
	}
	return fd;
}
#endif

/* A warm worker shares its template's network namespace; with the relay it takes one of its own,
 * so that concurrent or successive evaluations never share a listener or a relayed session. */
void altair_eval_lockdown_relay_namespace(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	if (!policy->relay || policy->allow_network) {
		return;
	}
#if defined(LOCKDOWN_NETNS)
	if (unshare(CLONE_NEWNET) != 0) {
		altair_eval_lockdown_note(report, "netns: %s (a worker's own, for the relay: its connect()s go to the host instead)", strerror(errno));
		report->netns = false;
		return;
	}
	report->netns = true;
#endif
}

void altair_eval_lockdown_relay_listen(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	report->relay_fd_count = 0;
	if (!policy->relay || policy->relay_address_count == 0 || policy->allow_network) {
		return;
	}
#if defined(LOCKDOWN_NETNS)
	if (!report->netns) {
		/* No namespace of its own: its connect()s go to the host instead (lockdown/seccomp.c,
		 * interception), which says in the result whether that held. */
		return;
	}
	if (!lockdown_loopback_up(report)) {
		return;
	}
	for (size_t i = 0; i < policy->relay_address_count && i < ALTAIR_EVAL_LOCKDOWN_MAX_RELAY; i++) {
		int fd = lockdown_relay_bind(policy->relay_addresses[i], i, report);
		if (fd >= 0) {
			report->relay_bound[report->relay_fd_count] = policy->relay_addresses[i];
			report->relay_fds[report->relay_fd_count++] = fd;
		}
	}
#endif
}

/* A new network namespace for the process and, through fork, all of a warm template's workers. */
void altair_eval_lockdown_namespaces(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
#ifdef LOCKDOWN_POSIX
	lockdown_network_namespace(policy, report);
#else
	(void) policy;
	(void) report;
#endif
}

/* SysV IPC (message queues, semaphores, shared memory) is keyed machine-wide: a fresh IPC
 * namespace keeps the snippet away from every other process's queues and segments, including an
 * earlier worker's. After the network step, so that without root the user namespace made there
 * already grants the right. The limits are written only into a namespace of our own. */
void altair_eval_lockdown_namespaces_ipc(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report,
	int host_proc)
{
#ifdef LOCKDOWN_NETNS
	report->ipcns = altair_eval_lockdown_unshare(CLONE_NEWIPC, "ipcns", report);
	report->ipc_limits = report->ipcns && lockdown_ipc_limits(policy, report, host_proc);
#else
	(void) policy;
	(void) host_proc;
	altair_eval_lockdown_note(report, "ipcns: not compiled in");
#endif
}
/* What the template's network step achieved (and the note of why not) counts for the worker,
 * which is inside the same namespace. */
void altair_eval_lockdown_namespaces_adopt(const altair_eval_lockdown_report *entered, altair_eval_lockdown_report *report)
{
	report->netns = entered->netns;
	for (size_t i = 0; i < entered->note_count && report->note_count < ALTAIR_EVAL_LOCKDOWN_MAX_NOTES; i++) {
		memcpy(report->notes[report->note_count++], entered->notes[i], ALTAIR_EVAL_LOCKDOWN_NOTE_LEN);
	}
}
