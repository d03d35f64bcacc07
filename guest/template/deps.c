/*
 * What a booted template's boot depended on (see template/deps.h): inotify on the project's
 * directories from before the boot starts, so that what the boot opened and listed, and any change
 * to it from that moment on, are known; what of it PHP itself read (template/reads.c) tells its code
 * from its data. Plain C over syscalls.
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif

#include "deps.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#ifdef __linux__
# include <sys/inotify.h>
# define DEPS_INOTIFY 1
#endif

/* A project's tree with its vendor dir is a few thousand directories. A tree the watch cannot
 * cover whole (past these, or past the user's inotify watches) is not served booted: a file the
 * boot read there could change unseen. */
#define DEPS_MAX_DIRS 16384
#define DEPS_MAX_DEPTH 32
/* Descriptors the boot may leave open on files (a database, a data file). */
#define DEPS_MAX_FDS 64
#define DEPS_READ_CHUNK 65536
/* The queue's descriptor sits above the template's sealed control socket (template/template.c),
 * away from the low numbers a boot might take for a channel (3 is a worker's result channel). A
 * boot that reads the queue through php://fd only hides its own dependencies; one that leaves a
 * copy open is refused (template/boot.c: nothing but files may stay open). */
#define DEPS_NOTIFY_FD_MIN 129

typedef struct {
	int wd;
	int depth;
	char *path;
	bool depends; /* listed by the boot, parent of a file PHP read in it, or an autoload dir */
	bool watched; /* still watched once the boot is over (only the dependencies are) */
} deps_dir;

/* A file the boot opened. Code when PHP itself read it (compiled, or read through its file
 * functions: template/reads.c); else data, opened by a library on its own (SQLite's pager). */
typedef struct {
	int wd;
	char *name;
	bool code;
} deps_entry;

/* A file PHP's file layer opened during the boot (template/reads.c). */
typedef struct {
	dev_t dev;
	ino_t ino;
	char *path;
} deps_read;

typedef struct {
	int fd;
	char *path;
	dev_t dev;
	ino_t ino;
	mode_t type;
} deps_fd;

static int notify_fd = -1;
static deps_dir *dirs;
static size_t dir_count, dir_capacity;
static deps_entry *opened;
static size_t opened_count, opened_capacity;
static deps_read *reads;
static size_t read_count, read_capacity;
/* The watched directories, sorted by path (built on first use, after the boot). */
static deps_dir **sorted_dirs;
static size_t sorted_count;
static deps_fd remembered[DEPS_MAX_FDS];
static size_t remembered_count;
static bool changed;
/* The boot's record overflowed the queue: every change in the project counts. */
static bool every_change;
/* A directory of the tree could not be watched (too deep, too many, no watch left). */
static bool incomplete;
/* The template's scratch, never watched (it is not the project's, even beneath a root like /tmp). */
static const char *skipped_dir;

/* Names never watched: nothing a boot reads, and the busiest trees of a checkout. */
static const char *const unwatched_names[] = { ".git", "node_modules", NULL };

static deps_dir *dir_by_wd(int wd)
{
	size_t low = 0, high = dir_count;

	/* Watch descriptors are handed out in increasing order, and dirs is appended in that order. */
	while (low < high) {
		size_t middle = (low + high) / 2;
		if (dirs[middle].wd == wd) {
			return &dirs[middle];
		}
		if (dirs[middle].wd < wd) {
			low = middle + 1;
		} else {
			high = middle;
		}
	}
	return NULL;
}

static int compare_entries(const void *a, const void *b)
{
	const deps_entry *left = a, *right = b;

	if (left->wd != right->wd) {
		return left->wd < right->wd ? -1 : 1;
	}
	return strcmp(left->name, right->name);
}

static deps_entry *find_opened(int wd, const char *name)
{
	deps_entry key = { wd, (char *) name, false };

	return opened_count > 0 ? bsearch(&key, opened, opened_count, sizeof(*opened), compare_entries) : NULL;
}

/* A file the boot's PHP read: its content is part of what the template holds. */
static bool is_code(int wd, const char *name)
{
	deps_entry *entry = find_opened(wd, name);

	return entry && entry->code;
}

