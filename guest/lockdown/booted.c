/*
 * The lockdown of a booted warm template and of its workers (see lockdown/lockdown.h; docs/ARCHITECTURE.md,
 * "Booted templates"). The template runs the project's boot, which is project code, so everything
 * that protects the host is in force before it: the same steps as a cold child, in the same order,
 * with two differences the serve loop needs (Landlock may read the host's scratch base, where the
 * workers' snippets are; the template filter lets it fork, and a worker lead its session, enter
 * its IPC namespace and re-arm its parent-death signal). A worker's own steps only narrow: every
 * Landlock layer and seccomp filter stacks on the template's.
 */

#include "mount.h"

#if defined(LOCKDOWN_MOUNTNS) && defined(LOCKDOWN_LANDLOCK) && defined(LOCKDOWN_SECCOMP)
# define LOCKDOWN_BOOTED 1
# ifndef __NR_landlock_create_ruleset
#  define __NR_landlock_create_ruleset 444
# endif
#endif

bool altair_eval_lockdown_booted_possible(char *why, size_t size)
{
#ifdef LOCKDOWN_BOOTED
	long abi = syscall(__NR_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);

	/* ABI 6 scopes signals: the template's filter cannot name its workers' pids, so it leaves
	 * signals to the scope (lockdown/seccomp.c). */
	if (abi < 6) {
		snprintf(why, size, "Landlock ABI %ld (6 is needed to keep the boot's signals in the template; %s)", abi,
			abi < 0 ? strerror(errno) : "too old");
		return false;
	}
	/* Without a private view (a container's seccomp profile refuses the mount namespace) the template
	 * keeps its scratch in its own dir on disk (lockdown/mount_warm.c). */
	return true;
#else
	snprintf(why, size, "this build has no Landlock, seccomp filter or mount namespaces");
	return false;
#endif
}

int altair_eval_lockdown_template(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
#ifdef LOCKDOWN_BOOTED
	altair_eval_lockdown_policy template = *policy;

	template.booted_template = true;
	template.notify_processes = false;
	if (altair_eval_lockdown_parent_death(&template, report) != 0) {
		return -1;
	}
	/* One CPU limit for the template's life: each worker's count starts at zero when it is forked,
	 * and each evaluation's own time is held by the host's clock. */
	template.timeout_ms = ALTAIR_EVAL_TIMEOUT_MS_MAX;
	altair_eval_lockdown_rlimits_apply(&template, report);
	altair_eval_lockdown_no_new_privs(report);
	altair_eval_lockdown_namespaces_ipc(&template, report, altair_eval_lockdown_mount_host_proc());
	if (!altair_eval_lockdown_mount_booted_template(&template, report)) {
		return -1;
	}
	altair_eval_lockdown_landlock_apply(&template, report);
	if (report->landlock_abi < 6) {
		return -1;
	}
	altair_eval_lockdown_seccomp_apply(&template, report);
	return report->seccomp ? 0 : -1;
#else
	(void) policy;
	altair_eval_lockdown_note(report, "booted template: not compiled in");
	return -1;
#endif
}

/* The database relay: a network namespace of the worker's own, with its listeners. Where its
 * template could make none (a container's profile refuses it), neither can the worker: its
 * connect()s go to the host instead (lockdown/seccomp.c, interception), and the template's note
 * says why. */
static void booted_worker_relay_namespace(const altair_eval_lockdown_policy *policy,
	const altair_eval_lockdown_report *template_report, altair_eval_lockdown_report *report)
{
	if (template_report->netns) {
		altair_eval_lockdown_relay_namespace(policy, report);
		altair_eval_lockdown_relay_listen(policy, report);
	}
}

/* A pooled worker's network namespace and relay listeners, made before its request (NULL: none). */
static const altair_eval_lockdown_report *prepared_relay;
/* Its Landlock layer, built before its request too (fd -1: none built). */
static altair_eval_lockdown_landlock prepared_layer = { .fd = -1 };

/* Layer 2 of a worker: the same reads, writes beneath the template's scratch only (the boot's files
 * and each worker's dir: the template checks after each worker that nothing but its dir was
 * touched). Nothing in it depends on the request. */
