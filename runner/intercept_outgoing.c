/*
 * With the network on (docs/ARCHITECTURE.md, "The database relay", interception): the inet sockets
 * the child asks for are made by the host, put into the child's table (SECCOMP_IOCTL_NOTIF_ADDFD)
 * and a copy kept, so that a connect() to anything but a declared database is made by the host, on
 * that very socket (every option the child set on it stays), to the address the host read and
 * checked. The kernel never reads the address from the child's memory again, so a second thread
 * that rewrites it after the check changes nothing.
 *
 * A blocking connect is made non-blocking for the host's call and answered once it completes (the
 * child is waiting in the call meanwhile; supervision's poll watches it); a non-blocking one gets
 * EINPROGRESS as it would from the kernel. A stream socket's copy is closed once its connect was
 * made (a connected socket cannot connect again); a datagram one's is kept (it may connect again)
 * until the evaluation ends or the table is full.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "../php_altair_eval.h"
#include "internal.h"
#include "relay_internal.h"
#include "intercept.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef ALTAIR_EVAL_INTERCEPT

/* The socket() type argument carries SOCK_NONBLOCK / SOCK_CLOEXEC above these bits. */
#define OUTGOING_TYPE_MASK 0xf

static void outgoing_drop(relay_outgoing *o)
{
	if (o->fd >= 0) {
		close(o->fd);
	}
	memset(o, 0, sizeof(*o));
	o->fd = -1;
}

/* A free slot; when there is none, the oldest copy that is not connecting goes (that socket can
 * then no longer be connected: its connect() is refused). */
static relay_outgoing *outgoing_slot(altair_eval_relay *relay)
{
	relay_outgoing *oldest = NULL;

	for (size_t i = 0; i < ALTAIR_EVAL_RELAY_OUTGOING_MAX; i++) {
		relay_outgoing *o = &relay->outgoing[i];
		if (o->fd < 0) {
			return o;
		}
		if (!o->pending && (!oldest || o->made < oldest->made)) {
			oldest = o;
		}
	}
	if (oldest) {
		outgoing_drop(oldest);
	}
	return oldest;
}

void altair_eval_intercept_outgoing_socket(altair_eval_relay *relay, int listener, const altair_eval_intercepted *call)
{
	int domain = (int) (uint32_t) call->args[0], type = (int) (uint32_t) call->args[1], protocol = (int) (uint32_t) call->args[2];
	int base = type & OUTGOING_TYPE_MASK, fd, number;
	bool stream = base == SOCK_STREAM && (protocol == 0 || protocol == IPPROTO_TCP);
	bool datagram = base == SOCK_DGRAM && (protocol == 0 || protocol == IPPROTO_UDP);
	relay_outgoing *slot;
	struct stat info;

	/* TCP and UDP only: a raw socket (root, or CAP_NET_RAW) writes packets no connect() decides,
	 * SCTP and MPTCP make connections of their own accord. */
	if ((domain != AF_INET && domain != AF_INET6) || (!stream && !datagram)) {
		altair_eval_intercept_answer(listener, call->id, base == SOCK_RAW ? EPERM : EPROTONOSUPPORT, 0);
		return;
	}
	if (!relay->intercepting) {
		altair_eval_intercept_answer(listener, call->id, EACCES, 0);
		return;
	}
	fd = socket(domain, base | SOCK_CLOEXEC | (type & SOCK_NONBLOCK), protocol);
	if (fd < 0 || fstat(fd, &info) != 0) {
		altair_eval_intercept_answer(listener, call->id, fd < 0 ? errno : EMFILE, 0);
		if (fd >= 0) {
			close(fd);
		}
		return;
	}
	/* Installed and answered in one step (SECCOMP_ADDFD_FLAG_SEND, Linux 5.14), or in two. */
	number = altair_eval_intercept_addfd(listener, call->id, fd, -1, (type & SOCK_CLOEXEC) != 0, true);
	if (number < 0 && errno == EINVAL) {
		number = altair_eval_intercept_addfd(listener, call->id, fd, -1, (type & SOCK_CLOEXEC) != 0, false);
		if (number >= 0) {
			altair_eval_intercept_answer(listener, call->id, 0, number);
		}
	}
	if (number < 0) {
		if (errno != ENOENT) {
			altair_eval_intercept_answer(listener, call->id, errno, 0);
		}
		close(fd);
		return;
	}
	if (!(slot = outgoing_slot(relay))) {
		close(fd); /* every slot connecting: this socket cannot connect (its connect() is refused) */
		return;
	}
	slot->fd = fd;
	slot->inode = info.st_ino;
	slot->datagram = datagram;
	slot->made = ++relay->outgoing_made;
}