/* The files SQLite makes beside a database while something writes it (its rollback journal, its
 * write-ahead log, that log's shared-memory index, a transaction's super-journal: sqlite.org's
 * "Temporary Files Used By SQLite"), named after the database. */
static bool sqlite_companion(const char *name, const char *data)
{
	static const char *const suffixes[] = { "-journal", "-wal", "-shm", NULL };
	size_t length = strlen(data);
	const char *rest = name + length;

	if (strncmp(name, data, length) != 0) {
		return false;
	}
	for (const char *const *suffix = suffixes; *suffix; suffix++) {
		if (strcmp(rest, *suffix) == 0) {
			return true;
		}
	}
	if (strncmp(rest, "-mj", 3) != 0 || rest[3] == '\0') {
		return false;
	}
	for (rest += 3; *rest; rest++) {
		if (!((*rest >= '0' && *rest <= '9') || (*rest >= 'A' && *rest <= 'F') || (*rest >= 'a' && *rest <= 'f'))) {
			return false;
		}
	}
	return true;
}

/* An entry made or removed beside a data file the boot opened, by whatever writes it. */
static bool companion_of_data(int wd, const char *name)
{
	for (size_t i = 0; i < opened_count; i++) {
		if (opened[i].wd == wd && !opened[i].code && sqlite_companion(name, opened[i].name)) {
			return true;
		}
	}
	return false;
}

#ifdef DEPS_INOTIFY
/* While it serves, no IN_OPEN: what the project's own app opens (a PHP built-in server compiling
 * hundreds of files per request) would fill the queue, and an overflowed queue means stale. */
# define DEPS_SERVING_MASK (IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM \
	| IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW)
# define DEPS_MASK (IN_OPEN | DEPS_SERVING_MASK)
# define DEPS_ENTRY_CHANGES (IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO)
# define DEPS_CONTENT_CHANGES (IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE)
# define DEPS_SELF_CHANGES (IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED | IN_UNMOUNT)

static void add_dir(const char *path, int depth)
{
	int wd;

	if (dir_count == DEPS_MAX_DIRS || (skipped_dir && strcmp(path, skipped_dir) == 0)) {
		incomplete |= dir_count == DEPS_MAX_DIRS;
		return;
	}
	if (dir_count == dir_capacity) {
		size_t capacity = dir_capacity ? dir_capacity * 2 : 256;
		deps_dir *grown = realloc(dirs, capacity * sizeof(*dirs));
		if (!grown) {
			incomplete = true;
			return;
		}
		dirs = grown;
		dir_capacity = capacity;
	}
	wd = inotify_add_watch(notify_fd, path, DEPS_MASK);
	/* A directory reached twice (the same inode) keeps its first watch. One removed meanwhile has
	 * nothing to watch, and one this process may not read, nothing the boot can read; no watch
	 * left (ENOSPC) or no memory means the tree is not covered. */
	if (wd < 0 || (dir_count > 0 && wd <= dirs[dir_count - 1].wd)) {
		incomplete |= wd < 0 && (errno == ENOSPC || errno == ENOMEM);
		return;
	}
	dirs[dir_count].path = strdup(path);
	if (!dirs[dir_count].path) {
		inotify_rm_watch(notify_fd, wd);
		incomplete = true;
		return;
	}
	dirs[dir_count].wd = wd;
	dirs[dir_count].depth = depth;
	dirs[dir_count].depends = false;
	dirs[dir_count].watched = true;
	dir_count++;
}

static bool unwatched(const char *name)
{
	for (const char *const *skip = unwatched_names; *skip; skip++) {
		if (strcmp(name, *skip) == 0) {
			return true;
		}
	}
	return strcmp(name, ".") == 0 || strcmp(name, "..") == 0;
}

