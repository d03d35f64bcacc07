/*
 * The warm template (see common/warm_protocol.h for the conversation with the host).
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
#include "zend_smart_str.h"
#include "../../php_altair_eval.h"
#include "../../common/warm_protocol.h"
#include "template.h"
#include "watch.h"
#include "deps.h"
#include "prefault.h"
#include "../session.h"
#include "../engine.h"
#include "../../common/fdio.h"
#include "../../common/proc_status.h"
#include "../../common/remove_tree.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* A booted template moves its control socket here (at least; below RLIMIT_NOFILE). */
#define CONTROL_FD_SEALED 128
/* A booted template retires (STALE) once its own CPU time reaches this share of its RLIMIT_CPU. */
#define TEMPLATE_CPU_BUDGET_SECONDS (ALTAIR_EVAL_TIMEOUT_MS_MAX / 1000 / 2)
/* A worker's own descriptors: stdin (/dev/null), stdout, stderr, the result channel. */
#define WORKER_OWN_FDS (ALTAIR_EVAL_CHANNEL_FD + 1)
/* More than the template ever holds (opcache's lock file is the one seen in practice). */
#define WORKER_INHERITED_MAX 64
/* Without /proc/self/fd, every number below this is probed instead. */
#define WORKER_PROBE_FDS 1024

static int control_fd = ALTAIR_EVAL_CHANNEL_FD;

static void send_event_noted(int32_t kind, pid_t pid, int status, const struct rusage *usage, const char *note)
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
	if (note) {
		snprintf(event.note, sizeof(event.note), "%s", note);
	}
	while (send(control_fd, &event, sizeof(event), MSG_NOSIGNAL) < 0 && errno == EINTR) {
	}
}

static void send_event(int32_t kind, pid_t pid, int status, const struct rusage *usage)
{
	send_event_noted(kind, pid, status, usage, NULL);
}

int altair_eval_guest_template_seal_control(void)
{
	int moved = fcntl(ALTAIR_EVAL_CHANNEL_FD, F_DUPFD_CLOEXEC, CONTROL_FD_SEALED);

	if (moved >= 0) {
		close(ALTAIR_EVAL_CHANNEL_FD);
		control_fd = moved;
	}
	return control_fd;
}

void altair_eval_guest_template_worker_ending(void)
{
	if (ALTAIR_EVAL_G(guest_template) && altair_eval_guest_template_booted()) {
		altair_eval_template_watch_worker_ipc_release();
	}
}

ZEND_NORETURN void altair_eval_guest_template_refuse(const char *why)
{
	send_event_noted(ALTAIR_EVAL_WARM_PLAIN, getpid(), 0, NULL, why);
	_exit(0);
}

/* How many descriptors a request comes with: a session's opening brings its socket too, a check
 * none. */
static size_t request_fd_count(const altair_eval_warm_request *request)
{
	return (request->flags & ALTAIR_EVAL_WARM_REQUEST_CHECK) ? 0
		: ((request->flags & ALTAIR_EVAL_WARM_REQUEST_SESSION) ? ALTAIR_EVAL_WARM_SESSION_FDS : ALTAIR_EVAL_WARM_FDS);
}

/* One request and its descriptors; false when the host is gone (or spoke nonsense). */
static bool receive_request(altair_eval_warm_request *request, int fds[ALTAIR_EVAL_WARM_SESSION_FDS])
{
	size_t count = 0;
	ssize_t received = altair_eval_fdio_receive(control_fd, request, sizeof(*request), fds, ALTAIR_EVAL_WARM_SESSION_FDS, &count);

	if ((size_t) received != sizeof(*request) || request->magic != ALTAIR_EVAL_WARM_MAGIC || count != request_fd_count(request)
		|| memchr(request->scratch, '\0', sizeof(request->scratch)) == NULL) {
		for (size_t i = 0; i < count; i++) {
			close(fds[i]);
		}
		return false;
	}
	return true;
}

/* What a cold child gets on its command line; also the settings a booted template locked before
 * its boot (guest/engine.c): this is the worker's own C code, before any of its user code. */
#define set_ini altair_eval_guest_engine_set_ini

/* A descriptor of the worker's own in place of an inherited one: a fresh open file description
 * of the same file or device when it was read-only (the offset is no longer shared), else an
 * empty anonymous file. -1 when neither can be had. */
static int private_replacement(int fd)
{
	struct stat info;
	char path[sizeof("/proc/self/fd/") + MAX_LENGTH_OF_LONG];
	int flags = fcntl(fd, F_GETFL);
	int fresh = -1;

	if (flags >= 0 && (flags & O_ACCMODE) == O_RDONLY && fstat(fd, &info) == 0
		&& (S_ISREG(info.st_mode) || S_ISCHR(info.st_mode))) {
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
		fresh = open(path, O_RDONLY | O_CLOEXEC);
	}
	if (fresh < 0) {
		fresh = memfd_create("altair-eval-worker", MFD_CLOEXEC);
	}
	return fresh;
}

