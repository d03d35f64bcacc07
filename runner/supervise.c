/*
 * Supervision: read the child's stdout, stderr and result channel as they come (each capped, the
 * rest drained so the child never blocks on a full pipe), enforce the wall clock on the whole
 * process group (SIGTERM, a grace period, SIGKILL), and reap the child.
 *
 * The caller never busy-waits: it sleeps in poll() on the three descriptors and on a pidfd that
 * becomes readable when the child exits (a child that closes its stdio and sleeps wakes nobody
 * until it exits or its deadline comes). Without pidfd (kernels before 5.3) poll wakes at a short
 * interval to check for exit.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "../php_altair_eval.h"
#include "internal.h"

#include <errno.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#ifdef HAVE_LINUX_SECCOMP_H
# include <linux/seccomp.h>
#endif
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef HAVE_VALGRIND_VALGRIND_H
# include <valgrind/valgrind.h>
#endif

/* How often to check for the child's exit when the kernel has no pidfd. */
#define ALTAIR_EVAL_POLL_FALLBACK_MS 20
#define ALTAIR_EVAL_READ_CHUNK 65536

uint64_t altair_eval_now_ms(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint64_t) now.tv_sec * 1000 + (uint64_t) now.tv_nsec / 1000000;
}

static int open_pidfd(pid_t pid)
{
#ifdef HAVE_VALGRIND_VALGRIND_H
	/* Valgrind 3.19 does not know pidfd_open and reports every call as a bug in the program under
	 * test, which fails run-tests.php -m; under valgrind the polling fallback is used instead. */
	if (RUNNING_ON_VALGRIND) {
		errno = ENOSYS;
		return -1;
	}
#endif
#if defined(HAVE_DECL_SYS_PIDFD_OPEN) && HAVE_DECL_SYS_PIDFD_OPEN
	return (int) syscall(SYS_pidfd_open, pid, 0);
#else
	(void) pid;
	errno = ENOSYS;
	return -1;
#endif
}

/* A descriptor the guest attached to the channel (its seccomp listener): the first one is kept. */
static void keep_attached(struct msghdr *message, altair_eval_outcome *outcome)
{
	struct cmsghdr *header;

	for (header = CMSG_FIRSTHDR(message); header; header = CMSG_NXTHDR(message, header)) {
		if (header->cmsg_level == SOL_SOCKET && header->cmsg_type == SCM_RIGHTS) {
			size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
			for (size_t i = 0; i < count; i++) {
				int fd;
				memcpy(&fd, CMSG_DATA(header) + i * sizeof(int), sizeof(int));
				if (outcome->process_listener_fd < 0) {
					outcome->process_listener_fd = fd;
				} else {
					close(fd);
				}
			}
		}
	}
}

/* Reads what is there now (from the channel with recvmsg, which also takes an attached
 * descriptor). Returns false at end of file or on a hard error. */
static bool pump(int fd, altair_eval_capture *capture, size_t cap, altair_eval_outcome *channel_of)
{
	char buffer[ALTAIR_EVAL_READ_CHUNK];
	char control[CMSG_SPACE(sizeof(int) * 4)];

	for (;;) {
		ssize_t n;
		if (channel_of) {
			struct iovec io = { .iov_base = buffer, .iov_len = sizeof(buffer) };
			struct msghdr message;
			memset(&message, 0, sizeof(message));
			message.msg_iov = &io;
			message.msg_iovlen = 1;
			message.msg_control = control;
			message.msg_controllen = sizeof(control);
			n = recvmsg(fd, &message, MSG_CMSG_CLOEXEC);
			if (n > 0) {
				keep_attached(&message, channel_of);
			}
		} else {
			n = read(fd, buffer, sizeof(buffer));
		}
		if (n > 0) {
			size_t kept = capture->data.s ? ZSTR_LEN(capture->data.s) : 0;
			size_t room = kept < cap ? cap - kept : 0;
			if ((size_t) n > room) {
				capture->truncated = true;
			}
			if (room > 0) {
				smart_str_appendl(&capture->data, buffer, MIN((size_t) n, room));
			}
			continue;
		}
		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			return true;
		}
		return false;
	}
}

