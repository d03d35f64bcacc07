/*
 * Kernel lockdown of the guest (child) process; see lockdown.h for the contract.
 *
 * One straight line of small steps, in the order bubblewrap and nsjail use: parent-death signal,
 * rlimits, no_new_privs, network namespace, Landlock, seccomp last (seccomp would otherwise have to
 * allow the very calls the earlier steps make). Each step records in the report what held and, in a
 * note, why something did not; only a vanished parent stops the guest.
 *
 * Plain C over Linux syscalls, no Zend API: it builds inside the extension and alone
 * (tests/lockdown/driver). Every Linux-specific part is guarded by the header checks of config.m4;
 * without config.h (the standalone build) the same checks are made with __has_include.
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE /* unshare(), CLONE_NEWNET, syscall() */
#endif

#ifdef HAVE_CONFIG_H
# include "config.h"
#elif defined(__linux__) && defined(__has_include)
# if __has_include(<sys/prctl.h>)
#  define HAVE_SYS_PRCTL_H 1
# endif
# if __has_include(<sched.h>)
#  define HAVE_SCHED_H 1
# endif
# if __has_include(<linux/landlock.h>)
#  define HAVE_LINUX_LANDLOCK_H 1
# endif
# if __has_include(<linux/seccomp.h>) && __has_include(<linux/filter.h>) && __has_include(<linux/audit.h>)
#  define HAVE_LINUX_SECCOMP_H 1
#  define HAVE_LINUX_FILTER_H 1
#  define HAVE_LINUX_AUDIT_H 1
# endif
#endif

#define ALTAIR_EVAL_CONSTANTS_ONLY
#include "../php_altair_eval.h"
#include "lockdown.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifndef _WIN32
# define LOCKDOWN_POSIX 1
# include <fcntl.h>
# include <signal.h>
# include <sys/resource.h>
# include <sys/stat.h>
# include <unistd.h>
#endif

#ifdef __linux__
# include <sys/syscall.h>
#endif

#if defined(__linux__) && defined(HAVE_SYS_PRCTL_H)
# define LOCKDOWN_PRCTL 1
# include <sys/prctl.h>
#endif

#if defined(__linux__) && defined(HAVE_SCHED_H)
# include <sched.h>
# if defined(CLONE_NEWNET) && defined(CLONE_NEWUSER)
#  define LOCKDOWN_NETNS 1
# endif
#endif

#if defined(LOCKDOWN_PRCTL) && defined(HAVE_LINUX_LANDLOCK_H)
# define LOCKDOWN_LANDLOCK 1
# include <linux/landlock.h>
#endif

#if defined(LOCKDOWN_PRCTL) && defined(HAVE_LINUX_SECCOMP_H) && defined(HAVE_LINUX_FILTER_H) \
	&& defined(HAVE_LINUX_AUDIT_H) && (defined(__x86_64__) || defined(__aarch64__))
# define LOCKDOWN_SECCOMP 1
# include <linux/audit.h>
# include <linux/filter.h>
# include <linux/seccomp.h>
# include <stddef.h>
# include <sys/socket.h>
#endif

/* ---- report notes ---------------------------------------------------------------------------- */

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void lockdown_note(altair_eval_lockdown_report *report, const char *format, ...)
{
	va_list args;

	if (report->note_count >= ALTAIR_EVAL_LOCKDOWN_MAX_NOTES) {
		return;
	}
	va_start(args, format);
	vsnprintf(report->notes[report->note_count], ALTAIR_EVAL_LOCKDOWN_NOTE_LEN, format, args);
	va_end(args);
	report->note_count++;
}

#ifdef LOCKDOWN_POSIX

/* ---- 1. parent death ------------------------------------------------------------------------- */

/* SIGKILL when the host dies, so an orphan never runs on; then make sure the host did not die
 * before we asked (the signal is not sent retroactively). */
static int lockdown_parent_death(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	bool signal_armed = false;

#ifdef LOCKDOWN_PRCTL
	if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) == 0) {
		signal_armed = true;
	} else {
		lockdown_note(report, "parent death: %s", strerror(errno));
	}
#else
	lockdown_note(report, "parent death: not compiled in");
#endif

	if (policy->parent_pid <= 0) {
		lockdown_note(report, "parent death: no parent pid to check");
		return 0;
	}
	if (getppid() != policy->parent_pid) {
		lockdown_note(report, "parent death: the parent (pid %ld) is gone", (long) policy->parent_pid);
		return -1;
	}
	report->parent_death = signal_armed;
	return 0;
}

/* ---- 2. rlimits ------------------------------------------------------------------------------ */

#define LOCKDOWN_BYTES_PER_MB ((rlim_t) 1024 * 1024)
#define LOCKDOWN_MS_PER_SECOND 1000

/* Sets soft and hard (root could otherwise raise the soft limit back up to the hard one), never
 * above what is already in force. */
static bool lockdown_lower_limit(altair_eval_lockdown_report *report, int resource, const char *name, rlim_t soft, rlim_t hard)
{
	struct rlimit current, wanted;

	if (getrlimit(resource, &current) != 0) {
		lockdown_note(report, "rlimits: %s: %s", name, strerror(errno));
		return false;
	}
	wanted.rlim_max = hard < current.rlim_max ? hard : current.rlim_max;
	wanted.rlim_cur = soft < current.rlim_cur ? soft : current.rlim_cur;
	if (wanted.rlim_cur > wanted.rlim_max) {
		wanted.rlim_cur = wanted.rlim_max;
	}
	if (setrlimit(resource, &wanted) != 0) {
		lockdown_note(report, "rlimits: %s: %s", name, strerror(errno));
		return false;
	}
	return true;
}

