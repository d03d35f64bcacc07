/*
 * Supervision: read the child's stdout, stderr and result channel as they come (each capped, the
 * rest drained so the child never blocks on a full pipe), enforce the wall clock on the whole
 * process group (SIGTERM, a grace period, SIGKILL), and reap the child.
 *
 * The caller never busy-waits: it sleeps in poll() on the three descriptors and on a pidfd that
 * becomes readable when the child exits (a child that closes its stdio and sleeps wakes nobody
 * until it exits or its deadline comes). Without pidfd (kernels before 5.3) poll wakes at a short
 * interval to check for exit. One state (supervision) and one step per event: on_deadline,
 * on_readable, on_exited (docs/ARCHITECTURE.md, "The data path").
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "../php_altair_eval.h"
#include "internal.h"
#include "../common/fdio.h"

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

/* What poll watches, in this order: the three streams of the child first. */
enum { WATCH_OUT, WATCH_ERR, WATCH_CHANNEL, WATCH_EXIT, WATCH_NOTIFY, WATCHED };

/* Descriptors the guest attached to the channel: the relay's listening sockets (the relay
 * frame), then its seccomp listener (the sandbox frame): the first one is kept. */
static void keep_attached(const int *fds, size_t count, altair_eval_outcome *outcome)
{
	for (size_t i = 0; i < count; i++) {
		if (altair_eval_relay_adopt(outcome->relay, fds[i])) {
			continue;
		}
		if (outcome->process_listener_fd < 0) {
			outcome->process_listener_fd = fds[i];
			altair_eval_relay_intercept(outcome->relay, fds[i]);
		} else {
			close(fds[i]);
		}
	}
}

/* Appends what fits under the cap; the rest is counted as truncation and dropped. */
static void capture_append(altair_eval_capture *capture, const char *bytes, size_t length, size_t cap)
{
	size_t kept = capture->data.s ? ZSTR_LEN(capture->data.s) : 0;
	size_t room = kept < cap ? cap - kept : 0;

	if (length > room) {
		capture->truncated = true;
	}
	if (room > 0) {
		smart_str_appendl(&capture->data, bytes, MIN(length, room));
	}
}

/* Reads what is there now from one stream (the channel with recvmsg, which also takes an attached
 * descriptor). Returns false at end of file or on a hard error. */
static bool pump(int fd, int stream, altair_eval_outcome *outcome)
{
	char buffer[ALTAIR_EVAL_READ_CHUNK];

	for (;;) {
		ssize_t n;
		if (stream == WATCH_CHANNEL) {
			int fds[ALTAIR_EVAL_FDIO_MAX_FDS];
			size_t count = 0;
			n = altair_eval_fdio_receive(fd, buffer, sizeof(buffer), fds, ALTAIR_EVAL_FDIO_MAX_FDS, &count);
			keep_attached(fds, count, outcome);
		} else {
			n = read(fd, buffer, sizeof(buffer));
		}
		if (n > 0) {
			if (stream == WATCH_CHANNEL) {
				altair_eval_channel_reader_feed(&outcome->channel, buffer, (size_t) n);
			} else {
				capture_append(stream == WATCH_OUT ? &outcome->out : &outcome->err, buffer, (size_t) n,
					ALTAIR_EVAL_OUTPUT_MAX_BYTES);
			}
			continue;
		}
		if (n < 0 && errno == EINTR) {
			continue;
		}
		return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
	}
}

/* The child's pid, and so its process group, is still ours: it has not been reaped, by us or by
 * the caller (SIGCHLD ignored reaps at exit; a handler may reap). A zombie or a live process pins
 * the number; once it is gone, -pid could name a stranger's group after the number is reused, so
 * we send nothing. Warm: the template holds its worker until it reports the exit. */