/* Without /proc/self/fd: every number below WORKER_PROBE_FDS that is open. poll() answers for many
 * numbers at once (POLLNVAL: not open; at most RLIMIT_NOFILE of them per call), where a fcntl() per
 * number cost a thousand syscalls through the template's filter in every booted worker. */
static size_t probed_descriptors(int fds[WORKER_INHERITED_MAX])
{
	static struct pollfd probe[WORKER_PROBE_FDS];
	struct rlimit limit;
	size_t count = 0, chunk = 64;

	if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur > chunk) {
		chunk = limit.rlim_cur < WORKER_PROBE_FDS ? (size_t) limit.rlim_cur : WORKER_PROBE_FDS;
	}
	for (int first = WORKER_OWN_FDS; first < WORKER_PROBE_FDS; first += (int) chunk) {
		size_t n = MIN(chunk, (size_t) (WORKER_PROBE_FDS - first));
		for (size_t i = 0; i < n; i++) {
			probe[i].fd = first + (int) i;
			probe[i].events = 0;
			probe[i].revents = 0;
		}
		if (poll(probe, n, 0) < 0) {
			for (size_t i = 0; i < n; i++) {
				probe[i].revents = fcntl(probe[i].fd, F_GETFD) >= 0 ? 0 : POLLNVAL;
			}
		}
		for (size_t i = 0; i < n && count < WORKER_INHERITED_MAX; i++) {
			if (!(probe[i].revents & POLLNVAL)) {
				fds[count++] = probe[i].fd;
			}
		}
	}
	return count;
}

/* The inherited descriptors above the worker's own, read from /proc/self/fd (else probed). */
static size_t inherited_descriptors(int fds[WORKER_INHERITED_MAX])
{
	DIR *dir = opendir("/proc/self/fd");
	struct dirent *entry;
	size_t count = 0;

	if (!dir) {
		return probed_descriptors(fds);
	}
	while ((entry = readdir(dir)) != NULL && count < WORKER_INHERITED_MAX) {
		int fd = atoi(entry->d_name);
		if (fd >= WORKER_OWN_FDS && fd != dirfd(dir)) {
			fds[count++] = fd;
		}
	}
	closedir(dir);
	return count;
}

/* A session's worker is forked for its request alone, never taken from the pool: its lockdown is a
 * session holder's (guest/session.c, guest/lockdown/seccomp.c), which prepare_worker builds
 * before the request comes, as for a pooled one. */
static bool forking_session;

/* Every worker inherits the template's descriptors, and with them their open file descriptions:
 * opcache's lock file (read-write in /tmp, unlinked; a memfd from PHP 8.3) was one file shared by
 * all workers, so bytes a snippet wrote through php://fd/4 were read back by the next. opcache
 * only takes fcntl() locks on it, and only one worker of a template runs at a time (the template
 * waits for each before it hands the next request to a waiting one), so each worker gets a file of its own at the same
 * number: opcache keeps locking, nothing written there reaches another worker. */
static void privatise_inherited_descriptors(int keep, int wake)
{
	int fds[WORKER_INHERITED_MAX];
	size_t count = inherited_descriptors(fds);

	for (size_t i = 0; i < count; i++) {
		/* A session's opener keeps the session's socket (session_open). */
		if (fds[i] == keep || fds[i] == wake || (forking_session && fds[i] == ALTAIR_EVAL_SESSION_FD)) {
			continue;
		}
		int flags = fcntl(fds[i], F_GETFL);
		/* The view's handles on the host (lockdown/mount_warm.c): O_PATH, so no offset or data to
		 * share; the worker's view step uses them and closes them before any user code. */
		if (flags >= 0 && (flags & O_PATH)) {
			continue;
		}
		/* What a booted template's boot left open: the same file, reopened by the path the boot
		 * opened it at (template/deps.c); closed, never emptied, when that file changed. */
		int fresh = altair_eval_template_deps_reopen(fds[i]);
		if (fresh == -2) {
			fresh = private_replacement(fds[i]);
		}
		if (fresh < 0) {
			close(fds[i]);
			continue;
		}
		dup2(fresh, fds[i]);
		close(fresh);
	}
}

/* A worker that may write project files compiles into its own memory only: opcache validates by
 * timestamp, and a snippet with writes can compile a changed file and then restore its bytes and
 * mtime, leaving the change in the shared cache for later evaluations. */
