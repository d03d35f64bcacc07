/*
 * Scratch directories, outside the project. The layout, named here and nowhere else:
 *
 *   <base>/<caller pid>-<random>/snippet.php
 *   <base>/<caller pid>-warm-<random>/               a warm template's own dir (its scratch): where
 *                                                   it has no private view, its boot's files and each
 *                                                   of its workers' dirs, <random of the request>/
 *
 * where <base> is private to the calling user (owner-only, 0700, checked with O_NOFOLLOW):
 *   $XDG_RUNTIME_DIR/altair-eval   when that runtime directory is the user's own (0700)
 *   /run/user/<uid>/altair-eval    when that one is
 *   /tmp/altair-eval-<uid>         otherwise (created 0700; refused if someone else owns it or
 *                                  it is not 0700)
 *   /tmp/altair-eval-<uid>.<pid>.XXXXXX   when that name is taken (another user may create it
 *                                  first): a fresh mkdtemp dir of this process, its ownership and
 *                                  mode verified, kept for the process's life and said in
 *                                  sandbox.unavailable (altair_eval_scratch_note); the ones of
 *                                  processes that are gone are swept
 *
 * Nothing is ever created in the project tree. Only the evaluation's own child sees its scratch
 * dir: in the child's mount view (guest/mountns.c) the base directory is a fresh tmpfs holding only
 * its own scratch dir, and without that view Landlock grants it only its own. Removed on every path
 * by the evaluator; directories left by a caller that was killed are swept by the next evaluation
 * (owner gone, or older than any evaluation can be). Removal is iterative (no depth limit),
 * fd-relative and never follows a symbolic link: the snippet may have planted some.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "ext/standard/php_random.h"
#include "../php_altair_eval.h"
#include "internal.h"
#include "../scanner/scanner.h"
#include "../common/remove_tree.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#ifndef MFD_CLOEXEC
# define MFD_CLOEXEC 0x0001U
#endif
#ifndef MFD_ALLOW_SEALING
# define MFD_ALLOW_SEALING 0x0002U
#endif

#define ALTAIR_EVAL_SNIPPET_FILE "snippet.php"
#define ALTAIR_EVAL_SCRATCH_BASE_NAME "altair-eval"
#define ALTAIR_EVAL_SCRATCH_RUN_USER "/run/user"
#define ALTAIR_EVAL_SCRATCH_TMP "/tmp"
/* Characters a base path may not contain: they would change the meaning of open_basedir. */
#define ALTAIR_EVAL_SCRATCH_BASE_FORBIDDEN ":;\"\n\r"
/* <pid>-warm-<random>: a warm template's own dir (altair_eval_scratch_template_dir). */
#define ALTAIR_EVAL_SCRATCH_TEMPLATE_MARK "warm"

/* ---- the private base directory -------------------------------------------------------------- */

/* fd of an existing directory that is ours alone (owner, no group/other rights), never a link. */
static int open_private_directory(const char *path)
{
	struct stat info;
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0) {
		return -1;
	}
	if (fstat(fd, &info) != 0 || info.st_uid != geteuid() || (info.st_mode & (S_IRWXG | S_IRWXO)) != 0) {
		close(fd);
		errno = EPERM;
		return -1;
	}
	return fd;
}

/* ---- the fallback when /tmp/altair-eval-<uid> is taken --------------------------------------- */

/* "altair-eval-<uid>.": what every fallback base's name starts with (then "<pid>.XXXXXX"). */
static void fallback_prefix(char *out, size_t size)
{
	snprintf(out, size, ALTAIR_EVAL_SCRATCH_BASE_NAME "-%lu.", (unsigned long) geteuid());
}

/* The fallback base of this process, made once and kept while it stays ours; "" while there is none. */
static char fallback_base[MAXPATHLEN];
static char fallback_note[MAXPATHLEN + 256];

/* Fallback bases of this user whose process is gone (a caller that was killed), removed from /tmp
 * fd-relative, never following a link; another user's entries of the same name are left alone. */