static bool still_ours(const altair_eval_child *child)
{
	siginfo_t info;

	if (child->template_fd >= 0) {
		return true;
	}
	memset(&info, 0, sizeof(info));
	return waitid(P_PID, (id_t) child->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0;
}

void altair_eval_child_signal_group(const altair_eval_child *child, int signal)
{
	/* 0 (a warm worker already reaped when its pid was looked up, runner/warm.c) would name our own
	 * group. */
	if (child->pid > 0 && still_ours(child)) {
		kill(-child->pid, signal);
	}
}

/* True once the child has exited (it stays a zombie unless the caller's disposition reaped it). */
static bool child_exited(pid_t pid)
{
	siginfo_t info;

	memset(&info, 0, sizeof(info));
	if (waitid(P_PID, (id_t) pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
		return errno == ECHILD; /* reaped already: gone */
	}
	return info.si_pid == pid;
}

/* Cold children answered and killed, still to be waited for (supervise's on_answered): the
 * kernel's teardown of a child's memory and namespaces (3-4 ms for a Laravel count on this VM)
 * is no longer part of its evaluation. They are waited for without blocking when the next
 * evaluation starts; the oldest is waited for when the list is full; at the end of a request
 * every one is waited for (a web SAPI's worker keeps no zombie while it idles), but in the CLI,
 * whose request ends with its process, and at the end of the process only those already gone: a
 * process that exits leaves the rest to init, each dead or dying (SIGKILL to its group; its guest
 * had sent its last frame). A caller that reaps children it does not know (waitpid(-1)) may
 * collect one: it is gone then all the same (ECHILD). Under ZTS threads would share the list: a
 * cold child is waited for before its call returns there. */
#define REAP_LATER_MAX 32
#ifndef ZTS
static pid_t reap_later[REAP_LATER_MAX];
static size_t reap_later_count;
#endif

void altair_eval_reap_later_sweep(bool block)
{
#ifndef ZTS
	for (size_t i = reap_later_count; i-- > 0;) {
		pid_t reaped;
		while ((reaped = waitpid(reap_later[i], NULL, block ? 0 : WNOHANG)) < 0 && errno == EINTR) {
		}
		if (reaped != 0) {
			reap_later[i] = reap_later[--reap_later_count];
		}
	}
#else
	(void) block;
#endif
}

/* Whether this answered cold child is left to a later sweep (false: wait for it now). */
static bool reap_deferred(pid_t pid)
{
#ifdef ZTS
	(void) pid;
	return false;
#else
	/* The evaluation's start swept the list; a full one is swept again, then waits on its oldest. */
	if (reap_later_count == REAP_LATER_MAX) {
		altair_eval_reap_later_sweep(false);
	}
	if (reap_later_count == REAP_LATER_MAX) {
		while (waitpid(reap_later[0], NULL, 0) < 0 && errno == EINTR) {
		}
		reap_later[0] = reap_later[--reap_later_count];
	}
	reap_later[reap_later_count++] = pid;
	return true;
#endif
}

/* Collects the exit status. Cold: whatever the snippet left in its group (a fork that outlived
 * it) goes with it, then wait4; the status is unknown when the caller reaped the child first.
 * Warm: the template does the same for its worker and reports the status. */
static void reap(altair_eval_child *child, altair_eval_outcome *outcome)
{
	pid_t reaped;

	if (child->session) {
		outcome->status_known = true;
		altair_eval_session_collect(child, outcome);
		return;
	}
	if (child->template_fd >= 0) {
		outcome->status_known = true;
		altair_eval_warm_collect(child, outcome);
		return;
	}
	altair_eval_child_signal_group(child, SIGKILL);
	while ((reaped = wait4(child->pid, &outcome->wait_status, 0, &outcome->usage)) < 0 && errno == EINTR) {
	}
	outcome->status_known = reaped == child->pid;
}

static int poll_timeout(uint64_t now, uint64_t until, bool have_pidfd)
{
	uint64_t wait = until > now ? until - now : 0;

	if (!have_pidfd && wait > ALTAIR_EVAL_POLL_FALLBACK_MS) {
		wait = ALTAIR_EVAL_POLL_FALLBACK_MS;
	}
	return (int) wait;
}

/* One supervision: the descriptors polled and the clock. */
typedef struct {
	altair_eval_child *child;
	altair_eval_outcome *outcome;
	struct pollfd watched[WATCHED];
	uint64_t deadline;
	uint64_t kill_at;     /* SIGKILL due after the SIGTERM of a timeout, else 0 */
	uint64_t drain_until; /* after the exit: stop reading then */
	bool exited;
	bool answered;        /* warm: the status frame came; the template reaps the worker (on_answered) */
	bool exit_watched;    /* a pidfd or the template's socket says when the child exits */
	bool notify_hung_up;  /* the seccomp listener said nobody is left under the filter */
	/* What poll watches: the descriptors above, then the relay's (runner/relay.c). */
	struct pollfd polled[WATCHED + ALTAIR_EVAL_RELAY_WATCH_MAX];
} supervision;

static void supervision_start(supervision *s, altair_eval_child *child, zend_long timeout_ms, altair_eval_outcome *outcome,
	uint64_t started)
{
	bool warm = child->template_fd >= 0;

	memset(s, 0, sizeof(*s));
	s->child = child;
	s->outcome = outcome;
	s->deadline = started + (uint64_t) timeout_ms;
	/* Kept on the child, so that a bailout closes it too (evaluator.c). */
	child->exit_fd = warm ? -1 : open_pidfd(child->pid);
	s->exit_watched = warm || child->exit_fd >= 0;
	s->watched[WATCH_OUT].fd = child->stdout_fd;
	s->watched[WATCH_ERR].fd = child->stderr_fd;
	s->watched[WATCH_CHANNEL].fd = child->channel_fd;
	s->watched[WATCH_EXIT].fd = warm ? child->template_fd : child->exit_fd;
	s->watched[WATCH_NOTIFY].fd = outcome->listener_lent ? outcome->process_listener_fd : -1;
	for (int i = 0; i < WATCHED; i++) {
		s->watched[i].events = POLLIN;
	}
	if (!outcome->listener_lent) {
		outcome->process_listener_fd = -1;
	}
}

static bool streams_open(const supervision *s)
{
	return s->watched[WATCH_OUT].fd >= 0 || s->watched[WATCH_ERR].fd >= 0 || s->watched[WATCH_CHANNEL].fd >= 0;
}

/* The wall clock: SIGTERM to the group at the deadline, SIGKILL after the grace period. */
static void on_deadline(supervision *s, uint64_t now)
{
	if (s->exited) {
		return;
	}
	if (now >= s->deadline && !s->outcome->timed_out) {
		s->outcome->timed_out = true;
		altair_eval_child_signal_group(s->child, SIGTERM);
		s->kill_at = now + ALTAIR_EVAL_KILL_GRACE_MS;
	}
	if (s->kill_at && now >= s->kill_at) {
		altair_eval_child_signal_group(s->child, SIGKILL);
		s->kill_at = 0;
	}
}

static void on_exited(supervision *s)
{
	s->exited = true;
	s->watched[WATCH_EXIT].fd = -1;
	reap(s->child, s->outcome);
	s->drain_until = altair_eval_now_ms() + ALTAIR_EVAL_DRAIN_AFTER_EXIT_MS;
}

/* stdout, stderr, the channel, and the seccomp listener once the channel brought it. */
static void on_readable(supervision *s)
{
	struct pollfd *notify = &s->watched[WATCH_NOTIFY];

	for (int i = WATCH_OUT; i <= WATCH_CHANNEL; i++) {
		if (s->watched[i].fd >= 0 && (s->watched[i].revents & (POLLIN | POLLHUP | POLLERR))
			&& !pump(s->watched[i].fd, i, s->outcome)) {
			s->watched[i].fd = -1;
		}
	}
	if (notify->fd >= 0 && notify->revents) {
		if (notify->revents & POLLIN) {
			/* A process start refused, a connect() or socket() decided (runner/intercept.c). */
			altair_eval_intercept_serve(notify->fd, s->outcome);
		} else {
			notify->fd = -1; /* POLLHUP: nobody left under the filter; never watched again */
			s->notify_hung_up = true;
		}
	}
	if (notify->fd < 0 && s->outcome->process_listener_fd >= 0 && !s->exited && !s->notify_hung_up) {
		/* Arrived with this read: watched from the next poll on, with no stale events. */
		notify->fd = s->outcome->process_listener_fd;
		notify->revents = 0;
	}
	if (s->watched[WATCH_EXIT].fd >= 0 && (s->watched[WATCH_EXIT].revents & (POLLIN | POLLHUP | POLLERR))) {
		on_exited(s);
	}
}

/* The answer is in once the guest's status frame is. The guest writes it as its last act and
 * _exits (guest.c, RSHUTDOWN), after everything it printed was written: what stdout and stderr hold
 * now is all there will be, so it is read without waiting for their end. The child is exiting (it
 * can start no process: its filter hands every start to the host, which refuses it; an unsafe one
 * can), so its group is killed now. Warm: its template reaps it off the critical path, and its
 * EXITED report is skipped by the next call (warm.c's read_reply). Cold: it is waited for later
 * (reap_deferred). Either way the kernel's teardown of its memory and namespaces is no longer part
 * of the call, and the exit code is the status frame's. */
static bool on_answered(supervision *s)
{
	if (s->exited || s->outcome->timed_out || !altair_eval_channel_reader_finished(&s->outcome->channel)) {
		return false;
	}
	for (int i = WATCH_OUT; i <= WATCH_ERR; i++) {
		if (s->watched[i].fd >= 0 && !pump(s->watched[i].fd, i, s->outcome)) {
			s->watched[i].fd = -1;
		}
	}
	if (s->child->session) {
		/* A session's call: its worker may hold the session's state from now on, so it is not
		 * killed; it says so (KEPT) or ends by itself (EXITED) right after its status frame. */
		s->answered = true;
		reap(s->child, s->outcome);
		return true;
	}
	altair_eval_child_signal_group(s->child, SIGKILL);
	s->answered = true;
	if (s->child->template_fd < 0 && !reap_deferred(s->child->pid)) {
		reap(s->child, s->outcome); /* under ZTS */
		return true;
	}
	s->outcome->status_known = false;
	return true;
}

/* How long poll may sleep: to the next event of the clock, or a short interval without pidfd. */
static int next_wake(const supervision *s, uint64_t now)
{
	uint64_t until = s->exited ? s->drain_until
		: (s->kill_at ? s->kill_at : (s->outcome->timed_out ? now + ALTAIR_EVAL_POLL_FALLBACK_MS : s->deadline));

	return poll_timeout(now, until, s->exit_watched && !s->exited);
}

void altair_eval_supervise(altair_eval_child *child, zend_long timeout_ms, altair_eval_outcome *outcome)
{
	uint64_t started = altair_eval_now_ms();
	supervision s;

	altair_eval_reap_later_sweep(false);
	supervision_start(&s, child, timeout_ms, outcome, started);
	for (;;) {
		uint64_t now = altair_eval_now_ms();
		int ready;

		if (s.exited && (!streams_open(&s) || now >= s.drain_until)) {
			break;
		}
		on_deadline(&s, now);
		if (!s.exited && !s.exit_watched && child_exited(child->pid)) {
			on_exited(&s);
			continue;
		}
		size_t relayed = s.exited ? 0
			: altair_eval_relay_watch(outcome->relay, s.polled + WATCHED, sizeof(s.polled) / sizeof(s.polled[0]) - WATCHED);
		memcpy(s.polled, s.watched, sizeof(s.watched));
		for (size_t i = 0; i < WATCHED + relayed; i++) {
			s.polled[i].revents = 0;
		}
		ready = altair_eval_relay_poll(outcome->relay, s.polled, WATCHED + relayed, next_wake(&s, now));
		if (ready < 0 && errno != EINTR) {
			break;
		}
		if (ready > 0) {
			memcpy(s.watched, s.polled, sizeof(s.watched));
			on_readable(&s);
			altair_eval_relay_serve(outcome->relay, s.polled + WATCHED, relayed);
			if (on_answered(&s)) {
				break;
			}
		}
	}
	if (!s.exited && !s.answered) {
		reap(child, outcome);
	}
	outcome->duration_ms = altair_eval_now_ms() - started;
	altair_eval_child_close(child, outcome);
}

/* Every descriptor supervision held; also the bailout path's (evaluator.c). */
void altair_eval_child_close(altair_eval_child *child, altair_eval_outcome *outcome)
{
	int *fds[] = { &child->exit_fd, &outcome->process_listener_fd, &child->stdout_fd, &child->stderr_fd,
		&child->channel_fd };

	if (outcome->listener_lent) {
		fds[1] = &child->exit_fd; /* the session's, not this call's (runner/session.c) */
	}

	for (size_t i = 0; i < sizeof(fds) / sizeof(fds[0]); i++) {
		if (*fds[i] >= 0) {
			close(*fds[i]);
			*fds[i] = -1;
		}
	}
	if (outcome->out.data.s) {
		smart_str_0(&outcome->out.data);
	}
	if (outcome->err.data.s) {
		smart_str_0(&outcome->err.data);
	}
}

void altair_eval_outcome_free(altair_eval_outcome *outcome)
{
	smart_str_free(&outcome->out.data);
	smart_str_free(&outcome->err.data);
	altair_eval_channel_reader_free(&outcome->channel);
}
