/*
 * The warm template (see guest/warm_protocol.h for the conversation with the host).
 *
 * The template is started like a cold child (same binary, ini and guards, opcache on) and stops
 * in Altair\Eval\Guest\main() before any project code: it only forks. Each worker takes its
 * request's descriptors and scratch dir, leads its own session, and returns into main(), which
 * then locks down and runs the snippet exactly as in a cold child. Nothing a worker does reaches
 * the template or the next worker: each is a fresh copy of the pristine template.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_ini.h"
#include "../php_altair_eval.h"
#include "warm_protocol.h"
#include "template.h"
#include "../common/fdio.h"
#include "../common/proc_status.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#define CONTROL_FD ALTAIR_EVAL_CHANNEL_FD

static void send_event(int32_t kind, pid_t pid, int status, const struct rusage *usage)
{
	altair_eval_warm_event event;

	memset(&event, 0, sizeof(event));
	event.magic = ALTAIR_EVAL_WARM_MAGIC;
	event.kind = kind;
	event.pid = (int32_t) pid;
	event.wait_status = status;
	event.error = kind == ALTAIR_EVAL_WARM_FAILED ? errno : 0;
	if (usage) {
		event.usage = *usage;
	}
	while (send(CONTROL_FD, &event, sizeof(event), MSG_NOSIGNAL) < 0 && errno == EINTR) {
	}
}

/* One request and its descriptors; false when the host is gone (or spoke nonsense). */
static bool receive_request(altair_eval_warm_request *request, int fds[ALTAIR_EVAL_WARM_FDS])
{
	size_t count = 0;
	ssize_t received = altair_eval_fdio_receive(CONTROL_FD, request, sizeof(*request), fds, ALTAIR_EVAL_WARM_FDS, &count);

	if ((size_t) received != sizeof(*request) || count != ALTAIR_EVAL_WARM_FDS || request->magic != ALTAIR_EVAL_WARM_MAGIC
		|| memchr(request->scratch, '\0', sizeof(request->scratch)) == NULL) {
		for (size_t i = 0; i < count; i++) {
			close(fds[i]);
		}
		return false;
	}
	return true;
}

static void set_ini(const char *name, const char *value)
{
	zend_string *key = zend_string_init(name, strlen(name), 0);
	zend_alter_ini_entry_chars(key, value, strlen(value), ZEND_INI_SYSTEM, ZEND_INI_STAGE_RUNTIME);
	zend_string_release(key);
}

/* In the worker: its descriptors on 1, 2 and 3 (replacing the control socket), its own session,
 * and the request's settings where the template had placeholders. */
static void become_worker(const altair_eval_warm_request *request, const int fds[ALTAIR_EVAL_WARM_FDS], pid_t template_pid)
{
	char number[24];

	setsid();
	for (int i = 0; i < ALTAIR_EVAL_WARM_FDS; i++) {
		dup2(fds[i], STDOUT_FILENO + i);
		close(fds[i]);
	}
	set_ini("altair_eval.guest_scratch", request->scratch);
	set_ini("sys_temp_dir", request->scratch);
	set_ini("upload_tmp_dir", request->scratch);
	set_ini("session.save_path", request->scratch);
	snprintf(number, sizeof(number), "%u", request->timeout_ms);
	set_ini("altair_eval.guest_timeout_ms", number);
	snprintf(number, sizeof(number), "%ld", (long) template_pid);
	set_ini("altair_eval.guest_parent_pid", number);
}

/* Waits for the worker without reaping it, ends what it left in its session, then reaps. */
static void await_worker(pid_t pid)
{
	siginfo_t info;
	struct rusage usage;
	int status = 0;

	while (waitid(P_PID, (id_t) pid, &info, WEXITED | WNOWAIT) < 0 && errno == EINTR) {
	}
	kill(-pid, SIGKILL);
	memset(&usage, 0, sizeof(usage));
	while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
	}
	send_event(ALTAIR_EVAL_WARM_EXITED, pid, status, &usage);
}

/* True unless /proc/self/status says this process has other threads (an extension loaded by a
 * forwarded ini may start some); without /proc it cannot be checked and is assumed. */
static bool single_threaded(void)
{
	int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
	long long threads = altair_eval_proc_status_value(fd, "Threads");

	if (fd >= 0) {
		close(fd);
	}
	return threads <= 1;
}

void altair_eval_guest_template_serve(void)
{
	altair_eval_warm_request request;
	int fds[ALTAIR_EVAL_WARM_FDS];
	pid_t template_pid = getpid();

	/* The template dies with its host; its workers die with it (their own lockdown step). */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != (pid_t) ALTAIR_EVAL_G(guest_parent_pid)) {
		_exit(ALTAIR_EVAL_EXIT_FATAL);
	}
	fflush(NULL);
	send_event(ALTAIR_EVAL_WARM_READY, template_pid, 0, NULL);

	while (receive_request(&request, fds)) {
		pid_t pid;
		if (!single_threaded()) {
			/* fork() copies only this thread: a lock another one holds (malloc, an extension's)
			 * would stay locked forever in the worker, which calls emalloc and ini code. */
			for (int i = 0; i < ALTAIR_EVAL_WARM_FDS; i++) {
				close(fds[i]);
			}
			errno = EDEADLK;
			send_event(ALTAIR_EVAL_WARM_FAILED, 0, 0, NULL);
			continue;
		}
		pid = fork();
		if (pid == 0) {
			become_worker(&request, fds, template_pid);
			return;
		}
		for (int i = 0; i < ALTAIR_EVAL_WARM_FDS; i++) {
			close(fds[i]);
		}
		if (pid < 0) {
			send_event(ALTAIR_EVAL_WARM_FAILED, 0, 0, NULL);
			continue;
		}
		send_event(ALTAIR_EVAL_WARM_STARTED, pid, 0, NULL);
		await_worker(pid);
	}
	/* The host closed the control socket (or is gone): nothing to clean up, no PHP shutdown. */
	_exit(0);
}
