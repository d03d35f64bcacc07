/*
 * Standalone test of the files of guest/lockdown/, without PHP: one forked child per case applies the lockdown
 * and then tries to break one guard; the driver (standing in for the host, the child's parent)
 * checks the outcome, and afterwards what must not exist: a mark file, a connection on its
 * loopback listener, a SIGTERM it received.
 *
 *   cc -Wall -Wextra -Werror -I. -Iguest guest/lockdown/[a-z]*.c tests/lockdown/driver/lockdown_driver.c
 *   ./a.out [case-name-substring]      (tests/lockdown/driver/run.sh does both)
 */
#define _GNU_SOURCE
#define ALTAIR_EVAL_CONSTANTS_ONLY
#include "php_altair_eval.h"
#include "lockdown/lockdown.h"

#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <linux/capability.h>

#define DRIVER_BYTES_PER_MB (1024UL * 1024UL)
#define DRIVER_BIG_ALLOCATION (1024UL * DRIVER_BYTES_PER_MB)
#define DRIVER_SMALL_ALLOCATION (8UL * DRIVER_BYTES_PER_MB)
#define DRIVER_SCRATCH_FD 10
#define DRIVER_X32_SYSCALL_BIT 0x40000000L
#define DRIVER_SHM_SEGMENT (16UL * DRIVER_BYTES_PER_MB)
#define DRIVER_SHM_ATTEMPTS 64
/* Short enough that every path built from the root fits PATH_MAX. */
#define DRIVER_ROOT_MAX 256

/* ---- what every case shares --------------------------------------------------------------- */

static struct {
	char root[DRIVER_ROOT_MAX];   /* the project root */
	char scratch[PATH_MAX];       /* <root>/.altair/eval/scratch */
	char project_file[PATH_MAX];  /* a file the project ships; must stay readable and intact */
	char project_mark[PATH_MAX];  /* must never appear (no writes into the project) */
	char tmp_mark[PATH_MAX];      /* must never appear (no writes outside the root) */
	int listener;                 /* 127.0.0.1, opened by the "host" before any child */
	struct sockaddr_in listener_address;
	int channel[2];               /* the result channel (a socketpair): the child holds [1] at CHANNEL_FD */
	char netns_before[64];        /* the child's network namespace before lockdown */
	key_t ipc_key;                /* a SysV key the children use; must never exist in the host's namespace */
	bool had_sys_resource;        /* the driver holds CAP_SYS_RESOURCE (not every root does: a container's may not) */
} env;

static volatile sig_atomic_t driver_got_sigterm;
static const char *current_case;
static int child_failures;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void check(int ok, const char *format, ...)
{
	va_list args;

	if (ok) {
		return;
	}
	child_failures++;
	fprintf(stderr, "    [%s] FAILED: ", current_case);
	va_start(args, format);
	vfprintf(stderr, format, args);
	va_end(args);
	fputc('\n', stderr);
}

/* A call that must fail with this errno (0: any errno). */
static void check_denied(long rc, int expected_errno, const char *what)
{
	int error = errno;

	check(rc == -1 && (expected_errno == 0 || error == expected_errno), "%s: expected %s, got rc=%ld errno=%s",
		what, expected_errno ? strerror(expected_errno) : "failure", rc, rc == -1 ? strerror(error) : "-");
}

static void check_allowed(long rc, const char *what)
{
	check(rc != -1, "%s: expected success, got %s", what, strerror(errno));
}

static void on_sigterm(int signo)
{
	(void) signo;
	driver_got_sigterm = 1;
}

static void on_sigusr1(int signo)
{
	(void) signo;
}

/* ---- the cases (each runs in the locked-down child) ------------------------------------------ */

static void case_report(const altair_eval_lockdown_report *report, int rc)
{
	size_t i;

	check(rc == 0, "apply returned %d", rc);
	check(report->parent_death, "parent_death");
	check(report->rlimits, "rlimits");
	check(report->no_new_privs, "no_new_privs");
	check(report->netns, "netns");
	check(report->landlock_abi >= 1, "landlock_abi = %d", report->landlock_abi);
	check(report->landlock_net == (report->landlock_abi >= 4), "landlock_net for ABI %d", report->landlock_abi);
	check(report->landlock_scoped == (report->landlock_abi >= 6), "landlock_scoped for ABI %d", report->landlock_abi);
	check(report->seccomp, "seccomp");
	check(report->processes_blocked, "processes_blocked");
	check(report->sockets_blocked, "sockets_blocked");
	check(report->channel_sealed, "channel_sealed");
	fprintf(stderr, "    features: %s; landlock ABI enforced: %d; notes: %zu\n",
		altair_eval_lockdown_features(), report->landlock_abi, report->note_count);
	for (i = 0; i < report->note_count; i++) {
		fprintf(stderr, "    note: %s\n", report->notes[i]);
	}
	/* Without root the IPC namespace's limits cannot be set here (its sysctls belong to uid 0 of
	 * the user namespace, which maps none): two notes say so, and SysV IPC is refused instead. */
	check(report->note_count == (report->ipc_limits ? 0 : 2), "no other notes expected on this machine");
}

static void case_exec(const altair_eval_lockdown_report *report, int rc)
{
	char *argv[] = { "/bin/true", NULL };
	char *envp[] = { NULL };

	(void) rc;
	check(report->seccomp, "seccomp");
	check_denied(execve("/bin/true", argv, envp), EPERM, "execve /bin/true");
	check_denied(syscall(SYS_execveat, AT_FDCWD, "/bin/true", argv, envp, 0), EPERM, "execveat /bin/true");
}

static void case_processes(const altair_eval_lockdown_report *report, int rc)
{
	pid_t pid;
	long raw;
	uint64_t clone3_args[11] = { 0 };

	(void) rc;
	check(report->processes_blocked, "processes_blocked");
	pid = fork();
	if (pid == 0) {
		_exit(0);
	}
	check_denied(pid, EPERM, "fork()");
#ifdef SYS_fork
	raw = syscall(SYS_fork);
	if (raw == 0) {
		_exit(0);
	}
	check_denied(raw, EPERM, "syscall(fork)");
#endif
	raw = syscall(SYS_clone, (long) SIGCHLD, 0L, 0L, 0L, 0L);
	if (raw == 0) {
		_exit(0);
	}
	check_denied(raw, EPERM, "clone(SIGCHLD)");
	raw = syscall(SYS_clone, (long) (CLONE_THREAD | CLONE_SIGHAND | CLONE_VM | CLONE_NEWNET), 0L, 0L, 0L, 0L);
	check_denied(raw, EPERM, "clone(CLONE_THREAD|CLONE_NEWNET)");
	clone3_args[4] = SIGCHLD; /* exit_signal */
	raw = syscall(435 /* clone3 */, clone3_args, sizeof(clone3_args));
	if (raw == 0) {
		_exit(0);
	}
	check_denied(raw, ENOSYS, "clone3");
}

static void *thread_body(void *argument)
{
	return argument;
}

static void case_thread(const altair_eval_lockdown_report *report, int rc)
{
	pthread_t thread;
	void *result = NULL;
	int error;

	(void) report;
	(void) rc;
	error = pthread_create(&thread, NULL, thread_body, (void *) &env);
	check(error == 0, "pthread_create: %s", strerror(error));
	if (error == 0) {
		check(pthread_join(thread, &result) == 0 && result == (void *) &env, "pthread_join");
	}
}