/* True once the child has exited (it stays a zombie: its pid and group cannot be reused yet). */
static bool child_exited(pid_t pid)
{
	siginfo_t info;

	memset(&info, 0, sizeof(info));
	return waitid(P_PID, (id_t) pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid;
}

/* Collects the exit status. Cold: our own child, still a zombie, so its pid and group cannot be
 * reused yet: whatever the snippet left in its group (a fork that outlived it) goes with it, then
 * wait4. Warm: the template does the same for its worker and reports the status. */
static void reap(altair_eval_child *child, altair_eval_outcome *outcome)
{
	if (child->template_fd >= 0) {
		altair_eval_warm_collect(child, outcome);
		return;
	}
	kill(-child->pid, SIGKILL);
	while (wait4(child->pid, &outcome->wait_status, 0, &outcome->usage) < 0 && errno == EINTR) {
	}
}

static int poll_timeout(uint64_t now, uint64_t until, bool have_pidfd)
{
	uint64_t wait = until > now ? until - now : 0;

	if (!have_pidfd && wait > ALTAIR_EVAL_POLL_FALLBACK_MS) {
		wait = ALTAIR_EVAL_POLL_FALLBACK_MS;
	}
	return (int) wait;
}

/* A process start the guest's seccomp filter handed over: refuse it (EPERM) and count it. */
static void refuse_process(int listener, altair_eval_outcome *outcome)
{
#if defined(HAVE_LINUX_SECCOMP_H) && defined(SECCOMP_IOCTL_NOTIF_RECV)
	/* The kernel's structures may grow; SECCOMP_GET_NOTIF_SIZES says how big they are here. */
	static struct seccomp_notif_sizes sizes;
	union {
		struct seccomp_notif request;
		char room[ALTAIR_EVAL_NOTIF_ROOM];
	} request;
	union {
		struct seccomp_notif_resp response;
		char room[ALTAIR_EVAL_NOTIF_ROOM];
	} response;

	if (sizes.seccomp_notif == 0 && syscall(__NR_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sizes) != 0) {
		sizes.seccomp_notif = sizeof(struct seccomp_notif);
		sizes.seccomp_notif_resp = sizeof(struct seccomp_notif_resp);
	}
	if (sizes.seccomp_notif > sizeof(request) || sizes.seccomp_notif_resp > sizeof(response)) {
		return;
	}
	memset(&request, 0, sizeof(request));
	if (ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, &request) != 0) {
		return; /* the caller died meanwhile */
	}
	memset(&response, 0, sizeof(response));
	response.response.id = request.request.id;
	response.response.error = -EPERM;
	ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, &response);
	outcome->processes_refused++;
#else
	(void) listener;
	(void) outcome;
#endif
}

