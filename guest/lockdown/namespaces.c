/*
 * Lockdown step 4, namespaces (see lockdown/internal.h for the other steps): network unless
 * allowed, then IPC. A warm template enters the network namespace once for all its workers, which
 * adopt the outcome; the IPC namespace is every process's own (cold child or warm worker), so
 * that nothing a snippet leaves in SysV IPC reaches the next evaluation, and it dies with it.
 */

#include "internal.h"

#ifdef LOCKDOWN_POSIX

/* ---- 4. network namespace -------------------------------------------------------------------- */

#ifdef LOCKDOWN_NETNS
/* Writes one line into a /proc file (id maps, the IPC namespace's sysctls), relative to dir. */
static bool lockdown_write_line_at(int dir, const char *path, const char *line)
{
	int fd = openat(dir, path, O_WRONLY | O_CLOEXEC);
	ssize_t length = (ssize_t) strlen(line);
	bool written;

	if (fd < 0) {
		return false;
	}
	written = write(fd, line, (size_t) length) == length;
	close(fd);
	return written;
}

static bool lockdown_write_line(const char *path, const char *line)
{
	return lockdown_write_line_at(AT_FDCWD, path, line);
}

/* A warm worker's view has no /proc/sys: the same file through the host's /proc the template kept
 * (opened now, after the unshare, so it is this IPC namespace's sysctl). */
static bool lockdown_write_sysctl_via_host_proc(const char *path, const char *line)
{
	int proc = altair_eval_lockdown_mount_host_proc();

	return proc >= 0 && strncmp(path, "/proc/", strlen("/proc/")) == 0
		&& lockdown_write_line_at(proc, path + strlen("/proc/"), line);
}

/* In a fresh user namespace our uid and gid are unmapped until we map them onto themselves, and an
 * unmapped fsuid cannot create files (EOVERFLOW): scratch would become read-only. */
static bool lockdown_map_own_ids(altair_eval_lockdown_report *report, uid_t uid, gid_t gid)
{
	char line[64];

	snprintf(line, sizeof(line), "%lu %lu 1\n", (unsigned long) uid, (unsigned long) uid);
	if (!lockdown_write_line("/proc/self/uid_map", line)) {
		altair_eval_lockdown_note(report, "netns: uid_map: %s", strerror(errno));
		return false;
	}
	/* An unprivileged writer of gid_map must first give up setgroups(2). */
	if (!lockdown_write_line("/proc/self/setgroups", "deny\n")) {
		altair_eval_lockdown_note(report, "netns: setgroups: %s", strerror(errno));
		return false;
	}
	snprintf(line, sizeof(line), "%lu %lu 1\n", (unsigned long) gid, (unsigned long) gid);
	if (!lockdown_write_line("/proc/self/gid_map", line)) {
		altair_eval_lockdown_note(report, "netns: gid_map: %s", strerror(errno));
		return false;
	}
	return true;
}
#endif

#ifdef LOCKDOWN_NETNS
/* unshare(kind); without CAP_SYS_ADMIN, inside a new user namespace, which grants it there. We are
 * in the new namespaces either way; without the id maps files cannot be created, which is worth a
 * note but is not a hole. */
bool altair_eval_lockdown_unshare(int kind, const char *name, altair_eval_lockdown_report *report)
{
	uid_t uid = geteuid();
	gid_t gid = getegid();
	int first_error;

	if (unshare(kind) == 0) {
		return true;
	}
	first_error = errno;
	if (unshare(CLONE_NEWUSER | kind) != 0) {
		altair_eval_lockdown_note(report, "%s: %s (with a user namespace: %s)", name, strerror(first_error), strerror(errno));
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
		altair_eval_lockdown_note(report, "netns: not entered: allowlisted endpoints must stay reachable (TCP held by Landlock ports and seccomp instead)");
		return;
	}
#ifdef LOCKDOWN_NETNS
	report->netns = altair_eval_lockdown_unshare(CLONE_NEWNET, "netns", report);
#else
	altair_eval_lockdown_note(report, "netns: not compiled in");
#endif
}

#ifdef LOCKDOWN_NETNS
# define LOCKDOWN_IPC_BYTES_PER_MB (1024ULL * 1024ULL)
# define LOCKDOWN_IPC_PAGE_FALLBACK 4096

/* The sysctls of the fresh IPC namespace (they are per namespace, and start at the kernel's
 * defaults: shmall is practically unlimited). Detached SysV segments are not counted by RLIMIT_AS,
 * so their total is capped at the memory limit; segment and queue counts are kept small. */
static bool lockdown_ipc_limits(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	long page = sysconf(_SC_PAGESIZE);
	unsigned long long bytes = (unsigned long long) (policy->memory_limit_mb > 0 ? policy->memory_limit_mb : ALTAIR_EVAL_MEMORY_MB_DEFAULT)
		* LOCKDOWN_IPC_BYTES_PER_MB;
	struct { const char *path; unsigned long long value; } limits[] = {
		{ "/proc/sys/kernel/shmall", bytes / (unsigned long long) (page > 0 ? page : LOCKDOWN_IPC_PAGE_FALLBACK) },
		{ "/proc/sys/kernel/shmmax", bytes },
		{ "/proc/sys/kernel/shmmni", ALTAIR_EVAL_IPC_SHM_SEGMENTS },
		{ "/proc/sys/kernel/msgmni", ALTAIR_EVAL_IPC_MSG_QUEUES },
	};
	char line[32];

	for (size_t i = 0; i < sizeof(limits) / sizeof(limits[0]); i++) {
		snprintf(line, sizeof(line), "%llu\n", limits[i].value);
		if (!lockdown_write_line(limits[i].path, line) && !lockdown_write_sysctl_via_host_proc(limits[i].path, line)) {
			altair_eval_lockdown_note(report, "ipcns: limits: %s: %s", limits[i].path, strerror(errno));
			return false;
		}
	}
	return true;
}
#endif

#endif /* LOCKDOWN_POSIX */

/* A new network namespace for the process and, through fork, all of a warm template's workers. */
void altair_eval_lockdown_namespaces(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
#ifdef LOCKDOWN_POSIX
	lockdown_network_namespace(policy, report);
#else
	(void) policy;
	(void) report;
#endif
}

/* SysV IPC (message queues, semaphores, shared memory) is keyed machine-wide: a fresh IPC
 * namespace keeps the snippet away from every other process's queues and segments, including an
 * earlier worker's. After the network step, so that without root the user namespace made there
 * already grants the right. The limits are written only into a namespace of our own. */
void altair_eval_lockdown_namespaces_ipc(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
#ifdef LOCKDOWN_NETNS
	report->ipcns = altair_eval_lockdown_unshare(CLONE_NEWIPC, "ipcns", report);
	report->ipc_limits = report->ipcns && lockdown_ipc_limits(policy, report);
#else
	(void) policy;
	altair_eval_lockdown_note(report, "ipcns: not compiled in");
#endif
}
/* What the template's network step achieved (and the note of why not) counts for the worker,
 * which is inside the same namespace. */
void altair_eval_lockdown_namespaces_adopt(const altair_eval_lockdown_report *entered, altair_eval_lockdown_report *report)
{
	report->netns = entered->netns;
	for (size_t i = 0; i < entered->note_count && report->note_count < ALTAIR_EVAL_LOCKDOWN_MAX_NOTES; i++) {
		memcpy(report->notes[report->note_count++], entered->notes[i], ALTAIR_EVAL_LOCKDOWN_NOTE_LEN);
	}
}