static void sweep_fallbacks(void)
{
	char prefix[64];
	struct dirent *entry;
	struct stat info;
	int tmp_fd = open(ALTAIR_EVAL_SCRATCH_TMP, O_RDONLY | O_DIRECTORY | O_CLOEXEC), listing;
	DIR *dir;
	size_t length;

	if (tmp_fd < 0) {
		return;
	}
	if ((listing = dup(tmp_fd)) < 0 || (dir = fdopendir(listing)) == NULL) {
		if (listing >= 0) {
			close(listing);
		}
		close(tmp_fd);
		return;
	}
	fallback_prefix(prefix, sizeof(prefix));
	length = strlen(prefix);
	while ((entry = readdir(dir)) != NULL) {
		char *end;
		long pid;

		if (strncmp(entry->d_name, prefix, length) != 0) {
			continue;
		}
		pid = strtol(entry->d_name + length, &end, 10);
		if (end == entry->d_name + length || *end != '.' || pid <= 0 || pid == (long) getpid()
			|| fstatat(tmp_fd, entry->d_name, &info, AT_SYMLINK_NOFOLLOW) != 0
			|| !S_ISDIR(info.st_mode) || info.st_uid != geteuid()) {
			continue;
		}
		if (kill((pid_t) pid, 0) != 0 && errno == ESRCH) {
			altair_eval_remove_tree_at(tmp_fd, entry->d_name);
		}
	}
	closedir(dir);
	close(tmp_fd);
}

/* /tmp/altair-eval-<uid>.<pid>.XXXXXX: mkdtemp makes it 0700 under a name nobody held, and it is
 * opened and checked like any base (a directory of ours alone, not a link). Made once per process;
 * made again if it stopped being ours. The note says so. */
static bool open_fallback(char *base, size_t size, int *base_fd)
{
	char taken[MAXPATHLEN], prefix[64];
	int saved = errno;

	snprintf(taken, sizeof(taken), "%s", base);
	if (fallback_base[0] && (*base_fd = open_private_directory(fallback_base)) >= 0) {
		snprintf(base, size, "%s", fallback_base);
		return true;
	}
	fallback_base[0] = '\0';
	sweep_fallbacks();
	fallback_prefix(prefix, sizeof(prefix));
	if ((size_t) snprintf(base, size, ALTAIR_EVAL_SCRATCH_TMP "/%s%ld.XXXXXX", prefix, (long) getpid()) >= size
		|| !mkdtemp(base)) {
		snprintf(base, size, "%s", taken);
		errno = saved;
		return false;
	}
	if ((*base_fd = open_private_directory(base)) < 0) {
		saved = errno;
		rmdir(base);
		errno = saved;
		return false;
	}
	snprintf(fallback_base, sizeof(fallback_base), "%s", base);
	snprintf(fallback_note, sizeof(fallback_note), "scratch: %s is not this user's own private directory "
		"(another user may have created it: %s), so this process's scratch dirs are in %s, made fresh and "
		"checked", taken, strerror(saved), base);
	return true;
}

const char *altair_eval_scratch_note(void)
{
	return fallback_base[0] ? fallback_note : NULL;
}

/* The runtime directory candidates, best first; the first that is the user's own wins. */
static bool runtime_directory(char *out, size_t size, int candidate)
{
	const char *xdg = getenv("XDG_RUNTIME_DIR");

	switch (candidate) {
		case 0:
			if (!xdg || xdg[0] != '/' || strpbrk(xdg, ALTAIR_EVAL_SCRATCH_BASE_FORBIDDEN)) {
				return false;
			}
			snprintf(out, size, "%s", xdg);
			return true;
		case 1:
			snprintf(out, size, ALTAIR_EVAL_SCRATCH_RUN_USER "/%lu", (unsigned long) geteuid());
			return true;
		default:
			return false;
	}
}