/* Breadth first, dirs itself the queue; links are never followed. */
static void watch_tree(const char *root)
{
	char child[PATH_MAX];

	add_dir(root, 0);
	for (size_t next = 0; next < dir_count; next++) {
		int fd = open(dirs[next].path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		DIR *listing = fd >= 0 ? fdopendir(fd) : NULL;
		struct dirent *entry;

		if (!listing) {
			if (fd >= 0) {
				close(fd);
			}
			continue;
		}
		while ((entry = readdir(listing)) != NULL) {
			struct stat info;
			bool directory = entry->d_type == DT_DIR;
			if (unwatched(entry->d_name)) {
				continue;
			}
			if (entry->d_type == DT_UNKNOWN) {
				directory = fstatat(fd, entry->d_name, &info, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(info.st_mode);
			}
			if (!directory) {
				continue;
			}
			if (dirs[next].depth >= DEPS_MAX_DEPTH
				|| (size_t) snprintf(child, sizeof(child), "%s/%s", dirs[next].path, entry->d_name) >= sizeof(child)) {
				incomplete = true;
				continue;
			}
			add_dir(child, dirs[next].depth + 1);
		}
		closedir(listing);
	}
}

/* Everything queued now, in one buffer (the caller frees it). */
static char *read_queue(size_t *length)
{
	char *buffer = NULL;
	size_t capacity = 0;
	ssize_t got;

	*length = 0;
	for (;;) {
		if (capacity - *length < DEPS_READ_CHUNK) {
			char *grown = realloc(buffer, capacity + DEPS_READ_CHUNK);
			if (!grown) {
				/* Cannot be read: then nothing can be trusted. */
				changed = true;
				break;
			}
			buffer = grown;
			capacity += DEPS_READ_CHUNK;
		}
		got = read(notify_fd, buffer + *length, capacity - *length);
		if (got < 0 && errno == EINTR) {
			continue;
		}
		if (got <= 0) {
			break;
		}
		*length += (size_t) got;
	}
	return buffer;
}

static const struct inotify_event *event_at(const char *buffer, size_t length, size_t *at)
{
	const struct inotify_event *event;

	if (*at + sizeof(*event) > length) {
		return NULL;
	}
	event = (const struct inotify_event *) (const void *) (buffer + *at);
	*at += sizeof(*event) + event->len;
	return *at <= length ? event : NULL;
}

/* Whether an event changes something the boot depended on (docs/ARCHITECTURE.md, "Booted
 * templates", "What is stale"). */
static bool counts(const struct inotify_event *event)
{
	deps_dir *dir;

	if (event->mask & IN_Q_OVERFLOW) {
		return true;
	}
	if (!(dir = dir_by_wd(event->wd)) || !dir->watched) {
		return false;
	}
	if (every_change) {
		return true;
	}
	if (event->mask & DEPS_SELF_CHANGES) {
		return dir->depends;
	}
	if (event->mask & DEPS_ENTRY_CHANGES) {
		return dir->depends && !(event->len > 0 && companion_of_data(event->wd, event->name));
	}
	if ((event->mask & DEPS_CONTENT_CHANGES) && event->len > 0) {
		return is_code(event->wd, event->name);
	}
	return false;
}

static void remember_opened(int wd, const char *name, bool code)
{
	if (opened_count == opened_capacity) {
		size_t capacity = opened_capacity ? opened_capacity * 2 : 512;
		deps_entry *grown = realloc(opened, capacity * sizeof(*opened));
		if (!grown) {
			every_change = true;
			return;
		}
		opened = grown;
		opened_capacity = capacity;
	}
	if ((opened[opened_count].name = strdup(name)) == NULL) {
		every_change = true;
		return;
	}
	opened[opened_count].code = code;
	opened[opened_count++].wd = wd;
}

/* An IN_OPEN while the boot ran: a directory it listed (the directory's own event), or a file it
 * opened (the parent's event, with the name); which of those files are code is told after. */
static void record_open(const struct inotify_event *event)
{
	deps_dir *dir = dir_by_wd(event->wd);

	if (!dir) {
		return;
	}
	if (event->len == 0 || event->name[0] == '\0') {
		dir->depends = true;
	} else if (!(event->mask & IN_ISDIR)) {
		remember_opened(event->wd, event->name, false);
	}
}
#endif

bool altair_eval_template_deps_start(const char *root, const char *skip, char *why, size_t size)
{
#ifdef DEPS_INOTIFY
	size_t length;
	int first = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);

	if (first >= 0) {
		notify_fd = fcntl(first, F_DUPFD_CLOEXEC, DEPS_NOTIFY_FD_MIN);
		close(first);
	}
	if (notify_fd < 0) {
		snprintf(why, size, "the project's directories cannot be watched (inotify: %s)", strerror(errno));
		return false;
	}
	skipped_dir = skip;
	watch_tree(root);
	if (incomplete || dir_count == 0) {
		snprintf(why, size, "the project's directories cannot all be watched (%zu watched; at most %d, %d deep, and the user's inotify watches)",
			dir_count, DEPS_MAX_DIRS, DEPS_MAX_DEPTH);
		return false;
	}
	/* Our own listing of the tree is not the boot's: what is queued so far goes (an edit made
	 * before the boot starts is one the boot reads). */
	free(read_queue(&length));
	changed = false;
	return true;
#else
	(void) root;
	(void) skip;
	snprintf(why, size, "this build has no inotify to watch the project's directories");
	return false;
#endif
}

static int compare_dirs(const void *a, const void *b)
{
	return strcmp((*(deps_dir *const *) a)->path, (*(deps_dir *const *) b)->path);
}

/* The watched directory at path (dirs sorted by path once the boot is over), or NULL. */
static deps_dir *dir_at(const char *path, size_t length)
{
	char copy[PATH_MAX];
	deps_dir key = { .path = copy }, *key_pointer = &key, **found;

	if (length >= sizeof(copy) || dir_count == 0) {
		return NULL;
	}
	if (!sorted_dirs) {
		if ((sorted_dirs = malloc(dir_count * sizeof(*sorted_dirs))) == NULL) {
			return NULL;
		}
		for (size_t i = 0; i < dir_count; i++) {
			sorted_dirs[i] = &dirs[i];
		}
		sorted_count = dir_count;
		qsort(sorted_dirs, sorted_count, sizeof(*sorted_dirs), compare_dirs);
	}
	memcpy(copy, path, length);
	copy[length] = '\0';
	found = bsearch(&key_pointer, sorted_dirs, sorted_count, sizeof(*sorted_dirs), compare_dirs);
	return found && (*found)->watched ? *found : NULL;
}

/* The directory a file is in, when it is watched; *name: the file's name in it. */
static deps_dir *parent_of(const char *path, const char **name)
{
	const char *slash = strrchr(path, '/');

	if (!slash || slash == path || slash[1] == '\0') {
		return NULL;
	}
	*name = slash + 1;
	return dir_at(path, (size_t) (slash - path));
}

void altair_eval_template_deps_read(dev_t dev, ino_t ino, const char *path)
{
	if (!path || path[0] != '/') {
		return;
	}
	if (read_count == read_capacity) {
		size_t capacity = read_capacity ? read_capacity * 2 : 512;
		deps_read *grown = realloc(reads, capacity * sizeof(*reads));
		if (!grown) {
			every_change = true; /* what PHP read cannot be told from data: every change counts */
			return;
		}
		reads = grown;
		read_capacity = capacity;
	}
	if ((reads[read_count].path = strdup(path)) == NULL) {
		every_change = true;
		return;
	}
	reads[read_count].dev = dev;
	reads[read_count++].ino = ino;
}

static int compare_reads(const void *a, const void *b)
{
	return strcmp(((const deps_read *) a)->path, ((const deps_read *) b)->path);
}

/* Whether PHP read the file at path during the boot: by that path, or by another name of the same
 * file (a link; the identity PHP's descriptor had). A file replaced after PHP read it is still
 * found by its path. */
static bool read_by_php(const char *path)
{
	deps_read key = { .path = (char *) path };
	struct stat info;

	if (read_count > 0 && bsearch(&key, reads, read_count, sizeof(*reads), compare_reads)) {
		return true;
	}
	if (lstat(path, &info) != 0) {
		return false;
	}
	for (size_t i = 0; i < read_count; i++) {
		if (reads[i].ino == info.st_ino && reads[i].dev == info.st_dev && reads[i].ino != 0) {
			return true;
		}
	}
	return false;
}

/* Which of the files the boot opened are code (what PHP read, and every file it loaded even when
 * opcache served it without an open), and so which directories the boot depends on. */
static void classify_opened(void)
{
	char path[PATH_MAX];
	size_t seen = opened_count;
	const char *name;
	deps_dir *dir;

	if (read_count > 1) {
		qsort(reads, read_count, sizeof(*reads), compare_reads);
	}
	for (size_t i = 0; i < seen; i++) {
		dir = dir_by_wd(opened[i].wd);
		opened[i].code = every_change || (dir && (size_t) snprintf(path, sizeof(path), "%s/%s", dir->path, opened[i].name) < sizeof(path)
			&& read_by_php(path));
	}
	if (opened_count > 1) {
		qsort(opened, opened_count, sizeof(*opened), compare_entries);
	}
	for (size_t i = 0; i < read_count; i++) {
		if ((dir = parent_of(reads[i].path, &name)) != NULL && !find_opened(dir->wd, name)) {
			remember_opened(dir->wd, name, true);
		}
	}
	if (opened_count > seen && opened_count > 1) {
		qsort(opened, opened_count, sizeof(*opened), compare_entries);
	}
	for (size_t i = 0; i < opened_count; i++) {
		if (opened[i].code && (dir = dir_by_wd(opened[i].wd)) != NULL) {
			dir->depends = true;
		}
	}
	for (size_t i = 0; i < read_count; i++) {
		free(reads[i].path);
	}
	free(reads);
	reads = NULL;
	read_count = read_capacity = 0;
}

void altair_eval_template_deps_after_boot(void)
{
#ifdef DEPS_INOTIFY
	size_t length, at = 0;
	char *buffer = read_queue(&length);
	const struct inotify_event *event;

	while ((event = event_at(buffer, length, &at)) != NULL) {
		if (event->mask & IN_Q_OVERFLOW) {
			every_change = true;
		} else if (event->mask & IN_OPEN) {
			record_open(event);
		}
	}
	classify_opened();
	/* A change queued while the boot ran, to something it ended up depending on. */
	at = 0;
	while (!changed && (event = event_at(buffer, length, &at)) != NULL) {
		changed = counts(event);
	}
	free(buffer);
#endif
}

void altair_eval_template_deps_autoload_dir(const char *path)
{
	char resolved[PATH_MAX];
	size_t length;

	if (!path || !realpath(path, resolved)) {
		return;
	}
	length = strlen(resolved);
	for (size_t i = 0; i < dir_count; i++) {
		if (strncmp(dirs[i].path, resolved, length) == 0 && (dirs[i].path[length] == '\0' || dirs[i].path[length] == '/')) {
			dirs[i].depends = true;
		}
	}
}

void altair_eval_template_deps_serve(void)
{
#ifdef DEPS_INOTIFY
	if (notify_fd < 0 || every_change) {
		return;
	}
	/* Only the dependencies stay watched, and only for changes: a directory the boot depended on
	 * nothing in (storage/, a SQLite database's own dir) raises no event for the template to read,
	 * however busy the app is there. A watch taken again that lands on another directory (one was
	 * renamed meanwhile) is a change. */
	for (size_t i = 0; i < dir_count; i++) {
		if (!dirs[i].depends) {
			inotify_rm_watch(notify_fd, dirs[i].wd);
			dirs[i].watched = false;
		} else if (inotify_add_watch(notify_fd, dirs[i].path, DEPS_SERVING_MASK) != dirs[i].wd) {
			changed = true;
		}
	}
#endif
}

int altair_eval_template_deps_fd(void)
{
	return changed ? -1 : notify_fd;
}

/* A file the boot left open that is no longer at its path (replaced, removed): a worker could not
 * reopen it (template/deps.h), so a new template must open the new one. */
static bool left_open_replaced(void)
{
	struct stat info;

	for (size_t i = 0; i < remembered_count; i++) {
		if (lstat(remembered[i].path, &info) != 0 || info.st_dev != remembered[i].dev || info.st_ino != remembered[i].ino) {
			return true;
		}
	}
	return false;
}

bool altair_eval_template_deps_changed(void)
{
#ifdef DEPS_INOTIFY
	size_t length, at = 0;
	char *buffer;
	const struct inotify_event *event;

	if (changed || notify_fd < 0) {
		return true;
	}
	buffer = read_queue(&length);
	while (!changed && (event = event_at(buffer, length, &at)) != NULL) {
		changed = counts(event);
	}
	free(buffer);
#endif
	changed = changed || left_open_replaced();
	return changed;
}

bool altair_eval_template_deps_vouches(const char *path, bool directory)
{
	const char *name;

	return directory ? dir_at(path, strlen(path)) != NULL : parent_of(path, &name) != NULL;
}

size_t altair_eval_template_deps_file_count(void)
{
	return opened_count;
}

/* The path of the file fd is on, among those the boot opened and listed (and the devices the
 * runtime reads); NULL when it is none of them. */
static char *path_of(const struct stat *open)
{
	static const char *const devices[] = { "/dev/urandom", "/dev/random", "/dev/zero", "/dev/null", NULL };
	char path[PATH_MAX];
	struct stat info;

	for (size_t i = 0; S_ISREG(open->st_mode) && i < opened_count; i++) {
		deps_dir *dir = dir_by_wd(opened[i].wd);
		if (dir && (size_t) snprintf(path, sizeof(path), "%s/%s", dir->path, opened[i].name) < sizeof(path)
			&& lstat(path, &info) == 0 && info.st_dev == open->st_dev && info.st_ino == open->st_ino) {
			return strdup(path);
		}
	}
	for (size_t i = 0; S_ISDIR(open->st_mode) && i < dir_count; i++) {
		if (lstat(dirs[i].path, &info) == 0 && info.st_dev == open->st_dev && info.st_ino == open->st_ino) {
			return strdup(dirs[i].path);
		}
	}
	for (const char *const *device = devices; S_ISCHR(open->st_mode) && *device; device++) {
		if (stat(*device, &info) == 0 && S_ISCHR(info.st_mode) && info.st_rdev == open->st_rdev) {
			return strdup(*device);
		}
	}
	return NULL;
}

bool altair_eval_template_deps_remember_fd(int fd, char *why, size_t size)
{
	struct stat info;
	int flags = fcntl(fd, F_GETFL);
	char *path;

	if (flags < 0 || fstat(fd, &info) != 0) {
		snprintf(why, size, "the boot left descriptor %d open, and it cannot be inspected", fd);
		return false;
	}
	if ((flags & O_ACCMODE) != O_RDONLY) {
		snprintf(why, size, "the boot left descriptor %d open for writing, which workers would share", fd);
		return false;
	}
	if (remembered_count == DEPS_MAX_FDS || (path = path_of(&info)) == NULL) {
		snprintf(why, size, "the boot left descriptor %d open on something a worker cannot reopen", fd);
		return false;
	}
	remembered[remembered_count].fd = fd;
	remembered[remembered_count].path = path;
	remembered[remembered_count].dev = info.st_dev;
	remembered[remembered_count].ino = info.st_ino;
	remembered[remembered_count].type = info.st_mode & S_IFMT;
	remembered_count++;
	return true;
}

int altair_eval_template_deps_reopen(int fd)
{
	for (size_t i = 0; i < remembered_count; i++) {
		const deps_fd *file = &remembered[i];
		struct stat info;
		off_t offset;
		int status, fresh;

		if (file->fd != fd) {
			continue;
		}
		offset = lseek(fd, 0, SEEK_CUR);
		status = fcntl(fd, F_GETFL);
		fresh = open(file->path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | (file->type == S_IFDIR ? O_DIRECTORY : 0));
		if (fresh >= 0 && (fstat(fresh, &info) != 0 || info.st_dev != file->dev || info.st_ino != file->ino
			|| (info.st_mode & S_IFMT) != file->type)) {
			close(fresh);
			fresh = -1;
		}
		if (fresh >= 0 && offset > 0) {
			lseek(fresh, offset, SEEK_SET);
		}
		if (fresh >= 0 && status >= 0) {
			fcntl(fresh, F_SETFL, status & (O_NONBLOCK | O_APPEND));
		}
		return fresh;
	}
	return -2;
}

void altair_eval_template_deps_close_in_worker(void)
{
	if (notify_fd >= 0) {
		close(notify_fd);
		notify_fd = -1;
	}
}