static void no_shared_cache_for_writes(void)
{
	if (ALTAIR_EVAL_G(guest_allow_writes) || ALTAIR_EVAL_G(guest_project_overlay) || ALTAIR_EVAL_G(guest_unsafe)) {
		set_ini("opcache.enable", "0");
	}
}

/* The template's open_basedir names its placeholder scratch, the base of every scratch dir; the
 * worker's names its own scratch there instead, and keeps every other entry (the project, packages
 * outside it). */
static void narrow_open_basedir(const char *placeholder, const char *scratch)
{
	smart_str list = {0};
	char *copy, *entry, *state = NULL;

	if (!PG(open_basedir) || !*PG(open_basedir)) {
		return;
	}
	copy = estrdup(PG(open_basedir));
	for (entry = php_strtok_r(copy, ":", &state); entry; entry = php_strtok_r(NULL, ":", &state)) {
		if (list.s) {
			smart_str_appendc(&list, DEFAULT_DIR_SEPARATOR);
		}
		smart_str_appends(&list, strcmp(entry, placeholder) == 0 ? scratch : entry);
	}
	smart_str_0(&list);
	set_ini("open_basedir", list.s ? ZSTR_VAL(list.s) : "");
	smart_str_free(&list);
	efree(copy);
}

/* The template's own /proc/self/status, opened before its view and Landlock, which refuse the
 * open afterwards (EACCES: the check below then never saw a thread); -1: not opened. */
static int status_fd = -1;

void altair_eval_guest_template_open_status(void)
{
	if (status_fd < 0) {
		status_fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
	}
}

/* True unless the template's /proc/self/status says it has other threads (an extension loaded by a
 * forwarded ini may start some); where it could not be opened at all it cannot be checked and is
 * assumed. */
static bool single_threaded(void)
{
	return altair_eval_proc_status_value(status_fd, "Threads") <= 1;
}

/* The pool (docs/ARCHITECTURE.md, "The warm template"): workers forked ahead of their request,
 * each waiting on a socket of its own for it. A worker serves one request and exits. */
typedef struct {
	pid_t pid;
	int fd;   /* the template's end of the worker's socket */
	int wake; /* an eventfd the worker waits on, written once its request is on the socket; -1: none */
} pooled_worker;

static pooled_worker pool[ALTAIR_EVAL_WARM_POOL_MAX];
static int pool_count;
/* The guest's part of a worker's preparation (guest.c), given to altair_eval_guest_template_serve. */
static void (*prepare_lockdown)(void);

/* In a new worker, before its request: everything that does not depend on it. Its own session
 * (and so its own process group), none of the template's descriptors but private copies (and its
 * socket, keep, and its eventfd, wake), death with the template. */
static void prepare_worker(int keep, int wake, pid_t template_pid)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != template_pid) {
		_exit(0);
	}
	setsid();
	close(control_fd);
	if (status_fd >= 0) {
		close(status_fd);
		status_fd = -1;
	}
	for (int i = 0; i < pool_count; i++) {
		close(pool[i].fd);
		if (pool[i].wake >= 0) {
			close(pool[i].wake);
		}
	}
	altair_eval_template_watch_close_in_worker();
	altair_eval_template_deps_close_in_worker();
	privatise_inherited_descriptors(keep, wake);
	if (prepare_lockdown) {
		prepare_lockdown();
	}
}

/* A worker's snippet, from its request, until the lockdown takes it (-1: none). */
static int request_snippet_fd = -1;
/* A booted template's pooled worker: its eventfd until the template's verdict (-1: none). */
static int verdict_fd = -1;

/* A worker's eventfd (EFD_SEMAPHORE): the template counts one (the wake-up, then the verdict) ... */
static bool count_one(int fd)
{
	uint64_t one = 1;

	return write(fd, &one, sizeof(one)) == (ssize_t) sizeof(one); /* at most 2: never overflows */
}

/* ... and the worker takes it, waiting until there is one; a worker that cannot read it exits. */
static void take_one(int fd)
{
	struct pollfd counted = { .fd = fd, .events = POLLIN };
	uint64_t value;

	while (poll(&counted, 1, -1) < 0 && errno == EINTR) {
	}
	if (read(fd, &value, sizeof(value)) != (ssize_t) sizeof(value)) {
		_exit(0);
	}
}

bool altair_eval_guest_template_awaiting_verdict(void)
{
	return verdict_fd >= 0;
}

void altair_eval_guest_template_await_verdict(void)
{
	if (verdict_fd < 0) {
		return;
	}
	take_one(verdict_fd);
	close(verdict_fd);
	verdict_fd = -1;
}

