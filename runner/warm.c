/*
 * Warm evaluations, host side. An Evaluator built with warm: true keeps one template child per
 * policy (binary, root, memory, writes, network, bootstrap, unsafe, the environment as the env policy
 * passes it on) and root directory (device and inode, checked on every call): started like a cold child but
 * stopped before any project code, with opcache on so that project files compiled by one worker are
 * shared with the next (read-only policies only: a write-enabled worker compiles for itself, and
 * its evaluation restarts the other templates, see forget_other_caches). Each evaluate() sends the template a request with the three conduits; the
 * template forks a worker that locks down and runs the snippet exactly like a cold child; the
 * template reports the worker's pid and, at the end, its exit status. Supervision (deadline, caps,
 * group kill) is the same as in cold mode. A template that died is replaced on the next call.
 * At most ALTAIR_EVAL_WARM_TEMPLATES_MAX templates live per Evaluator: the least recently used one
 * is closed to make room for a new policy.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
#include "../php_altair_eval.h"
#include "../common/warm_protocol.h"
#include "internal.h"
#include "../common/fdio.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

/* How long a template may take to come up, and to answer a request with STARTED. */
#define ALTAIR_EVAL_WARM_START_TIMEOUT_MS 10000
#define ALTAIR_EVAL_WARM_REPLY_TIMEOUT_MS 5000
/* After a worker's pipes are drained: how long to wait for the template's EXITED report. */
#define ALTAIR_EVAL_WARM_EXIT_REPORT_TIMEOUT_MS 5000

static zend_result warm_failed(const char *what, int error)
{
	zend_throw_exception_ex(altair_eval_exception_ce, ALTAIR_EVAL_ERROR_SPAWN,
		"Warm evaluation: %s%s%s", what, error ? ": " : "", error ? strerror(error) : "");
	return FAILURE;
}

/* The evaluation's hosts file (runner/databases.c wrote it in its scratch dir), read with plain
 * descriptors (the caller's open_basedir does not apply to the host's own files): into a
 * descriptor, or kept in text, or both. */