static void lockdown_rlimits(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	bool all = true;

	if (policy->memory_limit_mb > 0) {
		rlim_t bytes = (rlim_t) (policy->memory_limit_mb + ALTAIR_EVAL_RLIMIT_AS_HEADROOM_MB) * LOCKDOWN_BYTES_PER_MB;
		all &= lockdown_lower_limit(report, RLIMIT_AS, "RLIMIT_AS", bytes, bytes);
	} else {
		lockdown_note(report, "rlimits: RLIMIT_AS: no memory limit given");
		all = false;
	}

	if (policy->timeout_ms > 0) {
		rlim_t soft = (rlim_t) ((policy->timeout_ms + LOCKDOWN_MS_PER_SECOND - 1) / LOCKDOWN_MS_PER_SECOND)
			+ ALTAIR_EVAL_RLIMIT_CPU_GRACE_SECONDS;
		all &= lockdown_lower_limit(report, RLIMIT_CPU, "RLIMIT_CPU", soft, soft + ALTAIR_EVAL_RLIMIT_CPU_KILL_AFTER_SECONDS);
	} else {
		lockdown_note(report, "rlimits: RLIMIT_CPU: no timeout given");
		all = false;
	}

	all &= lockdown_lower_limit(report, RLIMIT_FSIZE, "RLIMIT_FSIZE", ALTAIR_EVAL_RLIMIT_FSIZE_BYTES, ALTAIR_EVAL_RLIMIT_FSIZE_BYTES);
	all &= lockdown_lower_limit(report, RLIMIT_NOFILE, "RLIMIT_NOFILE", ALTAIR_EVAL_RLIMIT_NOFILE, ALTAIR_EVAL_RLIMIT_NOFILE);
	all &= lockdown_lower_limit(report, RLIMIT_CORE, "RLIMIT_CORE", 0, 0);
	report->rlimits = all;
}

/* ---- 3. no_new_privs ------------------------------------------------------------------------- */

/* No setuid/file-capability gains from here on; also what lets an unprivileged process install
 * Landlock and seccomp. */
static void lockdown_no_new_privs(altair_eval_lockdown_report *report)
{
#ifdef LOCKDOWN_PRCTL
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0) {
		report->no_new_privs = true;
	} else {
		lockdown_note(report, "no_new_privs: %s", strerror(errno));
	}
#else
	lockdown_note(report, "no_new_privs: not compiled in");
#endif
}

/* ---- 4. network namespace -------------------------------------------------------------------- */

#ifdef LOCKDOWN_NETNS
/* In a fresh user namespace our uid and gid are unmapped until we map them onto themselves, and an
 * unmapped fsuid cannot create files (EOVERFLOW): scratch would become read-only. */
static bool lockdown_write_id_map(const char *path, const char *line)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t length = (ssize_t) strlen(line);
	bool written;

	if (fd < 0) {
		return false;
	}
	written = write(fd, line, (size_t) length) == length;
	close(fd);
	return written;
}

static bool lockdown_map_own_ids(altair_eval_lockdown_report *report, uid_t uid, gid_t gid)
{
	char line[64];

	snprintf(line, sizeof(line), "%lu %lu 1\n", (unsigned long) uid, (unsigned long) uid);
	if (!lockdown_write_id_map("/proc/self/uid_map", line)) {
		lockdown_note(report, "netns: uid_map: %s", strerror(errno));
		return false;
	}
	/* An unprivileged writer of gid_map must first give up setgroups(2). */
	if (!lockdown_write_id_map("/proc/self/setgroups", "deny\n")) {
		lockdown_note(report, "netns: setgroups: %s", strerror(errno));
		return false;
	}
	snprintf(line, sizeof(line), "%lu %lu 1\n", (unsigned long) gid, (unsigned long) gid);
	if (!lockdown_write_id_map("/proc/self/gid_map", line)) {
		lockdown_note(report, "netns: gid_map: %s", strerror(errno));
		return false;
	}
	return true;
}
#endif

#ifdef LOCKDOWN_NETNS
/* unshare(kind); without CAP_SYS_ADMIN, inside a new user namespace, which grants it there. We are
 * in the new namespaces either way; without the id maps files cannot be created, which is worth a
 * note but is not a hole. */
static bool lockdown_unshare(int kind, const char *name, altair_eval_lockdown_report *report)
{
	uid_t uid = geteuid();
	gid_t gid = getegid();
	int first_error;

	if (unshare(kind) == 0) {
		return true;
	}
	first_error = errno;
	if (unshare(CLONE_NEWUSER | kind) != 0) {
		lockdown_note(report, "%s: %s (with a user namespace: %s)", name, strerror(first_error), strerror(errno));
		return false;
	}
	lockdown_map_own_ids(report, uid, gid);
	return true;
}
#endif

/* A new network namespace has only a loopback interface, and it is down: every connect fails,
 * even to 127.0.0.1, whatever the snippet manages to open. */
static void lockdown_network_namespace(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	if (policy->allow_network) {
		return;
	}
	if (policy->endpoints) {
		lockdown_note(report, "netns: not entered: allowlisted endpoints must stay reachable (TCP held by Landlock ports and seccomp instead)");
		return;
	}
#ifdef LOCKDOWN_NETNS
	report->netns = lockdown_unshare(CLONE_NEWNET, "netns", report);
#else
	lockdown_note(report, "netns: not compiled in");
#endif
}

/* SysV IPC (message queues, semaphores, shared memory) is keyed machine-wide: a fresh IPC
 * namespace keeps the snippet away from every other process's queues and segments. After the
 * network step, so that without root the user namespace made there already grants the right. */
static void lockdown_ipc_namespace(altair_eval_lockdown_report *report)
{
#ifdef LOCKDOWN_NETNS
	report->ipcns = lockdown_unshare(CLONE_NEWIPC, "ipcns", report);
#else
	lockdown_note(report, "ipcns: not compiled in");
#endif
}

/* ---- 5. Landlock ----------------------------------------------------------------------------- */

#ifdef LOCKDOWN_LANDLOCK

