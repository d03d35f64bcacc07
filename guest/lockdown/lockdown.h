/*
 * Kernel lockdown of the guest (child) process, applied once, after PHP has started and before
 * any project code runs. One small named step per guard, in the order bubblewrap and nsjail use:
 * parent-death signal, rlimits, no_new_privs, network namespace, Landlock, seccomp last.
 *
 * This file is plain C over Linux syscalls: no Zend API, so it can be read (and tested) alone.
 * Every step that cannot be applied records why in the report; nothing is skipped silently.
 */
#ifndef ALTAIR_EVAL_LOCKDOWN_H
#define ALTAIR_EVAL_LOCKDOWN_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "policy.h"

/* Applies every step in order. Returns 0 when the process may go on (possibly with fewer guards,
 * see the report), -1 when it must not run user code at all (for example the parent is gone). */
int altair_eval_lockdown_apply(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);

/* The network namespace step alone (unless the network is allowed), for a warm template to enter
 * once on behalf of all its workers: creating a network namespace costs about a millisecond. */
void altair_eval_lockdown_namespaces(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);

/* A warm worker with the relay: a network namespace of its own instead of its template's. */
void altair_eval_lockdown_relay_namespace(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);

/* The relay's listening sockets in the process's network namespace (loopback brought up first);
 * what could not be bound is noted. Before Landlock, which denies TCP bind. */
void altair_eval_lockdown_relay_listen(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);

/* A warm template: builds the private view once (everything but a worker's own /proc entry and
 * scratch), so that altair_eval_lockdown_apply in each forked worker only adds those. 0, or -1
 * when the view was half built and the template must not serve. */
int altair_eval_lockdown_mount_prepare(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);

/* Booted warm templates (lockdown/booted.c). Whether this kernel and build can hold a template
 * that runs the project's boot before it serves: Landlock (ABI 6) and seccomp both; the private view
 * where it could be built, else the template's own dir on disk (a container). Else why not, in why. */
bool altair_eval_lockdown_booted_possible(char *why, size_t size);

/* Whether this warm template (or the template a worker was forked from) built its private view. */
bool altair_eval_lockdown_mount_view_built(void);

/* The template, before the boot: parent death, rlimits, no_new_privs, its own IPC namespace, its
 * capped scratch (the base of every worker's), Landlock and the template filter. The boot then
 * runs with no more rights than a snippet has, plus those. 0, or -1 when Landlock or seccomp did
 * not hold (the report says why): the template must not run the boot. */
int altair_eval_lockdown_template(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);

/* A worker of a booted template, after the fork: only narrowing. The template's report carried
 * over (its IPC namespace, emptied by the template after each worker), parent death re-armed, the
 * evaluation's RLIMIT_CPU, its scratch dir inside the template's (policy->scratch_dir, beneath
 * the template's scratch) with the snippet copied in, a second Landlock layer (writes to the
 * template's scratch only, no host paths), the cold seccomp filter stacked. 0, or -1 when it must
 * not run. */
int altair_eval_lockdown_booted_worker(const altair_eval_lockdown_policy *policy,
	const altair_eval_lockdown_report *template_report, altair_eval_lockdown_report *report);
/* A booted template's worker forked ahead of its request (the pool, guest/template/template.c):
 * the steps that need nothing of the request (the database relay's network namespace and
 * listeners) now, into prepared, which altair_eval_lockdown_booted_worker then takes instead of
 * doing them; prepared and the policy (the listeners' addresses) must live until then. */
void altair_eval_lockdown_booted_worker_prepare(const altair_eval_lockdown_policy *policy,
	const altair_eval_lockdown_report *template_report, altair_eval_lockdown_report *prepared);

/* At the end of a run: is the capped scratch tmpfs (nearly) full, in bytes or inodes? Then a
 * write failed for want of space and the run reports limit_exceeded "disk". */
bool altair_eval_lockdown_scratch_full(const char *scratch_dir);

/* A pooled worker locked down ahead of its request (policy->ahead_of_request): whether its
 * channel, which came with the request, is sealed (report->channel_sealed). */
void altair_eval_lockdown_channel_check(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);

/* Sessions (guest/session.c). In a call's worker, leading its own process group: a filter of its
 * own stacked on the session's, so that signals reach only that group, never the session's holder
 * (the session filter names the opener's pid). false when it could not be installed. */
bool altair_eval_lockdown_session_call(void);
/* The call's snippet, from the descriptor its request brought, into dir/snippet.php (closes fd). */
bool altair_eval_lockdown_copy_snippet(int fd, const char *dir);

/* Which guards this build can apply at all, e.g. "seccomp landlock netns rlimits". */
const char *altair_eval_lockdown_features(void);

/* For tests/lockdown/driver: the seccomp program a policy gets, not installed, into out (room for
 * max struct sock_filter); its length, or 0 when this build has no filter. linear: the refused
 * numbers as one chain instead of a search, so that the two can be compared decision by decision. */
size_t altair_eval_lockdown_seccomp_program_for_tests(const altair_eval_lockdown_policy *policy, bool deny_sysv_ipc, bool linear,
	void *out, size_t max);

#endif