static bool relay_hosts_copy(const char *source, int to, smart_str *text)
{
	char buffer[4096];
	ssize_t length;
	int from = open(source, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	bool copied = from >= 0;

	while (copied && (length = read(from, buffer, sizeof(buffer))) != 0) {
		if (length < 0 && errno == EINTR) {
			continue;
		}
		copied = length > 0 && (to < 0 || altair_eval_fdio_write_all(to, buffer, (size_t) length));
		if (copied && text) {
			smart_str_appendl(text, buffer, (size_t) length);
		}
	}
	if (from >= 0) {
		close(from);
	}
	return copied;
}

/* A template serves one policy, and one environment as that policy passes it on: the boot and every
 * worker see the environment the template was spawned with, so a putenv() in the caller means
 * another template (docs/ARCHITECTURE.md, "The warm template"). */
static zend_string *policy_key(zend_string *binary, const altair_eval_request *request, const altair_eval_scratch *scratch)
{
	zend_string *extra = altair_eval_command_policy_extra(request);
	zend_string *environment = altair_eval_command_environment_key(request);
	zend_string *key = zend_strpprintf(0, "%s\n%s\n" ZEND_LONG_FMT "\n%d%d%d%d\n%s\n%s\n%s", ZSTR_VAL(binary),
		ZSTR_VAL(request->project_root), request->memory_limit_mb, request->allow_writes, request->project_overlay, request->allow_network,
		request->unsafe, request->bootstrap ? ZSTR_VAL(request->bootstrap) : "", ZSTR_VAL(extra), ZSTR_VAL(environment));

	zend_string_release(environment);
	zend_string_release(extra);
	/* The relay's Unix socket paths and hosts file are in the template's view (bound once, see
	 * relay_prepare): another list, or other names, means another template. */
	if (request->relay_sockets || request->relay_hosts || request->relay_ca) {
		char path[MAXPATHLEN];
		smart_str hosts = {0};
		zend_string *with;

		snprintf(path, sizeof(path), "%s/" ALTAIR_EVAL_RELAY_HOSTS_FILE, scratch->dir);
		if (request->relay_hosts) {
			relay_hosts_copy(path, -1, &hosts);
		}
		smart_str_0(&hosts);
		/* the CA files too: their paths, and the relay's CA they hold (docs/relay.md, "TLS") */
		with = zend_strpprintf(0, "%s\v%s\v%s\v%s\v%s", ZSTR_VAL(key), request->relay_sockets ? request->relay_sockets : "",
			hosts.s ? ZSTR_VAL(hosts.s) : "", request->relay_ca ? request->relay_ca : "",
			request->relay_ca ? altair_eval_relay_tls_ca_identity() : "");
		smart_str_free(&hosts);
		zend_string_release(key);
		key = with;
	}
	return key;
}

/* The project root's device and inode now; false when it cannot be stat'ed. */
static bool root_identity(const altair_eval_request *request, dev_t *dev, ino_t *ino)
{
	struct stat info;

	if (stat(ZSTR_VAL(request->project_root), &info) != 0) {
		return false;
	}
	*dev = info.st_dev;
	*ino = info.st_ino;
	return true;
}

/* A template belongs to the directory its root path named when it started (its view holds that
 * directory): after a release swap (mv app app.old; mv app.new app) the path names another one,
 * and the template is replaced. */
static bool serves_root(const altair_eval_template *template, const altair_eval_request *request)
{
	dev_t dev;
	ino_t ino;

	return root_identity(request, &dev, &ino) && dev == template->root_dev && ino == template->root_ino;
}

/* Reads one event, waiting at most timeout_ms. false on timeout, EOF or a malformed event. */
static bool read_event(int fd, altair_eval_warm_event *event, int timeout_ms)
{
	struct pollfd watched = { .fd = fd, .events = POLLIN };
	uint64_t until = altair_eval_now_ms() + (uint64_t) timeout_ms;
	ssize_t received;

	for (;;) {
		uint64_t now = altair_eval_now_ms();
		int ready = poll(&watched, 1, now >= until ? 0 : (int) (until - now));
		if (ready < 0 && errno == EINTR) {
			continue;
		}
		if (ready <= 0) {
			return false;
		}
		received = recv(fd, event, sizeof(*event), 0);
		if (received < 0 && errno == EINTR) {
			continue;
		}
		return received == (ssize_t) sizeof(*event) && event->magic == ALTAIR_EVAL_WARM_MAGIC;
	}
}

/* The answer to a request: STARTED or FAILED (a stale EXITED of an abandoned worker is skipped).
 * Waited for as long as the evaluation may take, and at least ALTAIR_EVAL_WARM_REPLY_TIMEOUT_MS: a
 * template on a machine that is busy (its fork, its staleness check) answers late, not never. */
static bool read_reply(int fd, altair_eval_warm_event *event, int timeout_ms)
{
	while (read_event(fd, event, timeout_ms)) {
		if (event->kind == ALTAIR_EVAL_WARM_STARTED || event->kind == ALTAIR_EVAL_WARM_FAILED || event->kind == ALTAIR_EVAL_WARM_STALE) {
			return true;
		}
	}
	return false;
}

static int reply_timeout_ms(const altair_eval_request *request)
{
	return (int) MAX((zend_long) ALTAIR_EVAL_WARM_REPLY_TIMEOUT_MS, MIN(request->timeout_ms, (zend_long) ALTAIR_EVAL_TIMEOUT_MS_MAX));
}

/* The template's relay listeners and their directory go with it (own: not a forked caller's copy
 * of its parent's, whose files stay). */
static void relay_release(altair_eval_template *template, bool own)
{
	char path[MAXPATHLEN];

	for (size_t n = 0; n < template->relay_count; n++) {
		if (template->relay_fds[n] >= 0) {
			close(template->relay_fds[n]);
		}
		snprintf(path, sizeof(path), ALTAIR_EVAL_RELAY_SOCKET_FORMAT, template->relay_dir, n);
		if (own) {
			unlink(path);
		}
	}
	template->relay_count = 0;
	if (template->relay_dir) {
		snprintf(path, sizeof(path), "%s/" ALTAIR_EVAL_RELAY_HOSTS_FILE, template->relay_dir);
		if (own) {
			unlink(path);
			for (size_t n = 0; n < ALTAIR_EVAL_RELAY_CA_MAX; n++) {
				snprintf(path, sizeof(path), ALTAIR_EVAL_RELAY_CA_FORMAT, template->relay_dir, n);
				unlink(path);
			}
			rmdir(template->relay_dir);
		}
		efree(template->relay_dir);
		template->relay_dir = NULL;
	}
}

/*
 * The database relay's Unix sockets and hosts file for a new template (docs/ARCHITECTURE.md, "The
 * database relay", step 2): a private dir beneath the scratch base, named as a scratch dir of this
 * process (<pid>-t...: swept like one if the caller is killed), holding relay-<n>.sock for the n-th
 * socket path and a copy of the evaluation's hosts file. The template's view binds them once, for
 * every worker, booted ones included (which cannot mount). The sockets are bound but not listening
 * until the template is READY: the boot, which runs in the template, finds its database refused,
 * as over TCP, instead of waiting on a backlog nobody serves.
 */
static bool relay_prepare(altair_eval_template *template, const altair_eval_request *request, const altair_eval_scratch *scratch)
{
	char base[MAXPATHLEN], path[MAXPATHLEN];
	const char *paths = request->relay_sockets;

	relay_release(template, true);
	if (!paths && !request->relay_hosts && !request->relay_ca) {
		return true;
	}
	if (!altair_eval_scratch_base(base, sizeof(base))
		|| (size_t) snprintf(path, sizeof(path), "%s/%ld-tXXXXXX", base, (long) getpid()) >= sizeof(path) || !mkdtemp(path)) {
		return false;
	}
	template->relay_dir = estrdup(path);
	for (const char *p = paths; p && *p && template->relay_count < ALTAIR_EVAL_RELAY_MAX_SOCKETS; ) {
		struct sockaddr_un address;
		int fd;

		memset(&address, 0, sizeof(address));
		address.sun_family = AF_UNIX;
		if ((size_t) snprintf(address.sun_path, sizeof(address.sun_path), ALTAIR_EVAL_RELAY_SOCKET_FORMAT, template->relay_dir,
				template->relay_count) >= sizeof(address.sun_path)
			|| (fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0)) < 0) {
			return false;
		}
		template->relay_fds[template->relay_count++] = fd;
		if (bind(fd, (struct sockaddr *) &address, sizeof(address)) != 0) {
			return false;
		}
		p = strchr(p, ',');
		p = p ? p + 1 : NULL;
	}
	if (request->relay_ca && !altair_eval_relay_tls_write_ca(request->relay_ca, template->relay_dir)) {
		return false;
	}
	if (request->relay_hosts) {
		char source[MAXPATHLEN];
		int to;
		bool copied;

		snprintf(source, sizeof(source), "%s/" ALTAIR_EVAL_RELAY_HOSTS_FILE, scratch->dir);
		snprintf(path, sizeof(path), "%s/" ALTAIR_EVAL_RELAY_HOSTS_FILE, template->relay_dir);
		to = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		copied = to >= 0 && relay_hosts_copy(source, to, NULL);
		if (to >= 0 && close(to) != 0) {
			copied = false;
		}
		return copied;
	}
	return true;
}