static void case_network_denied(const altair_eval_lockdown_report *report, int rc)
{
	int pair[2];
	int fd;

	(void) rc;
	check(report->sockets_blocked, "sockets_blocked");
	check(report->netns, "netns");
	fd = socket(AF_INET, SOCK_STREAM, 0);
	check_denied(fd, EPERM, "socket(AF_INET)");
	if (fd >= 0) {
		check_denied(connect(fd, (struct sockaddr *) &env.listener_address, sizeof(env.listener_address)), 0,
			"connect to the loopback listener");
		close(fd);
	}
	check_denied(socket(AF_INET6, SOCK_STREAM, 0), EPERM, "socket(AF_INET6)");
	check_denied(socket(AF_NETLINK, SOCK_RAW, 0), EPERM, "socket(AF_NETLINK)");
	check_denied(socketpair(AF_INET, SOCK_STREAM, 0, pair), EPERM, "socketpair(AF_INET)");
	check_allowed(socketpair(AF_UNIX, SOCK_STREAM, 0, pair), "socketpair(AF_UNIX)");
}

/* The namespace alone, independent of seccomp: the child's net namespace changed. readlink on
 * /proc/self/ns is not an access Landlock controls. */
static void case_netns(const altair_eval_lockdown_report *report, int rc)
{
	char after[64] = "";

	(void) rc;
	check(report->netns, "netns");
	check(readlink("/proc/self/ns/net", after, sizeof(after) - 1) > 0, "readlink ns/net: %s", strerror(errno));
	check(strcmp(env.netns_before, after) != 0, "still in %s", after);
}

static void case_network_allowed(const altair_eval_lockdown_report *report, int rc)
{
	int fd;

	(void) rc;
	check(!report->netns && !report->sockets_blocked && !report->landlock_net, "network guards off with allow_network");
	fd = socket(AF_INET, SOCK_STREAM, 0);
	check_allowed(fd, "socket(AF_INET) with allow_network");
	if (fd >= 0) {
		check_allowed(connect(fd, (struct sockaddr *) &env.listener_address, sizeof(env.listener_address)),
			"connect with allow_network");
		close(fd);
	}
}

static void case_fs_outside(const altair_eval_lockdown_report *report, int rc)
{
	(void) rc;
	check(report->landlock_abi >= 1, "landlock");
	check_denied(open("/etc/passwd", O_RDONLY), EACCES, "read /etc/passwd");
	check_denied(open(env.tmp_mark, O_WRONLY | O_CREAT, 0600), EACCES, "create the /tmp mark");
	check_denied(open("/root", O_RDONLY | O_DIRECTORY), EACCES, "list /root");
	check_denied(open("/", O_RDONLY | O_DIRECTORY), EACCES, "list /");
	check_denied(mkdir("/tmp/altair-lockdown-dir", 0700), EACCES, "mkdir in /tmp");
}

static void case_fs_project_read_only(const altair_eval_lockdown_report *report, int rc)
{
	char buffer[64];
	char moved[PATH_MAX + 8];
	int fd;

	(void) report;
	(void) rc;
	fd = open(env.project_file, O_RDONLY);
	check_allowed(fd, "read a project file");
	if (fd >= 0) {
		check(read(fd, buffer, sizeof(buffer)) > 0, "read() the project file");
		close(fd);
	}
	check_allowed(open(env.root, O_RDONLY | O_DIRECTORY), "list the project root");
	check_denied(open(env.project_mark, O_WRONLY | O_CREAT, 0600), EACCES, "create a file in the project");
	check_denied(open(env.project_file, O_WRONLY), EACCES, "open a project file for writing");
	check_denied(truncate(env.project_file, 0), EACCES, "truncate a project file");
	check_denied(unlink(env.project_file), EACCES, "unlink a project file");
	snprintf(moved, sizeof(moved), "%s.moved", env.project_file);
	check_denied(rename(env.project_file, moved), EACCES, "rename a project file");
}

static void case_fs_scratch(const altair_eval_lockdown_report *report, int rc)
{
	char path[PATH_MAX + 16], moved[PATH_MAX + 16], dir[PATH_MAX + 16];
	char buffer[8] = "";
	int fd;

	(void) report;
	(void) rc;
	snprintf(path, sizeof(path), "%s/out.txt", env.scratch);
	snprintf(moved, sizeof(moved), "%s/moved.txt", env.scratch);
	snprintf(dir, sizeof(dir), "%s/sub", env.scratch);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	check_allowed(fd, "create a file in scratch");
	if (fd >= 0) {
		check(write(fd, "scratch", 7) == 7, "write in scratch");
		check(pread(fd, buffer, 7, 0) == 7 && memcmp(buffer, "scratch", 7) == 0, "read back from scratch");
		check_allowed(ftruncate(fd, 3), "ftruncate in scratch");
		close(fd);
	}
	check_allowed(mkdir(dir, 0700), "mkdir in scratch");
	check_allowed(rename(path, moved), "rename in scratch");
	check_allowed(unlink(moved), "unlink in scratch");
	check_allowed(rmdir(dir), "rmdir in scratch");
}

static void case_fs_allow_writes(const altair_eval_lockdown_report *report, int rc)
{
	char path[PATH_MAX + 16];
	int fd;

	(void) report;
	(void) rc;
	snprintf(path, sizeof(path), "%s/written-with-allow-writes", env.root);
	fd = open(path, O_WRONLY | O_CREAT, 0600);
	check_allowed(fd, "create a file in the project with allow_writes");
	if (fd >= 0) {
		close(fd);
		check_allowed(unlink(path), "unlink it again");
	}
	check_denied(open(env.tmp_mark, O_WRONLY | O_CREAT, 0600), EACCES, "outside the root still denied");
}

static void case_fs_runtime(const altair_eval_lockdown_report *report, int rc)
{
	char byte;
	int fd;
	FILE *null_stream;

	(void) report;
	(void) rc;
	fd = open("/dev/urandom", O_RDONLY);
	check_allowed(fd, "open /dev/urandom");
	if (fd >= 0) {
		check(read(fd, &byte, 1) == 1, "read /dev/urandom");
		close(fd);
	}
	check_denied(open("/dev/urandom", O_WRONLY), EACCES, "write /dev/urandom");
	null_stream = fopen("/dev/null", "w"); /* O_TRUNC: needs the truncate right with ABI >= 3 */
	check(null_stream != NULL, "fopen(/dev/null, w): %s", strerror(errno));
	if (null_stream != NULL) {
		fclose(null_stream);
	}
	check_allowed(open("/usr/lib", O_RDONLY | O_DIRECTORY), "list /usr/lib");
	check_denied(open("/dev/sda", O_RDONLY), 0, "open a block device");
	check_denied(open("/dev/tty", O_RDWR), 0, "open /dev/tty");
}

static void case_proc(const altair_eval_lockdown_report *report, int rc)
{
	char path[64];

	(void) report;
	(void) rc;
	snprintf(path, sizeof(path), "/proc/%ld/environ", (long) getppid());
	check_denied(open(path, O_RDONLY), EACCES, "read the parent's environ");
	snprintf(path, sizeof(path), "/proc/%ld/mem", (long) getppid());
	check_denied(open(path, O_RDWR), EACCES, "open the parent's mem");
	/* A socket cannot be opened through its magic link (ENXIO); Landlock alone would not stop it. */
	check_denied(open("/proc/self/fd/3", O_WRONLY), 0, "reopen the channel through /proc/self/fd");
}