static void booted_worker_layer(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report,
	altair_eval_lockdown_landlock *ruleset)
{
	altair_eval_lockdown_policy layer = *policy;

	layer.scratch_dir = altair_eval_lockdown_mount_base();
	layer.booted_template = false;
	altair_eval_lockdown_landlock_prepare(&layer, report, ruleset);
}

/* What went in before the request (lock_ahead): Landlock's layer 2, and the seccomp filter. */
static bool landlock_ahead;
static bool seccomp_ahead;

/* Descriptors 0 to channel_fd - 1 open, and channel_fd held until the filter is in (by the
 * template's placeholder, guest/template/boot.c, or by a copy of stdin now): a new descriptor made
 * meanwhile (the filter's listener) must not take that number. */
static bool channel_number_held(int channel_fd)
{
	for (int fd = 0; fd < channel_fd; fd++) {
		if (fcntl(fd, F_GETFD) < 0) {
			return false;
		}
	}
	return fcntl(channel_fd, F_GETFD) >= 0 || fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, channel_fd) == channel_fd;
}

/*
 * Landlock's layer 2 and the worker's seccomp filter, before the request: nothing in either
 * depends on it (the filter names this process's pid and the channel's number), and the two
 * took 0.15-0.2 ms of every warm call after it came (the filter's installation alone about
 * 0.1 ms). What the worker still does once its request came is what the filter allows a worker
 * anyway, plus lowering its own RLIMIT_CPU to the request's timeout (policy->ahead_of_request).
 * Its parent-death signal is armed now, as the filter refuses PR_SET_PDEATHSIG. The channel's
 * number is freed last: the request's descriptors come with the channel first
 * (common/warm_protocol.h), so it lands there, the lowest number free, with no dup2 onto it,
 * which the filter refuses.
 */
static void lock_ahead(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *prepared)
{
	altair_eval_lockdown_policy ahead = *policy;

	if (policy->channel_fd < 0 || !channel_number_held(policy->channel_fd)) {
		return;
	}
	ahead.ahead_of_request = true;
	ahead.parent_pid = getppid();
	if (altair_eval_lockdown_parent_death(&ahead, prepared) == 0) {
		altair_eval_lockdown_landlock_enforce(&prepared_layer, prepared);
		landlock_ahead = prepared->landlock_abi >= 1;
	}
	if (landlock_ahead) {
		altair_eval_lockdown_seccomp_apply(&ahead, prepared);
		seccomp_ahead = prepared->seccomp;
	}
	close(policy->channel_fd);
}

void altair_eval_lockdown_booted_worker_prepare(const altair_eval_lockdown_policy *policy,
	const altair_eval_lockdown_report *template_report, altair_eval_lockdown_report *prepared)
{
	memcpy(prepared, template_report, sizeof(*prepared));
	prepared->note_count = 0;
	prepared->relay_fd_count = 0;
	prepared->landlock_abi = 0;
	prepared->seccomp = false;
	prepared->process_listener_fd = -1;
	/* The database relay: its own network namespace and listeners, from the template's settings
	 * alone; the listeners wait with the worker and go to the host in its relay frame. */
	booted_worker_relay_namespace(policy, template_report, prepared);
	booted_worker_layer(policy, prepared, &prepared_layer);
	prepared_relay = prepared;
	lock_ahead(policy, prepared);
}

/* Landlock's and seccomp's outcome, from lock_ahead. */
static void booted_worker_ahead(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	if (landlock_ahead) {
		report->landlock_abi = prepared_relay->landlock_abi;
		report->landlock_net = prepared_relay->landlock_net;
		report->landlock_scoped = prepared_relay->landlock_scoped;
		report->endpoint_ports = prepared_relay->endpoint_ports;
	}
	if (seccomp_ahead) {
		report->seccomp = prepared_relay->seccomp;
		report->processes_blocked = prepared_relay->processes_blocked;
		report->sockets_blocked = prepared_relay->sockets_blocked;
		report->tcp_stream_only = prepared_relay->tcp_stream_only;
		report->connect_intercepted = prepared_relay->connect_intercepted;
		report->sockets_intercepted = prepared_relay->sockets_intercepted;
		report->process_listener_fd = prepared_relay->process_listener_fd;
		altair_eval_lockdown_channel_check(policy, report);
	}
}