/* The uapi as of ABI 7, for system headers older than the running kernel (bookworm ships ABI 2). */
# ifndef LANDLOCK_ACCESS_FS_REFER
#  define LANDLOCK_ACCESS_FS_REFER (1ULL << 13)
# endif
# ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#  define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)
# endif
# ifndef LANDLOCK_ACCESS_FS_IOCTL_DEV
#  define LANDLOCK_ACCESS_FS_IOCTL_DEV (1ULL << 15)
# endif
# ifndef LANDLOCK_ACCESS_NET_BIND_TCP
#  define LANDLOCK_ACCESS_NET_BIND_TCP (1ULL << 0)
# endif
# ifndef LANDLOCK_ACCESS_NET_CONNECT_TCP
#  define LANDLOCK_ACCESS_NET_CONNECT_TCP (1ULL << 1)
# endif
# ifndef LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET
#  define LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)
# endif
# ifndef LANDLOCK_SCOPE_SIGNAL
#  define LANDLOCK_SCOPE_SIGNAL (1ULL << 1)
# endif
/* The syscall numbers are the same on every architecture. */
/* enum landlock_rule_type and struct landlock_net_port_attr as of ABI 4. */
# define LOCKDOWN_LANDLOCK_RULE_NET_PORT 2
typedef struct {
	uint64_t allowed_access;
	uint64_t port;
} lockdown_landlock_net_port_attr;
# ifndef __NR_landlock_create_ruleset
#  define __NR_landlock_create_ruleset 444
# endif
# ifndef __NR_landlock_add_rule
#  define __NR_landlock_add_rule 445
# endif
# ifndef __NR_landlock_restrict_self
#  define __NR_landlock_restrict_self 446
# endif

/* ABI 7 added only audit-log flags; a newer kernel is used at this level, whose rights we know. */
# define LOCKDOWN_LANDLOCK_ABI_KNOWN 7
# define LOCKDOWN_LANDLOCK_ABI_REFER 2
# define LOCKDOWN_LANDLOCK_ABI_TRUNCATE 3
# define LOCKDOWN_LANDLOCK_ABI_NET 4
# define LOCKDOWN_LANDLOCK_ABI_IOCTL_DEV 5
# define LOCKDOWN_LANDLOCK_ABI_SCOPED 6

/* struct landlock_ruleset_attr as of ABI 6; the kernel is told how much of it it may read. */
typedef struct {
	uint64_t handled_access_fs;
	uint64_t handled_access_net;
	uint64_t scoped;
} lockdown_landlock_ruleset_attr;

# define LOCKDOWN_FS_ABI1 ( \
	LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE \
	| LANDLOCK_ACCESS_FS_READ_DIR | LANDLOCK_ACCESS_FS_REMOVE_DIR | LANDLOCK_ACCESS_FS_REMOVE_FILE \
	| LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG \
	| LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_BLOCK \
	| LANDLOCK_ACCESS_FS_MAKE_SYM)
/* Rights that apply to a file (as opposed to a directory) rule. */
# define LOCKDOWN_FS_ON_FILES ( \
	LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE \
	| LANDLOCK_ACCESS_FS_TRUNCATE | LANDLOCK_ACCESS_FS_IOCTL_DEV)
/* Read beneath: open files for reading, list directories, map shared libraries executable. */
# define LOCKDOWN_FS_READ (LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR | LANDLOCK_ACCESS_FS_EXECUTE)
/* Write beneath: regular files, directories and symlinks; rename within; truncate. No device,
 * socket or fifo nodes. */
# define LOCKDOWN_FS_WRITE ( \
	LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_REMOVE_DIR | LANDLOCK_ACCESS_FS_REMOVE_FILE \
	| LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG | LANDLOCK_ACCESS_FS_MAKE_SYM \
	| LANDLOCK_ACCESS_FS_REFER | LANDLOCK_ACCESS_FS_TRUNCATE)
# define LOCKDOWN_FS_DEVICE_RW (LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_TRUNCATE)

/* Devices the runtime writes to: discarding output. Nothing else under /dev is writable. */
static const char *const lockdown_landlock_devices_rw[] = { "/dev/null" };

/* Adds "access beneath path" (or "access to file" when path is not a directory). A missing path is
 * skipped unless required; any other failure is noted. Returns false only on failure. */
static bool lockdown_landlock_allow(altair_eval_lockdown_report *report, int ruleset_fd, uint64_t handled_fs,
	const char *path, uint64_t access, bool required)
{
	struct landlock_path_beneath_attr rule;
	struct stat info;
	int fd = open(path, O_PATH | O_CLOEXEC);

	if (fd < 0) {
		if (!required && (errno == ENOENT || errno == ENOTDIR)) {
			return true;
		}
		lockdown_note(report, "landlock: %s: %s", path, strerror(errno));
		return false;
	}
	if (fstat(fd, &info) == 0 && !S_ISDIR(info.st_mode)) {
		access &= LOCKDOWN_FS_ON_FILES;
	}
	memset(&rule, 0, sizeof(rule));
	rule.allowed_access = access & handled_fs;
	rule.parent_fd = fd;
	if (syscall(__NR_landlock_add_rule, ruleset_fd, LANDLOCK_RULE_PATH_BENEATH, &rule, 0) != 0) {
		lockdown_note(report, "landlock: %s: %s", path, strerror(errno));
		close(fd);
		return false;
	}
	close(fd);
	return true;
}

