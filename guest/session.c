/*
 * Sessions, guest side (see session.h; docs/ARCHITECTURE.md, "Sessions").
 *
 * The holder of a session waits on the session's socket for a call: a request and its four
 * descriptors, exactly a warm worker's (common/warm_protocol.h). It forks the call's worker (its
 * seccomp filter hands that fork to the host, which lets this one through and no other:
 * runner/session.c), tells the host its pid (STARTED) and waits. The worker leads its own session
 * and process group, narrows its filter to signals of its
 * own group, takes the call's conduits and settings, copies the snippet into the session's dir and
 * runs it as any warm worker does. A call that ends well: the worker says so (KEPT: the host
 * returns), tells the holder to go, waits until it is gone, and holds the session from then on.
 * One that does not (an exception, a
 * fatal error, exit(), a limit, a kill): the holder reaps it and goes on as it was (EXITED).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "../php_altair_eval.h"
#include "../common/fdio.h"
#include "../common/remove_tree.h"
#include "../common/warm_protocol.h"
#include "session.h"
#include "report.h"
#include "template/template.h"
#include "lockdown/lockdown.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static bool session_active;
/* The session's dir, beneath its template's scratch (the opening request's): every call's. */
static char session_dir[ALTAIR_EVAL_WARM_PATH_MAX];
/* In a call's worker: the pipes to its holder, to tell it to go (-1: this is no call's worker). */
static int to_holder = -1;
static int from_holder = -1;
static pid_t template_pid;
/* How long the holder waits for a call (the opening request's idle_ms; 0: no end). */
static uint32_t idle_ms;
/* Past its timeout, a call's worker whose host is gone ends by its alarm this much later. */
#define ALTAIR_EVAL_SESSION_BACKSTOP_SECONDS 5
/* How long a call's worker waits for its holder's exit to make it the template's child. */
#define TAKE_OVER_WAIT_US 1000000

void altair_eval_guest_session_adopt(uint32_t idle, const char *dir)
{
	idle_ms = idle;
	session_active = fcntl(ALTAIR_EVAL_SESSION_FD, F_GETFD) >= 0;
	snprintf(session_dir, sizeof(session_dir), "%s", dir);
	template_pid = getppid();
}

bool altair_eval_guest_session_active(void)
{
	return session_active;
}

static void tell_host(int32_t kind, pid_t pid, int status)
{
	altair_eval_warm_event event;

	memset(&event, 0, sizeof(event));
	event.magic = ALTAIR_EVAL_WARM_MAGIC;
	event.kind = kind;
	event.pid = (int32_t) pid;
	event.wait_status = status;
	while (send(ALTAIR_EVAL_SESSION_FD, &event, sizeof(event), MSG_NOSIGNAL) < 0 && errno == EINTR) {
	}
}

/* The call's answer is whole with its status frame (the host returns on it and the session's
 * socket's KEPT); its conduits go (the channel's number, 3, is the
 * next call's). */
static void end_call(void)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);

	fflush(NULL);
	altair_eval_guest_report_exit(0);
	if (null >= 0) {
		dup2(null, STDOUT_FILENO);
		dup2(null, STDERR_FILENO);
		close(null);
	}
	close(ALTAIR_EVAL_CHANNEL_FD);
}

/* A call's worker whose call ended well takes the session over: it tells its holder to go and
 * waits until it has (its end of from_holder then reads end of file, and the template is its
 * parent), and dies with the template from then on, as the holder did. false when the template is
 * gone too. */
static bool take_over(void)
{
	pid_t holder_pid = getppid();
	char gone;

	if (to_holder < 0) {
		return true; /* the session's opener: its parent is the template already */
	}
	(void) write(to_holder, "k", 1);
	while (read(from_holder, &gone, 1) < 0 && errno == EINTR) {
	}
	close(to_holder);
	close(from_holder);
	to_holder = from_holder = -1;
	/* The holder's descriptors close before it is reparented away: this process becomes the
	 * template's child (it is the PID namespace's init, or the subreaper) a moment later. */
	for (int waited = 0; getppid() == holder_pid && waited < TAKE_OVER_WAIT_US; waited += 50) {
		usleep(50);
	}
	/* Its backstop is no longer needed: it dies with the template from now on, as its holder did. */
	alarm(0);
	prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
	return getppid() == template_pid;
}

