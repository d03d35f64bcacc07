/*
 * What a booted template watches between evaluations (see template/watch.h): the files its boot
 * loaded, and its own scratch, where the boot wrote. Plain C over syscalls.
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif

#include "watch.h"
#include "deps.h"
#include "../../common/remove_tree.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#ifdef __linux__
# include <sys/inotify.h>
# include <sys/ipc.h>
# include <sys/msg.h>
# include <sys/sem.h>
# include <sys/shm.h>
# define WATCH_INOTIFY 1
# define WATCH_SYSV 1
#endif

typedef struct {
	char *path;
	/* A file in a watched directory, with one link only, or a watched directory (every entry made
	 * or removed in it counts, but SQLite's files beside a data file), on a filesystem
	 * whose every change the kernel sees (events_reliable): the watch's events alone say when it
	 * changed (altair_eval_template_deps_vouches), and it is not stat'ed before each request. A
	 * file with other links is: a write through a link outside the watched directories (an editor
	 * that keeps links writes in place) raises no event here. */
	bool by_events;
	bool present;
	mode_t mode;
	nlink_t links;
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
} watched_file;

static watched_file *files;
static size_t file_count, file_capacity;

static int events_fd = -1;
static int base_wd = -1;
static char base_dir[PATH_MAX];
static bool touched;
/* The boot left SysV IPC objects in the template's namespace: a worker could change them. */
static bool boot_ipc;
/* That namespace is the template's own: only then are its objects listed and removed (without
 * one, seccomp refuses SysV IPC to the boot and every worker, and the machine's are not ours). */
static bool ipc_own;

static void ipc_after_worker(void);

static void take(watched_file *file)
{
	struct stat info;

	file->present = stat(file->path, &info) == 0;
	if (file->present) {
		file->mode = info.st_mode;
		file->links = info.st_nlink;
		file->dev = info.st_dev;
		file->ino = info.st_ino;
		file->size = info.st_size;
		file->mtime = info.st_mtim;
	}
}

/*
 * Whether inotify sees every change to files on the filesystem at path: local filesystems, where
 * every write goes through this kernel, whichever mount or namespace it comes from. Not network
 * or FUSE ones (NFS, CIFS, 9p, virtiofs, a Mac's project mounted into Docker), where a change made
 * on the other side raises no event: their files are stat'ed before every request. Asked once per
 * device.
 */
#define WATCH_DEVICES_MAX 16
static bool events_reliable(const char *path, dev_t dev)
{
	static const unsigned long local[] = {
		0xEF53,     /* ext2, ext3, ext4 */
		0x58465342, /* xfs */
		0x9123683E, /* btrfs */
		0x01021994, /* tmpfs */
		0x794C7630, /* overlayfs */
		0xF2F52010, /* f2fs */
		0x2FC12FC1, /* zfs */
	};
	static struct {
		dev_t dev;
		bool reliable;
	} known[WATCH_DEVICES_MAX];
	static size_t known_count;
	struct statfs info;
	bool reliable = false;

	for (size_t i = 0; i < known_count; i++) {
		if (known[i].dev == dev) {
			return known[i].reliable;
		}
	}
	if (statfs(path, &info) == 0) {
		for (size_t i = 0; i < sizeof(local) / sizeof(local[0]); i++) {
			reliable = reliable || (unsigned long) info.f_type == local[i];
		}
	}
	if (known_count < WATCH_DEVICES_MAX) {
		known[known_count].dev = dev;
		known[known_count++].reliable = reliable;
	}
	return reliable;
}

void altair_eval_template_watch_file(const char *path)
{
	if (!path || path[0] != '/') {
		return;
	}
	if (file_count == file_capacity) {
		size_t capacity = file_capacity ? file_capacity * 2 : 256;
		watched_file *grown = realloc(files, capacity * sizeof(*files));
		if (!grown) {
			touched = true; /* cannot be watched: serve no more than this boot's first evaluation */
			return;
		}
		files = grown;
		file_capacity = capacity;
	}
	files[file_count].path = strdup(path);
	if (!files[file_count].path) {
		touched = true;
		return;
	}
	take(&files[file_count]);
	files[file_count].by_events = files[file_count].present && events_reliable(path, files[file_count].dev)
		&& (S_ISDIR(files[file_count].mode) ? altair_eval_template_deps_vouches(path, true)
			: files[file_count].links == 1 && altair_eval_template_deps_vouches(path, false));
	file_count++;
}

static bool same_time(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec == b->tv_sec && a->tv_nsec == b->tv_nsec;
}