static bool lockdown_landlock_rules(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report,
	int ruleset_fd, uint64_t handled_fs)
{
	uint64_t project_access = LOCKDOWN_FS_READ | (policy->allow_writes ? LOCKDOWN_FS_WRITE : 0);
	size_t i;

	if (policy->project_root == NULL
		|| !lockdown_landlock_allow(report, ruleset_fd, handled_fs, policy->project_root, project_access, true)) {
		return false;
	}
	if (policy->scratch_dir != NULL
		&& !lockdown_landlock_allow(report, ruleset_fd, handled_fs, policy->scratch_dir, LOCKDOWN_FS_READ | LOCKDOWN_FS_WRITE, true)) {
		return false;
	}
	/* A runtime path we cannot add is noted; the rest of the policy still holds (PHP may then fail
	 * to read it, which is visible, not a hole). */
	for (i = 0; i < policy->read_path_count && i < ALTAIR_EVAL_LOCKDOWN_MAX_PATHS; i++) {
		if (policy->read_paths[i] != NULL) {
			lockdown_landlock_allow(report, ruleset_fd, handled_fs, policy->read_paths[i], LOCKDOWN_FS_READ, false);
		}
	}
	for (i = 0; i < sizeof(lockdown_landlock_devices_rw) / sizeof(lockdown_landlock_devices_rw[0]); i++) {
		lockdown_landlock_allow(report, ruleset_fd, handled_fs, lockdown_landlock_devices_rw[i], LOCKDOWN_FS_DEVICE_RW, false);
	}
	return true;
}

/* Endpoints: TCP connect allowed to each allowlisted port (any host: Landlock has no address rules);
 * bind stays denied. A port that cannot be added stays closed, which is visible, not a hole. */
static bool lockdown_landlock_ports(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report, int ruleset_fd)
{
	lockdown_landlock_net_port_attr rule;
	bool all = true;

	for (size_t i = 0; i < policy->connect_port_count && i < ALTAIR_EVAL_LOCKDOWN_MAX_PORTS; i++) {
		memset(&rule, 0, sizeof(rule));
		rule.allowed_access = LANDLOCK_ACCESS_NET_CONNECT_TCP;
		rule.port = policy->connect_ports[i];
		if (syscall(__NR_landlock_add_rule, ruleset_fd, LOCKDOWN_LANDLOCK_RULE_NET_PORT, &rule, 0) != 0) {
			lockdown_note(report, "landlock: TCP port %u: %s", (unsigned) policy->connect_ports[i], strerror(errno));
			all = false;
		}
	}
	return all;
}

#endif /* LOCKDOWN_LANDLOCK */

/* Deny by default on the filesystem: read the project and the runtime, write scratch only (and the
 * project with allow_writes). With ABI 4 TCP bind/connect are denied too, and with ABI 6 signals and
 * abstract unix sockets cannot leave the sandbox. The best ABI the kernel offers is used. */
static void lockdown_landlock(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
#ifdef LOCKDOWN_LANDLOCK
	lockdown_landlock_ruleset_attr attr;
	size_t attr_size = offsetof(lockdown_landlock_ruleset_attr, handled_access_net);
	int abi = (int) syscall(__NR_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
	int ruleset_fd;

	if (abi < 0) {
		lockdown_note(report, "landlock: %s", strerror(errno));
		return;
	}
	if (abi > LOCKDOWN_LANDLOCK_ABI_KNOWN) {
		abi = LOCKDOWN_LANDLOCK_ABI_KNOWN;
	}

	memset(&attr, 0, sizeof(attr));
	attr.handled_access_fs = LOCKDOWN_FS_ABI1;
	if (abi >= LOCKDOWN_LANDLOCK_ABI_REFER) {
		attr.handled_access_fs |= LANDLOCK_ACCESS_FS_REFER;
	}
	if (abi >= LOCKDOWN_LANDLOCK_ABI_TRUNCATE) {
		attr.handled_access_fs |= LANDLOCK_ACCESS_FS_TRUNCATE;
	}
	if (abi >= LOCKDOWN_LANDLOCK_ABI_IOCTL_DEV) {
		attr.handled_access_fs |= LANDLOCK_ACCESS_FS_IOCTL_DEV;
	}
	if (abi >= LOCKDOWN_LANDLOCK_ABI_NET) {
		/* Handled with no port rule: no TCP bind or connect at all. */
		attr.handled_access_net = policy->allow_network ? 0 : (LANDLOCK_ACCESS_NET_BIND_TCP | LANDLOCK_ACCESS_NET_CONNECT_TCP);
		attr_size = offsetof(lockdown_landlock_ruleset_attr, scoped);
	}
	if (abi >= LOCKDOWN_LANDLOCK_ABI_SCOPED) {
		attr.scoped = policy->allow_network ? 0 : (LANDLOCK_SCOPE_SIGNAL | LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET);
		attr_size = sizeof(attr);
	}

	ruleset_fd = (int) syscall(__NR_landlock_create_ruleset, &attr, attr_size, 0);
	if (ruleset_fd < 0) {
		lockdown_note(report, "landlock: ABI %d ruleset: %s", abi, strerror(errno));
		return;
	}
	/* Without the project root (or scratch) the snippet could not even be read: do not enforce a
	 * half-built ruleset, report Landlock as absent instead. */
	if (!lockdown_landlock_rules(policy, report, ruleset_fd, attr.handled_access_fs)) {
		close(ruleset_fd);
		return;
	}
	bool ports = attr.handled_access_net != 0 && policy->endpoints && lockdown_landlock_ports(policy, report, ruleset_fd);
	if (syscall(__NR_landlock_restrict_self, ruleset_fd, 0) != 0) {
		lockdown_note(report, "landlock: restrict_self: %s", strerror(errno));
		close(ruleset_fd);
		return;
	}
	close(ruleset_fd);
	report->landlock_abi = abi;
	report->landlock_net = attr.handled_access_net != 0;
	report->landlock_scoped = attr.scoped != 0;
	report->endpoint_ports = ports;
#else
	(void) policy;
	lockdown_note(report, "landlock: not compiled in");
#endif
}

/* ---- 6. seccomp ------------------------------------------------------------------------------ */

#ifdef LOCKDOWN_SECCOMP

# if defined(__x86_64__)
#  define LOCKDOWN_AUDIT_ARCH AUDIT_ARCH_X86_64
# elif defined(__aarch64__)
#  define LOCKDOWN_AUDIT_ARCH AUDIT_ARCH_AARCH64
# endif

/* Syscalls of the common table (x86_64 and aarch64 agree from 424 on) that an older libc may not
 * name; the running kernel may still have them. */
# ifndef __NR_pidfd_send_signal
#  define __NR_pidfd_send_signal 424
# endif
# ifndef __NR_io_uring_setup
#  define __NR_io_uring_setup 425
# endif
# ifndef __NR_io_uring_enter
#  define __NR_io_uring_enter 426
# endif
# ifndef __NR_io_uring_register
#  define __NR_io_uring_register 427
# endif
# ifndef __NR_open_tree
#  define __NR_open_tree 428
# endif
# ifndef __NR_move_mount
#  define __NR_move_mount 429
# endif
# ifndef __NR_fsopen
#  define __NR_fsopen 430
# endif
# ifndef __NR_fsmount
#  define __NR_fsmount 432
# endif
# ifndef __NR_fspick
#  define __NR_fspick 433
# endif
# ifndef __NR_pidfd_open
#  define __NR_pidfd_open 434
# endif
# ifndef __NR_clone3
#  define __NR_clone3 435
# endif
# ifndef __NR_pidfd_getfd
#  define __NR_pidfd_getfd 438
# endif
# ifndef __NR_mount_setattr
#  define __NR_mount_setattr 442
# endif
# ifndef __NR_quotactl_fd
#  define __NR_quotactl_fd 443
# endif
# ifndef __NR_open_tree_attr
#  define __NR_open_tree_attr 467
# endif

/* Every flag that makes clone() create a namespace (CLONE_NEWTIME only exists for clone3). */
# define LOCKDOWN_CLONE_NAMESPACES (CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC \
	| CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET)