/* <base>, created when missing, with an fd on it; false with errno set. */
static bool open_base(char *base, size_t size, int *base_fd)
{
	char runtime[MAXPATHLEN];
	int fd;

	for (int candidate = 0; runtime_directory(runtime, sizeof(runtime), candidate); candidate++) {
		fd = open_private_directory(runtime);
		if (fd < 0) {
			continue;
		}
		if (mkdirat(fd, ALTAIR_EVAL_SCRATCH_BASE_NAME, 0700) != 0 && errno != EEXIST) {
			close(fd);
			continue;
		}
		close(fd);
		snprintf(base, size, "%s/" ALTAIR_EVAL_SCRATCH_BASE_NAME, runtime);
		if ((*base_fd = open_private_directory(base)) >= 0) {
			return true;
		}
	}
	/* /tmp is shared: the name may have been taken by someone else, which open_private refuses;
	 * then a name nobody can have taken before us. */
	snprintf(base, size, ALTAIR_EVAL_SCRATCH_TMP "/" ALTAIR_EVAL_SCRATCH_BASE_NAME "-%lu", (unsigned long) geteuid());
	if ((mkdir(base, 0700) == 0 || errno == EEXIST) && (*base_fd = open_private_directory(base)) >= 0) {
		return true;
	}
	return open_fallback(base, size, base_fd);
}

bool altair_eval_scratch_base(char *base, size_t size)
{
	int fd;

	if (!open_base(base, size, &fd)) {
		return false;
	}
	close(fd);
	return true;
}

bool altair_eval_scratch_owns_path(const char *path)
{
	/* The base of this process's scratch dirs, found once (a predicate should not create it). */
	static char base[MAXPATHLEN];
	size_t length = strlen(path), prefix, name = strlen("/" ALTAIR_EVAL_SNIPPET_FILE);

	if (!base[0] && !altair_eval_scratch_base(base, sizeof(base))) {
		base[0] = '\0';
		return false;
	}
	prefix = strlen(base);
	return length > prefix + 1 + name && strncmp(path, base, prefix) == 0 && path[prefix] == '/'
		&& strcmp(path + length - name, "/" ALTAIR_EVAL_SNIPPET_FILE) == 0;
}

/* ---- sweeping what a killed caller left ------------------------------------------------------ */

static bool owner_is_gone(const char *name)
{
	char *end;
	long pid = strtol(name, &end, 10);

	if (end == name || *end != '-' || pid <= 0) {
		return false;
	}
	return kill((pid_t) pid, 0) != 0 && errno == ESRCH;
}

/* <pid>-warm-...: a warm template's dir lives as long as its template, which dies with its
 * caller (parent-death signal), however long it sits idle; so only its owner's end judges it. */
static bool is_template_dir(const char *name)
{
	const char *dash = strchr(name, '-');

	return dash && strncmp(dash, "-" ALTAIR_EVAL_SCRATCH_TEMPLATE_MARK "-", strlen("-" ALTAIR_EVAL_SCRATCH_TEMPLATE_MARK "-")) == 0;
}

/* The base as the last sweep of this process left it: unchanged since (no entry made, removed or
 * renamed in it: its mtime), it holds nothing the sweep did not judge, so a warm call, which makes
 * nothing there, skips the listing (22 us of every call here). Whatever was judged alive then and
 * left behind since (its caller killed later) waits for the next full sweep, at most
 * ALTAIR_EVAL_SCRATCH_SWEEP_SECONDS later. */
static struct {
	dev_t dev;
	ino_t ino;
	struct timespec mtime;
	time_t at;
} swept;

static bool sweep_needed(int base_fd, time_t now)
{
#ifdef ZTS
	/* A threaded PHP: its threads would share what was swept; each call lists the base. */
	(void) base_fd;
	(void) now;
	return true;
#else
	struct stat info;

	return fstat(base_fd, &info) != 0 || info.st_dev != swept.dev || info.st_ino != swept.ino
		|| info.st_mtim.tv_sec != swept.mtime.tv_sec || info.st_mtim.tv_nsec != swept.mtime.tv_nsec
		|| now < swept.at || now - swept.at >= ALTAIR_EVAL_SCRATCH_SWEEP_SECONDS;
#endif
}