/* READY: the template's listeners start listening. */
static bool relay_listen(altair_eval_template *template)
{
	for (size_t n = 0; n < template->relay_count; n++) {
		if (listen(template->relay_fds[n], SOMAXCONN) != 0) {
			return false;
		}
	}
	return true;
}

/* Stops the template; in a fork of the process that started it (pcntl_fork after a warm call),
 * only this process's copies of its descriptors are closed: the template is the parent's. */
/* One process as /proc shows it: its state and where it waits (its wchan), appended to out. */
static void describe_process(pid_t pid, char *out, size_t size)
{
	char path[64], stat[512], wchan[64] = "";
	size_t used = strlen(out);
	const char *state;
	int fd;
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int) pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		return;
	}
	n = read(fd, stat, sizeof(stat) - 1);
	close(fd);
	stat[n > 0 ? n : 0] = '\0';
	state = strrchr(stat, ')');
	snprintf(path, sizeof(path), "/proc/%d/wchan", (int) pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) >= 0) {
		n = read(fd, wchan, sizeof(wchan) - 1);
		close(fd);
		wchan[n > 0 ? n : 0] = '\0';
	}
	if (state && state[1] == ' ' && used < size) {
		snprintf(out + used, size - used, " %d %c %s", (int) pid, state[2], wchan[0] ? wchan : "-");
	}
}

/* A template that did not answer, and its children, as /proc shows them: what it was doing (said
 * in the exception, so that a report of it says where it waited). */
static void describe_processes(pid_t template_pid, char *out, size_t size)
{
	char path[64], children[256];
	size_t used = strlen(out);
	int fd, count = 0;
	ssize_t n;

	snprintf(out + used, size - used, " (as /proc shows it:");
	describe_process(template_pid, out, size);
	snprintf(path, sizeof(path), "/proc/%d/task/%d/children", (int) template_pid, (int) template_pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) >= 0) {
		n = read(fd, children, sizeof(children) - 1);
		close(fd);
		children[n > 0 ? n : 0] = '\0';
		used = strlen(out);
		snprintf(out + used, size - used, "; its processes:");
		for (char *next = children, *end; *next && count < 6; next = end, count++) {
			long child = strtol(next, &end, 10);
			if (end == next || child <= 0) {
				break;
			}
			describe_process((pid_t) child, out, size);
		}
	}
	used = strlen(out);
	snprintf(out + used, size - used, ")");
}

