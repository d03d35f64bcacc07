/*
 * Lockdown step 4, namespaces (see lockdown_internal.h for the other steps): network unless
 * allowed, then IPC. A warm template enters them once for all its workers, which adopt the outcome.
 */

#include "lockdown_internal.h"

#ifdef LOCKDOWN_POSIX

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
		altair_eval_lockdown_note(report, "netns: uid_map: %s", strerror(errno));
		return false;
	}
	/* An unprivileged writer of gid_map must first give up setgroups(2). */
	if (!lockdown_write_id_map("/proc/self/setgroups", "deny\n")) {
		altair_eval_lockdown_note(report, "netns: setgroups: %s", strerror(errno));
		return false;
	}
	snprintf(line, sizeof(line), "%lu %lu 1\n", (unsigned long) gid, (unsigned long) gid);
	if (!lockdown_write_id_map("/proc/self/gid_map", line)) {
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

/* SysV IPC (message queues, semaphores, shared memory) is keyed machine-wide: a fresh IPC
 * namespace keeps the snippet away from every other process's queues and segments. After the
 * network step, so that without root the user namespace made there already grants the right. */
static void lockdown_ipc_namespace(altair_eval_lockdown_report *report)
{
#ifdef LOCKDOWN_NETNS
	report->ipcns = altair_eval_lockdown_unshare(CLONE_NEWIPC, "ipcns", report);
#else
	altair_eval_lockdown_note(report, "ipcns: not compiled in");
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
void altair_eval_lockdown_namespaces_adopt(const altair_eval_lockdown_report *entered, altair_eval_lockdown_report *report)
{
	report->netns = entered->netns;
	report->ipcns = entered->ipcns;
	for (size_t i = 0; i < entered->note_count && report->note_count < ALTAIR_EVAL_LOCKDOWN_MAX_NOTES; i++) {
		memcpy(report->notes[report->note_count++], entered->notes[i], ALTAIR_EVAL_LOCKDOWN_NOTE_LEN);
	}
}