int altair_eval_guest_template_take_snippet_fd(void)
{
	int fd = request_snippet_fd;

	request_snippet_fd = -1;
	return fd;
}

/* In the worker, once its request came: its descriptors on 3, 1 and 2 (the channel may be on 3
 * already: common/warm_protocol.h), and the request's settings where the template had
 * placeholders. */
static void take_request(const altair_eval_warm_request *request, const int fds[ALTAIR_EVAL_WARM_FDS], pid_t template_pid)
{
	static const int targets[ALTAIR_EVAL_WARM_CONDUITS] = { ALTAIR_EVAL_CHANNEL_FD, STDOUT_FILENO, STDERR_FILENO };
	int moved[ALTAIR_EVAL_WARM_CONDUITS];

	/* One that came on another's target (a template with a standard descriptor closed) moves up
	 * first, or that one's dup2 would close it. */
	for (int i = 0; i < ALTAIR_EVAL_WARM_CONDUITS; i++) {
		moved[i] = fds[i];
		if (fds[i] != targets[i] && fds[i] <= ALTAIR_EVAL_CHANNEL_FD) {
			moved[i] = fcntl(fds[i], F_DUPFD_CLOEXEC, ALTAIR_EVAL_CHANNEL_FD + 1);
			close(fds[i]);
		}
	}
	for (int i = 0; i < ALTAIR_EVAL_WARM_CONDUITS; i++) {
		if (moved[i] != targets[i]) {
			dup2(moved[i], targets[i]);
			close(moved[i]);
		}
	}
	/* The snippet: the view step copies it into the worker's dir and closes it. */
	request_snippet_fd = fds[ALTAIR_EVAL_WARM_CONDUITS];
	/* A session's opening: its socket, kept by every holder of the session (guest/session.c). */
	if (request->flags & ALTAIR_EVAL_WARM_REQUEST_SESSION) {
		altair_eval_guest_session_adopt(request->idle_ms, request->scratch);
	}
	altair_eval_guest_template_take_settings(request, template_pid);
}

/* A request's settings where the template had placeholders, and what PHP keeps per process made
 * the worker's own: a worker's, and each call's of a session (guest/session.c). */
void altair_eval_guest_template_take_settings(const altair_eval_warm_request *request, pid_t template_pid)
{
	char number[24];
	char placeholder[MAXPATHLEN];

	snprintf(placeholder, sizeof(placeholder), "%s", ALTAIR_EVAL_G(guest_scratch));
	altair_eval_template_prefault_forget();
	/* Generators and the request time: the worker's own, from the moment its request came. */
	altair_eval_guest_template_fresh_worker();
	no_shared_cache_for_writes();
	set_ini("altair_eval.guest_scratch", request->scratch);
	set_ini("sys_temp_dir", request->scratch);
	/* sys_get_temp_dir() keeps the first answer: a booted template's boot may have asked. */
	altair_eval_guest_template_retarget_temp_dir(request->scratch);
	set_ini("upload_tmp_dir", request->scratch);
	altair_eval_guest_engine_set_own_dir_ini("session.save_path", request->scratch);
	/* A booted worker keeps the whole template scratch: the boot's files are there (the template
	 * checks after each worker that nothing but the worker's own dir was touched). */
	if (!altair_eval_guest_template_booted()) {
		narrow_open_basedir(placeholder, request->scratch);
	}
	snprintf(number, sizeof(number), "%u", request->timeout_ms);
	set_ini("altair_eval.guest_timeout_ms", number);
	snprintf(number, sizeof(number), "%ld", (long) template_pid);
	set_ini("altair_eval.guest_parent_pid", number);
}

/*
 * A pooled worker waits here. Returns with the request taken; exits when the template is gone
 * (its socket ends, or the parent-death signal) or sent anything but one whole request with its
 * descriptors.
 *
 * It waits on its eventfd (wake), which the template writes once the request is on the socket,
 * rather than on the socket: a Unix socket's send wakes its reader as a "sync" wake-up, which
 * tells the scheduler the sender is about to sleep and puts the reader on the sender's CPU; the
 * template then forks the worker's replacement there, and the worker waited behind that fork
 * (measured with perf trace: woken at once, running 0.9 ms later, with the other CPU idle). An
 * eventfd's wake-up is an ordinary one, which goes to an idle CPU.
 */