/* Why a template gave no answer to a request: it ended (how), or it said nothing in time. */
static void template_ending(const altair_eval_template *template, int waited_ms, char *why, size_t size)
{
	siginfo_t info;

	memset(&info, 0, sizeof(info));
	if (template->pid > 0 && template->owner == getpid()
		&& waitid(P_PID, (id_t) template->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == template->pid) {
		if (info.si_code == CLD_EXITED) {
			snprintf(why, size, "the template ended with exit status %d before it started a worker", info.si_status);
		} else {
			snprintf(why, size, "the template was killed by signal %d before it started a worker", info.si_status);
		}
		return;
	}
	snprintf(why, size, "the template did not start a worker within %d ms", waited_ms);
	if (template->pid > 0 && template->owner == getpid()) {
		describe_processes(template->pid, why, size);
	}
}

static void template_stop(altair_eval_template *template)
{
	bool own = template->owner == getpid();

	if (template->pid > 0 && own) {
		kill(template->pid, SIGKILL);
		while (waitpid(template->pid, NULL, 0) < 0 && errno == EINTR) {
		}
	}
	template->pid = 0;
	if (template->control_fd >= 0) {
		close(template->control_fd);
		template->control_fd = -1;
	}
	relay_release(template, own);
	/* Its dir, with whatever a worker killed with it left there (never the parent's, in a fork). */
	if (template->scratch_dir) {
		if (own) {
			altair_eval_scratch_template_dir_remove(template->scratch_dir);
		}
		efree(template->scratch_dir);
		template->scratch_dir = NULL;
	}
}

static void template_destroy(zval *entry)
{
	altair_eval_template *template = Z_PTR_P(entry);

	template_stop(template);
	if (template->plain_note) {
		efree(template->plain_note);
	}
	efree(template);
}

/* The template's PLAIN note, kept for the plain templates of the policy: our own sentence, but it
 * may name a path, so only printable ASCII survives (it goes on a command line, where push_ini
 * quotes it, as one ini line). */
static char *plain_note_from(const altair_eval_warm_event *event)
{
	char note[ALTAIR_EVAL_WARM_NOTE_MAX];
	size_t i;

	for (i = 0; i + 1 < sizeof(note) && event->note[i]; i++) {
		unsigned char c = (unsigned char) event->note[i];
		note[i] = c >= 0x20 && c < 0x7f ? (char) c : '?';
	}
	note[i] = '\0';
	return estrdup(i ? note : "the template could not boot the project");
}

/* A template starts in a PID namespace of its own where the kernel lets us make one (root, or
 * CAP_SYS_ADMIN): it is pid 1 there, its workers are numbered from 2, their getpid()/getppid() name
 * no process of this machine, and a booted one can mount that namespace's /proc for its workers
 * (docs/ARCHITECTURE.md, "Booted templates"). unshare(CLONE_NEWPID) only says where this thread's
 * next child goes; right after the spawn the thread goes back to its own (permitted: the same
 * capability unshare needed). Returns a descriptor of this thread's own namespace to go back to,
 * or -1: no namespace, as before. */
static int pidns_enter(void)
{
	int own = open("/proc/thread-self/ns/pid", O_RDONLY | O_CLOEXEC);

	if (own >= 0 && unshare(CLONE_NEWPID) != 0) {
		close(own);
		own = -1;
	}
	return own;
}

static void pidns_leave(int own)
{
	if (own >= 0) {
		if (setns(own, CLONE_NEWPID) != 0) {
			/* Cannot happen (see above); were it to, every later child of this process would start in
			 * the template's namespace, so say so loudly. */
			php_error_docref(NULL, E_WARNING, "altair_eval: could not return to the caller's PID namespace: %s", strerror(errno));
		}
		close(own);
	}
}

/* A worker's pid as this process sees it, from its number in the template's namespace: among the
 * template's children (live, or a zombie until the template reports its exit) the one whose
 * innermost pid (the last of NSpid) is that number. 0 when none is: the worker has been reaped,
 * so nothing of it is left to signal. */
static pid_t worker_host_pid(pid_t template_pid, pid_t inner)
{
	char path[64], list[1024];
	ssize_t length;
	int fd;

	snprintf(path, sizeof(path), "/proc/%ld/task/%ld/children", (long) template_pid, (long) template_pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		return 0;
	}
	length = read(fd, list, sizeof(list) - 1);
	close(fd);
	list[length > 0 ? length : 0] = '\0';
	for (char *cursor = list, *end; *cursor; cursor = end) {
		long child = strtol(cursor, &end, 10);
		char status[2048], *line;

		if (end == cursor) {
			break;
		}
		snprintf(path, sizeof(path), "/proc/%ld/status", child);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			continue;
		}
		length = read(fd, status, sizeof(status) - 1);
		close(fd);
		status[length > 0 ? length : 0] = '\0';
		line = strstr(status, "\nNSpid:");
		if (line) {
			char *newline = strchr(line + 1, '\n');
			char *last;

			if (newline) {
				*newline = '\0';
			}
			last = strrchr(line, '\t');
			if (last && strtol(last + 1, NULL, 10) == (long) inner) {
				return (pid_t) child;
			}
		}
	}
	return 0;
}