static void case_signals(const altair_eval_lockdown_report *report, int rc)
{
	(void) rc;
	check(report->seccomp, "seccomp");
	check_denied(kill(getppid(), SIGTERM), EPERM, "kill(parent, SIGTERM)");
	check_denied(kill(1, 0), EPERM, "kill(1, 0)");
	check_denied(syscall(SYS_tgkill, getppid(), getppid(), SIGTERM), EPERM, "tgkill(parent)");
	check_denied(syscall(SYS_tkill, getppid(), SIGTERM), EPERM, "tkill(parent)");
	check_allowed(kill(getpid(), 0), "kill(self, 0)");
	check_allowed(kill(0, 0), "kill(0, 0)");
	check_allowed(kill(-getpid(), 0), "kill(-self, 0)");
	signal(SIGUSR1, on_sigusr1);
	check(raise(SIGUSR1) == 0, "raise(SIGUSR1)");
}

static void case_ptrace(const altair_eval_lockdown_report *report, int rc)
{
	char buffer[8];
	struct iovec local = { buffer, sizeof(buffer) }, remote = { (void *) &env, sizeof(buffer) };
	long attached;

	(void) report;
	(void) rc;
	attached = ptrace(PTRACE_ATTACH, getppid(), NULL, NULL);
	if (attached == 0) {
		ptrace(PTRACE_DETACH, getppid(), NULL, NULL);
	}
	check_denied(attached, EPERM, "ptrace(ATTACH, parent)");
	check_denied(process_vm_readv(getppid(), &local, 1, &remote, 1, 0), EPERM, "process_vm_readv(parent)");
	check_denied(syscall(434 /* pidfd_open */, getppid(), 0), EPERM, "pidfd_open(parent)");
}

static void case_channel(const altair_eval_lockdown_report *report, int rc)
{
	const char frame[] = "frame-from-the-guest";
	int fd;

	(void) rc;
	check(report->channel_sealed, "channel_sealed");
	check_denied(dup(ALTAIR_EVAL_CHANNEL_FD), EBADF, "dup(channel)");
	check_denied(dup2(ALTAIR_EVAL_CHANNEL_FD, DRIVER_SCRATCH_FD), EBADF, "dup2(channel, x)");
	check_denied(dup3(ALTAIR_EVAL_CHANNEL_FD, DRIVER_SCRATCH_FD, O_CLOEXEC), EBADF, "dup3(channel, x)");
	check_denied(fcntl(ALTAIR_EVAL_CHANNEL_FD, F_DUPFD, 0), EBADF, "fcntl(channel, F_DUPFD)");
	check_denied(fcntl(ALTAIR_EVAL_CHANNEL_FD, F_DUPFD_CLOEXEC, 0), EBADF, "fcntl(channel, F_DUPFD_CLOEXEC)");
	check_denied(dup2(STDIN_FILENO, ALTAIR_EVAL_CHANNEL_FD), EBADF, "dup2(x, channel)");
	check_denied(syscall(SYS_dup, (long) ALTAIR_EVAL_CHANNEL_FD | (1L << 32)), EBADF, "dup(channel | 1 << 32)");
	fd = dup(STDIN_FILENO);
	check_allowed(fd, "dup(stdin)");
	check_allowed(fcntl(ALTAIR_EVAL_CHANNEL_FD, F_GETFL), "fcntl(channel, F_GETFL)");
	/* The guest itself keeps writing the channel directly. */
	check(write(ALTAIR_EVAL_CHANNEL_FD, frame, sizeof(frame) - 1) == (ssize_t) (sizeof(frame) - 1), "write the channel");
}

/* A pipe as the channel: dup() is still denied, but the report must not call it sealed. */
static void case_channel_pipe(const altair_eval_lockdown_report *report, int rc)
{
	bool channel_note = false;

	(void) rc;
	check(!report->channel_sealed, "a pipe channel reported as sealed");
	for (size_t i = 0; i < report->note_count; i++) {
		channel_note |= strncmp(report->notes[i], "channel:", 8) == 0;
	}
	check(channel_note, "a note about the channel");
	check_denied(dup(ALTAIR_EVAL_CHANNEL_FD), EBADF, "dup(channel)");
}

static void case_rlimits(const altair_eval_lockdown_report *report, int rc)
{
	struct rlimit limit, raised = { RLIM_INFINITY, RLIM_INFINITY };
	rlim_t as_bytes = (rlim_t) (ALTAIR_EVAL_MEMORY_MB_DEFAULT + ALTAIR_EVAL_RLIMIT_AS_HEADROOM_MB) * DRIVER_BYTES_PER_MB;
	rlim_t cpu = (ALTAIR_EVAL_TIMEOUT_MS_DEFAULT + 999) / 1000 + ALTAIR_EVAL_RLIMIT_CPU_GRACE_SECONDS;
	void *memory;

	(void) rc;
	check(report->rlimits, "rlimits");
	getrlimit(RLIMIT_AS, &limit);
	check(limit.rlim_cur == as_bytes && limit.rlim_max == as_bytes, "RLIMIT_AS %lu/%lu", (unsigned long) limit.rlim_cur, (unsigned long) limit.rlim_max);
	getrlimit(RLIMIT_CPU, &limit);
	check(limit.rlim_cur == cpu && limit.rlim_max == cpu + ALTAIR_EVAL_RLIMIT_CPU_KILL_AFTER_SECONDS, "RLIMIT_CPU %lu/%lu",
		(unsigned long) limit.rlim_cur, (unsigned long) limit.rlim_max);
	getrlimit(RLIMIT_FSIZE, &limit);
	check(limit.rlim_cur == ALTAIR_EVAL_RLIMIT_FSIZE_BYTES && limit.rlim_max == ALTAIR_EVAL_RLIMIT_FSIZE_BYTES, "RLIMIT_FSIZE");
	getrlimit(RLIMIT_NOFILE, &limit);
	check(limit.rlim_cur <= ALTAIR_EVAL_RLIMIT_NOFILE && limit.rlim_max <= ALTAIR_EVAL_RLIMIT_NOFILE, "RLIMIT_NOFILE");
	getrlimit(RLIMIT_CORE, &limit);
	check(limit.rlim_cur == 0 && limit.rlim_max == 0, "RLIMIT_CORE");
	check_denied(setrlimit(RLIMIT_AS, &raised), EPERM, "setrlimit(RLIMIT_AS, infinity)");
	check_denied(prlimit(0, RLIMIT_CPU, &raised, NULL), EPERM, "prlimit(RLIMIT_CPU, infinity)");
	check_denied(prlimit(getppid(), RLIMIT_NOFILE, &limit, NULL), EPERM, "prlimit on the parent");
	memory = malloc(DRIVER_BIG_ALLOCATION);
	check(memory == NULL, "malloc(1 GiB) beyond RLIMIT_AS succeeded");
	free(memory);
}

/* A pooled booted worker's filter goes in before its request (policy->ahead_of_request): it lets
 * the process set its own RLIMIT_CPU, which it lowers to the request's timeout afterwards, and is
 * installed only once CAP_SYS_RESOURCE is gone, so that call can lower the limit, never raise it. */
