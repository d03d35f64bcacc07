/*
 * With the network on (allowNetwork), a declared database is still not reachable directly
 * (docs/ARCHITECTURE.md, "The database relay"): the child's seccomp filter hands every connect()
 * to the host (the user-notification listener supervision already serves), which reads the
 * address from the child's memory and refuses those of the declared databases: any TCP address on
 * a declared database's port, and the declared socket paths. Everything else goes on.
 *
 * The address is read while the child is stopped in the call; the kernel reads it again when the
 * call goes on, so a second thread of the child could swap it in between. A snippet has no way to
 * start one (no threads in PHP, FFI off); sandbox.databases names it as the residual.
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
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

/* The sockaddr the child passed, read from its memory; false when it cannot be read. */
static bool read_address(pid_t pid, uint64_t pointer, uint64_t length, struct sockaddr_storage *address, size_t *read_length)
{
	char path[64];
	ssize_t n;
	int fd;

	memset(address, 0, sizeof(*address));
	if (length == 0 || pointer == 0) {
		return false;
	}
	snprintf(path, sizeof(path), "/proc/%ld/mem", (long) pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		return false;
	}
	n = pread(fd, address, (size_t) MIN(length, sizeof(*address)), (off_t) pointer);
	close(fd);
	if (n < (ssize_t) sizeof(sa_family_t)) {
		return false;
	}
	*read_length = (size_t) n;
	return true;
}

static bool same_path(const char *a, const char *b)
{
	return a[0] && b[0] && strcmp(a, b) == 0;
}

/* Which declaration the address names, or -1. */
static int declared(const altair_eval_relay *relay, const struct sockaddr_storage *address, size_t length)
{
	const altair_eval_databases *databases = relay->databases;
	int port = 0;
	char path[sizeof(((struct sockaddr_un *) NULL)->sun_path) + 1];

	if (address->ss_family == AF_INET) {
		port = ntohs(((const struct sockaddr_in *) address)->sin_port);
	} else if (address->ss_family == AF_INET6) {
		port = ntohs(((const struct sockaddr_in6 *) address)->sin6_port);
	} else if (address->ss_family == AF_UNIX && length > offsetof(struct sockaddr_un, sun_path)) {
		size_t count = MIN(length - offsetof(struct sockaddr_un, sun_path), sizeof(path) - 1);
		memcpy(path, ((const struct sockaddr_un *) address)->sun_path, count);
		path[count] = '\0';
	} else {
		return -1;
	}
	for (size_t i = 0; i < databases->count; i++) {
		const altair_eval_database *database = &databases->list[i];

		if (port != 0) {
			if ((!database->socket[0] && database->port == port)
				|| (database->upstream.ss_family == AF_INET && ntohs(((const struct sockaddr_in *) &database->upstream)->sin_port) == port)
				|| (database->upstream.ss_family == AF_INET6 && ntohs(((const struct sockaddr_in6 *) &database->upstream)->sin6_port) == port)) {
				return (int) i;
			}
			continue;
		}
		if (same_path(path, database->socket)
			|| (database->upstream.ss_family == AF_UNIX && same_path(path, ((const struct sockaddr_un *) &database->upstream)->sun_path))) {
			return (int) i;
		}
		for (size_t k = 0; k < database->path_count; k++) {
			if (same_path(path, database->paths[k])) {
				return (int) i;
			}
		}
	}
	return -1;
}

int altair_eval_relay_guard_connect(altair_eval_relay *relay, pid_t pid, const uint64_t args[6])
{
	struct sockaddr_storage address;
	size_t length = 0;
	int database;

	if (!relay) {
		return 0;
	}
	if (!read_address(pid, args[1], args[2], &address, &length)) {
		return EACCES; /* unreadable: refused, never guessed */
	}
	database = declared(relay, &address, length);
	if (database < 0) {
		return 0;
	}
	relay->accepted[database]++;
	relay->refused[database]++;
	return ECONNREFUSED;
}

void altair_eval_relay_guarded(altair_eval_relay *relay)
{
	if (relay) {
		relay->guarded = true;
	}
}