/* One template process; its first event in event. */
static zend_result template_spawn(altair_eval_template *template, zend_string *binary, const altair_eval_request *request,
	const altair_eval_scratch *scratch, altair_eval_warm_event *event)
{
	altair_eval_command command;
	altair_eval_scratch placeholder;
	altair_eval_template_args args = { template->plain_note, NULL };
	char directory[MAXPATHLEN];
	int control[2];
	int placed[3] = { -1, -1, -1 };
	int own_pidns;
	zend_result status;
	/* A booted template runs the boot first: it may take as long as an evaluation may. */
	int timeout = ALTAIR_EVAL_WARM_START_TIMEOUT_MS + (template->plain_note ? 0 : (int) request->timeout_ms);

	template->pid = 0;
	template->owner = getpid();
	template->control_fd = -1;
	/* Taken before the view is built: a swap in between makes the next call replace it. */
	if (!root_identity(request, &template->root_dev, &template->root_ino)) {
		return warm_failed("the project root", errno);
	}
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, control) != 0) {
		return warm_failed("control socket", errno);
	}
	/* The template has no request yet: its scratch and temp dirs are its own dir, the parent of each
	 * of its workers' dirs (send_request). */
	if (!altair_eval_scratch_template_dir(directory, sizeof(directory))) {
		close(control[0]);
		close(control[1]);
		return warm_failed("the template's scratch directory", errno);
	}
	template->scratch_dir = estrdup(directory);
	if (!relay_prepare(template, request, scratch)) {
		int error = errno;
		template_stop(template);
		close(control[0]);
		close(control[1]);
		return warm_failed("the database relay's sockets for the template", error);
	}
	args.relay_dir = template->relay_dir;
	placeholder.dir = directory;
	placeholder.snippet_path = NULL;
	placeholder.snippet_fd = -1;
	placeholder.in_memory = false;
	altair_eval_command_build(&command, binary, request, &placeholder, &args);
	placed[2] = control[1];
	own_pidns = pidns_enter();
	status = altair_eval_spawn_process(&command, ZSTR_VAL(request->project_root), placed, &template->pid);
	pidns_leave(own_pidns);
	template->pidns = own_pidns >= 0;
	altair_eval_command_free(&command);
	close(control[1]);
	if (status != SUCCESS) {
		close(control[0]);
		template->pid = 0;
		template_stop(template);
		return FAILURE;
	}
	template->control_fd = control[0];
	if (!read_event(template->control_fd, event, timeout)) {
		event->kind = 0;
	}
	return SUCCESS;
}

/* A template that boots the project when it can (READY); when it says it cannot (PLAIN) or
 * its boot outlasts an evaluation's timeout, a plain one, whose workers boot the app themselves
 * and say why in their sandbox report. */
static zend_result template_start(altair_eval_template *template, zend_string *binary, const altair_eval_request *request,
	const altair_eval_scratch *scratch)
{
	altair_eval_warm_event event;

	for (int attempt = 0; attempt < 2; attempt++) {
		memset(&event, 0, sizeof(event));
		if (template_spawn(template, binary, request, scratch, &event) != SUCCESS) {
			return FAILURE;
		}
		if (event.kind == ALTAIR_EVAL_WARM_READY && !relay_listen(template)) {
			template_stop(template);
			return warm_failed("the database relay's sockets for the template", errno);
		}
		if (event.kind == ALTAIR_EVAL_WARM_READY) {
			return SUCCESS;
		}
		template_stop(template);
		if (template->plain_note) {
			break;
		}
		template->plain_note = event.kind == ALTAIR_EVAL_WARM_PLAIN ? plain_note_from(&event)
			: estrdup("the boot did not finish within the evaluation's timeout");
	}
	return warm_failed("the template did not come up (run the same request cold to see why)", 0);
}

/* The worker's dir: the evaluation's dir name, inside the template's own dir, where the worker makes
 * it (in the template's view, or on disk where it has none). An unsafe worker locks nothing down and
 * reads the snippet from the host's own dir. */
static void worker_scratch(const altair_eval_template *template, const altair_eval_request *request,
	const altair_eval_scratch *scratch, char *dir, size_t size)
{
	if (request->unsafe) {
		snprintf(dir, size, "%s", scratch->dir);
	} else {
		snprintf(dir, size, "%s%s", template->scratch_dir, strrchr(scratch->dir, '/'));
	}
}

/* A session's opening (runner/session.c): the child's end of its socket and its idle timeout. */
typedef struct {
	int child_end;
	uint32_t idle_ms;
} session_opening;