static void sweep_done(int base_fd, time_t now)
{
	struct stat info;

	if (fstat(base_fd, &info) == 0) {
		swept.dev = info.st_dev;
		swept.ino = info.st_ino;
		swept.mtime = info.st_mtim;
		swept.at = now;
	}
}

static void sweep(int base_fd)
{
	struct dirent *entry;
	struct stat info;
	time_t now = time(NULL);
	int listing;
	DIR *dir;

	if (!sweep_needed(base_fd, now)) {
		return;
	}
	listing = dup(base_fd);
	if (listing < 0 || (dir = fdopendir(listing)) == NULL) {
		if (listing >= 0) {
			close(listing);
		}
		return;
	}
	while ((entry = readdir(dir)) != NULL) {
		if (entry->d_name[0] == '.') {
			continue;
		}
		if (fstatat(base_fd, entry->d_name, &info, AT_SYMLINK_NOFOLLOW) != 0) {
			continue;
		}
		if (owner_is_gone(entry->d_name)
			|| (!is_template_dir(entry->d_name) && now - info.st_mtime > ALTAIR_EVAL_SCRATCH_STALE_SECONDS)) {
			altair_eval_remove_tree_at(base_fd, entry->d_name);
		}
	}
	closedir(dir);
	sweep_done(base_fd, now);
}

/* ---- one evaluation's scratch dir ----------------------------------------------------------- */

/* snippet.php: the snippet as the scanner prepares it (open tag, implicit return, final ';'), with
 * every line where it was, so the snippet's line N is the file's line N. */
/* The prepared snippet, emalloc'd, its length in *length. */
static char *prepare(zend_string *snippet, size_t *length)
{
	altair_eval_scan_result scan;
	char *text = emalloc(ZSTR_LEN(snippet) + ALTAIR_EVAL_SCANNER_GROWTH);

	altair_eval_scanner_scan(ZSTR_VAL(snippet), ZSTR_LEN(snippet), &scan);
	*length = altair_eval_scanner_prepare(ZSTR_VAL(snippet), ZSTR_LEN(snippet), &scan, text);
	return text;
}

/* All of text to fd; false when a write failed (or would block, on a non-blocking fd). */
static bool write_text(int fd, const char *text, size_t length)
{
	size_t done = 0;

	while (done < length) {
		ssize_t n = write(fd, text + done, length - done);
		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n <= 0) {
			return false;
		}
		done += (size_t) n;
	}
	return true;
}

static zend_result write_prepared(int fd, zend_string *snippet)
{
	size_t length;
	char *text = prepare(snippet, &length);
	bool written = write_text(fd, text, length);

	efree(text);
	return written ? SUCCESS : FAILURE;
}

static zend_result write_snippet(int dir_fd, zend_string *snippet)
{
	int fd = openat(dir_fd, ALTAIR_EVAL_SNIPPET_FILE, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);

	if (fd < 0) {
		return FAILURE;
	}
	if (write_prepared(fd, snippet) != SUCCESS) {
		close(fd);
		return FAILURE;
	}
	return close(fd) == 0 ? SUCCESS : FAILURE;
}

static zend_result fail(const char *what, const char *path)
{
	zend_throw_exception_ex(altair_eval_exception_ce, ALTAIR_EVAL_ERROR_SCRATCH,
		"Cannot %s the scratch directory %s: %s", what, path, strerror(errno));
	return FAILURE;
}

/* <pid>-<random>, or <pid>-<mark>-<random> */
static bool random_name(char *name, size_t size, const char *mark)
{
	unsigned char random[ALTAIR_EVAL_SCRATCH_RANDOM_BYTES];
	char hex[ALTAIR_EVAL_SCRATCH_RANDOM_BYTES * 2 + 1];

	if (php_random_bytes_silent(random, sizeof(random)) != SUCCESS) {
		return false;
	}
	for (size_t i = 0; i < sizeof(random); i++) {
		snprintf(hex + 2 * i, 3, "%02x", random[i]);
	}
	snprintf(name, size, "%ld-%s%s%s", (long) getpid(), mark ? mark : "", mark ? "-" : "", hex);
	return true;
}