static void case_ahead_of_request(const altair_eval_lockdown_report *report, int rc)
{
	struct __user_cap_header_struct header = { .version = _LINUX_CAPABILITY_VERSION_3, .pid = 0 };
	struct __user_cap_data_struct caps[_LINUX_CAPABILITY_U32S_3];
	struct rlimit limit, lower, raised = { RLIM_INFINITY, RLIM_INFINITY };
	altair_eval_lockdown_policy policy;
	altair_eval_lockdown_report checked;
	uint32_t word = CAP_TO_INDEX(CAP_SYS_RESOURCE), mask = CAP_TO_MASK(CAP_SYS_RESOURCE);

	(void) rc;
	check(report->seccomp, "seccomp");
	check(!report->channel_sealed, "the channel counted as sealed before it came");
	memset(caps, 0, sizeof(caps));
	check_allowed(syscall(SYS_capget, &header, caps), "capget");
	check(!(caps[word].effective & mask) && !(caps[word].permitted & mask), "CAP_SYS_RESOURCE still held");
	if (!env.had_sys_resource) {
		fprintf(stderr, "    [%s] the driver had no CAP_SYS_RESOURCE to begin with: its drop is not exercised here\n", current_case);
	}
	getrlimit(RLIMIT_CPU, &limit);
	check_denied(prlimit(0, RLIMIT_CPU, &raised, NULL), EPERM, "prlimit(RLIMIT_CPU, infinity)");
	raised.rlim_cur = raised.rlim_max = limit.rlim_max + 60;
	check_denied(prlimit(0, RLIMIT_CPU, &raised, NULL), EPERM, "prlimit(RLIMIT_CPU, hard + 60 s)");
	check_denied(prlimit(getppid(), RLIMIT_CPU, &limit, NULL), EPERM, "prlimit(RLIMIT_CPU) on the parent");
	check_denied(prlimit(0, RLIMIT_AS, &limit, NULL), EPERM, "prlimit(RLIMIT_AS)");
	lower.rlim_cur = limit.rlim_cur - 1;
	lower.rlim_max = limit.rlim_max - 1;
	check_allowed(prlimit(0, RLIMIT_CPU, &lower, NULL), "prlimit(RLIMIT_CPU) lowered by one second");
	getrlimit(RLIMIT_CPU, &limit);
	check(limit.rlim_cur == lower.rlim_cur && limit.rlim_max == lower.rlim_max, "RLIMIT_CPU %lu/%lu after lowering",
		(unsigned long) limit.rlim_cur, (unsigned long) limit.rlim_max);
	check_denied(dup2(STDERR_FILENO, ALTAIR_EVAL_CHANNEL_FD), EBADF, "dup2 onto the channel");
	/* Once its request brought the channel, the worker checks it. */
	memset(&policy, 0, sizeof(policy));
	memcpy(&checked, report, sizeof(checked));
	policy.channel_fd = ALTAIR_EVAL_CHANNEL_FD;
	altair_eval_lockdown_channel_check(&policy, &checked);
	check(checked.channel_sealed, "the channel (a socket) sealed once checked");
}

/* A session's processes (guest/session.c): the session's socket at its number cannot be copied or
 * replaced, the parent-death signal can only be set to SIGKILL, SysV IPC is refused, and a call's
 * own filter narrows signals to the call's group: its holder (here the driver's group, which the
 * case leaves with setsid, as a call's worker does) is out of reach. */
static void case_session(const altair_eval_lockdown_report *report, int rc)
{
	(void) rc;
	check(report->seccomp, "seccomp (%s)", report->note_count ? report->notes[report->note_count - 1] : "no note");
	check_allowed(fcntl(ALTAIR_EVAL_LOCKDOWN_SESSION_FD, F_GETFD), "the session's socket is there");
	check_denied(dup(ALTAIR_EVAL_LOCKDOWN_SESSION_FD), EBADF, "dup(session)");
	check_denied(dup2(ALTAIR_EVAL_LOCKDOWN_SESSION_FD, DRIVER_SCRATCH_FD), EBADF, "dup2(session, x)");
	check_denied(dup3(ALTAIR_EVAL_LOCKDOWN_SESSION_FD, DRIVER_SCRATCH_FD, O_CLOEXEC), EBADF, "dup3(session, x)");
	check_denied(fcntl(ALTAIR_EVAL_LOCKDOWN_SESSION_FD, F_DUPFD, 0), EBADF, "fcntl(session, F_DUPFD)");
	check_denied(fcntl(ALTAIR_EVAL_LOCKDOWN_SESSION_FD, F_DUPFD_CLOEXEC, 0), EBADF, "fcntl(session, F_DUPFD_CLOEXEC)");
	check_denied(dup2(STDIN_FILENO, ALTAIR_EVAL_LOCKDOWN_SESSION_FD), EBADF, "dup2(x, session)");
	check_denied(prctl(PR_SET_PDEATHSIG, 0, 0, 0, 0), EPERM, "PR_SET_PDEATHSIG 0");
	check_denied(prctl(PR_SET_PDEATHSIG, SIGTERM, 0, 0, 0), EPERM, "PR_SET_PDEATHSIG SIGTERM");
	check_allowed(prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0), "PR_SET_PDEATHSIG SIGKILL");
	check_denied(shmget(env.ipc_key, 4096, IPC_CREAT | 0600), EPERM, "shmget");
}

/* A call's own filter (altair_eval_lockdown_session_call), alone: in a session the base filter was
 * installed by the session's opener and lets signals reach the opener's pid, which is the holder's
 * in the second call; only the call's filter keeps the call's worker off it. Here this process
 * stands in for the holder, and the call's worker is its child, as in a session. */