static void wait_for_request(int fd, int wake, pid_t template_pid)
{
	altair_eval_warm_request request;
	int fds[ALTAIR_EVAL_WARM_SESSION_FDS];
	size_t count = 0;
	ssize_t received;

	if (wake >= 0) {
		/* The wake-up; a booted template counts the verdict next. */
		take_one(wake);
		if (altair_eval_guest_template_booted()) {
			verdict_fd = wake;
		} else {
			close(wake);
		}
	}
	received = altair_eval_fdio_receive(fd, &request, sizeof(request), fds, ALTAIR_EVAL_WARM_SESSION_FDS, &count);

	/* A worker's request brings its four descriptors (a session's opener has its socket already:
	 * session_open). */
	if ((size_t) received != sizeof(request) || request.magic != ALTAIR_EVAL_WARM_MAGIC || count != ALTAIR_EVAL_WARM_FDS
		|| memchr(request.scratch, '\0', sizeof(request.scratch)) == NULL) {
		_exit(0);
	}
	close(fd);
	take_request(&request, fds, template_pid);
}

/* Forks one worker into the pool; in the worker, returns only once its request came (true). The
 * template's own copies of a request's descriptors (close, count) are closed in the worker. */
static bool pool_add(pid_t template_pid, const int *close_in_worker, int count, bool *in_worker)
{
	int pair[2];
	int wake;
	pid_t pid;

	*in_worker = false;
	if (pool_count >= ALTAIR_EVAL_WARM_POOL_MAX || !single_threaded()
		|| socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) {
		return false;
	}
	/* A worker forked for a request already sent (count > 0) reads it at once. */
	wake = count == 0 ? eventfd(0, EFD_CLOEXEC | EFD_SEMAPHORE) : -1;
	pid = fork();
	if (pid == 0) {
		*in_worker = true;
		close(pair[0]);
		for (int i = 0; i < count; i++) {
			close(close_in_worker[i]);
		}
		prepare_worker(pair[1], wake, template_pid);
		/* Its faults, before its request; a worker forked for a request already sent takes none. */
		if (wake >= 0) {
			altair_eval_template_prefault(wake);
		}
		wait_for_request(pair[1], wake, template_pid);
		return true;
	}
	close(pair[1]);
	if (pid < 0) {
		close(pair[0]);
		if (wake >= 0) {
			close(wake);
		}
		return false;
	}
	pool[pool_count].pid = pid;
	pool[pool_count].fd = pair[0];
	pool[pool_count].wake = wake;
	pool_count++;
	return true;
}

/* Tops the pool up to its size (altair_eval.warm_pool), or to at most `most` waiting workers;
 * true in a worker, which must return. */
static bool pool_top_up(pid_t template_pid, long most)
{
	bool in_worker = false;
	long size = MIN(most, MAX(0, MIN((long) ALTAIR_EVAL_G(guest_warm_pool), ALTAIR_EVAL_WARM_POOL_MAX)));

	while (pool_count < size && pool_add(template_pid, NULL, 0, &in_worker) && !in_worker) {
	}
	return in_worker;
}

static bool pool_fill(pid_t template_pid)
{
	return pool_top_up(template_pid, ALTAIR_EVAL_WARM_POOL_MAX);
}

static bool stale(void);
/* What made the template stale (stale() found it), said with its STALE answer. */
static char stale_note[ALTAIR_EVAL_WARM_NOTE_MAX];

/* A pooled worker that can no longer serve (its socket refused the request: it died) goes. */
static void pool_discard(pooled_worker *worker)
{
	close(worker->fd);
	if (worker->wake >= 0) {
		close(worker->wake);
	}
	kill(-worker->pid, SIGKILL);
	kill(worker->pid, SIGKILL);
	while (waitpid(worker->pid, NULL, 0) < 0 && errno == EINTR) {
	}
}

/* A booted template whose boot's files changed: the host starts a new template and sends it this
 * request again (the pool goes with this template: each waiting worker's parent-death signal). */
static ZEND_NORETURN void retire_stale(const int *fds, size_t count, pid_t template_pid)
{
	for (size_t i = 0; i < count; i++) {
		close(fds[i]);
	}
	send_event_noted(ALTAIR_EVAL_WARM_STALE, template_pid, 0, NULL, stale_note);
	_exit(0);
}

/* Hands the request to the oldest waiting worker (forking one now when the pool is empty, once the
 * template is known fresh); its pid, or -1. In a worker forked here, returns 0 with the request
 * taken. *verdict: the pooled worker's eventfd, on which it waits for the template's verdict
 * (-1: the worker does not wait, the template was found fresh before). */