static relay_outgoing *outgoing_find(altair_eval_relay *relay, ino_t inode)
{
	for (size_t i = 0; i < ALTAIR_EVAL_RELAY_OUTGOING_MAX; i++) {
		if (relay->outgoing[i].fd >= 0 && relay->outgoing[i].inode == inode) {
			return &relay->outgoing[i];
		}
	}
	return NULL;
}

void altair_eval_intercept_outgoing_forget(altair_eval_relay *relay, ino_t inode)
{
	relay_outgoing *o = outgoing_find(relay, inode);

	if (o && !o->pending) {
		outgoing_drop(o);
	}
}

/* The connect is over (done, or failed with error): the socket gets its flags back, the call its
 * answer, and a stream socket's copy goes. */
static void outgoing_done(int listener, relay_outgoing *o, uint64_t id, int error)
{
	fcntl(o->fd, F_SETFL, o->flags);
	altair_eval_intercept_answer(listener, id, error, 0);
	o->pending = false;
	if (!o->datagram) {
		outgoing_drop(o);
	}
}

bool altair_eval_intercept_outgoing_connect(altair_eval_relay *relay, int listener, const altair_eval_intercepted *call,
	const struct sockaddr_storage *address, size_t length, ino_t inode)
{
	relay_outgoing *o = outgoing_find(relay, inode);
	bool blocking;
	int error;

	if (!o || o->pending) {
		return false;
	}
	o->flags = fcntl(o->fd, F_GETFL);
	blocking = !(o->flags & O_NONBLOCK);
	if (blocking) {
		fcntl(o->fd, F_SETFL, o->flags | O_NONBLOCK);
	}
	error = connect(o->fd, (const struct sockaddr *) address, (socklen_t) length) == 0 ? 0 : errno;
	if (error == EINPROGRESS && blocking) {
		o->pending = true;
		o->id = call->id;
		return true;
	}
	outgoing_done(listener, o, call->id, error);
	return true;
}

struct pollfd altair_eval_intercept_outgoing_pollfd(const relay_outgoing *o)
{
	return (struct pollfd) { .fd = o->fd, .events = POLLOUT };
}

void altair_eval_intercept_outgoing_serve(altair_eval_relay *relay, size_t slot, short events)
{
	relay_outgoing *o = &relay->outgoing[slot];
	int error = 0;
	socklen_t length = sizeof(error);

	if (o->fd < 0 || !o->pending || !(events & (POLLOUT | POLLERR | POLLHUP)) || relay->listener < 0) {
		return;
	}
	if (getsockopt(o->fd, SOL_SOCKET, SO_ERROR, &error, &length) != 0) {
		error = errno;
	}
	outgoing_done(relay->listener, o, o->id, error);
}

void altair_eval_intercept_outgoing_close(altair_eval_relay *relay)
{
	for (size_t i = 0; i < ALTAIR_EVAL_RELAY_OUTGOING_MAX; i++) {
		outgoing_drop(&relay->outgoing[i]);
	}
}

#else

void altair_eval_intercept_outgoing_socket(altair_eval_relay *relay, int listener, const altair_eval_intercepted *call)
{
	(void) relay;
	(void) listener;
	(void) call;
}

bool altair_eval_intercept_outgoing_connect(altair_eval_relay *relay, int listener, const altair_eval_intercepted *call,
	const struct sockaddr_storage *address, size_t length, ino_t inode)
{
	(void) relay;
	(void) listener;
	(void) call;
	(void) address;
	(void) length;
	(void) inode;
	return false;
}

void altair_eval_intercept_outgoing_forget(altair_eval_relay *relay, ino_t inode)
{
	(void) relay;
	(void) inode;
}

struct pollfd altair_eval_intercept_outgoing_pollfd(const relay_outgoing *o)
{
	return (struct pollfd) { .fd = o->fd, .events = 0 };
}

void altair_eval_intercept_outgoing_serve(altair_eval_relay *relay, size_t slot, short events)
{
	(void) relay;
	(void) slot;
	(void) events;
}

void altair_eval_intercept_outgoing_close(altair_eval_relay *relay)
{
	(void) relay;
}

#endif