static void case_session_call(const altair_eval_lockdown_report *report, int rc)
{
	pid_t holder = getpid();
	pid_t worker;
	int status = 0;

	(void) report;
	(void) rc;
	worker = fork();
	if (worker == 0) {
		check_allowed(prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs");
		check_allowed(setsid(), "setsid");
		check(altair_eval_lockdown_session_call(), "the call's filter");
		check_denied(kill(holder, 0), EPERM, "kill(the holder)");
		check_denied(kill(-holder, 0), EPERM, "kill(the holder's group)");
		check_denied(syscall(SYS_tgkill, holder, holder, SIGTERM), EPERM, "tgkill(the holder)");
		check_denied(syscall(SYS_tkill, holder, SIGTERM), EPERM, "tkill(the holder)");
		check_allowed(kill(0, 0), "kill(0, 0)");
		check_allowed(kill(getpid(), 0), "kill(self, 0)");
		check_allowed(kill(-getpid(), 0), "kill(-self, 0)");
		fflush(stderr);
		_exit(child_failures == 0 ? 0 : 1);
	}
	check(worker > 0, "fork the call's worker");
	check(worker > 0 && waitpid(worker, &status, 0) == worker && WIFEXITED(status) && WEXITSTATUS(status) == 0,
		"the call's worker's checks");
}

static void case_file_size(const altair_eval_lockdown_report *report, int rc)
{
	char path[PATH_MAX + 16];
	int fd;

	(void) report;
	(void) rc;
	snprintf(path, sizeof(path), "%s/big", env.scratch);
	fd = open(path, O_WRONLY | O_CREAT, 0600);
	check_allowed(fd, "create a file in scratch");
	/* One byte past RLIMIT_FSIZE: SIGXFSZ ends the child. */
	if (fd >= 0 && pwrite(fd, "x", 1, ALTAIR_EVAL_RLIMIT_FSIZE_BYTES) >= 0) {
		check(0, "wrote past RLIMIT_FSIZE");
	}
	check(0, "survived the write past RLIMIT_FSIZE (%s)", strerror(errno));
}

static void case_cpu(const altair_eval_lockdown_report *report, int rc)
{
	volatile unsigned long spin = 0;
	time_t started = time(NULL);

	(void) report;
	(void) rc;
	/* RLIMIT_CPU: SIGXCPU after ceil(timeout) + grace seconds of CPU time. */
	while (time(NULL) - started < 10) {
		spin++;
	}
	check(0, "survived 10 s of CPU");
}

static void case_kernel_surface(const altair_eval_lockdown_report *report, int rc)
{
	(void) report;
	(void) rc;
	check_denied(setsid(), EPERM, "setsid");
	check_denied(setpgid(0, 0), EPERM, "setpgid");
	check_denied(unshare(CLONE_NEWUSER), EPERM, "unshare(CLONE_NEWUSER)");
	check_denied(mount("none", "/mnt", "tmpfs", 0, NULL), EPERM, "mount");
	check_denied(syscall(SYS_bpf, 0, NULL, 0), EPERM, "bpf");
	check_denied(syscall(425 /* io_uring_setup */, 8, NULL), EPERM, "io_uring_setup");
	check_denied(syscall(SYS_keyctl, 0, 0, 0, 0, 0), EPERM, "keyctl");
	check_denied(syscall(SYS_perf_event_open, NULL, 0, -1, -1, 0), EPERM, "perf_event_open");
	check_denied(syscall(SYS_userfaultfd, 0), EPERM, "userfaultfd");
	check_denied(personality(ADDR_NO_RANDOMIZE), EPERM, "personality(ADDR_NO_RANDOMIZE)");
	check_allowed(personality(0xffffffff), "personality query");
	check_denied(prctl(PR_SET_PDEATHSIG, 0, 0, 0, 0), EPERM, "prctl(PR_SET_PDEATHSIG, 0)");
	check_denied(sethostname("altair", 6), EPERM, "sethostname");
	check_denied(syscall(DRIVER_X32_SYSCALL_BIT | SYS_getpid), 0, "an x32 syscall");
}

#if defined(__x86_64__)
/* The i386 ABI through int 0x80: the filter kills the whole process with SIGSYS. */
static void case_i386_abi(const altair_eval_lockdown_report *report, int rc)
{
	long result = 20; /* i386 getpid */

	(void) report;
	(void) rc;
	__asm__ volatile ("int $0x80" : "+a" (result) : : "memory");
	check(0, "int 0x80 returned %ld", result);
}

/* The case needs a kernel with ia32 emulation: without it (CONFIG_IA32_EMULATION off, or
 * ia32_emulation=0 on the command line) int 0x80 faults with SIGSEGV before any seccomp filter
 * runs, so there is no i386 ABI to refuse. A forked probe with no filter makes the same call. */
static const char *i386_abi_absent(void)
{
	int status;
	pid_t probe = fork();

	if (probe < 0) {
		return NULL; /* run the case: it then fails visibly */
	}
	if (probe == 0) {
		long result = 20; /* i386 getpid */
		__asm__ volatile ("int $0x80" : "+a" (result) : : "memory");
		_exit(result == (long) getpid() ? 0 : 1);
	}
	while (waitpid(probe, &status, 0) < 0 && errno == EINTR) {
	}
	if (WIFSIGNALED(status)) {
		return "the kernel has no ia32 emulation: int 0x80 faults before any filter runs";
	}
	return NULL;
}
#endif

/* SysV IPC in the child's own namespace: usable, but its total is capped at the memory limit
 * (detached segments escape RLIMIT_AS), and what it leaves dies with it (checked by the host). */
static void case_ipc(const altair_eval_lockdown_report *report, int rc)
{
	int created = 0, id, error = 0;

	(void) rc;
	check(report->ipcns, "an IPC namespace of its own");
	if (!report->ipc_limits) {
		/* Its limits could not be set (no root): then not usable at all. */
		check_denied(shmget(IPC_PRIVATE, DRIVER_SHM_SEGMENT, IPC_CREAT | 0600), EPERM, "shmget without limits");
		return;
	}
	check_allowed(shmget(env.ipc_key, 4096, IPC_CREAT | 0600), "shmget of a key");
	check_allowed(msgget(env.ipc_key, IPC_CREAT | 0600), "msgget of a key");
	while (created < DRIVER_SHM_ATTEMPTS) {
		id = shmget(IPC_PRIVATE, DRIVER_SHM_SEGMENT, IPC_CREAT | 0600);
		if (id < 0) {
			error = errno;
			break;
		}
		created++;
	}
	/* One page went to the keyed segment: one 16 MiB segment fewer than the limit allows. */
	check(created == (int) (ALTAIR_EVAL_MEMORY_MB_DEFAULT * DRIVER_BYTES_PER_MB / DRIVER_SHM_SEGMENT) - 1,
		"%d segments of 16 MiB created under a %d MiB cap", created, ALTAIR_EVAL_MEMORY_MB_DEFAULT);
	check(error == ENOSPC, "the segment past the cap: %s", strerror(error));
}

/* No IPC namespace (unshare refused): seccomp refuses SysV IPC altogether. */
static void case_ipc_fallback(const altair_eval_lockdown_report *report, int rc)
{
	(void) rc;
	check(!report->ipcns && report->seccomp, "no IPC namespace, seccomp in force");
	check_denied(shmget(env.ipc_key, 4096, IPC_CREAT | 0600), EPERM, "shmget");
	check_denied(shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600), EPERM, "shmget(IPC_PRIVATE)");
	check_denied(msgget(env.ipc_key, IPC_CREAT | 0600), EPERM, "msgget");
	check_denied(semget(env.ipc_key, 1, IPC_CREAT | 0600), EPERM, "semget");
	check_denied(shmat(0, NULL, 0) == (void *) -1 ? -1 : 0, EPERM, "shmat of a guessed id");
}

static void case_ordinary(const altair_eval_lockdown_report *report, int rc)
{
	struct timespec now;
	struct utsname name;
	struct stat info;
	char cwd[PATH_MAX];
	char *memory;

	(void) report;
	(void) rc;
	check(getpid() > 0, "getpid");
	check_allowed(clock_gettime(CLOCK_MONOTONIC, &now), "clock_gettime");
	check_allowed(uname(&name), "uname");
	check(getcwd(cwd, sizeof(cwd)) != NULL, "getcwd: %s", strerror(errno));
	memory = malloc(DRIVER_SMALL_ALLOCATION);
	check(memory != NULL, "malloc(8 MiB)");
	if (memory != NULL) {
		memset(memory, 1, DRIVER_SMALL_ALLOCATION);
		free(memory);
	}
	now.tv_sec = 0;
	now.tv_nsec = 1000;
	check_allowed(nanosleep(&now, NULL), "nanosleep");
	/* Landlock does not cover stat(2): existence outside the root still shows (known limit). */
	check_allowed(stat("/etc/passwd", &info), "stat /etc/passwd");
}

static void case_parent_gone(const altair_eval_lockdown_report *report, int rc)
{
	check(rc == -1, "apply returned %d with a parent that is not ours", rc);
	check(report->note_count == 1 && strstr(report->notes[0], "parent") != NULL, "a note about the parent");
}

/* A kernel without Landlock, user/network namespaces or seccomp filters, simulated by a filter
 * installed before the lockdown: every step must say so in a note, and the rest must still hold. */