/* What the relay steps did, from the pooled worker's preparation, or now. */
static void booted_worker_relay(const altair_eval_lockdown_policy *policy, const altair_eval_lockdown_report *template_report,
	altair_eval_lockdown_report *report)
{
	if (!prepared_relay) {
		booted_worker_relay_namespace(policy, template_report, report);
		return;
	}
	if (policy->relay && !policy->allow_network) {
		report->netns = prepared_relay->netns;
	}
	for (size_t i = 0; i < prepared_relay->note_count; i++) {
		altair_eval_lockdown_note(report, "%s", prepared_relay->notes[i]);
	}
	report->relay_fd_count = prepared_relay->relay_fd_count;
	memcpy(report->relay_fds, prepared_relay->relay_fds, sizeof(report->relay_fds));
	memcpy(report->relay_bound, prepared_relay->relay_bound, sizeof(report->relay_bound));
}

int altair_eval_lockdown_booted_worker(const altair_eval_lockdown_policy *policy,
	const altair_eval_lockdown_report *template_report, altair_eval_lockdown_report *report)
{
#ifdef LOCKDOWN_BOOTED
	struct timespec start, end;

	/* What the template holds for all its workers (rlimits, no_new_privs, namespaces, the view)
	 * counts for this one; the rest is this worker's own, below. */
	memcpy(report, template_report, sizeof(*report));
	report->landlock_abi = 0;
	report->landlock_net = report->landlock_scoped = report->endpoint_ports = false;
	report->seccomp = report->processes_blocked = report->sockets_blocked = false;
	report->tcp_stream_only = report->channel_sealed = false;
	report->process_listener_fd = -1;
	report->status_fd = -1;

	if (seccomp_ahead) {
		/* Armed before the filter went in (lock_ahead), which refuses it now. */
		report->parent_death = prepared_relay->parent_death;
		if (getppid() != policy->parent_pid) {
			altair_eval_lockdown_note(report, "parent death: the parent (pid %ld) is gone", (long) policy->parent_pid);
			return -1;
		}
	} else if (altair_eval_lockdown_parent_death(policy, report) != 0) {
		return -1;
	}
	/* The template's IPC namespace, with its limits: the template removes whatever a worker left
	 * there before it forks the next (guest/template/watch.c). */
	altair_eval_lockdown_rlimits_cpu(policy, report);
	/* The database relay: its own network namespace and listeners, before Landlock's layer 2 (a
	 * pooled worker made them while it waited for its request). */
	booted_worker_relay(policy, template_report, report);
	clock_gettime(CLOCK_MONOTONIC, &start);
	if (!altair_eval_lockdown_mount_booted_worker(policy, report)) {
		return -1;
	}
	clock_gettime(CLOCK_MONOTONIC, &end);
	/* The template's view, when it could build one; else its dir on disk (a container). */
	report->mountns = report->view = altair_eval_lockdown_mount_view_built();
	/* Its /proc entry is the template's PID namespace's /proc, mounted before the boot (none without
	 * that namespace: it cannot mount one under the template's Landlock; a restriction, not a guard
	 * that did not hold, so not a note; docs/ARCHITECTURE.md, "Booted templates"). Without a view,
	 * the host's /proc is there, and Landlock (no rule names it) refuses to open anything in it. */
	report->mountns_us = (long) ((end.tv_sec - start.tv_sec) * 1000000L + (end.tv_nsec - start.tv_nsec) / 1000L);
	/* Layer 2, built while the worker waited for its request (or now), and in force already when
	 * it could go in then, with the filter (lock_ahead). */
	if (!prepared_relay) {
		booted_worker_layer(policy, report, &prepared_layer);
	}
	booted_worker_ahead(policy, report);
	if (!landlock_ahead) {
		altair_eval_lockdown_landlock_enforce(&prepared_layer, report);
	}
	if (report->landlock_abi < 1) {
		return -1;
	}
	if (!seccomp_ahead) {
		altair_eval_lockdown_seccomp_apply(policy, report);
	}
	return 0;
#else
	(void) policy;
	(void) template_report;
	altair_eval_lockdown_note(report, "booted template: not compiled in");
	return -1;
#endif
}