static pid_t pool_serve(const altair_eval_warm_request *request, const int fds[ALTAIR_EVAL_WARM_FDS], pid_t template_pid,
	int *verdict)
{
	*verdict = -1;
	for (;;) {
		pooled_worker worker;
		bool in_worker = false;
		if (pool_count == 0 && stale()) {
			retire_stale(fds, ALTAIR_EVAL_WARM_FDS, template_pid);
		}
		if (pool_count == 0 && (!pool_add(template_pid, fds, ALTAIR_EVAL_WARM_FDS, &in_worker) || in_worker)) {
			return in_worker ? 0 : -1;
		}
		worker = pool[0];
		memmove(pool, pool + 1, sizeof(pool[0]) * (size_t) --pool_count);
		/* Woken first: its wake-up onto the idle CPU (40 us here) overlaps the send, and its
		 * receive waits for the request if it is not there yet. A worker that cannot take the
		 * request (it died) goes, and the next one takes it. */
		if ((worker.wake < 0 || count_one(worker.wake))
				&& altair_eval_fdio_send(worker.fd, request, sizeof(*request), fds, ALTAIR_EVAL_WARM_FDS)
				== (ssize_t) sizeof(*request)) {
			if (worker.wake >= 0) {
				if (altair_eval_guest_template_booted()) {
					*verdict = worker.wake;
				} else {
					close(worker.wake);
				}
			}
			close(worker.fd);
			return worker.pid;
		}
		pool_discard(&worker);
	}
}

/* Without a PID namespace of its own (a container's profile refuses it), the template is its
 * workers' subreaper instead: what a worker leaves behind is reparented to it, not to the
 * machine's (or the container's) init, which may be a PHP process that never reaps. */
static bool subreaper;

/* Pid 1 of its own PID namespace (runner/warm.c), or the subreaper, the template inherits whatever
 * a worker left behind when the worker ends (an unsafe one's forks, killed with its group): it
 * reaps them, or they would stay zombies for its life. A waiting worker that died goes too
 * (pool_serve then finds its socket closed and discards it). */
static void reap_orphans(void)
{
	int status;

	if (getpid() != 1 && !subreaper) {
		return;
	}
	while (waitpid(-1, &status, WNOHANG) > 0) {
	}
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
	reap_orphans();
}

/* A plain worker's dir, where it had no view of its own and made it in the template's dir on disk
 * (guest/lockdown/view.c; one lookup finds none otherwise): gone before the next request. */
static void remove_worker_dir(const char *scratch)
{
	const char *base = ALTAIR_EVAL_G(guest_scratch);
	size_t length = strlen(base);
	struct stat info;
	int base_fd;

	if (strncmp(scratch, base, length) != 0 || scratch[length] != '/' || strchr(scratch + length + 1, '/')
		|| lstat(scratch, &info) != 0) {
		return;
	}
	base_fd = open(base, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (base_fd >= 0) {
		altair_eval_remove_tree_at(base_fd, scratch + length + 1);
		close(base_fd);
	}
}

/* A booted template serves no request once a file its boot loaded changed, a worker touched the
 * boot's files, or its own CPU time nears its limit (template/watch.h). */
static bool stale(void)
{
	if (!altair_eval_guest_template_booted()) {
		return false;
	}
	if (altair_eval_template_watch_scratch_touched()) {
		snprintf(stale_note, sizeof(stale_note), "its scratch dir was touched");
	} else if (altair_eval_template_deps_changed()) {
		snprintf(stale_note, sizeof(stale_note), "a change in a directory its boot depended on");
	} else if (altair_eval_template_watch_files_changed()) {
		snprintf(stale_note, sizeof(stale_note), "a file its boot loaded: %s", altair_eval_template_watch_changed_path());
	} else if (altair_eval_template_watch_cpu_spent(TEMPLATE_CPU_BUDGET_SECONDS)) {
		snprintf(stale_note, sizeof(stale_note), "its CPU budget was spent");
	} else {
		return false;
	}
	return true;
}

/* Is the host still there (asked once the parent-death signal is armed: it is not sent for a death
 * before)? Its pid is our parent's; in a PID namespace of our own (runner/warm.c) we are pid 1 and
 * the parent has no number here (getppid() is 0), so the control socket, whose other end only the
 * host holds, answers instead: it hangs up when the host is gone. */
static bool host_alive(void)
{
	struct pollfd control = { .fd = control_fd, .events = POLLRDHUP };

	if (getpid() == 1 && getppid() == 0) {
		return poll(&control, 1, 0) >= 0 && !(control.revents & (POLLHUP | POLLRDHUP | POLLERR | POLLNVAL));
	}
	return getppid() == (pid_t) ALTAIR_EVAL_G(guest_parent_pid);
}

/* Has the host sent the next request already (calls back to back)? It goes to a waiting worker
 * before the template forks replacements, which then run beside that worker as before. */
static bool request_pending(void)
{
	struct pollfd control = { .fd = control_fd, .events = POLLIN };

	return pool_count > 0 && poll(&control, 1, 0) == 1 && (control.revents & POLLIN);
}


bool altair_eval_guest_template_forking_session(void)
{
	return forking_session;
}

/* A request that opens a session (docs/ARCHITECTURE.md, "Sessions"): a worker of its own, handed
 * the request and the session's socket; the template does not wait for it (it holds the session's
 * state after its snippet, beside the template's other workers). Its pid, -1 when none could be
 * forked; 0 in the worker, with the request taken. */
static pid_t session_open(const altair_eval_warm_request *request, const int fds[ALTAIR_EVAL_WARM_SESSION_FDS], pid_t template_pid)
{
	int pair[2];
	pid_t pid;

	if (!single_threaded() || socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) {
		return -1;
	}
	/* The session's socket goes to the worker at its number, inherited: its filter, installed before
	 * the request comes, already refuses every copy onto that number. */
	if (dup3(fds[ALTAIR_EVAL_WARM_FDS], ALTAIR_EVAL_SESSION_FD, O_CLOEXEC) != ALTAIR_EVAL_SESSION_FD) {
		close(pair[0]);
		close(pair[1]);
		return -1;
	}
	forking_session = true;
	pid = fork();
	if (pid == 0) {
		close(pair[0]);
		for (int i = 0; i < ALTAIR_EVAL_WARM_SESSION_FDS; i++) {
			close(fds[i]);
		}
		prepare_worker(pair[1], -1, template_pid);
		wait_for_request(pair[1], -1, template_pid);
		return 0;
	}
	forking_session = false;
	close(ALTAIR_EVAL_SESSION_FD);
	close(pair[1]);
	if (pid > 0 && altair_eval_fdio_send(pair[0], request, sizeof(*request), fds, ALTAIR_EVAL_WARM_FDS)
			!= (ssize_t) sizeof(*request)) {
		kill(pid, SIGKILL);
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
		}
		pid = -1;
	}
	close(pair[0]);
	return pid;
}

