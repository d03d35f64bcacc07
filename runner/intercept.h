/*
 * The host's half of the child's seccomp user notifications (runner/intercept.c,
 * runner/intercept_outgoing.c; docs/ARCHITECTURE.md, "The database relay", interception).
 */
#ifndef ALTAIR_EVAL_RUNNER_INTERCEPT_H
#define ALTAIR_EVAL_RUNNER_INTERCEPT_H

#include "relay_internal.h"

#include <sys/types.h>
#ifdef HAVE_LINUX_SECCOMP_H
# include <linux/seccomp.h>
#endif
/* SECCOMP_IOCTL_NOTIF_ADDFD: Linux 5.9 (a kernel without it refuses it: altair_eval_intercept_probe). */
#if defined(SECCOMP_IOCTL_NOTIF_RECV) && defined(SECCOMP_IOCTL_NOTIF_ADDFD) && defined(SECCOMP_ADDFD_FLAG_SETFD)
# define ALTAIR_EVAL_INTERCEPT 1
# ifndef SECCOMP_ADDFD_FLAG_SEND
#  define SECCOMP_ADDFD_FLAG_SEND (1UL << 1)
# endif
#endif

/* The resolver's port: with the network off, a connect() there reaches the host's answers. */
#define ALTAIR_EVAL_DNS_PORT 53

/* One call the child's filter handed over, as the notification gave it. */
typedef struct {
	uint64_t id;
	pid_t pid;
	int nr;
	uint64_t args[6];
} altair_eval_intercepted;

/* intercept.c */
void altair_eval_intercept_answer(int listener, uint64_t id, int error, int64_t value);
int altair_eval_intercept_addfd(int listener, uint64_t id, int fd, int target, bool cloexec, bool send);
bool altair_eval_intercept_read(pid_t pid, uint64_t pointer, void *into, size_t length, size_t *read_length);
int altair_eval_intercept_socket_of(pid_t pid, uint64_t number, ino_t *inode, int *flags);

/* intercept_outgoing.c: with the network on, the inet sockets the host makes for the child and the
 * connections it makes on them. */
void altair_eval_intercept_outgoing_socket(struct altair_eval_relay *relay, int listener, const altair_eval_intercepted *call);
/* The host connects its copy of the child's socket inode to address and answers the call (now, or
 * once the connect completes); false when it holds no copy of that socket. */
bool altair_eval_intercept_outgoing_connect(struct altair_eval_relay *relay, int listener, const altair_eval_intercepted *call,
	const struct sockaddr_storage *address, size_t length, ino_t inode);
/* A socket the child's connect() got a relayed connection in place of: its copy is dropped. */
void altair_eval_intercept_outgoing_forget(struct altair_eval_relay *relay, ino_t inode);

#endif