/* personality(2): PER_LINUX, and the query value that changes nothing. */
# define LOCKDOWN_PERSONALITY_DEFAULT 0
# define LOCKDOWN_PERSONALITY_QUERY 0xffffffffU

/* Enough for every rule below with room to spare; the builder refuses to overflow. */
# define LOCKDOWN_BPF_MAX_INSNS 320

/* Offsets into struct seccomp_data. Arguments are 64 bits; the int-typed ones (fds, pids,
 * families, flags of clone) are what the kernel reads from the low half, so only it is compared,
 * exactly as the kernel truncates. */
# define LOCKDOWN_BPF_NR offsetof(struct seccomp_data, nr)
# define LOCKDOWN_BPF_ARCH offsetof(struct seccomp_data, arch)
# if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#  define LOCKDOWN_BPF_ARG_LOW(i) (offsetof(struct seccomp_data, args) + (i) * sizeof(uint64_t))
#  define LOCKDOWN_BPF_ARG_HIGH(i) (LOCKDOWN_BPF_ARG_LOW(i) + sizeof(uint32_t))
# else
#  define LOCKDOWN_BPF_ARG_HIGH(i) (offsetof(struct seccomp_data, args) + (i) * sizeof(uint64_t))
#  define LOCKDOWN_BPF_ARG_LOW(i) (LOCKDOWN_BPF_ARG_HIGH(i) + sizeof(uint32_t))
# endif

/* The type argument of socket() carries SOCK_NONBLOCK / SOCK_CLOEXEC above these bits. */
# define LOCKDOWN_SOCK_TYPE_MASK 0xf
# include <netinet/in.h>

# define LOCKDOWN_RET_ERRNO(e) (SECCOMP_RET_ERRNO | ((uint32_t) (e) & SECCOMP_RET_DATA))

typedef struct {
	struct sock_filter insns[LOCKDOWN_BPF_MAX_INSNS];
	unsigned short length;
	bool overflow;
} lockdown_bpf;

static void bpf_emit(lockdown_bpf *bpf, uint16_t code, uint8_t jt, uint8_t jf, uint32_t k)
{
	if (bpf->length >= LOCKDOWN_BPF_MAX_INSNS) {
		bpf->overflow = true;
		return;
	}
	bpf->insns[bpf->length].code = code;
	bpf->insns[bpf->length].jt = jt;
	bpf->insns[bpf->length].jf = jf;
	bpf->insns[bpf->length].k = k;
	bpf->length++;
}

static void bpf_load(lockdown_bpf *bpf, uint32_t offset)
{
	bpf_emit(bpf, BPF_LD | BPF_W | BPF_ABS, 0, 0, offset);
}

static void bpf_return(lockdown_bpf *bpf, uint32_t action)
{
	bpf_emit(bpf, BPF_RET | BPF_K, 0, 0, action);
}

/* Each rule below starts with the syscall number in A and either returns or leaves A untouched
 * (jumping over its own body when the number does not match). */

static void bpf_deny(lockdown_bpf *bpf, uint32_t nr, int error)
{
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, nr);
	bpf_return(bpf, LOCKDOWN_RET_ERRNO(error));
}

/* nr is allowed only when the low half of argument arg is one of values. */
static void bpf_allow_only_if_arg_in(lockdown_bpf *bpf, uint32_t nr, unsigned arg, const uint32_t *values, uint8_t count, int error)
{
	uint8_t i;

	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, (uint8_t) (count + 3), nr);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(arg));
	for (i = 0; i < count; i++) {
		bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, (uint8_t) (count - i), 0, values[i]);
	}
	bpf_return(bpf, LOCKDOWN_RET_ERRNO(error));
	bpf_return(bpf, SECCOMP_RET_ALLOW);
}

/* nr is denied when the low half of any of the given arguments equals value. */
static void bpf_deny_if_any_arg_is(lockdown_bpf *bpf, uint32_t nr, const unsigned *args, uint8_t count, uint32_t value, int error)
{
	uint8_t i;

	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, (uint8_t) (2 * count + 2), nr);
	for (i = 0; i < count; i++) {
		bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(args[i]));
		if (i + 1 < count) {
			bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, (uint8_t) (2 * (count - i) - 2), 0, value);
		} else {
			bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, value);
		}
	}
	bpf_return(bpf, LOCKDOWN_RET_ERRNO(error));
	bpf_return(bpf, SECCOMP_RET_ALLOW);
}