static void case_degraded(const altair_eval_lockdown_report *report, int rc)
{
	size_t i;
	bool landlock_note = false, netns_note = false, seccomp_note = false;

	check(rc == 0, "apply returned %d", rc);
	check(report->parent_death && report->rlimits && report->no_new_privs, "the steps the kernel still offers");
	check(!report->netns && report->landlock_abi == 0 && !report->seccomp && !report->channel_sealed
		&& !report->processes_blocked && !report->sockets_blocked, "no guard claimed that is not there");
	for (i = 0; i < report->note_count; i++) {
		fprintf(stderr, "    note: %s\n", report->notes[i]);
		landlock_note |= strcmp(report->notes[i], "landlock: Function not implemented") == 0;
		netns_note |= strncmp(report->notes[i], "netns: Operation not permitted", 30) == 0;
		seccomp_note |= strcmp(report->notes[i], "seccomp: Invalid argument") == 0;
	}
	check(landlock_note && netns_note && seccomp_note, "a note for each missing guard");
	check_allowed(open("/etc/passwd", O_RDONLY), "without Landlock /etc/passwd is readable (as reported)");
}

#ifdef ALTAIR_EVAL_LOCKDOWN_FOREIGN_ARCH
/* Built with ALTAIR_EVAL_LOCKDOWN_FOREIGN_ARCH (run.sh does, and runs only this case): no seccomp
 * filter exists for the architecture, and the report must say so rather than stay silent. */
static void case_foreign_arch(const altair_eval_lockdown_report *report, int rc)
{
	bool arch_note = false;

	check(rc == 0, "apply returned %d", rc);
	check(!report->seccomp && !report->processes_blocked && !report->channel_sealed, "no seccomp guard claimed");
	check(report->landlock_abi > 0 || report->note_count > 0, "the other layers still applied or explained");
	for (size_t i = 0; i < report->note_count; i++) {
		arch_note |= strncmp(report->notes[i], "seccomp: no filter for this architecture", 40) == 0;
	}
	check(arch_note, "a note naming the architecture");
}
#endif

#define DRIVER_JEQ_RETURN(nr, action) \
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1), BPF_STMT(BPF_RET | BPF_K, (action))

/* A kernel (or container) that refuses new namespaces, and nothing else. */
static void simulate_no_namespaces(void)
{
	static struct sock_filter filter[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		DRIVER_JEQ_RETURN(SYS_unshare, SECCOMP_RET_ERRNO | EPERM),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog program = { sizeof(filter) / sizeof(filter[0]), filter };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &program) != 0) {
		perror("simulate no namespaces");
		_exit(1);
	}
}

static void simulate_old_kernel(void)
{
	static struct sock_filter filter[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		DRIVER_JEQ_RETURN(444 /* landlock_create_ruleset */, SECCOMP_RET_ERRNO | ENOSYS),
		DRIVER_JEQ_RETURN(SYS_unshare, SECCOMP_RET_ERRNO | EPERM),
		DRIVER_JEQ_RETURN(SYS_seccomp, SECCOMP_RET_ERRNO | EINVAL),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_prctl, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PR_SET_SECCOMP, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EINVAL),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog program = { sizeof(filter) / sizeof(filter[0]), filter };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &program) != 0) {
		perror("simulate an old kernel");
		_exit(1);
	}
}

/* ---- the filter's layout ------------------------------------------------------------------ */

/* A classic BPF interpreter for what lockdown/seccomp.c emits: loads from seccomp_data, jumps on a
 * constant, AND, returns. -1: an instruction it does not know, or a run off the end. */
static long interpret(const struct sock_filter *insns, size_t length, const struct seccomp_data *data, size_t *steps)
{
	uint32_t a = 0;

	for (size_t pc = 0; pc < length && *steps < SIZE_MAX / 2; pc++, (*steps)++) {
		const struct sock_filter *in = &insns[pc];

		switch (in->code) {
			case BPF_LD | BPF_W | BPF_ABS:
				if (in->k + sizeof(uint32_t) > sizeof(*data)) {
					return -1;
				}
				memcpy(&a, (const char *) data + in->k, sizeof(a));
				break;
			case BPF_ALU | BPF_AND | BPF_K:
				a &= in->k;
				break;
			case BPF_JMP | BPF_JA:
				pc += in->k;
				break;
			case BPF_JMP | BPF_JEQ | BPF_K:
				pc += a == in->k ? in->jt : in->jf;
				break;
			case BPF_JMP | BPF_JGE | BPF_K:
				pc += a >= in->k ? in->jt : in->jf;
				break;
			case BPF_JMP | BPF_JGT | BPF_K:
				pc += a > in->k ? in->jt : in->jf;
				break;
			case BPF_JMP | BPF_JSET | BPF_K:
				pc += (a & in->k) ? in->jt : in->jf;
				break;
			case BPF_RET | BPF_K:
				return in->k;
			default:
				return -1;
		}
	}
	return -1;
}

/* The refused numbers are a binary search, not a chain (the kernel runs a new filter for every
 * syscall number when it installs it, to cache what it always allows: a chain cost about 1 us per
 * instruction there). The search must decide every number, with every argument that a rule looks
 * at, exactly as the chain does; and it must be shorter to run. Pure computation: no lockdown. */
static void case_seccomp_search(const altair_eval_lockdown_report *report, int rc)
{
	static struct sock_filter chain[512], search[512];
	const uint32_t interesting[] = { 0, 1, 3, 9, 15, SIGKILL, SIGTERM, RLIMIT_CPU, AF_UNIX, AF_INET, AF_INET6, SOCK_STREAM,
		SOCK_DGRAM, CLONE_NEWNET, CLONE_THREAD | CLONE_VM, PR_SET_PDEATHSIG, F_DUPFD, F_DUPFD_CLOEXEC, 0x20000000, 0xffffffffU,
		(uint32_t) getpid(), (uint32_t) -getpid() };
	size_t checked = 0, chain_steps = 0, search_steps = 0;

	(void) report;
	(void) rc;
	for (int variant = 0; variant < 6; variant++) {
		altair_eval_lockdown_policy policy;

		memset(&policy, 0, sizeof(policy));
		policy.channel_fd = ALTAIR_EVAL_CHANNEL_FD;
		policy.notify_processes = variant != 1;
		policy.booted_template = variant == 2 || variant == 3;
		policy.relay = variant == 3;
		policy.allow_writes = variant == 4;
		policy.endpoints = variant == 5;
		policy.allow_network = variant == 1;
		size_t chain_length = altair_eval_lockdown_seccomp_program_for_tests(&policy, variant % 2 == 0, true, chain, 512);
		size_t search_length = altair_eval_lockdown_seccomp_program_for_tests(&policy, variant % 2 == 0, false, search, 512);

		check(chain_length > 0 && search_length > 0, "variant %d: no program (%zu, %zu)", variant, chain_length, search_length);
		for (uint32_t nr = 0; nr < 1100; nr++) {
			for (size_t v = 0; v < sizeof(interesting) / sizeof(interesting[0]); v++) {
				struct seccomp_data data;

				memset(&data, 0, sizeof(data));
				data.nr = (int) (nr == 1099 ? DRIVER_X32_SYSCALL_BIT + 1 : nr);
				data.arch = AUDIT_ARCH_X86_64;
#if defined(__aarch64__)
				data.arch = AUDIT_ARCH_AARCH64;
#endif
				for (int arg = 0; arg < 6; arg++) {
					data.args[arg] = interesting[(v + (size_t) arg) % (sizeof(interesting) / sizeof(interesting[0]))];
				}
				long a = interpret(chain, chain_length, &data, &chain_steps), b = interpret(search, search_length, &data, &search_steps);
				check(a >= 0 && a == b, "variant %d, nr %u, args from %zu: chain %lx, search %lx", variant, nr, v, a, b);
				checked++;
			}
		}
	}
	check(checked > 0, "nothing compared");
	/* The instructions run over every number and argument: what the kernel's cache pass pays. */
	check(search_steps * 2 < chain_steps, "the search runs %zu instructions, the chain %zu", search_steps, chain_steps);
	printf("       %zu decisions alike; instructions run: search %zu, chain %zu\n", checked, search_steps, chain_steps);
}