/* The part both kinds share: what a killed caller left swept, a fresh name beneath the base, and
 * scratch's dir and snippet_path set to it (nothing made yet). base_fd stays open for the caller;
 * false (said, nothing left open or set) when either fails. */
static bool scratch_named(altair_eval_scratch *scratch, int *base_fd, char *name, size_t size)
{
	char base[MAXPATHLEN], path[MAXPATHLEN];

	memset(scratch, 0, sizeof(*scratch));
	scratch->snippet_fd = -1;
	if (!open_base(base, sizeof(base), base_fd)) {
		fail("prepare", base);
		return false;
	}
	sweep(*base_fd);
	if (!random_name(name, size, NULL)) {
		close(*base_fd);
		fail("name", base);
		return false;
	}
	snprintf(path, sizeof(path), "%s/%s", base, name);
	scratch->dir = estrdup(path);
	snprintf(path, sizeof(path), "%s/" ALTAIR_EVAL_SNIPPET_FILE, scratch->dir);
	scratch->snippet_path = estrdup(path);
	return true;
}

/* Forgets the name without removing anything: the dir under it is not ours (or not made). */
static void scratch_unnamed(altair_eval_scratch *scratch)
{
	efree(scratch->dir);
	efree(scratch->snippet_path);
	scratch->dir = scratch->snippet_path = NULL;
}

zend_result altair_eval_scratch_create(const altair_eval_request *request, altair_eval_scratch *scratch)
{
	char name[64];
	int base_fd, dir_fd;

	if (!scratch_named(scratch, &base_fd, name, sizeof(name))) {
		return FAILURE;
	}
	if (mkdirat(base_fd, name, 0700) != 0) {
		close(base_fd);
		fail("create", scratch->dir);
		scratch_unnamed(scratch);
		return FAILURE;
	}
	dir_fd = openat(base_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	close(base_fd);
	if (dir_fd < 0 || write_snippet(dir_fd, request->snippet) != SUCCESS) {
		fail("write the snippet into", scratch->dir);
		if (dir_fd >= 0) {
			close(dir_fd);
		}
		altair_eval_scratch_remove(scratch);
		return FAILURE;
	}
	close(dir_fd);
	return SUCCESS;
}

static bool snippet_fits_pipe(zend_string *snippet)
{
	return ZSTR_LEN(snippet) + ALTAIR_EVAL_SCANNER_GROWTH <= ALTAIR_EVAL_SNIPPET_PIPE_MAX;
}

/* A snippet that fits in a pipe's buffer goes in one, whose read end the worker copies from: a
 * memfd's creation, write, seals and seek took 40 us of every warm call here, a pipe's 10. Its
 * write end is closed before the request goes, so the worker reads it to its end and nothing can
 * change it. -1 when it does not fit (a pipe buffer cut down for a user with many pipes). */
static int snippet_pipe(zend_string *snippet)
{
	size_t length;
	char *text;
	int fds[2];
	bool written;

	if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) {
		return -1;
	}
	text = prepare(snippet, &length);
	written = write_text(fds[1], text, length);
	efree(text);
	close(fds[1]);
	if (!written) {
		close(fds[0]);
		return -1;
	}
	return fds[0];
}

/* A longer snippet: a sealed memfd, read from its start (pread); -1 when it could not be made. */
static int snippet_memfd(zend_string *snippet)
{
	int fd = (int) syscall(SYS_memfd_create, "altair-eval-snippet", MFD_CLOEXEC | MFD_ALLOW_SEALING);

	if (fd >= 0 && (write_prepared(fd, snippet) != SUCCESS
			|| fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) != 0)) {
		int saved = errno;
		close(fd);
		errno = saved;
		fd = -1;
	}
	return fd;
}

