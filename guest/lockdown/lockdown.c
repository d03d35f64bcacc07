/*
 * Kernel lockdown of the guest (child) process; see lockdown/lockdown.h for the contract.
 *
 * One straight line of small steps, in the order bubblewrap and nsjail use: parent-death signal,
 * rlimits, no_new_privs, network namespace, Landlock, seccomp last (seccomp would otherwise have to
 * allow the very calls the earlier steps make). Each step records in the report what held and, in a
 * note, why something did not; only a vanished parent stops the guest.
 *
 * This file holds the line itself and the two one-call steps; the others have a file each (see
 * lockdown/internal.h). Plain C, no Zend API: tests/lockdown/driver builds all of them alone.
 */

#include "internal.h"

#ifdef LOCKDOWN_POSIX

/* ---- 1. parent death ------------------------------------------------------------------------- */

/* SIGKILL when the host dies, so an orphan never runs on; then make sure the host did not die
 * before we asked (the signal is not sent retroactively). */
int altair_eval_lockdown_parent_death(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	bool signal_armed = false;

#ifdef LOCKDOWN_PRCTL
	if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) == 0) {
		signal_armed = true;
	} else {
		altair_eval_lockdown_note(report, "parent death: %s", strerror(errno));
	}
#else
	altair_eval_lockdown_note(report, "parent death: not compiled in");
#endif

	if (policy->parent_pid <= 0) {
		altair_eval_lockdown_note(report, "parent death: no parent pid to check");
		return 0;
	}
	/* A warm template in a PID namespace of its own (runner/warm.c) is pid 1 there, and its parent
	 * has no number in it: getppid() is 0. Its serve loop asks the control socket instead, whose
	 * other end only the host holds (guest/template/template.c). */
	if (getppid() != policy->parent_pid && !(getpid() == 1 && getppid() == 0)) {
		altair_eval_lockdown_note(report, "parent death: the parent (pid %ld) is gone", (long) policy->parent_pid);
		return -1;
	}
	report->parent_death = signal_armed;
	return 0;
}

/* ---- 3. no_new_privs ------------------------------------------------------------------------- */

/* No setuid/file-capability gains from here on; also what lets an unprivileged process install
 * Landlock and seccomp. */
void altair_eval_lockdown_no_new_privs(altair_eval_lockdown_report *report)
{
#ifdef LOCKDOWN_PRCTL
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0) {
		report->no_new_privs = true;
	} else {
		altair_eval_lockdown_note(report, "no_new_privs: %s", strerror(errno));
	}
#else
	altair_eval_lockdown_note(report, "no_new_privs: not compiled in");
#endif
}

#endif /* LOCKDOWN_POSIX */

/* ---- the straight line ----------------------------------------------------------------------- */

int altair_eval_lockdown_apply(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	memset(report, 0, sizeof(*report));
	report->process_listener_fd = -1;
	report->status_fd = -1;
#ifdef LOCKDOWN_POSIX
	if (altair_eval_lockdown_parent_death(policy, report) != 0) {
		return -1;
	}
	altair_eval_lockdown_rlimits_apply(policy, report);
	altair_eval_lockdown_no_new_privs(report);
	if (policy->namespaces_entered) {
		altair_eval_lockdown_namespaces_adopt(policy->namespaces_entered, report);
		altair_eval_lockdown_relay_namespace(policy, report);
	} else {
		altair_eval_lockdown_namespaces(policy, report);
	}
	altair_eval_lockdown_namespaces_ipc(policy, report, altair_eval_lockdown_mount_host_proc());
	altair_eval_lockdown_relay_listen(policy, report);
	if (policy->private_view && altair_eval_lockdown_mount_apply(policy, report) != 0) {
		return -1;
	}
	report->status_fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
	altair_eval_lockdown_landlock_apply(policy, report);
	altair_eval_lockdown_seccomp_apply(policy, report);
	if (policy->endpoints && !policy->allow_network && policy->connect_port_count > 0 && !report->endpoint_ports) {
		altair_eval_lockdown_note(report, "endpoints: TCP ports not enforced by the kernel (needs Landlock ABI 4, have %d): every TCP port is reachable",
			report->landlock_abi);
	}
	return 0;
#else
	(void) policy;
	altair_eval_lockdown_note(report, "kernel lockdown: not compiled in");
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
