/*
 * What a booted template's boot depended on, recorded from before the boot starts
 * (guest/template/deps.c; docs/ARCHITECTURE.md, "Booted templates"):
 *
 *   before the boot     inotify on every directory of the project (links not followed, .git and
 *                       node_modules left out; a tree it cannot cover whole is not served
 *                       booted), the queue emptied
 *   during the boot     template/reads.c gives every file PHP's own file layer opens (compiled,
 *                       or read through its file functions)
 *   after the boot      from the queue: every file the boot opened and every directory it listed.
 *                       A file PHP read is code; one only a library opened on its own (SQLite's
 *                       database, through pdo_sqlite or sqlite3) is data. Directories listed, the
 *                       parents of its code, and the autoloader's directories (Composer's PSR-4,
 *                       PSR-0 and fallback dirs) are its dependencies; only they stay watched, and
 *                       no longer for IN_OPEN. A change to any of them queued meanwhile (an edit
 *                       made while the template was booting) makes the template stale at once
 *   while it serves     the queue, read as it fills while the template waits and before every
 *                       fork: a write, attribute change, removal or rename of a code file, and an
 *                       entry created, removed or renamed in a dependency directory (but the
 *                       journal, WAL and shared-memory files SQLite makes beside a data file),
 *                       make it stale; so do an overflowed queue and a file the boot left open
 *                       that is no longer at its path. Writes to data never do: each worker reads
 *                       its current content
 *
 * The descriptors the boot left open are matched (device and inode) against the files it opened,
 * so that each worker can reopen its own copy by path: a worker never gets an empty stand-in.
 * Plain C over syscalls.
 */
#ifndef ALTAIR_EVAL_TEMPLATE_DEPS_H
#define ALTAIR_EVAL_TEMPLATE_DEPS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* Before the boot: watches the project's directories (but skip, the template's scratch). false (why
 * filled in) when inotify cannot be had or cannot cover the whole tree. */
bool altair_eval_template_deps_start(const char *root, const char *skip, char *why, size_t size);
/* During the boot (template/reads.c): a file PHP's own file layer opened (dev and ino 0 when only
 * its path is known: a file the boot loaded that opcache served without opening it). */
void altair_eval_template_deps_read(dev_t dev, ino_t ino, const char *path);
/* Right after the boot: reads what it opened and listed, tells its code from its data, and whether
 * any of it changed since. */
void altair_eval_template_deps_after_boot(void);
/* A directory the autoloader resolves classes in: it and every watched directory beneath it. */
void altair_eval_template_deps_autoload_dir(const char *path);
/* Once the dependencies are all known, before the first worker: only they stay watched, and only
 * for changes. */
void altair_eval_template_deps_serve(void);
/* The queue's descriptor, to read it as it fills while the template waits; -1 once a change was
 * seen (nothing more to read). */
int altair_eval_template_deps_fd(void);
/* Before each fork, and as the queue fills: whether a dependency changed. */
bool altair_eval_template_deps_changed(void);
/* Whether the watch alone says when path changes, so that it need not be stat'ed: a file in a
 * watched directory (its changes count when PHP read it, and it is code: what else the boot opened
 * there is data, and what it did not open is nothing it read), or a watched directory (every entry
 * made or removed there counts). */
bool altair_eval_template_deps_vouches(const char *path, bool directory);
/* How many files were opened (for the tests' probes). */
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