/* The file the last check found changed (its path as recorded), NULL for none. */
static const char *changed_path;

const char *altair_eval_template_watch_changed_path(void)
{
	return changed_path;
}

bool altair_eval_template_watch_files_changed(void)
{
	for (size_t i = 0; i < file_count; i++) {
		watched_file now = { .path = files[i].path };

		if (files[i].by_events) {
			continue; /* its changes are the watch's events (altair_eval_template_deps_changed) */
		}
		take(&now);
		/* Its identity, size and mtime; not its ctime: a hard link to the file made
		 * and removed elsewhere (another project's vendor dir of hard links to Debian's packages,
		 * built and removed while this one is served) changes it and nothing of the content. A
		 * rewrite that keeps the inode, the size and the mtime is what this does not see. */
		if (now.present != files[i].present || (now.present && (now.dev != files[i].dev || now.ino != files[i].ino
			|| now.size != files[i].size || !same_time(&now.mtime, &files[i].mtime)))) {
			changed_path = files[i].path;
			return true;
		}
	}
	return false;
}

size_t altair_eval_template_watch_file_count(void)
{
	return file_count;
}

#ifdef WATCH_INOTIFY
# define WATCH_MASK (IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE \
	| IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW)
/* Deeper than any framework's cache, shallow enough for the template's descriptor limit. */
# define WATCH_MAX_DEPTH 24

/* Every directory beneath dir (dir included). false when one could not be watched. */
static bool watch_tree(const char *dir, int depth)
{
	char child[PATH_MAX];
	DIR *listing;
	struct dirent *entry;
	bool all = true;
	int wd = depth > WATCH_MAX_DEPTH ? -1 : inotify_add_watch(events_fd, dir, WATCH_MASK);

	if (wd < 0) {
		return false;
	}
	if (depth == 0) {
		base_wd = wd;
	}
	listing = opendir(dir);
	if (!listing) {
		return false;
	}
	while (all && (entry = readdir(listing)) != NULL) {
		if (entry->d_type != DT_DIR || strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) {
			continue;
		}
		all = (size_t) snprintf(child, sizeof(child), "%s/%s", dir, entry->d_name) < sizeof(child) && watch_tree(child, depth + 1);
	}
	closedir(listing);
	return all;
}
#endif

bool altair_eval_template_watch_scratch(const char *base)
{
#ifdef WATCH_INOTIFY
	snprintf(base_dir, sizeof(base_dir), "%s", base);
	events_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	return events_fd >= 0 && watch_tree(base, 0);
#else
	(void) base;
	return false;
#endif
}

/* The names of the sessions' dirs directly beneath the base (a session's holder makes, uses and
 * removes its own dir while other workers come and go). */
#define WATCH_SESSION_DIRS 32
static char session_dirs[WATCH_SESSION_DIRS][NAME_MAX + 1];
static size_t session_dir_count, session_dir_next;

void altair_eval_template_watch_session_dir(const char *scratch)
{
	size_t length = strlen(base_dir);
	const char *name = scratch + length + 1;

	if (strncmp(scratch, base_dir, length) != 0 || scratch[length] != '/' || !*name || strchr(name, '/')
		|| strlen(name) > NAME_MAX) {
		touched = true;
		return;
	}
	/* The oldest goes when there is no room: its session ended long ago, or its dir, if it comes
	 * and goes again, makes the template retire, which is safe. */
	snprintf(session_dirs[session_dir_next], sizeof(session_dirs[0]), "%s", name);
	session_dir_next = (session_dir_next + 1) % WATCH_SESSION_DIRS;
	session_dir_count = session_dir_count < WATCH_SESSION_DIRS ? session_dir_count + 1 : WATCH_SESSION_DIRS;
}

static bool is_session_dir(const char *name)
{
	for (size_t i = 0; i < session_dir_count; i++) {
		if (strcmp(session_dirs[i], name) == 0) {
			return true;
		}
	}
	return false;
}