/* socket() with endpoints: AF_UNIX, or AF_INET/AF_INET6 as a plain TCP stream (type SOCK_STREAM
 * with any flags, protocol 0 or IPPROTO_TCP), the one kind Landlock's port rules govern. No UDP
 * (DNS and every other datagram would go anywhere), no raw, SCTP or MPTCP sockets. */
static void bpf_tcp_stream_socket(lockdown_bpf *bpf)
{
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 12, __NR_socket);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(0));
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 9, 0, AF_UNIX);
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, AF_INET);
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 6, AF_INET6);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(1));
	bpf_emit(bpf, BPF_ALU | BPF_AND | BPF_K, 0, 0, LOCKDOWN_SOCK_TYPE_MASK);
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 3, SOCK_STREAM);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(2));
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 2, 0, 0);
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, IPPROTO_TCP);
	bpf_return(bpf, LOCKDOWN_RET_ERRNO(EPERM));
	bpf_return(bpf, SECCOMP_RET_ALLOW);
}

/* nr is denied when the low half of argument arg has any of bits set (MSG_FASTOPEN: a send that
 * connects without connect(), which the Landlock port rules do not see). */
static void bpf_deny_if_arg_has_bits(lockdown_bpf *bpf, uint32_t nr, unsigned arg, uint32_t bits, int error)
{
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 4, nr);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(arg));
	bpf_emit(bpf, BPF_JMP | BPF_JSET | BPF_K, 0, 1, bits);
	bpf_return(bpf, LOCKDOWN_RET_ERRNO(error));
	bpf_return(bpf, SECCOMP_RET_ALLOW);
}

/* fcntl(fd, F_DUPFD | F_DUPFD_CLOEXEC) on the result channel. */
static void bpf_deny_fcntl_dup(lockdown_bpf *bpf, uint32_t fd)
{
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 7, __NR_fcntl);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(0));
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 4, fd);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(1));
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, F_DUPFD);
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, F_DUPFD_CLOEXEC);
	bpf_return(bpf, LOCKDOWN_RET_ERRNO(EBADF));
	bpf_return(bpf, SECCOMP_RET_ALLOW);
}

/* clone() only for threads: CLONE_THREAD set and no namespace flag. */
static void bpf_threads_only_clone(lockdown_bpf *bpf, uint32_t refusal)
{
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 5, __NR_clone);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(0));
	bpf_emit(bpf, BPF_JMP | BPF_JSET | BPF_K, 1, 0, LOCKDOWN_CLONE_NAMESPACES);
	bpf_emit(bpf, BPF_JMP | BPF_JSET | BPF_K, 1, 0, CLONE_THREAD);
	bpf_return(bpf, refusal);
	bpf_return(bpf, SECCOMP_RET_ALLOW);
}

/* prlimit64(pid, resource, new_limit, old_limit) may read limits but never set one: as root,
 * CAP_SYS_RESOURCE would raise the hard limits again (and reach other processes). */
static void bpf_read_only_prlimit(lockdown_bpf *bpf)
{
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 6, __NR_prlimit64);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_LOW(2));
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 2, 0);
	bpf_load(bpf, LOCKDOWN_BPF_ARG_HIGH(2));
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, 0);
	bpf_return(bpf, LOCKDOWN_RET_ERRNO(EPERM));
	bpf_return(bpf, SECCOMP_RET_ALLOW);
}

/* Calls with no business in a snippet: new programs, debugging others, kernel and mount surfaces,
 * leaving the session or process group, and (added for root) raising rlimits or touching
 * machine-wide settings. */
static const uint32_t lockdown_denied_syscalls[] = {
	__NR_execve, __NR_execveat,
	__NR_ptrace, __NR_process_vm_readv, __NR_process_vm_writev,
	__NR_pidfd_open, __NR_pidfd_getfd, __NR_pidfd_send_signal,
	__NR_io_uring_setup, __NR_io_uring_enter, __NR_io_uring_register,
	__NR_bpf, __NR_keyctl, __NR_add_key, __NR_request_key,
	__NR_mount, __NR_umount2, __NR_pivot_root, __NR_chroot, __NR_unshare, __NR_setns,
	__NR_move_mount, __NR_open_tree, __NR_open_tree_attr, __NR_fsopen, __NR_fsmount, __NR_fspick,
	__NR_mount_setattr,
	__NR_perf_event_open, __NR_userfaultfd,
	__NR_init_module, __NR_finit_module, __NR_delete_module, __NR_kexec_load,
# ifdef __NR_kexec_file_load
	__NR_kexec_file_load,
# endif
	__NR_reboot, __NR_swapon, __NR_swapoff, __NR_acct, __NR_quotactl, __NR_quotactl_fd,
	__NR_name_to_handle_at, __NR_open_by_handle_at,
	__NR_setsid, __NR_setpgid,
	__NR_setrlimit,
# ifdef __NR_iopl
	__NR_iopl,
# endif
# ifdef __NR_ioperm
	__NR_ioperm,
# endif
	__NR_sethostname, __NR_setdomainname, __NR_settimeofday, __NR_clock_settime, __NR_syslog,
};

/* Without allow_writes: metadata changes Landlock does not cover (it governs contents and names,
 * not modes, owners, extended attributes or times), so a read-only project stays unchanged. */
static const uint32_t lockdown_metadata_syscalls[] = {
# ifdef __NR_chmod
	__NR_chmod,
# endif
# ifdef __NR_chown
	__NR_chown,
# endif
# ifdef __NR_lchown
	__NR_lchown,
# endif
# ifdef __NR_utime
	__NR_utime,
# endif
# ifdef __NR_utimes
	__NR_utimes,
# endif
# ifdef __NR_futimesat
	__NR_futimesat,
# endif
# ifdef __NR_fchmodat2
	__NR_fchmodat2,
# endif
	__NR_fchmod, __NR_fchmodat, __NR_fchown, __NR_fchownat, __NR_utimensat,
	__NR_setxattr, __NR_lsetxattr, __NR_fsetxattr, __NR_removexattr, __NR_lremovexattr, __NR_fremovexattr,
};