void altair_eval_supervise(altair_eval_child *child, zend_long timeout_ms, altair_eval_outcome *outcome)
{
	enum { OUT, ERR, CHANNEL, EXIT, NOTIFY, WATCHED };
	altair_eval_capture *captures[3] = { &outcome->out, &outcome->err, &outcome->channel };
	const size_t caps[3] = { ALTAIR_EVAL_OUTPUT_MAX_BYTES, ALTAIR_EVAL_OUTPUT_MAX_BYTES, ALTAIR_EVAL_CHANNEL_MAX_BYTES };
	struct pollfd watched[WATCHED];
	uint64_t started = altair_eval_now_ms();
	uint64_t deadline = started + (uint64_t) timeout_ms;
	uint64_t kill_at = 0;
	uint64_t drain_until = 0;
	bool exited = false;
	bool warm = child->template_fd >= 0;
	int pidfd = warm ? -1 : open_pidfd(child->pid);
	bool exit_watched = warm || pidfd >= 0;

	watched[OUT].fd = child->stdout_fd;
	watched[ERR].fd = child->stderr_fd;
	watched[CHANNEL].fd = child->channel_fd;
	watched[EXIT].fd = warm ? child->template_fd : pidfd;
	watched[NOTIFY].fd = -1;
	outcome->process_listener_fd = -1;
	for (int i = 0; i < WATCHED; i++) {
		watched[i].events = POLLIN;
		watched[i].revents = 0;
	}
	for (int i = 0; i < 3; i++) {
		captures[i]->open = true;
	}

	for (;;) {
		uint64_t now = altair_eval_now_ms();
		bool any_open = outcome->out.open || outcome->err.open || outcome->channel.open;

		if (exited && (!any_open || now >= drain_until)) {
			break;
		}
		if (!exited && now >= deadline && !outcome->timed_out) {
			outcome->timed_out = true;
			kill(-child->pid, SIGTERM);
			kill_at = now + ALTAIR_EVAL_KILL_GRACE_MS;
		}
		if (!exited && kill_at && now >= kill_at) {
			kill(-child->pid, SIGKILL);
			kill_at = 0;
		}
		if (!exited && !exit_watched && child_exited(child->pid)) {
			exited = true;
			reap(child, outcome);
			drain_until = now + ALTAIR_EVAL_DRAIN_AFTER_EXIT_MS;
			continue;
		}

		uint64_t until = exited ? drain_until : (kill_at ? kill_at : (outcome->timed_out ? now + ALTAIR_EVAL_POLL_FALLBACK_MS : deadline));
		int ready = poll(watched, WATCHED, poll_timeout(now, until, exit_watched && !exited));
		if (ready < 0 && errno != EINTR) {
			break;
		}
		for (int i = 0; i < 3 && ready > 0; i++) {
			if (watched[i].fd >= 0 && (watched[i].revents & (POLLIN | POLLHUP | POLLERR))) {
				if (!pump(watched[i].fd, captures[i], caps[i], i == CHANNEL ? outcome : NULL)) {
					captures[i]->open = false;
					watched[i].fd = -1;
				}
			}
		}
		if (watched[NOTIFY].fd < 0 && outcome->process_listener_fd >= 0 && !exited) {
			/* Arrived with this read: watched from the next poll on. */
			watched[NOTIFY].fd = outcome->process_listener_fd;
			watched[NOTIFY].revents = 0;
		}
		if (ready > 0 && watched[NOTIFY].fd >= 0 && watched[NOTIFY].revents) {
			if (watched[NOTIFY].revents & POLLIN) {
				refuse_process(watched[NOTIFY].fd, outcome);
			} else {
				watched[NOTIFY].fd = -1; /* POLLHUP: nobody left under the filter */
			}
		}
		if (ready > 0 && watched[EXIT].fd >= 0 && (watched[EXIT].revents & (POLLIN | POLLHUP | POLLERR))) {
			watched[EXIT].fd = -1;
			exited = true;
			reap(child, outcome);
			drain_until = altair_eval_now_ms() + ALTAIR_EVAL_DRAIN_AFTER_EXIT_MS;
		}
	}
	if (!exited) {
		kill(-child->pid, SIGKILL);
		reap(child, outcome);
	}
	for (int i = 0; i < 3; i++) {
		if (captures[i]->data.s) {
			smart_str_0(&captures[i]->data);
		}
	}
	outcome->duration_ms = altair_eval_now_ms() - started;
	if (pidfd >= 0) {
		close(pidfd);
	}
	if (outcome->process_listener_fd >= 0) {
		close(outcome->process_listener_fd);
		outcome->process_listener_fd = -1;
	}
	close(child->stdout_fd);
	close(child->stderr_fd);
	close(child->channel_fd);
}

void altair_eval_outcome_free(altair_eval_outcome *outcome)
{
	smart_str_free(&outcome->out.data);
	smart_str_free(&outcome->err.data);
	smart_str_free(&outcome->channel.data);
}
