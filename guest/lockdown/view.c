/*
 * Lockdown step 4, the private view (see lockdown/mount.h): its entry points. A warm template builds
 * the view once (lockdown/mount_warm.c) and each of its workers adds only its own part; a cold child
 * builds it whole (lockdown/mount.c). Each records how long it took.
 */

#include "mount.h"

#ifdef LOCKDOWN_MOUNTNS

static int view_timed(int (*step)(const altair_eval_lockdown_policy *, altair_eval_lockdown_report *),
	const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	struct timespec start, now;
	int status;

	clock_gettime(CLOCK_MONOTONIC, &start);
	status = step(policy, report);
	clock_gettime(CLOCK_MONOTONIC, &now);
	report->mountns_us = (long) (now.tv_sec - start.tv_sec) * 1000000L + (now.tv_nsec - start.tv_nsec) / 1000L;
	return status;
}

/* A warm worker whose snippet came with its request (a memfd: nothing of it on the host's disk) but
 * that has no view of its own (the kernel refused the mount namespace, e.g. in a container): it
 * reads its scratch dir on the host, as a cold child without a view does, so it makes that dir and
 * writes the snippet there (the host removes the dir after the call, runner/scratch.c). Before
 * Landlock, whose rules name the dir. */
static int view_snippet_on_host(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	char written[PATH_MAX];
	struct stat info;

	/* A scratch dir the host made on disk has the snippet in it already (runner/scratch.c: a warm
	 * evaluation with declared host names keeps its dir on disk). */
	snprintf(written, sizeof(written), "%s/snippet.php", policy->scratch_dir);
	if (mkdir(policy->scratch_dir, 0700) != 0 && errno == EEXIST && lstat(written, &info) == 0 && S_ISREG(info.st_mode)) {
		close(policy->snippet_fd);
		return 0;
	}
	if ((mkdir(policy->scratch_dir, 0700) != 0 && errno != EEXIST)
		|| !altair_eval_lockdown_mount_copy_snippet(policy->snippet_fd, policy->scratch_dir)) {
		altair_eval_lockdown_note(report, "scratch: the snippet could not be written to %s: %s", policy->scratch_dir, strerror(errno));
		return -1;
	}
	return 0;
}

#endif /* LOCKDOWN_MOUNTNS */

int altair_eval_lockdown_mount_prepare(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
#ifdef LOCKDOWN_MOUNTNS
	return view_timed(altair_eval_lockdown_mount_template, policy, report);
#else
	(void) policy;
	altair_eval_lockdown_note(report, "mountns: not compiled in");
	return 0;
#endif
}

int altair_eval_lockdown_mount_apply(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
#ifdef LOCKDOWN_MOUNTNS
	/* A worker of a template that built the view does only its own part. */
	int status = view_timed(altair_eval_lockdown_mount_prepared() ? altair_eval_lockdown_mount_worker : altair_eval_lockdown_mount_build,
		policy, report);

	if (status == 0 && !report->mountns && policy->snippet_fd > STDERR_FILENO && policy->scratch_dir) {
		return view_snippet_on_host(policy, report);
	}
	return status;
#else
	(void) policy;
	altair_eval_lockdown_note(report, "mountns: not compiled in");
	return 0;
#endif
}

bool altair_eval_lockdown_copy_snippet(int fd, const char *dir)
{
#ifdef LOCKDOWN_MOUNTNS
	return altair_eval_lockdown_mount_copy_snippet(fd, dir);
#else
	(void) dir;
	close(fd);
	return false;
#endif
}