static bool send_request(altair_eval_template *template, const altair_eval_request *request,
	const altair_eval_scratch *scratch, const altair_eval_pipes *pipes, const session_opening *session)
{
	altair_eval_warm_request message;
	/* The snippet: a pipe, a memfd or the file on disk (read-only): the worker copies it into its
	 * own dir from this descriptor. */
	int snippet = altair_eval_scratch_snippet(request, scratch);
	int fds[ALTAIR_EVAL_WARM_SESSION_FDS] = {
		pipes->fds[ALTAIR_EVAL_PIPE_CHANNEL_CHILD], pipes->fds[ALTAIR_EVAL_PIPE_OUT_WRITE],
		pipes->fds[ALTAIR_EVAL_PIPE_ERR_WRITE], snippet, session ? session->child_end : -1
	};
	bool sent;

	if (snippet < 0) {
		return false;
	}
	memset(&message, 0, sizeof(message));
	message.magic = ALTAIR_EVAL_WARM_MAGIC;
	message.timeout_ms = (uint32_t) request->timeout_ms;
	if (session) {
		message.flags = ALTAIR_EVAL_WARM_REQUEST_SESSION;
		message.idle_ms = session->idle_ms;
	}
	worker_scratch(template, request, scratch, message.scratch, sizeof(message.scratch));
	sent = altair_eval_fdio_send(template->control_fd, &message, sizeof(message), fds,
		session ? ALTAIR_EVAL_WARM_SESSION_FDS : ALTAIR_EVAL_WARM_FDS) == (ssize_t) sizeof(message);
	close(snippet);
	return sent;
}

/* Room for one more template: past ALTAIR_EVAL_WARM_TEMPLATES_MAX, the least recently used one is
 * stopped and forgotten (a template holds a PHP process and, booted, the application's memory). */
static void make_room(HashTable *templates)
{
	zend_string *key, *oldest_key = NULL;
	altair_eval_template *template;
	uint64_t oldest = UINT64_MAX;

	if (zend_hash_num_elements(templates) < ALTAIR_EVAL_WARM_TEMPLATES_MAX) {
		return;
	}
	ZEND_HASH_FOREACH_STR_KEY_PTR(templates, key, template) {
		if (key && template->last_used < oldest) {
			oldest = template->last_used;
			oldest_key = key;
		}
	} ZEND_HASH_FOREACH_END();
	if (oldest_key) {
		zend_hash_del(templates, oldest_key);
	}
}

/* The template for this policy, started when there is none (or the last one died). */
static altair_eval_template *template_for(altair_eval_evaluator_object *evaluator, zend_string *binary,
	const altair_eval_request *request, const altair_eval_scratch *scratch, bool restart)
{
	zend_string *key = policy_key(binary, request, scratch);
	altair_eval_template *template;

	if (!evaluator->templates) {
		ALLOC_HASHTABLE(evaluator->templates);
		zend_hash_init(evaluator->templates, 4, NULL, template_destroy, 0);
	}
	template = zend_hash_find_ptr(evaluator->templates, key);
	if (template && (restart || (template->pid > 0 && (template->owner != getpid() || !serves_root(template, request))))) {
		template_stop(template);
	}
	if (!template) {
		make_room(evaluator->templates);
		template = emalloc(sizeof(*template));
		template->pid = 0;
		template->owner = getpid();
		template->pidns = false;
		template->control_fd = -1;
		template->plain_note = NULL;
		template->relay_dir = NULL;
		template->relay_count = 0;
		template->scratch_dir = NULL;
		zend_hash_add_new_ptr(evaluator->templates, key, template);
	}
	zend_string_release(key);
	template->last_used = ++evaluator->evaluations;
	if (template->pid <= 0 && template_start(template, binary, request, scratch) != SUCCESS) {
		return NULL;
	}
	return template;
}

/* A write-enabled evaluation may change project files and restore their mtimes; opcache validates
 * by timestamp, so the other templates could keep serving what they compiled before the change.
 * They are stopped and start afresh on their next call. (The write-enabled worker itself caches
 * nothing: guest/template/template.c.) */
static void forget_other_caches(altair_eval_evaluator_object *evaluator, zend_string *binary, const altair_eval_request *request,
	const altair_eval_scratch *scratch)
{
	zend_string *key;

	if (!(request->allow_writes || request->unsafe) || !evaluator->templates) {
		return;
	}
	key = policy_key(binary, request, scratch);
	altair_eval_warm_forget_others(evaluator, key);
	zend_string_release(key);
}

void altair_eval_warm_forget_others(altair_eval_evaluator_object *evaluator, zend_string *key)
{
	zend_string *other;
	altair_eval_template *template;

	if (!evaluator->templates) {
		return;
	}
	ZEND_HASH_FOREACH_STR_KEY_PTR(evaluator->templates, other, template) {
		if (!zend_string_equals(other, key)) {
			template_stop(template);
		}
	} ZEND_HASH_FOREACH_END();
}