/* ---- the driver (the host) ------------------------------------------------------------------- */

typedef struct {
	const char *name;
	void (*attack)(const altair_eval_lockdown_report *report, int rc);
	int expect_signal;   /* 0: the child exits 0 */
	bool allow_writes;
	bool allow_network;
	bool wrong_parent;   /* the policy names a parent that is not ours */
	long timeout_ms;
	int expect_connections;
	const char *expect_channel;
	bool pipe_channel;   /* the channel is a pipe instead of a socketpair */
	bool old_kernel;     /* Landlock, unshare and seccomp filters unavailable */
	bool no_namespaces;  /* unshare refused */
	bool ahead;          /* policy.ahead_of_request */
	bool session;        /* policy.session, with a socket at the session's number */
	bool bare;           /* no lockdown: the case applies what it tests itself */
	/* When set and it returns a reason, the case does not apply to this kernel. */
	const char *(*not_applicable)(void);
} driver_case;

static const driver_case driver_cases[] = {
#ifdef ALTAIR_EVAL_LOCKDOWN_FOREIGN_ARCH
	{ .name = "foreign-arch", .attack = case_foreign_arch },
#else
	{ .name = "report", .attack = case_report },
	{ .name = "exec", .attack = case_exec },
	{ .name = "processes", .attack = case_processes },
	{ .name = "thread", .attack = case_thread },
	{ .name = "network-denied", .attack = case_network_denied },
	{ .name = "netns", .attack = case_netns },
	{ .name = "network-allowed", .attack = case_network_allowed, .allow_network = true, .expect_connections = 1 },
	{ .name = "fs-outside", .attack = case_fs_outside },
	{ .name = "fs-project-read-only", .attack = case_fs_project_read_only },
	{ .name = "fs-scratch", .attack = case_fs_scratch },
	{ .name = "fs-allow-writes", .attack = case_fs_allow_writes, .allow_writes = true },
	{ .name = "fs-runtime", .attack = case_fs_runtime },
	{ .name = "proc", .attack = case_proc },
	{ .name = "signals", .attack = case_signals },
	{ .name = "ptrace", .attack = case_ptrace },
	{ .name = "channel", .attack = case_channel, .expect_channel = "frame-from-the-guest" },
	{ .name = "channel-pipe", .attack = case_channel_pipe, .pipe_channel = true },
	{ .name = "rlimits", .attack = case_rlimits },
	{ .name = "ahead-of-request", .attack = case_ahead_of_request, .ahead = true },
	{ .name = "session", .attack = case_session, .session = true },
	{ .name = "session-call", .attack = case_session_call, .bare = true },
	{ .name = "file-size", .attack = case_file_size, .expect_signal = SIGXFSZ },
	{ .name = "cpu", .attack = case_cpu, .expect_signal = SIGXCPU, .timeout_ms = ALTAIR_EVAL_TIMEOUT_MS_MIN },
	{ .name = "kernel-surface", .attack = case_kernel_surface },
	{ .name = "seccomp-search", .attack = case_seccomp_search },
#if defined(__x86_64__)
	{ .name = "i386-abi", .attack = case_i386_abi, .expect_signal = SIGSYS, .not_applicable = i386_abi_absent },
#endif
	{ .name = "ipc", .attack = case_ipc },
	{ .name = "ipc-fallback", .attack = case_ipc_fallback, .no_namespaces = true },
	{ .name = "ordinary", .attack = case_ordinary },
	{ .name = "parent-gone", .attack = case_parent_gone, .wrong_parent = true },
	{ .name = "degraded", .attack = case_degraded, .old_kernel = true },
#endif
};

static const char *const driver_read_paths[] = {
	"/usr/lib", "/lib", "/lib64", "/usr/share/zoneinfo", "/etc/localtime", "/dev/urandom", "/dev/zero",
	"/nonexistent/altair-eval", /* skipped without a note */
};

static void run_child(const driver_case *c)
{
	altair_eval_lockdown_policy policy;
	altair_eval_lockdown_report report;
	size_t i;
	int rc;

	current_case = c->name;
	/* As the host does at spawn time: own process group, channel at its descriptor. */
	setpgid(0, 0);
	close(env.listener);
	close(env.channel[0]);
	if (env.channel[1] != ALTAIR_EVAL_CHANNEL_FD) {
		dup2(env.channel[1], ALTAIR_EVAL_CHANNEL_FD);
		close(env.channel[1]);
	}
	if (readlink("/proc/self/ns/net", env.netns_before, sizeof(env.netns_before) - 1) < 0) {
		env.netns_before[0] = '\0';
	}

	memset(&policy, 0, sizeof(policy));
	policy.project_root = env.root;
	policy.scratch_dir = env.scratch;
	for (i = 0; i < sizeof(driver_read_paths) / sizeof(driver_read_paths[0]); i++) {
		policy.read_paths[policy.read_path_count++] = driver_read_paths[i];
	}
	policy.allow_writes = c->allow_writes;
	policy.allow_network = c->allow_network;
	policy.memory_limit_mb = ALTAIR_EVAL_MEMORY_MB_DEFAULT;
	policy.timeout_ms = c->timeout_ms ? c->timeout_ms : ALTAIR_EVAL_TIMEOUT_MS_DEFAULT;
	policy.parent_pid = c->wrong_parent ? getppid() + 1 : getppid();
	policy.channel_fd = ALTAIR_EVAL_CHANNEL_FD;
	policy.ahead_of_request = c->ahead;
	policy.session = c->session;
	if (c->session) {
		int pair[2];
		if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0
			|| dup3(pair[0], ALTAIR_EVAL_LOCKDOWN_SESSION_FD, O_CLOEXEC) != ALTAIR_EVAL_LOCKDOWN_SESSION_FD) {
			_exit(1);
		}
	}

	if (c->old_kernel) {
		simulate_old_kernel();
	}
	if (c->no_namespaces) {
		simulate_no_namespaces();
	}
	memset(&report, 0, sizeof(report));
	rc = c->bare ? 0 : altair_eval_lockdown_apply(&policy, &report);
	if (rc != 0 && !c->wrong_parent) {
		fprintf(stderr, "    [%s] apply returned %d: %s\n", c->name, rc, report.note_count ? report.notes[0] : "");
		_exit(1);
	}
	c->attack(&report, rc);
	fflush(stderr);
	_exit(child_failures == 0 ? 0 : 1);
}

static int count_connections(void)
{
	int count = 0, fd;

	while ((fd = accept(env.listener, NULL, NULL)) >= 0) {
		close(fd);
		count++;
	}
	return count;
}