static void lockdown_seccomp_program(const altair_eval_lockdown_policy *policy, lockdown_bpf *bpf)
{
	uint32_t self = (uint32_t) getpid();
	uint32_t own_group[] = { self, 0, (uint32_t) -(int32_t) self };
	uint32_t personalities[] = { LOCKDOWN_PERSONALITY_DEFAULT, LOCKDOWN_PERSONALITY_QUERY };
	uint32_t unix_only[] = { AF_UNIX };
	unsigned dup_args[] = { 0, 1 };
	unsigned first_arg[] = { 0 };
	size_t i;

	/* Another ABI (i386 through int 0x80) would reinterpret every number below: kill. */
	bpf_load(bpf, LOCKDOWN_BPF_ARCH);
	bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, LOCKDOWN_AUDIT_ARCH);
	bpf_return(bpf, SECCOMP_RET_KILL_PROCESS);
	bpf_load(bpf, LOCKDOWN_BPF_NR);
# if defined(__x86_64__)
	/* x32 numbers share the architecture value; none of them is needed. */
	bpf_emit(bpf, BPF_JMP | BPF_JGE | BPF_K, 0, 1, 0x40000000U /* __X32_SYSCALL_BIT */);
	bpf_return(bpf, LOCKDOWN_RET_ERRNO(EPERM));
# endif

	for (i = 0; i < sizeof(lockdown_denied_syscalls) / sizeof(lockdown_denied_syscalls[0]); i++) {
		bpf_deny(bpf, lockdown_denied_syscalls[i], EPERM);
	}
	/* ENOSYS, not EPERM: libc then falls back to clone(), which is filtered on its flags. */
	bpf_deny(bpf, __NR_clone3, ENOSYS);
	/* A new process: refused with EPERM, or, when the host counts refusals, handed to it (it
	 * answers EPERM and reports limit_exceeded "processes"). */
	{
		uint32_t refusal = policy->notify_processes ? SECCOMP_RET_USER_NOTIF : LOCKDOWN_RET_ERRNO(EPERM);
# ifdef __NR_fork
		bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, __NR_fork);
		bpf_return(bpf, refusal);
# endif
# ifdef __NR_vfork
		bpf_emit(bpf, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, __NR_vfork);
		bpf_return(bpf, refusal);
# endif
		bpf_threads_only_clone(bpf, refusal);
	}
	bpf_read_only_prlimit(bpf);
	bpf_allow_only_if_arg_in(bpf, __NR_personality, 0, personalities, 2, EPERM);

	/* Signals only to ourselves or our own process group (we lead it). */
	bpf_allow_only_if_arg_in(bpf, __NR_kill, 0, own_group, 3, EPERM);
	bpf_allow_only_if_arg_in(bpf, __NR_tkill, 0, own_group, 1, EPERM);
	bpf_allow_only_if_arg_in(bpf, __NR_tgkill, 0, own_group, 1, EPERM);
	bpf_allow_only_if_arg_in(bpf, __NR_rt_sigqueueinfo, 0, own_group, 1, EPERM);
	bpf_allow_only_if_arg_in(bpf, __NR_rt_tgsigqueueinfo, 0, own_group, 1, EPERM);
	/* Keep the parent-death signal: the snippet may not outlive the host. */
	bpf_deny_if_any_arg_is(bpf, __NR_prctl, first_arg, 1, PR_SET_PDEATHSIG, EPERM);

	if (!policy->allow_writes) {
		for (i = 0; i < sizeof(lockdown_metadata_syscalls) / sizeof(lockdown_metadata_syscalls[0]); i++) {
			bpf_deny(bpf, lockdown_metadata_syscalls[i], EPERM);
		}
	}

	if (!policy->allow_network && policy->endpoints) {
		bpf_tcp_stream_socket(bpf);
		bpf_allow_only_if_arg_in(bpf, __NR_socketpair, 0, unix_only, 1, EPERM);
		bpf_deny_if_arg_has_bits(bpf, __NR_sendto, 3, MSG_FASTOPEN, EPERM);
		bpf_deny_if_arg_has_bits(bpf, __NR_sendmsg, 2, MSG_FASTOPEN, EPERM);
		bpf_deny_if_arg_has_bits(bpf, __NR_sendmmsg, 3, MSG_FASTOPEN, EPERM);
	} else if (!policy->allow_network) {
		bpf_allow_only_if_arg_in(bpf, __NR_socket, 0, unix_only, 1, EPERM);
		bpf_allow_only_if_arg_in(bpf, __NR_socketpair, 0, unix_only, 1, EPERM);
	}

	if (policy->channel_fd >= 0) {
		uint32_t channel = (uint32_t) policy->channel_fd;

		bpf_deny_if_any_arg_is(bpf, __NR_dup, first_arg, 1, channel, EBADF);
# ifdef __NR_dup2
		/* Either direction: copying the channel out, or closing it by copying over it. */
		bpf_deny_if_any_arg_is(bpf, __NR_dup2, dup_args, 2, channel, EBADF);
# endif
		bpf_deny_if_any_arg_is(bpf, __NR_dup3, dup_args, 2, channel, EBADF);
		bpf_deny_fcntl_dup(bpf, channel);
	}

	bpf_return(bpf, SECCOMP_RET_ALLOW);
}

/* The filter stops dup() of the channel, but a pipe can also be opened anew through the magic link
 * /proc/self/fd/N, in either direction, and Landlock does not cover pipefs. A socket cannot be
 * opened that way (ENXIO): only a socketpair channel counts as sealed. */
static bool lockdown_channel_not_reopenable(int channel_fd, altair_eval_lockdown_report *report)
{
	struct stat info;

	if (fstat(channel_fd, &info) != 0) {
		lockdown_note(report, "channel: fd %d: %s", channel_fd, strerror(errno));
		return false;
	}
	if (!S_ISSOCK(info.st_mode)) {
		lockdown_note(report, "channel: fd %d is not a socket; it can be reopened through /proc/self/fd", channel_fd);
		return false;
	}
	return true;
}