static zend_result start(altair_eval_evaluator_object *evaluator, zend_string *binary,
	const altair_eval_request *request, altair_eval_scratch *scratch, const unsigned char *token,
	altair_eval_relay *relay, altair_eval_child *child, bool *threaded, const session_opening *session,
	altair_eval_warm_ref *ref)
{
	altair_eval_pipes pipes;
	altair_eval_template *template;
	altair_eval_warm_event event;
	bool sent = false;
	int went_stale = 0;
	char stale[ALTAIR_EVAL_WARM_NOTE_MAX] = "";

	*threaded = false;
	memset(&event, 0, sizeof(event));
	/* Sent to the worker with the request (SCM_RIGHTS), they are lifted only off the caller's
	 * standard descriptors (one a daemon closed), not above the ten a spawn keeps free: 12 system
	 * calls of every warm call. */
	if (altair_eval_pipes_open(&pipes, STDERR_FILENO + 1) != SUCCESS) {
		return FAILURE;
	}
	if (altair_eval_channel_send_token(pipes.fds[ALTAIR_EVAL_PIPE_CHANNEL_HOST], token) != SUCCESS) {
		altair_eval_pipes_close(&pipes);
		return warm_failed("result channel", errno);
	}
	forget_other_caches(evaluator, binary, request, scratch);
	/* A template that died since the last call is replaced, transparently; so is a booted one that
	 * answers STALE (a file its boot loaded changed): the new one boots the project again. */
	for (int attempt = 0, restart = 0; attempt < 3; attempt++) {
		template = template_for(evaluator, binary, request, scratch, restart);
		if (!template) {
			altair_eval_pipes_close(&pipes);
			return FAILURE;
		}
		sent = send_request(template, request, scratch, &pipes, session);
		restart = 1;
		if (!sent) {
			continue;
		}
		if (read_reply(template->control_fd, &event, reply_timeout_ms(request)) && event.kind == ALTAIR_EVAL_WARM_STALE) {
			sent = false;
			went_stale++;
			snprintf(stale, sizeof(stale), "%s", event.note);
			continue;
		}
		break;
	}
	altair_eval_pipes_close_child_ends(&pipes);
	if (!sent || event.kind != ALTAIR_EVAL_WARM_STARTED || event.pid <= 0) {
		int error = sent && event.kind == ALTAIR_EVAL_WARM_FAILED ? event.error : 0;
		char why[512];
		if (went_stale == 3) {
			snprintf(why, sizeof(why), "the template was stale at each of 3 tries (%s): the app's files keep "
				"changing", stale[0] ? stale : "a file its boot loaded");
		} else if (!sent || event.kind != ALTAIR_EVAL_WARM_FAILED) {
			template_ending(template, reply_timeout_ms(request), why, sizeof(why));
		}
		template_stop(template);
		altair_eval_pipes_close(&pipes);
		if (error == EDEADLK) {
			/* It has threads and must not fork (guest/template/template.c): the caller runs the
			 * evaluation cold, no exception. */
			*threaded = true;
			return FAILURE;
		}
		if (event.kind != ALTAIR_EVAL_WARM_FAILED) {
			return warm_failed(why, 0);
		}
		return warm_failed("the template could not start a worker", error);
	}
	altair_eval_child_adopt(&pipes, child);
	/* PHP's messages and the errors name the snippet where the worker has it (result.c and the
	 * evaluator show it as snippet.php); scratch->dir stays the host's, which the worker never made. */
	{
		char dir[MAXPATHLEN];

		worker_scratch(template, request, scratch, dir, sizeof(dir));
		altair_eval_scratch_snippet_in(scratch, dir);
	}
	child->warm_pid = (pid_t) event.pid;
	child->pid = template->pidns ? worker_host_pid(template->pid, child->warm_pid) : child->warm_pid;
	/* The template's relay listeners serve this evaluation, for its worker only; their dir is in use
	 * (runner/scratch.c sweeps dirs left untouched longer than a scratch dir may live). */
	altair_eval_relay_borrow(relay, template->relay_fds, template->relay_count, child->pid);
	if (template->relay_dir) {
		(void) utimensat(AT_FDCWD, template->relay_dir, NULL, 0);
	}
	child->exit_fd = -1;
	child->template_fd = template->control_fd;
	child->session = false;
	if (ref) {
		ref->key = policy_key(binary, request, scratch);
		ref->pid = template->pid;
		ref->pidns = template->pidns;
	}
	return SUCCESS;
}

zend_result altair_eval_warm_start(altair_eval_evaluator_object *evaluator, zend_string *binary,
	const altair_eval_request *request, altair_eval_scratch *scratch, const unsigned char *token,
	altair_eval_relay *relay, altair_eval_child *child, bool *threaded)
{
	return start(evaluator, binary, request, scratch, token, relay, child, threaded, NULL, NULL);
}

zend_result altair_eval_warm_open_session(altair_eval_evaluator_object *evaluator, zend_string *binary,
	const altair_eval_request *request, altair_eval_scratch *scratch, const unsigned char *token,
	altair_eval_relay *relay, altair_eval_child *child, int child_end, uint32_t idle_ms, altair_eval_warm_ref *ref)
{
	session_opening opening = { child_end, idle_ms };
	bool threaded = false;

	if (start(evaluator, binary, request, scratch, token, relay, child, &threaded, &opening, ref) != SUCCESS) {
		if (threaded) {
			return warm_failed("a session needs a template that can fork, and this one has threads (an extension the ini loads started them)", 0);
		}
		return FAILURE;
	}
	return SUCCESS;
}