/* Nothing under the children's key in the driver's own IPC namespace; what is there is removed. */
static bool host_ipc_clean(void)
{
	int shm = shmget(env.ipc_key, 0, 0), msg = msgget(env.ipc_key, 0), sem = semget(env.ipc_key, 0, 0);

	if (shm >= 0) {
		shmctl(shm, IPC_RMID, NULL);
	}
	if (msg >= 0) {
		msgctl(msg, IPC_RMID, NULL);
	}
	if (sem >= 0) {
		semctl(sem, 0, IPC_RMID);
	}
	return shm < 0 && msg < 0 && sem < 0;
}

/* Returns true when the case passed. */
static bool run_case(const driver_case *c)
{
	char channel[128];
	ssize_t got;
	struct stat info;
	bool passed = true;
	pid_t child;
	int status, connections;

	if ((c->pipe_channel ? pipe2(env.channel, O_CLOEXEC) : socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, env.channel)) != 0) {
		perror("channel");
		return false;
	}
	driver_got_sigterm = 0;
	fflush(stdout);
	fflush(stderr);
	child = fork();
	if (child < 0) {
		perror("fork");
		return false;
	}
	if (child == 0) {
		run_child(c);
	}
	close(env.channel[1]);
	while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
	}

	if (c->expect_signal != 0) {
		if (!WIFSIGNALED(status) || WTERMSIG(status) != c->expect_signal) {
			fprintf(stderr, "    [%s] expected signal %s, got %s %d\n", c->name, strsignal(c->expect_signal),
				WIFSIGNALED(status) ? "signal" : "exit", WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
			passed = false;
		}
	} else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		if (WIFSIGNALED(status)) {
			fprintf(stderr, "    [%s] child killed by %s\n", c->name, strsignal(WTERMSIG(status)));
		}
		passed = false;
	}

	/* What must not have happened, seen from the host. */
	connections = count_connections();
	if (connections != c->expect_connections) {
		fprintf(stderr, "    [%s] %d connection(s) reached the loopback listener, expected %d\n", c->name, connections, c->expect_connections);
		passed = false;
	}
	if (stat(env.tmp_mark, &info) == 0 || stat(env.project_mark, &info) == 0) {
		fprintf(stderr, "    [%s] a mark file was written\n", c->name);
		unlink(env.tmp_mark);
		unlink(env.project_mark);
		passed = false;
	}
	if (stat(env.project_file, &info) != 0) {
		fprintf(stderr, "    [%s] the project file is gone\n", c->name);
		passed = false;
	}
	if (!host_ipc_clean()) {
		fprintf(stderr, "    [%s] a SysV segment, queue or semaphore of the child is in the host's namespace\n", c->name);
		passed = false;
	}
	if (driver_got_sigterm) {
		fprintf(stderr, "    [%s] the driver received SIGTERM\n", c->name);
		passed = false;
	}
	got = read(env.channel[0], channel, sizeof(channel) - 1);
	channel[got > 0 ? got : 0] = '\0';
	if (c->expect_channel != NULL ? strcmp(channel, c->expect_channel) != 0 : got > 0) {
		fprintf(stderr, "    [%s] channel carried \"%s\"\n", c->name, channel);
		passed = false;
	}
	close(env.channel[0]);

	printf("%s %s\n", passed ? "ok    " : "FAILED", c->name);
	return passed;
}

static int setup(void)
{
	char path[PATH_MAX + 32], resolved[PATH_MAX];
	socklen_t length = sizeof(env.listener_address);
	struct sigaction action;
	int fd;

	{
		struct __user_cap_header_struct header = { .version = _LINUX_CAPABILITY_VERSION_3, .pid = 0 };
		struct __user_cap_data_struct caps[_LINUX_CAPABILITY_U32S_3];

		memset(caps, 0, sizeof(caps));
		env.had_sys_resource = syscall(SYS_capget, &header, caps) == 0
			&& (caps[CAP_TO_INDEX(CAP_SYS_RESOURCE)].effective & CAP_TO_MASK(CAP_SYS_RESOURCE));
	}
	snprintf(path, sizeof(path), "/tmp/altair-lockdown-XXXXXX");
	if (mkdtemp(path) == NULL || realpath(path, resolved) == NULL || strlen(resolved) >= sizeof(env.root)) {
		perror("mkdtemp");
		return -1;
	}
	memcpy(env.root, resolved, strlen(resolved) + 1);
	snprintf(path, sizeof(path), "%s/.altair", env.root);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/.altair/eval", env.root);
	mkdir(path, 0700);
	snprintf(env.scratch, sizeof(env.scratch), "%s/.altair/eval/scratch", env.root);
	snprintf(env.project_file, sizeof(env.project_file), "%s/composer.json", env.root);
	snprintf(env.project_mark, sizeof(env.project_mark), "%s/mark", env.root);
	snprintf(env.tmp_mark, sizeof(env.tmp_mark), "/tmp/altair-lockdown-mark-%ld", (long) getpid());
	if (mkdir(env.scratch, 0700) != 0) {
		perror("mkdir scratch");
		return -1;
	}
	fd = open(env.project_file, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || write(fd, "{\"name\":\"altair/test\"}\n", 23) != 23) {
		perror("project file");
		return -1;
	}
	close(fd);

	env.listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	memset(&env.listener_address, 0, sizeof(env.listener_address));
	env.listener_address.sin_family = AF_INET;
	env.listener_address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (env.listener < 0 || bind(env.listener, (struct sockaddr *) &env.listener_address, sizeof(env.listener_address)) != 0
		|| listen(env.listener, 8) != 0
		|| getsockname(env.listener, (struct sockaddr *) &env.listener_address, &length) != 0) {
		perror("loopback listener");
		return -1;
	}

	env.ipc_key = (key_t) (0x41450000 | (getpid() & 0xffff));
	memset(&action, 0, sizeof(action));
	action.sa_handler = on_sigterm;
	sigaction(SIGTERM, &action, NULL);
	return 0;
}

static void teardown(void)
{
	char command[PATH_MAX + 16];

	snprintf(command, sizeof(command), "rm -rf '%s'", env.root);
	if (system(command) != 0) {
		fprintf(stderr, "could not remove %s\n", env.root);
	}
	unlink(env.tmp_mark);
}

int main(int argc, char **argv)
{
	size_t i;
	int passed = 0, failed = 0, not_applicable = 0;
	const char *reason;

	setvbuf(stdout, NULL, _IOLBF, 0); /* keep case lines in order with the children's stderr */
	if (setup() != 0) {
		return 2;
	}
	printf("lockdown driver: uid %ld, features: %s, project root %s\n", (long) geteuid(), altair_eval_lockdown_features(), env.root);
	for (i = 0; i < sizeof(driver_cases) / sizeof(driver_cases[0]); i++) {
		if (argc > 1 && strstr(driver_cases[i].name, argv[1]) == NULL) {
			continue;
		}
		reason = driver_cases[i].not_applicable ? driver_cases[i].not_applicable() : NULL;
		if (reason != NULL) {
			printf("n/a    %s (%s)\n", driver_cases[i].name, reason);
			not_applicable++;
			continue;
		}
		if (run_case(&driver_cases[i])) {
			passed++;
		} else {
			failed++;
		}
	}
	teardown();
	printf("%d passed, %d failed, %d not applicable\n", passed, failed, not_applicable);
	return failed == 0 ? 0 : 1;
}
