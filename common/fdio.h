/*
 * Descriptor I/O shared by the host and the guest: writing and reading a whole buffer, and
 * passing descriptors over a Unix socket (SCM_RIGHTS). Plain C, async-signal-safe, no Zend API:
 * the guest uses it after the heap may be exhausted and the warm template between fork and work.
 * Every call retries EINTR.
 */
#ifndef ALTAIR_EVAL_COMMON_FDIO_H
#define ALTAIR_EVAL_COMMON_FDIO_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* The most descriptors one message carries (the warm request passes three; the relay frame one
 * listening socket per declared address, ALTAIR_EVAL_RELAY_MAX_ADDRESSES). */
#define ALTAIR_EVAL_FDIO_MAX_FDS 16

/* All of bytes, or false (EOF, or an error in errno). Writes never raise SIGPIPE on sockets. */
bool altair_eval_fdio_write_all(int fd, const void *bytes, size_t length);
bool altair_eval_fdio_read_all(int fd, void *bytes, size_t length);

/* One sendmsg of bytes with fds attached (count <= ALTAIR_EVAL_FDIO_MAX_FDS); returns what
 * sendmsg returned. The descriptors stay open here. */
ssize_t altair_eval_fdio_send(int fd, const void *bytes, size_t length, const int *fds, size_t count);

/* The same with the bytes in parts (one sendmsg of all of them). */
struct iovec;
ssize_t altair_eval_fdio_sendv(int fd, const struct iovec *parts, size_t parts_count, const int *fds, size_t count);

/* One recvmsg into bytes; descriptors that came with it (close-on-exec) go to fds, at most max,
 * their number to *count (the rest are closed). Returns what recvmsg returned. */
ssize_t altair_eval_fdio_receive(int fd, void *bytes, size_t size, int *fds, size_t max, size_t *count);

#endif