#endif /* LOCKDOWN_SECCOMP */

/* Last, so that none of the earlier steps needs a syscall it denies. */
#ifdef LOCKDOWN_SECCOMP
static void lockdown_seccomp_finish(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	report->seccomp = true;
	report->processes_blocked = true;
	report->sockets_blocked = !policy->allow_network && !policy->endpoints;
	report->tcp_stream_only = !policy->allow_network && policy->endpoints;
	report->channel_sealed = policy->channel_fd >= 0 && lockdown_channel_not_reopenable(policy->channel_fd, report);
}
#endif

static void lockdown_seccomp(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
#ifdef LOCKDOWN_SECCOMP
	static lockdown_bpf bpf;
	struct sock_fprog program;

	memset(&bpf, 0, sizeof(bpf));
	lockdown_seccomp_program(policy, &bpf);
	if (bpf.overflow) {
		lockdown_note(report, "seccomp: filter longer than %d instructions", LOCKDOWN_BPF_MAX_INSNS);
		return;
	}
	program.len = bpf.length;
	program.filter = bpf.insns;
	if (policy->notify_processes) {
		/* The listener goes to the host; a kernel without it (before 5.0) gets plain refusals. */
		long listener = syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER, &program);
		if (listener >= 0) {
			report->process_listener_fd = (int) listener;
			lockdown_seccomp_finish(policy, report);
			return;
		}
		lockdown_note(report, "seccomp: refused processes are not counted (%s)", strerror(errno));
		altair_eval_lockdown_policy plain = *policy;
		plain.notify_processes = false;
		memset(&bpf, 0, sizeof(bpf));
		lockdown_seccomp_program(&plain, &bpf);
		program.len = bpf.length;
		program.filter = bpf.insns;
	}
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0) != 0) {
		lockdown_note(report, "seccomp: %s", strerror(errno));
		return;
	}
	lockdown_seccomp_finish(policy, report);
#else
	(void) policy;
	lockdown_note(report, "seccomp: not compiled in");
#endif
}

#endif /* LOCKDOWN_POSIX */

void altair_eval_lockdown_namespaces(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
#ifdef LOCKDOWN_POSIX
	lockdown_network_namespace(policy, report);
	lockdown_ipc_namespace(report);
#else
	(void) policy;
	(void) report;
#endif
}

/* What the template's namespace steps achieved (and the notes of those that did not) counts for
 * the worker, which is inside the same namespaces. */
static void lockdown_adopt_namespaces(const altair_eval_lockdown_report *entered, altair_eval_lockdown_report *report)
{
	report->netns = entered->netns;
	report->ipcns = entered->ipcns;
	for (size_t i = 0; i < entered->note_count && report->note_count < ALTAIR_EVAL_LOCKDOWN_MAX_NOTES; i++) {
		memcpy(report->notes[report->note_count++], entered->notes[i], ALTAIR_EVAL_LOCKDOWN_NOTE_LEN);
	}
}

/* ---- the straight line ----------------------------------------------------------------------- */

int altair_eval_lockdown_apply(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	memset(report, 0, sizeof(*report));
	report->process_listener_fd = -1;
#ifdef LOCKDOWN_POSIX
	if (lockdown_parent_death(policy, report) != 0) {
		return -1;
	}
	lockdown_rlimits(policy, report);
	lockdown_no_new_privs(report);
	if (policy->namespaces_entered) {
		lockdown_adopt_namespaces(policy->namespaces_entered, report);
	} else {
		altair_eval_lockdown_namespaces(policy, report);
	}
	lockdown_landlock(policy, report);
	lockdown_seccomp(policy, report);
	if (policy->endpoints && !policy->allow_network && policy->connect_port_count > 0 && !report->endpoint_ports) {
		lockdown_note(report, "endpoints: TCP ports not enforced by the kernel (needs Landlock ABI 4, have %d): every TCP port is reachable",
			report->landlock_abi);
	}
	return 0;
#else
	(void) policy;
	lockdown_note(report, "kernel lockdown: not compiled in");
	return 0;
#endif
}

/* ---- 7. what this build can do --------------------------------------------------------------- */

#ifdef LOCKDOWN_PRCTL
# define LOCKDOWN_FEATURE_PDEATHSIG " pdeathsig"
# define LOCKDOWN_FEATURE_NO_NEW_PRIVS " no_new_privs"
#else
# define LOCKDOWN_FEATURE_PDEATHSIG ""
# define LOCKDOWN_FEATURE_NO_NEW_PRIVS ""
#endif
#ifdef LOCKDOWN_POSIX
# define LOCKDOWN_FEATURE_RLIMITS " rlimits"
#else
# define LOCKDOWN_FEATURE_RLIMITS ""
#endif
#ifdef LOCKDOWN_NETNS
# define LOCKDOWN_FEATURE_NETNS " netns"
#else
# define LOCKDOWN_FEATURE_NETNS ""
#endif
#ifdef LOCKDOWN_LANDLOCK
# define LOCKDOWN_FEATURE_LANDLOCK " landlock"
#else
# define LOCKDOWN_FEATURE_LANDLOCK ""
#endif
#ifdef LOCKDOWN_SECCOMP
# define LOCKDOWN_FEATURE_SECCOMP " seccomp"
#else
# define LOCKDOWN_FEATURE_SECCOMP ""
#endif

const char *altair_eval_lockdown_features(void)
{
	static const char features[] = "" LOCKDOWN_FEATURE_PDEATHSIG LOCKDOWN_FEATURE_RLIMITS
		LOCKDOWN_FEATURE_NO_NEW_PRIVS LOCKDOWN_FEATURE_NETNS LOCKDOWN_FEATURE_LANDLOCK LOCKDOWN_FEATURE_SECCOMP;

	return features[0] != '\0' ? features + 1 : "none";
}