void altair_eval_template_watch_worker_done(const char *scratch)
{
	size_t length = strlen(base_dir);
	const char *name = scratch + length + 1;
	int base;

	ipc_after_worker();
	/* A worker's dir is one level beneath the base (lockdown/mount_warm.c made it only then). */
	if (strncmp(scratch, base_dir, length) != 0 || scratch[length] != '/' || !*name || strchr(name, '/')) {
		touched = true;
		return;
	}
	base = open(base_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (base < 0 || !altair_eval_remove_tree_at(base, name)) {
		touched = true;
	}
	if (base >= 0) {
		close(base);
	}
#ifdef WATCH_INOTIFY
	char buffer[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
	ssize_t got;

	if (events_fd < 0) {
		touched = true;
		return;
	}
	/* Only the worker's own dir may have come and gone, directly beneath the base. */
	while ((got = read(events_fd, buffer, sizeof(buffer))) > 0) {
		for (char *at = buffer; at < buffer + got; ) {
			const struct inotify_event *event = (const struct inotify_event *) at;
			if (event->wd != base_wd || event->len == 0 || (strcmp(event->name, name) != 0 && !is_session_dir(event->name))
				|| (event->mask & IN_Q_OVERFLOW)) {
				touched = true;
			}
			at += sizeof(*event) + event->len;
		}
	}
#else
	touched = true;
#endif
}

#ifdef WATCH_SYSV
# ifndef SHM_STAT
#  define SHM_STAT 13
#  define SHM_INFO 14
# endif
# ifndef MSG_STAT
#  define MSG_STAT 11
#  define MSG_INFO 12
# endif
# ifndef SEM_STAT
#  define SEM_STAT 18
#  define SEM_INFO 19
# endif
union watch_semun {
	int val;
	struct semid_ds *buf;
	unsigned short *array;
	struct seminfo *info;
};

/* Every SysV object in this IPC namespace (the template's, which its workers share), each
 * removed when remove is set. Returns how many there were. */
static int sysv_objects(bool remove)
{
	struct shm_info shm_usage;
	struct shmid_ds shm;
	struct msginfo msg_usage;
	struct msqid_ds msg;
	struct seminfo sem_usage;
	struct semid_ds sem;
	union watch_semun arg;
	int found = 0, last, id;

	last = shmctl(0, SHM_INFO, (struct shmid_ds *) (void *) &shm_usage);
	for (int index = 0; index <= last; index++) {
		if ((id = shmctl(index, SHM_STAT, &shm)) >= 0) {
			found++;
			if (remove) {
				shmctl(id, IPC_RMID, NULL);
			}
		}
	}
	last = msgctl(0, MSG_INFO, (struct msqid_ds *) (void *) &msg_usage);
	for (int index = 0; index <= last; index++) {
		if ((id = msgctl(index, MSG_STAT, &msg)) >= 0) {
			found++;
			if (remove) {
				msgctl(id, IPC_RMID, NULL);
			}
		}
	}
	arg.info = &sem_usage;
	last = semctl(0, 0, SEM_INFO, arg);
	for (int index = 0; index <= last; index++) {
		arg.buf = &sem;
		if ((id = semctl(index, 0, SEM_STAT, arg)) >= 0) {
			found++;
			if (remove) {
				semctl(id, 0, IPC_RMID);
			}
		}
	}
	return found;
}
#endif

void altair_eval_template_watch_ipc_after_boot(bool own_namespace)
{
	ipc_own = own_namespace;
#ifdef WATCH_SYSV
	boot_ipc = ipc_own && sysv_objects(false) > 0;
#endif
}

/* What a worker left in SysV IPC goes before the next one; what the boot left cannot be told apart
 * from a worker's change to it, so then the template retires after each worker. */
static void ipc_after_worker(void)
{
#ifdef WATCH_SYSV
	if (!ipc_own) {
		return;
	}
	if (boot_ipc) {
		touched = true;
	} else if (sysv_objects(true) > 0 && sysv_objects(false) > 0) {
		touched = true;
	}
#endif
}

/* In a booted worker as it ends, before its status frame (guest.c): what it made in SysV IPC goes
 * now, so that nothing of it is left allocated when the call returns on that frame (the template
 * reaps the worker off the critical path, and checks again before it serves the next request).
 * Not when the boot left objects: they cannot be told apart, and the template retires anyway. */
void altair_eval_template_watch_worker_ipc_release(void)
{
#ifdef WATCH_SYSV
	if (ipc_own && !boot_ipc) {
		sysv_objects(true);
	}
#endif
}

bool altair_eval_template_watch_scratch_touched(void)
{
	return touched;
}

bool altair_eval_template_watch_cpu_spent(long budget_seconds)
{
	struct rusage usage;

	return getrusage(RUSAGE_SELF, &usage) == 0 && usage.ru_utime.tv_sec + usage.ru_stime.tv_sec >= budget_seconds;
}

void altair_eval_template_watch_close_in_worker(void)
{
	if (events_fd >= 0) {
		close(events_fd);
		events_fd = -1;
	}
}
