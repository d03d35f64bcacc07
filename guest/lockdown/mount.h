/*
 * The private filesystem view, shared by its files (lockdown/internal.h has the other steps):
 *
 *   lockdown/view.c        the step's entry: which of the two below builds this process's view
 *   lockdown/mount.c       the view itself, built whole by a cold child (the table of binds)
 *   lockdown/mount_warm.c  a warm template builds it once; each worker adds only its own part
 */
#ifndef ALTAIR_EVAL_LOCKDOWN_MOUNT_H
#define ALTAIR_EVAL_LOCKDOWN_MOUNT_H

#include "internal.h"

#if defined(LOCKDOWN_NETNS) && defined(CLONE_NEWNS)
# define LOCKDOWN_MOUNTNS 1
# include <sys/mount.h>
# include <sys/statvfs.h>
# include <limits.h>
# include <stdlib.h>
# include <time.h>
#endif

#ifdef LOCKDOWN_MOUNTNS

#define MOUNT_STAGING "/tmp"
#define MOUNT_OLD "/oldroot"
#define MOUNT_NEW "/newroot"
/* Where the staging root (and the host tree) ends up in the view, covered: inside the view's own
 * /proc tmpfs, which exists whatever the project root is (a root of / covers the view's root). */
#define MOUNT_HIDDEN "/proc/.host"
#define MOUNT_COVER_TMPFS "mode=0000,size=4k,nr_inodes=1"
/* The view's own directories (root, /dev, /proc) need only a few entries. */
#define MOUNT_SMALL_TMPFS "mode=0755,size=1m,nr_inodes=1024"
#define MOUNT_COPY_CHUNK 65536

/* The view's small tmpfs mounts (/dev, /proc, covers), made read-only once populated. */
#define MOUNT_MAX_SEALED 16

typedef struct {
	const char *bound[ALTAIR_EVAL_LOCKDOWN_MAX_PATHS + ALTAIR_EVAL_LOCKDOWN_MAX_SOCKETS + 8];
	size_t count;
	char sealed[MOUNT_MAX_SEALED][PATH_MAX];
	size_t sealed_count;
	altair_eval_lockdown_report *report;
} mount_view;

int altair_eval_lockdown_mount_skeleton(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report, mount_view *view);
bool altair_eval_lockdown_mount_make_dirs(mount_view *view, const char *path);
bool altair_eval_lockdown_mount_join(char *out, const char *prefix, const char *path);
bool altair_eval_lockdown_mount_fail(mount_view *view, const char *what, const char *path);
bool altair_eval_lockdown_mount_leave(const mount_view *view, const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);
void altair_eval_lockdown_mount_scratch_options(char *options, size_t size);
bool altair_eval_lockdown_mount_copy_snippet(int from, const char *target_dir);
/* Rollback: the project at prefix+project_root becomes a copy-on-write overlay whose upper layer
 * is beneath prefix+scratch_base (lockdown/mount_overlay.c); false (noted) leaves it read-only. */
bool altair_eval_lockdown_mount_overlay(const char *prefix, const char *project_root, const char *scratch_base,
	altair_eval_lockdown_report *report);

/* The relay's Unix sockets and hosts file into a view being built (lockdown/mount.c). */
void altair_eval_lockdown_mount_relay(mount_view *view, const altair_eval_lockdown_policy *policy);
/* A cold child's whole view (lockdown/mount.c). */
int altair_eval_lockdown_mount_build(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);

/* lockdown/mount_warm.c: the template's build, a worker's part, and whether this process is (a
 * fork of) a template that built the view. */
int altair_eval_lockdown_mount_template(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);
int altair_eval_lockdown_mount_worker(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);
bool altair_eval_lockdown_mount_prepared(void);
/* A booted template's tmpfs on the base (its scratch; without a view, its own dir on disk), a
 * worker's dir in it (lockdown/booted.c), and the base itself. */
const char *altair_eval_lockdown_mount_base(void);
bool altair_eval_lockdown_mount_booted_template(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);
bool altair_eval_lockdown_mount_booted_worker(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);

#endif /* LOCKDOWN_MOUNTNS */

#endif