/* A request that is not a worker's: a staleness check, or a session's opening. true when it was
 * one (served; in a session's worker, *in_worker is set and the caller returns). */
static bool serve_other(const altair_eval_warm_request *request, const int *fds, pid_t template_pid, bool *in_worker)
{
	pid_t pid;

	*in_worker = false;
	if (request->flags & ALTAIR_EVAL_WARM_REQUEST_CHECK) {
		/* A session's next call asks first: its holder runs the code this template booted. */
		if (stale()) {
			retire_stale(fds, 0, template_pid);
		}
		send_event(ALTAIR_EVAL_WARM_FRESH, template_pid, 0, NULL);
		/* A session's holders that handed it over are this process's children (it is their
		 * subreaper, or their namespace's init): each call's check reaps the last one. */
		reap_orphans();
		return true;
	}
	if (!(request->flags & ALTAIR_EVAL_WARM_REQUEST_SESSION)) {
		return false;
	}
	if (stale()) {
		retire_stale(fds, ALTAIR_EVAL_WARM_SESSION_FDS, template_pid);
	}
	pid = session_open(request, fds, template_pid);
	if (pid == 0) {
		*in_worker = true;
		return true;
	}
	for (int i = 0; i < ALTAIR_EVAL_WARM_SESSION_FDS; i++) {
		close(fds[i]);
	}
	if (pid < 0) {
		send_event(ALTAIR_EVAL_WARM_FAILED, 0, 0, NULL);
		return true;
	}
	/* Its dir comes and goes beside the other workers': not one of them touching the base. */
	if (altair_eval_guest_template_booted()) {
		altair_eval_template_watch_session_dir(request->scratch);
	}
	send_event(ALTAIR_EVAL_WARM_STARTED, pid, 0, NULL);
	reap_orphans();
	return true;
}

/* How long a booted template leaves its watch's queue unread after reading it, so that a project
 * written all the time wakes it at most this often while it waits. */
#define TEMPLATE_WATCH_PAUSE_MS 10

/* Waits for the host's next request (or its hang-up). A booted template reads its watch's queue
 * meanwhile as it fills: the project's own app writing its database queues events that do not
 * count, and a queue left to overflow would (template/deps.h). */
static void await_request(void)
{
	int watch = altair_eval_guest_template_booted() ? altair_eval_template_deps_fd() : -1;
	int pause = -1;

	for (;;) {
		struct pollfd waiting[2] = { { .fd = control_fd, .events = POLLIN }, { .fd = watch, .events = POLLIN } };
		int ready = poll(waiting, watch >= 0 && pause < 0 ? 2 : 1, pause);
		if (ready < 0 && errno == EINTR) {
			continue;
		}
		if (ready < 0 || waiting[0].revents) {
			return;
		}
		if (ready == 0) {
			pause = -1;
		} else if (waiting[1].revents) {
			altair_eval_template_deps_changed();
			watch = altair_eval_template_deps_fd();
			pause = TEMPLATE_WATCH_PAUSE_MS;
		}
	}
}

