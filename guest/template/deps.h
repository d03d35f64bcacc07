/*
 * What a booted template's boot depended on, recorded from before the boot starts
 * (guest/template/deps.c; docs/ARCHITECTURE.md, "Booted templates"):
 *
 *   before the boot     inotify on every directory of the project (links not followed, .git and
 *                       node_modules left out; a tree it cannot cover whole is not served
 *                       booted), the queue emptied
 *   after the boot      from the queue: every file the boot opened (included or read) and every
 *                       directory it listed; with the parents of those files and the autoloader's
 *                       directories (Composer's PSR-4, PSR-0 and fallback dirs) they are its
 *                       dependencies. A change to any of them queued meanwhile (an edit made while
 *                       the template was booting) makes the template stale at once
 *   before every fork   the queue again: a write, attribute change, removal or rename of a file
 *                       the boot opened, and an entry created, removed or renamed in a dependency
 *                       directory, make it stale; so does an overflowed queue
 *
 * The descriptors the boot left open are matched (device and inode) against the files it opened,
 * so that each worker can reopen its own copy by path: a worker never gets an empty stand-in.
 * Plain C over syscalls.
 */
#ifndef ALTAIR_EVAL_TEMPLATE_DEPS_H
#define ALTAIR_EVAL_TEMPLATE_DEPS_H

#include <stdbool.h>
#include <stddef.h>

/* Before the boot: watches the project's directories (but skip, the template's scratch). false (why
 * filled in) when inotify cannot be had or cannot cover the whole tree. */
bool altair_eval_template_deps_start(const char *root, const char *skip, char *why, size_t size);
/* Right after the boot: reads what it opened and listed, and whether any of it changed since. */
void altair_eval_template_deps_after_boot(void);
/* A directory the autoloader resolves classes in: it and every watched directory beneath it. */
void altair_eval_template_deps_autoload_dir(const char *path);
/* Before each fork: whether a dependency changed. */
bool altair_eval_template_deps_changed(void);
/* Whether the directory a file is in is watched (its changes are seen as they happen). */
bool altair_eval_template_deps_covers(const char *path);
/* How many directories are watched and files were opened (for the tests' probes). */
size_t altair_eval_template_deps_file_count(void);

/* A descriptor the boot left open, not a socket: remembered with the path of the file it is on,
 * read-only. false (why filled in) when no worker could reopen it. */
bool altair_eval_template_deps_remember_fd(int fd, char *why, size_t size);
/* In a worker: a fresh descriptor on the same file at the same offset for a remembered one, -1
 * when it cannot be had (the file changed: the descriptor is closed, never emptied), -2 when fd
 * was not remembered. */
int altair_eval_template_deps_reopen(int fd);

/* In a worker, before any user code: the watch is the template's alone. */
void altair_eval_template_deps_close_in_worker(void);

#endif