/* The session's end (its socket closed: the host closed it, or went): its dir goes with it. */
static void end_session(void)
{
	char base[ALTAIR_EVAL_WARM_PATH_MAX];
	char *slash;
	int base_fd;

	snprintf(base, sizeof(base), "%s", session_dir);
	slash = strrchr(base, '/');
	if (slash && slash != base) {
		*slash = '\0';
		if ((base_fd = open(base, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) >= 0) {
			altair_eval_remove_tree_at(base_fd, slash + 1);
			close(base_fd);
		}
	}
}

/* In the holder: waits for its call's worker to take over (the holder then exits) or to end (it
 * is reaped and the holder goes on). */
static void await_call(pid_t worker, int taken, int gone)
{
	struct pollfd watched = { .fd = taken, .events = POLLIN };
	char byte;
	ssize_t n;
	int status = 0;

	for (;;) {
		while (poll(&watched, 1, -1) < 0 && errno == EINTR) {
		}
		while ((n = read(taken, &byte, 1)) < 0 && errno == EINTR) {
		}
		if (n == 1) {
			_exit(0); /* the worker holds the state now: gone reads end of file */
		}
		break;
	}
	close(taken);
	close(gone);
	kill(-worker, SIGKILL);
	while (waitpid(worker, &status, 0) < 0 && errno == EINTR) {
	}
	tell_host(ALTAIR_EVAL_WARM_EXITED, worker, status);
}

/* In a call's worker, before anything of the call: its own session and process group (the host
 * ends the group on a timeout, never the holder's), death with its holder while the call runs, its
 * filter narrowed to its own group's signals, its conduits on 3, 1 and 2 and the call's settings. */
static bool start_call(const altair_eval_warm_request *request, const int fds[ALTAIR_EVAL_WARM_FDS], pid_t holder)
{
	static const int targets[ALTAIR_EVAL_WARM_CONDUITS] = { ALTAIR_EVAL_CHANNEL_FD, STDOUT_FILENO, STDERR_FILENO };
	char snippet[ALTAIR_EVAL_WARM_PATH_MAX + sizeof("/snippet.php")];
	struct rlimit cpu;

	/* Not the parent-death signal: the holder exits when this call ends well, and the template's
	 * filter lets no process clear it again. The host ends the call's group at its deadline; were
	 * the host gone with its template and the holder, the alarm ends it (its default action: PHP
	 * has no handler for it, and no function left to cancel it). */
	alarm((unsigned) ((request->timeout_ms + 999) / 1000) + ALTAIR_EVAL_SESSION_BACKSTOP_SECONDS);
	if (getppid() != holder || setsid() < 0) {
		return false;
	}
	/* The channel came on 3, the lowest number free (the holder closed the last call's). */
	if (fds[0] != ALTAIR_EVAL_CHANNEL_FD) {
		return false;
	}
	for (int i = 1; i < ALTAIR_EVAL_WARM_CONDUITS; i++) {
		if (fds[i] != targets[i]) {
			dup2(fds[i], targets[i]);
			close(fds[i]);
		}
	}
	if (!altair_eval_lockdown_session_call()) {
		return false;
	}
	/* RLIMIT_CPU: this call's time, lowered (never raised) from the holder's. */
	if (getrlimit(RLIMIT_CPU, &cpu) == 0) {
		rlim_t seconds = (rlim_t) ((request->timeout_ms + 999) / 1000) + ALTAIR_EVAL_RLIMIT_CPU_GRACE_SECONDS;
		cpu.rlim_cur = seconds < cpu.rlim_max ? seconds : cpu.rlim_max;
		setrlimit(RLIMIT_CPU, &cpu);
	}
	altair_eval_guest_template_take_settings(request, template_pid);
	/* The session's dir is every call's: the snippet replaces the last one's. */
	snprintf(snippet, sizeof(snippet), "%s/snippet.php", session_dir);
	unlink(snippet);
	if (!altair_eval_lockdown_copy_snippet(fds[ALTAIR_EVAL_WARM_CONDUITS], session_dir)) {
		return false;
	}
	return altair_eval_guest_report_session_call() == SUCCESS;
}

/* One call's request and its descriptors from the session's socket; false at its end. */
static bool receive_call(altair_eval_warm_request *request, int fds[ALTAIR_EVAL_WARM_FDS])
{
	struct pollfd watched = { .fd = ALTAIR_EVAL_SESSION_FD, .events = POLLIN };
	size_t count = 0;
	ssize_t received;
	int ready;

	/* Idle past its timeout: the session ends (the host finds its socket closed on the next call). */
	while ((ready = poll(&watched, 1, idle_ms ? (int) MIN(idle_ms, INT_MAX) : -1)) < 0 && errno == EINTR) {
	}
	if (ready <= 0) {
		return false;
	}
	while ((received = altair_eval_fdio_receive(ALTAIR_EVAL_SESSION_FD, request, sizeof(*request), fds,
			ALTAIR_EVAL_WARM_FDS, &count)) < 0 && errno == EINTR) {
	}
	if ((size_t) received != sizeof(*request) || request->magic != ALTAIR_EVAL_WARM_MAGIC || count != ALTAIR_EVAL_WARM_FDS) {
		for (size_t i = 0; i < count; i++) {
			close(fds[i]);
		}
		return false;
	}
	return true;
}

bool altair_eval_guest_session_hold(void)
{
	altair_eval_warm_request request;
	int fds[ALTAIR_EVAL_WARM_FDS];

	end_call();
	/* The host has its answer and may return now: the old holder's exit (the teardown of a booted
	 * app's memory) is no part of the call. The next call waits on the session's socket until this
	 * process reads it, once it holds the session; were the template gone meanwhile, the next call
	 * finds the session ended. */
	tell_host(ALTAIR_EVAL_WARM_KEPT, getpid(), 0);
	if (!take_over()) {
		_exit(0);
	}
	while (receive_call(&request, fds)) {
		int taken[2], gone[2];
		pid_t holder = getpid(), worker;

		if (pipe2(taken, O_CLOEXEC) != 0 || pipe2(gone, O_CLOEXEC) != 0) {
			_exit(ALTAIR_EVAL_EXIT_FATAL);
		}
		/* The one fork the host lets through for this call (runner/session.c). */
		worker = fork();
		if (worker == 0) {
			close(taken[0]);
			close(gone[1]);
			to_holder = taken[1];
			from_holder = gone[0];
			if (!start_call(&request, fds, holder)) {
				_exit(ALTAIR_EVAL_EXIT_FATAL);
			}
			return true;
		}
		for (int i = 0; i < ALTAIR_EVAL_WARM_FDS; i++) {
			close(fds[i]);
		}
		close(taken[1]);
		close(gone[0]);
		if (worker < 0) {
			close(taken[0]);
			close(gone[1]);
			tell_host(ALTAIR_EVAL_WARM_FAILED, 0, errno);
			continue;
		}
		tell_host(ALTAIR_EVAL_WARM_STARTED, worker, 0);
		await_call(worker, taken[0], gone[1]);
	}
	end_session();
	return false;
}
