/*
 * A booted template's watch between evaluations (guest/template/watch.c; docs/ARCHITECTURE.md,
 * "Booted templates"):
 *
 *   the files its boot loaded   (dev, inode, size, mtime, ctime) of each, taken after the boot and
 *                               compared before every fork: an edit means a new template (what
 *                               the boot opened and listed in the project, and edits made while it
 *                               ran, are template/deps.c's, recorded from before the boot)
 *   its scratch                 the boot's files live in the template's tmpfs, which every worker
 *                               shares: inotify on each of its directories, read after each worker,
 *                               reports anything touched but the worker's own dir; that dir is
 *                               removed after the worker (never following a link)
 *   its IPC namespace          shared by its workers, one at a time: emptied after each (none of
 *                               its own in a container: SysV IPC is refused there instead)
 *   its CPU time                the template's RLIMIT_CPU is set once; it retires before reaching it
 *
 * Any of these makes the template answer its next request with STALE and exit. Plain C.
 */
#ifndef ALTAIR_EVAL_TEMPLATE_WATCH_H
#define ALTAIR_EVAL_TEMPLATE_WATCH_H

#include <stdbool.h>
#include <stddef.h>

/* Records an absolute path (a file or a directory) and its state now. */
void altair_eval_template_watch_file(const char *path);
size_t altair_eval_template_watch_file_count(void);
bool altair_eval_template_watch_files_changed(void);
/* The file altair_eval_template_watch_files_changed() found changed, for the STALE answer's note. */
const char *altair_eval_template_watch_changed_path(void);

/* Watches every directory beneath base (the template's scratch); false when it cannot. */
bool altair_eval_template_watch_scratch(const char *base);
/* After a worker was reaped: removes its scratch dir (base/name) and reads what was touched
 * meanwhile. */
void altair_eval_template_watch_worker_done(const char *scratch);
/* A session's dir beneath the base (docs/ARCHITECTURE.md, "Sessions"): its holder lives on beside
 * the template's workers, so what happens to that entry is not a worker touching the base. */
void altair_eval_template_watch_session_dir(const char *scratch);
bool altair_eval_template_watch_scratch_touched(void);
/* After the boot: whether it left SysV IPC objects (then the template retires after each worker;
 * else whatever a worker leaves there is removed before the next one). Only in an IPC namespace of
 * the template's own (own_namespace): without one, seccomp refuses SysV IPC to the boot and the
 * workers, and the objects there are the machine's, never listed or removed. */
void altair_eval_template_watch_ipc_after_boot(bool own_namespace);

bool altair_eval_template_watch_cpu_spent(long budget_seconds);

/* In a worker, before any user code: the watch is the template's alone. */
void altair_eval_template_watch_close_in_worker(void);
/* In a booted worker, just before its status frame: removes what it left in SysV IPC. */
void altair_eval_template_watch_worker_ipc_release(void);

#endif