/* Asks the template whether it is still fresh (CHECK: FRESH or STALE; a stale EXITED of an
 * answered worker is skipped). */
/* Whether the template is still fresh; when not, why (its STALE answer's note). */
static bool ask_fresh(altair_eval_template *template, char *why, size_t size)
{
	altair_eval_warm_request message;
	altair_eval_warm_event event;

	memset(&message, 0, sizeof(message));
	message.magic = ALTAIR_EVAL_WARM_MAGIC;
	message.flags = ALTAIR_EVAL_WARM_REQUEST_CHECK;
	if (altair_eval_fdio_send(template->control_fd, &message, sizeof(message), NULL, 0) != (ssize_t) sizeof(message)) {
		return false;
	}
	while (read_event(template->control_fd, &event, ALTAIR_EVAL_WARM_REPLY_TIMEOUT_MS)) {
		if (event.kind == ALTAIR_EVAL_WARM_FRESH) {
			return true;
		}
		if (event.kind == ALTAIR_EVAL_WARM_STALE) {
			snprintf(why, size, "%s", event.note);
			return false;
		}
	}
	snprintf(why, size, "it did not answer within %d ms", ALTAIR_EVAL_WARM_REPLY_TIMEOUT_MS);
	return false;
}

/* The session's template, when it is still the one the session opened in. */
static altair_eval_template *session_template(altair_eval_evaluator_object *evaluator, const altair_eval_warm_ref *ref)
{
	altair_eval_template *template = evaluator->templates && ref->key ? zend_hash_find_ptr(evaluator->templates, ref->key) : NULL;

	return template && template->pid == ref->pid && template->owner == getpid() ? template : NULL;
}

bool altair_eval_warm_session_template_gone(altair_eval_evaluator_object *evaluator, const altair_eval_warm_ref *ref,
	char *why, size_t size)
{
	if (session_template(evaluator, ref)) {
		return false;
	}
	snprintf(why, size, "its template was stopped (Evaluator::close(), a write-enabled evaluation, or more policies than "
		"Evaluator::MAX_WARM_TEMPLATES), and the session's state with it");
	return true;
}

bool altair_eval_warm_session_fresh(altair_eval_evaluator_object *evaluator, const altair_eval_warm_ref *ref,
	char *why, size_t size)
{
	altair_eval_template *template = session_template(evaluator, ref);

	if (altair_eval_warm_session_template_gone(evaluator, ref, why, size)) {
		return false;
	}
	char stale[ALTAIR_EVAL_WARM_NOTE_MAX] = "";

	template->last_used = ++evaluator->evaluations;
	if (!ask_fresh(template, stale, sizeof(stale))) {
		template_stop(template);
		snprintf(why, size, "the application's code changed since it was opened (%s), and its state was built from the "
			"old code", stale[0] ? stale : "a file its boot loaded");
		return false;
	}
	return true;
}

/* A call's worker does not wait for the host once it has started: a short call may have ended well
 * and taken the session over before it is looked up, its holder gone and itself the template's
 * child by then (or on its way there: a few tries). */
pid_t altair_eval_warm_session_pid(const altair_eval_warm_ref *ref, pid_t parent, pid_t inner)
{
	pid_t found = 0;

	if (!ref->pidns) {
		return inner;
	}
	for (int attempt = 0; attempt < 3 && !found; attempt++) {
		found = parent > 0 ? worker_host_pid(parent, inner) : 0;
		if (!found) {
			found = worker_host_pid(ref->pid, inner);
		}
	}
	return found;
}

void altair_eval_warm_collect(altair_eval_child *child, altair_eval_outcome *outcome)
{
	altair_eval_warm_event event;

	/* The template has already ended the worker's session and reaped it. (An earlier worker's
	 * report, of a call that returned on its answer, is not this one's.) */
	while (read_event(child->template_fd, &event, ALTAIR_EVAL_WARM_EXIT_REPORT_TIMEOUT_MS)
		&& event.kind == ALTAIR_EVAL_WARM_EXITED) {
		if (event.pid == child->warm_pid) {
			outcome->wait_status = event.wait_status;
			outcome->usage = event.usage;
			return;
		}
	}
	/* The template died with (or before reporting) its worker: the worker got its parent-death
	 * SIGKILL. The next call replaces the template when it finds the socket closed. */
	outcome->wait_status = SIGKILL;
	shutdown(child->template_fd, SHUT_RDWR);
}

void altair_eval_warm_stop_all(altair_eval_evaluator_object *evaluator)
{
	if (evaluator->templates) {
		zend_hash_destroy(evaluator->templates);
		FREE_HASHTABLE(evaluator->templates);
		evaluator->templates = NULL;
	}
}
