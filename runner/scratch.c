/*
 * Scratch directories: <root>/.altair/eval/<caller pid>-<random>/ (0700) holding snippet.php.
 * Removed on every path by the evaluator; directories left by a caller that was killed are swept
 * by the next evaluation under the same root (owner gone, or older than any evaluation can be).
 * Removal never follows symbolic links: the snippet may have planted some.
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

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define ALTAIR_EVAL_STATE_DIR ALTAIR_EVAL_STATE_DIR_NAME
#define ALTAIR_EVAL_SCRATCH_PARENT ALTAIR_EVAL_STATE_DIR_NAME "/eval"
#define ALTAIR_EVAL_SNIPPET_FILE "snippet.php"
/* Deeper trees than this are left for the sweep of a later run to finish. */
#define ALTAIR_EVAL_REMOVE_MAX_DEPTH 128

static void remove_tree_at(int parent_fd, const char *name, int depth);

static void remove_children(int dir_fd, int depth)
{
	DIR *dir;
	struct dirent *entry;

	dir = fdopendir(dir_fd);
	if (!dir) {
		close(dir_fd);
		return;
	}
	while ((entry = readdir(dir)) != NULL) {
		if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) {
			continue;
		}
		remove_tree_at(dirfd(dir), entry->d_name, depth + 1);
	}
	closedir(dir);
}

static void remove_tree_at(int parent_fd, const char *name, int depth)
{
	struct stat info;
	int fd;

	if (fstatat(parent_fd, name, &info, AT_SYMLINK_NOFOLLOW) != 0) {
		return;
	}
	if (!S_ISDIR(info.st_mode)) {
		unlinkat(parent_fd, name, 0);
		return;
	}
	if (depth < ALTAIR_EVAL_REMOVE_MAX_DEPTH) {
		fd = openat(parent_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (fd >= 0) {
			remove_children(fd, depth);
		}
	}
	unlinkat(parent_fd, name, AT_REMOVEDIR);
}

/* mkdir that accepts an existing real directory but never a symbolic link in its place. */
static zend_result ensure_directory(const char *path, mode_t mode)
{
	struct stat info;

	if (mkdir(path, mode) == 0) {
		return SUCCESS;
	}
	if (errno == EEXIST && lstat(path, &info) == 0 && S_ISDIR(info.st_mode)) {
		return SUCCESS;
	}
	return FAILURE;
}

static bool owner_is_gone(const char *name)
{
	char *end;
	long pid = strtol(name, &end, 10);

	if (end == name || *end != '-' || pid <= 0) {
		return false;
	}
	return kill((pid_t) pid, 0) != 0 && errno == ESRCH;
}

void altair_eval_scratch_sweep(zend_string *project_root)
{
	char path[MAXPATHLEN];
	struct dirent *entry;
	struct stat info;
	time_t now = time(NULL);
	DIR *dir;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", ZSTR_VAL(project_root), ALTAIR_EVAL_SCRATCH_PARENT);
	fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		return;
	}
	dir = fdopendir(fd);
	if (!dir) {
		close(fd);
		return;
	}
	while ((entry = readdir(dir)) != NULL) {
		if (entry->d_name[0] == '.') {
			continue;
		}
		if (fstatat(dirfd(dir), entry->d_name, &info, AT_SYMLINK_NOFOLLOW) != 0) {
			continue;
		}
		if (owner_is_gone(entry->d_name) || now - info.st_mtime > ALTAIR_EVAL_SCRATCH_STALE_SECONDS) {
			remove_tree_at(dirfd(dir), entry->d_name, 0);
		}
	}
	closedir(dir);
}

/* snippet.php: the snippet as the scanner prepares it (open tag, implicit return, final ';'), with
 * every line where it was, so the snippet's line N is the file's line N. */
static zend_result write_snippet(const char *path, zend_string *snippet)
{
	altair_eval_scan_result scan;
	char *text = emalloc(ZSTR_LEN(snippet) + ALTAIR_EVAL_SCANNER_GROWTH);
	size_t length, done = 0;
	int fd;

	altair_eval_scanner_scan(ZSTR_VAL(snippet), ZSTR_LEN(snippet), &scan);
	length = altair_eval_scanner_prepare(ZSTR_VAL(snippet), ZSTR_LEN(snippet), &scan, text);

	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0) {
		efree(text);
		return FAILURE;
	}
	while (done < length) {
		ssize_t n = write(fd, text + done, length - done);
		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n <= 0) {
			close(fd);
			efree(text);
			return FAILURE;
		}
		done += (size_t) n;
	}
	efree(text);
	return close(fd) == 0 ? SUCCESS : FAILURE;
}

static zend_result fail(const char *what, const char *path)
{
	zend_throw_exception_ex(altair_eval_exception_ce, ALTAIR_EVAL_ERROR_SCRATCH,
		"Cannot %s the scratch directory %s: %s", what, path, strerror(errno));
	return FAILURE;
}

zend_result altair_eval_scratch_create(const altair_eval_request *request, altair_eval_scratch *scratch)
{
	char path[MAXPATHLEN];
	unsigned char random[ALTAIR_EVAL_SCRATCH_RANDOM_BYTES];
	char hex[ALTAIR_EVAL_SCRATCH_RANDOM_BYTES * 2 + 1];
	const char *root = ZSTR_VAL(request->project_root);

	memset(scratch, 0, sizeof(*scratch));
	snprintf(path, sizeof(path), "%s/%s", root, ALTAIR_EVAL_STATE_DIR);
	if (ensure_directory(path, 0755) != SUCCESS) {
		return fail("prepare", path);
	}
	snprintf(path, sizeof(path), "%s/%s", root, ALTAIR_EVAL_SCRATCH_PARENT);
	if (ensure_directory(path, 0700) != SUCCESS) {
		return fail("prepare", path);
	}
	altair_eval_scratch_sweep(request->project_root);

	if (php_random_bytes_silent(random, sizeof(random)) != SUCCESS) {
		return fail("name", path);
	}
	for (size_t i = 0; i < sizeof(random); i++) {
		snprintf(hex + 2 * i, 3, "%02x", random[i]);
	}
	snprintf(path, sizeof(path), "%s/%s/%ld-%s", root, ALTAIR_EVAL_SCRATCH_PARENT, (long) getpid(), hex);
	if (mkdir(path, 0700) != 0) {
		return fail("create", path);
	}
	scratch->dir = estrdup(path);

	snprintf(path, sizeof(path), "%s/%s", scratch->dir, ALTAIR_EVAL_SNIPPET_FILE);
	scratch->snippet_path = estrdup(path);
	if (write_snippet(scratch->snippet_path, request->snippet) != SUCCESS) {
		fail("write the snippet into", scratch->dir);
		altair_eval_scratch_remove(scratch);
		return FAILURE;
	}
	return SUCCESS;
}

void altair_eval_scratch_remove(altair_eval_scratch *scratch)
{
	if (scratch->dir) {
		char *slash = strrchr(scratch->dir, '/');
		*slash = '\0';
		int parent_fd = open(scratch->dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		*slash = '/';
		if (parent_fd >= 0) {
			remove_tree_at(parent_fd, slash + 1, 0);
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
