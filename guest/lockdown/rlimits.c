/*
 * Lockdown step 2, rlimits (see lockdown/internal.h for the other steps): address space, CPU time,
 * file size, descriptors, no core dumps.
 */
#include "internal.h"

#ifdef LOCKDOWN_POSIX

/* ---- 2. rlimits ------------------------------------------------------------------------------ */

#define LOCKDOWN_BYTES_PER_MB ((rlim_t) 1024 * 1024)
#define LOCKDOWN_MS_PER_SECOND 1000

/* Sets soft and hard (root could otherwise raise the soft limit back up to the hard one), never
 * above what is already in force. */
static bool lockdown_lower_limit(altair_eval_lockdown_report *report, int resource, const char *name, rlim_t soft, rlim_t hard)
{
	struct rlimit current, wanted;

	if (getrlimit(resource, &current) != 0) {
		altair_eval_lockdown_note(report, "rlimits: %s: %s", name, strerror(errno));
		return false;
	}
	wanted.rlim_max = hard < current.rlim_max ? hard : current.rlim_max;
	wanted.rlim_cur = soft < current.rlim_cur ? soft : current.rlim_cur;
	if (wanted.rlim_cur > wanted.rlim_max) {
		wanted.rlim_cur = wanted.rlim_max;
	}
	if (setrlimit(resource, &wanted) != 0) {
		altair_eval_lockdown_note(report, "rlimits: %s: %s", name, strerror(errno));
		return false;
	}
	return true;
}

/* The CPU limit of an evaluation's timeout (a booted template's is set for its life). */
static bool lockdown_cpu_limit(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	rlim_t soft;

	if (policy->timeout_ms <= 0) {
		altair_eval_lockdown_note(report, "rlimits: RLIMIT_CPU: no timeout given");
		return false;
	}
	soft = (rlim_t) ((policy->timeout_ms + LOCKDOWN_MS_PER_SECOND - 1) / LOCKDOWN_MS_PER_SECOND) + ALTAIR_EVAL_RLIMIT_CPU_GRACE_SECONDS;
	return lockdown_lower_limit(report, RLIMIT_CPU, "RLIMIT_CPU", soft, soft + ALTAIR_EVAL_RLIMIT_CPU_KILL_AFTER_SECONDS);
}

void altair_eval_lockdown_rlimits_cpu(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	report->rlimits &= lockdown_cpu_limit(policy, report);
}

void altair_eval_lockdown_rlimits_apply(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	bool all = true;

	if (policy->memory_limit_mb > 0) {
		rlim_t bytes = (rlim_t) (policy->memory_limit_mb + ALTAIR_EVAL_RLIMIT_AS_HEADROOM_MB) * LOCKDOWN_BYTES_PER_MB;
		all &= lockdown_lower_limit(report, RLIMIT_AS, "RLIMIT_AS", bytes, bytes);
	} else {
		altair_eval_lockdown_note(report, "rlimits: RLIMIT_AS: no memory limit given");
		all = false;
	}

	all &= lockdown_cpu_limit(policy, report);

	all &= lockdown_lower_limit(report, RLIMIT_FSIZE, "RLIMIT_FSIZE", ALTAIR_EVAL_RLIMIT_FSIZE_BYTES, ALTAIR_EVAL_RLIMIT_FSIZE_BYTES);
	all &= lockdown_lower_limit(report, RLIMIT_NOFILE, "RLIMIT_NOFILE", ALTAIR_EVAL_RLIMIT_NOFILE, ALTAIR_EVAL_RLIMIT_NOFILE);
	all &= lockdown_lower_limit(report, RLIMIT_CORE, "RLIMIT_CORE", 0, 0);
	report->rlimits = all;
}

#endif /* LOCKDOWN_POSIX */