int altair_eval_scratch_snippet(const altair_eval_request *request, const altair_eval_scratch *scratch)
{
	int fd;

	if (scratch->snippet_fd >= 0) {
		return fcntl(scratch->snippet_fd, F_DUPFD_CLOEXEC, 0);
	}
	if (scratch->in_memory && (fd = snippet_pipe(request->snippet)) >= 0) {
		return fd;
	}
	if (scratch->in_memory) {
		/* A pipe buffer cut down for a user with many pipes: a memfd, as for a long snippet. */
		return snippet_memfd(request->snippet);
	}
	return open(scratch->snippet_path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
}

/* A warm evaluation's: a fresh name beneath the base, which its worker makes in its own view (a
 * plain worker's tmpfs, a booted template's), and the snippet, prepared as on disk, in a sealed
 * memfd that goes to the worker with the request. No directory or file of the host's (on root's
 * base, /tmp on ext4, the host's cleanup after a warm call went from ~200 to ~20 us). */
zend_result altair_eval_scratch_create_in_memory(const altair_eval_request *request, altair_eval_scratch *scratch)
{
	char name[64];
	int base_fd;

	if (!scratch_named(scratch, &base_fd, name, sizeof(name))) {
		return FAILURE;
	}
	close(base_fd);
	scratch->in_memory = true;
	if (snippet_fits_pipe(request->snippet)) {
		return SUCCESS;
	}
	if ((scratch->snippet_fd = snippet_memfd(request->snippet)) < 0) {
		fail("write the snippet for", scratch->dir);
		altair_eval_scratch_remove(scratch);
		return FAILURE;
	}
	return SUCCESS;
}

void altair_eval_scratch_remove(altair_eval_scratch *scratch)
{
	struct stat info;
	bool in_memory = scratch->in_memory;

	scratch->in_memory = false;
	if (scratch->snippet_fd >= 0) {
		close(scratch->snippet_fd);
		scratch->snippet_fd = -1;
	}
	/* A warm one's dir exists on the host only when its worker had no view of its own and made it
	 * there (guest/lockdown/view.c): one lookup says it is not there. */
	if (scratch->dir && in_memory && lstat(scratch->dir, &info) != 0 && errno == ENOENT) {
		efree(scratch->dir);
		scratch->dir = NULL;
	}
	if (scratch->dir) {
		char *slash = strrchr(scratch->dir, '/');
		*slash = '\0';
		int parent_fd = open(scratch->dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		*slash = '/';
		if (parent_fd >= 0) {
			altair_eval_remove_tree_at(parent_fd, slash + 1);
			close(parent_fd);
		}
		efree(scratch->dir);
		scratch->dir = NULL;
	}
	if (scratch->snippet_path) {
		efree(scratch->snippet_path);
		scratch->snippet_path = NULL;
	}
}

void altair_eval_scratch_snippet_in(altair_eval_scratch *scratch, const char *dir)
{
	if (scratch->snippet_path) {
		efree(scratch->snippet_path);
	}
	spprintf(&scratch->snippet_path, 0, "%s/" ALTAIR_EVAL_SNIPPET_FILE, dir);
}

/* ---- a warm template's own dir ---------------------------------------------------------------- */

bool altair_eval_scratch_template_dir(char *dir, size_t size)
{
	char base[MAXPATHLEN], name[64];
	int base_fd;

	if (!open_base(base, sizeof(base), &base_fd)) {
		return false;
	}
	if (!random_name(name, sizeof(name), ALTAIR_EVAL_SCRATCH_TEMPLATE_MARK)
		|| ((size_t) snprintf(dir, size, "%s/%s", base, name) >= size && (errno = ENAMETOOLONG))
		|| mkdirat(base_fd, name, 0700) != 0) {
		int error = errno;
		close(base_fd);
		errno = error;
		return false;
	}
	close(base_fd);
	return true;
}

void altair_eval_scratch_template_dir_remove(const char *dir)
{
	char parent[MAXPATHLEN];
	char *slash;
	int parent_fd;

	if ((size_t) snprintf(parent, sizeof(parent), "%s", dir) >= sizeof(parent) || (slash = strrchr(parent, '/')) == NULL
		|| slash == parent) {
		return;
	}
	*slash = '\0';
	parent_fd = open(parent, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (parent_fd >= 0) {
		altair_eval_remove_tree_at(parent_fd, slash + 1);
		close(parent_fd);
	}
}
