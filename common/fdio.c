/*
 * Descriptor I/O shared by the host and the guest; see fdio.h.
 */
#include "fdio.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* One write (send on a socket: no SIGPIPE) or read. */
static ssize_t transfer(int fd, char *at, size_t length, bool writing)
{
	ssize_t n;

	if (!writing) {
		return read(fd, at, length);
	}
	n = send(fd, at, length, MSG_NOSIGNAL);
	return n < 0 && errno == ENOTSOCK ? write(fd, at, length) : n;
}

static bool transfer_all(int fd, char *at, size_t length, bool writing)
{
	while (length > 0) {
		ssize_t n = transfer(fd, at, length, writing);
		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n <= 0) {
			return false;
		}
		at += n;
		length -= (size_t) n;
	}
	return true;
}

bool altair_eval_fdio_write_all(int fd, const void *bytes, size_t length)
{
	return transfer_all(fd, (char *) bytes, length, true);
}

bool altair_eval_fdio_read_all(int fd, void *bytes, size_t length)
{
	return transfer_all(fd, bytes, length, false);
}

ssize_t altair_eval_fdio_sendv(int fd, const struct iovec *parts, size_t parts_count, const int *fds, size_t count)
{
	union {
		char room[CMSG_SPACE(sizeof(int) * ALTAIR_EVAL_FDIO_MAX_FDS)];
		struct cmsghdr align;
	} control;
	struct msghdr message;
	struct cmsghdr *rights;
	ssize_t sent;

	if (count > ALTAIR_EVAL_FDIO_MAX_FDS) {
		errno = EINVAL;
		return -1;
	}
	memset(&message, 0, sizeof(message));
	memset(&control, 0, sizeof(control));
	message.msg_iov = (struct iovec *) parts;
	message.msg_iovlen = parts_count;
	if (count > 0) {
		message.msg_control = control.room;
		message.msg_controllen = CMSG_SPACE(sizeof(int) * count);
		rights = CMSG_FIRSTHDR(&message);
		rights->cmsg_level = SOL_SOCKET;
		rights->cmsg_type = SCM_RIGHTS;
		rights->cmsg_len = CMSG_LEN(sizeof(int) * count);
		memcpy(CMSG_DATA(rights), fds, sizeof(int) * count);
	}
	do {
		sent = sendmsg(fd, &message, MSG_NOSIGNAL);
	} while (sent < 0 && errno == EINTR);
	return sent;
}

ssize_t altair_eval_fdio_send(int fd, const void *bytes, size_t length, const int *fds, size_t count)
{
	struct iovec io = { .iov_base = (void *) bytes, .iov_len = length };

	return altair_eval_fdio_sendv(fd, &io, 1, fds, count);
}

ssize_t altair_eval_fdio_receive(int fd, void *bytes, size_t size, int *fds, size_t max, size_t *count)
{
	union {
		char room[CMSG_SPACE(sizeof(int) * ALTAIR_EVAL_FDIO_MAX_FDS)];
		struct cmsghdr align;
	} control;
	struct iovec io = { .iov_base = bytes, .iov_len = size };
	struct msghdr message;
	struct cmsghdr *header;
	ssize_t received;

	*count = 0;
	memset(&message, 0, sizeof(message));
	message.msg_iov = &io;
	message.msg_iovlen = 1;
	message.msg_control = control.room;
	message.msg_controllen = sizeof(control.room);
	do {
		received = recvmsg(fd, &message, MSG_CMSG_CLOEXEC);
	} while (received < 0 && errno == EINTR);
	if (received < 0) {
		return received;
	}
	for (header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
		if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) {
			continue;
		}
		for (size_t i = 0; i < (header->cmsg_len - CMSG_LEN(0)) / sizeof(int); i++) {
			int passed;
			memcpy(&passed, CMSG_DATA(header) + i * sizeof(int), sizeof(int));
			if (*count < max) {
				fds[(*count)++] = passed;
			} else {
				close(passed);
			}
		}
	}
	return received;
}
