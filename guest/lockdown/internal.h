/*
 * Internals of the kernel lockdown, shared by its step files (lockdown/lockdown.h has the contract):
 *
 *   lockdown/policy.c      the policy and report types, report notes (the steps' floor)
 *   lockdown/lockdown.c    the straight line (altair_eval_lockdown_apply), parent death,
 *                          no_new_privs, the feature list
 *   lockdown/rlimits.c     AS, CPU, FSIZE, NOFILE, CORE
 *   lockdown/namespaces.c  network namespace (entered once by a warm template), IPC namespace
 *                          (every process its own, with small limits)
 *   lockdown_mount*.c      the private filesystem view (a mount namespace), before Landlock;
 *                          a warm template builds it once for its workers
 *   lockdown/landlock.c    filesystem, TCP port and scope rules
 *   lockdown/seccomp.c     the BPF filter, installed last
 *
 * Plain C over Linux syscalls, no Zend API: it builds inside the extension and alone
 * (tests/lockdown/driver). Every Linux-specific part is guarded by the header checks of config.m4;
 * without config.h (the standalone build) the same checks are made with __has_include.
 */
#ifndef ALTAIR_EVAL_LOCKDOWN_INTERNAL_H
#define ALTAIR_EVAL_LOCKDOWN_INTERNAL_H

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
#include "../../php_altair_eval.h"
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

/* ALTAIR_EVAL_LOCKDOWN_FOREIGN_ARCH: build as if on another architecture (tests/lockdown/driver
 * proves the report of that case on x86_64). */
#if defined(LOCKDOWN_PRCTL) && defined(HAVE_LINUX_SECCOMP_H) && defined(HAVE_LINUX_FILTER_H) \
	&& defined(HAVE_LINUX_AUDIT_H) && (defined(__x86_64__) || defined(__aarch64__)) \
	&& !defined(ALTAIR_EVAL_LOCKDOWN_FOREIGN_ARCH)
# define LOCKDOWN_SECCOMP 1
# include <linux/audit.h>
# include <linux/filter.h>
# include <linux/seccomp.h>
# include <linux/capability.h>
# include <stddef.h>
# include <sys/socket.h>
#elif defined(__linux__) && ((!defined(__x86_64__) && !defined(__aarch64__)) || defined(ALTAIR_EVAL_LOCKDOWN_FOREIGN_ARCH))
/* The filter names syscalls by number, and only these two tables are written down: elsewhere
 * there is no seccomp layer, and the report says so (docs/security.md lists what that opens). */
# define LOCKDOWN_SECCOMP_NO_ARCH 1
#endif

#ifdef LOCKDOWN_NETNS
/* unshare(kind), inside a new user namespace when the caller lacks CAP_SYS_ADMIN (lockdown/namespaces.c). */
bool altair_eval_lockdown_unshare(int kind, const char *name, altair_eval_lockdown_report *report);
#endif

/* The steps, each in its own file, in the order altair_eval_lockdown_apply runs them (POSIX only).
 * Parent death and no_new_privs live in lockdown/lockdown.c; a booted template and its workers
 * (lockdown/booted.c) run them too. */
int altair_eval_lockdown_parent_death(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);
void altair_eval_lockdown_no_new_privs(altair_eval_lockdown_report *report);
void altair_eval_lockdown_rlimits_apply(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);
/* RLIMIT_CPU alone (a booted template's worker: the template set the others for its life). */
void altair_eval_lockdown_rlimits_cpu(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);
/* host_proc: the host's /proc a warm template kept (altair_eval_lockdown_mount_host_proc), for the
 * limits where the view has no /proc/sys; -1 for none. */
void altair_eval_lockdown_namespaces_ipc(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report, int host_proc);
void altair_eval_lockdown_namespaces_adopt(const altair_eval_lockdown_report *entered, altair_eval_lockdown_report *report);
/* In a warm worker, before its own view step: the host's /proc the template kept (O_PATH), or -1.
 * The worker's view has no /proc/sys, so its IPC namespace's limits are written through this
 * (lockdown/mount_warm.c; sysctls resolve to the opener's IPC namespace). */
int altair_eval_lockdown_mount_host_proc(void);
/* A booted template: the host's scratch base the template kept (O_PATH), which Landlock lets it read
 * so that each worker copies its snippet in; or -1 (lockdown/mount_warm.c). */
int altair_eval_lockdown_mount_host_base(void);
/* 0, or -1 when the view was half built and the guest must not run. */
int altair_eval_lockdown_mount_apply(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);
void altair_eval_lockdown_landlock_apply(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);
/* The same in two steps: a ruleset built (fd -1 when Landlock is absent or the rules could not all
 * be added, noted), then enforced on this process. */
typedef struct {
	int fd;
	int abi;
	bool net;
	bool scoped;
	bool ports;
} altair_eval_lockdown_landlock;
void altair_eval_lockdown_landlock_prepare(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report,
	altair_eval_lockdown_landlock *ruleset);
void altair_eval_lockdown_landlock_enforce(altair_eval_lockdown_landlock *ruleset, altair_eval_lockdown_report *report);
void altair_eval_lockdown_seccomp_apply(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);

#endif