void altair_eval_guest_template_serve(void (*prepare_worker)(void))
{
	altair_eval_warm_request request;
	int fds[ALTAIR_EVAL_WARM_SESSION_FDS];
	pid_t template_pid = getpid();

	prepare_lockdown = prepare_worker;

	/* The template dies with its host; its workers die with it (their own lockdown step). */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (!host_alive()) {
		_exit(ALTAIR_EVAL_EXIT_FATAL);
	}
	subreaper = getpid() != 1 && prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0;
	fflush(NULL);
	/* What its workers populate while they wait: the template's memory no longer changes. */
	altair_eval_template_prefault_plan((size_t) MAX(0, MIN(ALTAIR_EVAL_G(guest_warm_prefault_mb), ALTAIR_EVAL_WARM_PREFAULT_MB_MAX)) << 20);
	/* Forked before READY: the first request finds its worker waiting. */
	if (pool_fill(template_pid)) {
		return;
	}
	send_event(ALTAIR_EVAL_WARM_READY, template_pid, 0, NULL);

	while ((await_request(), receive_request(&request, fds))) {
		pid_t pid;
		int verdict;
		bool in_session;
		if (serve_other(&request, fds, template_pid, &in_session)) {
			if (in_session) {
				return; /* a session's worker, which has taken its request */
			}
			continue;
		}
		if (pool_count == 0 && !single_threaded()) {
			/* fork() copies only this thread: a lock another one holds (malloc, an extension's)
			 * would stay locked forever in the worker, which calls emalloc and ini code. */
			for (int i = 0; i < ALTAIR_EVAL_WARM_FDS; i++) {
				close(fds[i]);
			}
			errno = EDEADLK;
			send_event(ALTAIR_EVAL_WARM_FAILED, 0, 0, NULL);
			continue;
		}
		/* A waiting worker still populating (prefault.h) took a CPU while its sibling was handed
		 * the request and the template checked its files (perf trace). */
		altair_eval_template_prefault_hold();
		pid = pool_serve(&request, fds, template_pid, &verdict);
		if (pid == 0) {
			return; /* a worker forked for this request, which it has taken */
		}
		/* Waiting workers stop populating until it has ended (prefault.h). */
		altair_eval_template_prefault_busy(pid > 0);
		/* The staleness check (a stat of every file the boot loaded: 0.6 ms for Laravel here) runs
		 * while the pooled worker prepares its lockdown; it waits for this verdict before it
		 * touches its conduits, and is killed with its group when the template is stale. */
		if (verdict >= 0) {
			if (stale()) {
				kill(-pid, SIGKILL);
				kill(pid, SIGKILL);
				while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
				}
				retire_stale(fds, ALTAIR_EVAL_WARM_FDS, template_pid);
			}
			if (!count_one(verdict)) {
				kill(-pid, SIGKILL); /* never leave it waiting */
			}
			close(verdict);
		}
		for (int i = 0; i < ALTAIR_EVAL_WARM_FDS; i++) {
			close(fds[i]);
		}
		if (pid < 0) {
			send_event(ALTAIR_EVAL_WARM_FAILED, 0, 0, NULL);
			continue;
		}
		send_event(ALTAIR_EVAL_WARM_STARTED, pid, 0, NULL);
		/* The event's write woke the host as a "sync" wake-up, onto this CPU when the other was
		 * busy: it runs before the replacement's fork, which took 1-1.5 ms here while the host
		 * waited for this event to start reading the worker's frames (perf probe). */
		sched_yield();
		/* The replacement is forked once the worker has ended, while another one waits: a fork
		 * (1-1.5 ms here) during the worker's run took a CPU from it, the host and a database
		 * server, which share two (a MariaDB count: 5.5 -> 4.7 ms, its round trips went through
		 * the relay behind the fork). With none waiting, one is forked now, as it would be for the
		 * next request. */
		if (pool_count == 0 && pool_top_up(template_pid, 1)) {
			return;
		}
		await_worker(pid);
		if (altair_eval_guest_template_booted()) {
			/* Its dir goes, and the rest of the template's scratch must be as it was. */
			altair_eval_template_watch_worker_done(request.scratch);
		} else {
			remove_worker_dir(request.scratch);
		}
		if (!request_pending() && pool_fill(template_pid)) {
			return;
		}
		/* The template is idle too: waiting workers may populate again. */
		altair_eval_template_prefault_busy(false);
	}
	/* The host closed the control socket (or is gone): nothing to clean up, no PHP shutdown. */
	_exit(0);
}
