/*
 * Lockdown step 5, the private filesystem view (see lockdown/internal.h for the other steps), built
 * the way bubblewrap's setup_newroot does it, after the namespaces and before Landlock:
 *
 *   unshare(CLONE_NEWNS) (in a user namespace without CAP_SYS_ADMIN), nothing propagates back
 *   a staging tmpfs on /tmp, pivot_root into it: the host tree is now /oldroot, the view /newroot
 *   /newroot: a tmpfs, then one small operation per entry of the table below
 *     the project            bind, read-only unless writes are allowed
 *     each read path         bind read-only (the runtime, its libraries and ini, zoneinfo...)
 *     each unix endpoint     bind (the only host sockets that exist in the view)
 *     /dev                   a tmpfs with null, zero, full, random, urandom bound in
 *     /proc/self             the process's own /proc entry, nothing else of /proc
 *     <scratch base>         a tmpfs capped in bytes and inodes, holding only this evaluation's
 *                            scratch dir, with snippet.php copied in from the host's
 *   the view's root made read-only, pivot_root into /newroot with the staging root (host tree
 *   included) put beneath /proc/.host and covered by a sealed empty tmpfs, chdir back
 *
 * Binds are not recursive: a mount beneath a bound path is not in the view. /proc: a fresh procfs
 * needs a PID namespace, which needs the guest to become pid 1 or to fork (and pid 1 ignores the
 * deadline's SIGTERM and RLIMIT_CPU's SIGXCPU); the process's own entry bound at /proc/self gives
 * the runtime what it reads (maps, fd, status) and no other process exists in the view.
 *
 * Warm: the template builds all of it but a worker's own /proc entry and scratch, once
 * (altair_eval_lockdown_mount_prepare); each forked worker then only enters a namespace of its own
 * (a copy of that small view), attaches its /proc entry and mounts its capped scratch.
 *
 * Before the first pivot a failure leaves the host view (noted, Landlock and seccomp still hold);
 * after it, a failure to bind the project or scratch stops the guest (-1).
 */

#include "mount.h"


#ifdef LOCKDOWN_MOUNTNS

static const char *const mount_devices[] = { "/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom" };


/* A small tmpfs at target (a path under /newroot), to be sealed read-only before leaving. */
static bool mount_small_tmpfs(mount_view *view, const char *target)
{
	if (view->sealed_count >= MOUNT_MAX_SEALED
		|| mount("tmpfs", target, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, MOUNT_SMALL_TMPFS) != 0) {
		return false;
	}
	snprintf(view->sealed[view->sealed_count++], PATH_MAX, "%s", target);
	return true;
}

bool altair_eval_lockdown_mount_fail(mount_view *view, const char *what, const char *path)
{
	altair_eval_lockdown_note(view->report, "mountns: %s %s: %s", what, path, strerror(errno));
	return false;
}

bool altair_eval_lockdown_mount_join(char *out, const char *prefix, const char *path)
{
	return (size_t) snprintf(out, PATH_MAX, "%s%s", prefix, path) < PATH_MAX;
}

/* Is path the same as, or beneath, a path already in the view? */
static bool mount_covered(const mount_view *view, const char *path)
{
	for (size_t i = 0; i < view->count; i++) {
		size_t length = strlen(view->bound[i]);
		if (strncmp(path, view->bound[i], length) == 0
			&& (path[length] == '\0' || path[length] == '/' || (length == 1 && view->bound[i][0] == '/'))) {
			return true;
		}
	}
	return false;
}

/* Is anything already bound strictly beneath path (a view path, "" for the root)? */
static bool mount_holds_beneath(const mount_view *view, const char *path)
{
	size_t length = strlen(path);

	for (size_t i = 0; i < view->count; i++) {
		if (strncmp(view->bound[i], path, length) == 0 && view->bound[i][length] == '/') {
			return true;
		}
	}
	return false;
}

/* mkdir -p of a path inside /newroot. A component that cannot be made because it lies in a
 * read-only bind gets a small tmpfs over its parent (as bubblewrap's --tmpfs), once. */
bool altair_eval_lockdown_mount_make_dirs(mount_view *view, const char *path)
{
	char partial[PATH_MAX];
	size_t prefix = strlen(MOUNT_NEW);

	if (!altair_eval_lockdown_mount_join(partial, MOUNT_NEW, path)) {
		errno = ENAMETOOLONG;
		return false;
	}
	for (char *slash = partial + prefix + 1; ; slash++) {
		bool last = *slash == '\0';
		if (*slash != '/' && !last) {
			continue;
		}
		*slash = '\0';
		if (mkdir(partial, 0755) != 0 && errno != EEXIST) {
			char *parent = strrchr(partial, '/');
			if (errno != EROFS || parent <= partial + prefix) {
				return false;
			}
			*parent = '\0';
			/* Never over something already bound beneath it (it would vanish from the view). */
			bool covered = !mount_holds_beneath(view, partial + prefix) && mount_small_tmpfs(view, partial);
			*parent = '/';
			if (!covered || mkdir(partial, 0755) != 0) {
				return false;
			}
		}
		if (last) {
			return true;
		}
		*slash = '/';
	}
}

/* The mountpoint for a bind: a directory, or an empty file for anything else. */
static bool mount_make_point(mount_view *view, const char *path, bool directory)
{
	char target[PATH_MAX], parent[PATH_MAX];
	char *slash;
	int fd;

	if (directory) {
		return altair_eval_lockdown_mount_make_dirs(view, path);
	}
	snprintf(parent, sizeof(parent), "%s", path);
	slash = strrchr(parent, '/');
	if (slash && slash != parent) {
		*slash = '\0';
		if (!altair_eval_lockdown_mount_make_dirs(view, parent)) {
			return false;
		}
	}
	if (!altair_eval_lockdown_mount_join(target, MOUNT_NEW, path)) {
		errno = ENAMETOOLONG;
		return false;
	}
	fd = open(target, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0444);
	if (fd < 0) {
		return errno == EEXIST;
	}
	close(fd);
	return true;
}

/* The flags a read-only remount must keep: in a user namespace the source's are locked. */
static unsigned long mount_kept_flags(const char *target)
{
	struct statvfs info;
	unsigned long flags = 0;

	if (statvfs(target, &info) != 0) {
		return 0;
	}
	flags |= (info.f_flag & ST_NOSUID) ? MS_NOSUID : 0;
	flags |= (info.f_flag & ST_NODEV) ? MS_NODEV : 0;
	flags |= (info.f_flag & ST_NOEXEC) ? MS_NOEXEC : 0;
	flags |= (info.f_flag & ST_NOATIME) ? MS_NOATIME : 0;
	flags |= (info.f_flag & ST_NODIRATIME) ? MS_NODIRATIME : 0;
	flags |= (info.f_flag & ST_RELATIME) ? MS_RELATIME : 0;
	return flags;
}

/* Binds host path (seen at /oldroot/path) at the same path in the view. */
static bool mount_bind(mount_view *view, const char *path, bool writable)
{
	char source[PATH_MAX], target[PATH_MAX];
	struct stat info;

	if (!altair_eval_lockdown_mount_join(source, MOUNT_OLD, path) || !altair_eval_lockdown_mount_join(target, MOUNT_NEW, path)) {
		errno = ENAMETOOLONG;
		return altair_eval_lockdown_mount_fail(view, "path too long:", path);
	}
	if (stat(source, &info) != 0) {
		return altair_eval_lockdown_mount_fail(view, "source", path);
	}
	if (!mount_make_point(view, path, S_ISDIR(info.st_mode))) {
		return altair_eval_lockdown_mount_fail(view, "mountpoint", path);
	}
	if (mount(source, target, NULL, MS_BIND, NULL) != 0) {
		/* In a user namespace, mounts beneath the source are locked to it: only a recursive bind
		 * is allowed. They come along (the view's own /dev and /proc tmpfs still cover those). */
		if (errno != EINVAL || mount(source, target, NULL, MS_BIND | MS_REC, NULL) != 0) {
			return altair_eval_lockdown_mount_fail(view, "bind", path);
		}
		altair_eval_lockdown_note(view->report, "mountns: %s has mounts beneath it that come along (user namespace)", path);
	}
	if (!writable && mount(NULL, target, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | mount_kept_flags(target), NULL) != 0) {
		umount2(target, MNT_DETACH);
		return altair_eval_lockdown_mount_fail(view, "read-only", path);
	}
	if (view->count < sizeof(view->bound) / sizeof(view->bound[0])) {
		view->bound[view->count++] = path;
	}
	return true;
}

/* A read path: skipped when missing or already in the view; a symbolic link is recreated as such
 * and its target bound in its place. */
static void mount_read_path(mount_view *view, const char *path)
{
	char source[PATH_MAX], link[PATH_MAX], target[PATH_MAX];
	struct stat info;
	ssize_t length;

	if (!path || path[0] != '/' || mount_covered(view, path) || !altair_eval_lockdown_mount_join(source, MOUNT_OLD, path)
		|| lstat(source, &info) != 0) {
		return;
	}
	if (!S_ISLNK(info.st_mode)) {
		mount_bind(view, path, false);
		return;
	}
	length = readlink(source, link, sizeof(link) - 1);
	if (length > 0 && mount_make_point(view, path, false) && altair_eval_lockdown_mount_join(target, MOUNT_NEW, path)) {
		link[length] = '\0';
		unlink(target);
		if (symlink(link, target) != 0) {
			altair_eval_lockdown_mount_fail(view, "symlink", path);
		}
	}
	/* The link's final target, as the host resolves it (realpath of /oldroot/path, minus /oldroot). */
	if (realpath(source, link) && strncmp(link, MOUNT_OLD "/", strlen(MOUNT_OLD "/")) == 0
		&& !mount_covered(view, link + strlen(MOUNT_OLD))) {
		/* The bound table keeps pointers: resolved targets are few, kept in static storage. */
		static char resolved[ALTAIR_EVAL_LOCKDOWN_MAX_PATHS][PATH_MAX];
		static size_t used;
		if (used < ALTAIR_EVAL_LOCKDOWN_MAX_PATHS) {
			snprintf(resolved[used], PATH_MAX, "%s", link + strlen(MOUNT_OLD));
			mount_bind(view, resolved[used++], false);
		}
	}
}

/* /dev: a tmpfs with the harmless devices bound in (creating device nodes needs privileges a user
 * namespace does not give). */
static void mount_devices_view(mount_view *view)
{
	char target[PATH_MAX];

	if (!altair_eval_lockdown_mount_make_dirs(view, "/dev") || !altair_eval_lockdown_mount_join(target, MOUNT_NEW, "/dev") || !mount_small_tmpfs(view, target)) {
		altair_eval_lockdown_mount_fail(view, "tmpfs", "/dev");
		return;
	}
	for (size_t i = 0; i < sizeof(mount_devices) / sizeof(mount_devices[0]); i++) {
		mount_bind(view, mount_devices[i], true);
	}
}

/* /proc: a small tmpfs holding the mountpoint of the process's own entry and the hidden dir. */
static bool mount_proc_dir(mount_view *view)
{
	char target[PATH_MAX];

	if (!altair_eval_lockdown_mount_make_dirs(view, "/proc") || !altair_eval_lockdown_mount_join(target, MOUNT_NEW, "/proc") || !mount_small_tmpfs(view, target)
		|| mkdir(MOUNT_NEW MOUNT_HIDDEN, 0) != 0 || !altair_eval_lockdown_mount_make_dirs(view, "/proc/self")) {
		return altair_eval_lockdown_mount_fail(view, "tmpfs", "/proc");
	}
	view->bound[view->count++] = "/proc";
	return true;
}

/* /proc/self: this process's own entry only (seen on the host at /oldroot/proc/<pid>). */
static void mount_proc_self(mount_view *view)
{
	char source[PATH_MAX];

	snprintf(source, sizeof(source), MOUNT_OLD "/proc/%ld", (long) getpid());
	if (mount(source, MOUNT_NEW "/proc/self", NULL, MS_BIND, NULL) != 0) {
		altair_eval_lockdown_mount_fail(view, "own entry", "/proc/self");
	}
}

/* From the start of from, whatever its offset (a warm request's memfd: its offset is shared with
 * the host, which may send it again). */
static bool mount_copy_file(int from, int to)
{
	char buffer[MOUNT_COPY_CHUNK];
	ssize_t length;
	off_t offset = 0;

	bool stream = false;

	/* A file from its start whatever its offset; a pipe (a warm request's snippet) as it comes. */
	while ((length = stream ? read(from, buffer, sizeof(buffer)) : pread(from, buffer, sizeof(buffer), offset)) != 0) {
		if (length < 0 && errno == EINTR) {
			continue;
		}
		if (length < 0 && errno == ESPIPE && !stream) {
			stream = true;
			continue;
		}
		if (length < 0) {
			return false;
		}
		offset += length;
		for (ssize_t done = 0; done < length; ) {
			ssize_t written = write(to, buffer + done, (size_t) (length - done));
			if (written < 0 && errno == EINTR) {
				continue;
			}
			if (written <= 0) {
				return false;
			}
			done += written;
		}
	}
	return true;
}

/* tmpfs options of the scratch base: capped in bytes and inodes, owner-only. */
void altair_eval_lockdown_mount_scratch_options(char *options, size_t size)
{
	snprintf(options, size, "mode=0700,size=%lu,nr_inodes=%lu",
		(unsigned long) ALTAIR_EVAL_SCRATCH_MAX_BYTES, (unsigned long) ALTAIR_EVAL_SCRATCH_MAX_INODES);
}

/* snippet.php from the host's scratch dir (from, already open) into the view's (target dir). */
bool altair_eval_lockdown_mount_copy_snippet(int from, const char *target_dir)
{
	char target[PATH_MAX];
	int to;
	bool copied;

	snprintf(target, sizeof(target), "%s/snippet.php", target_dir);
	to = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	copied = from >= 0 && to >= 0 && mount_copy_file(from, to);
	if (from >= 0) {
		close(from);
	}
	if (to >= 0) {
		close(to);
	}
	return copied;
}

/* The scratch base becomes a tmpfs capped in bytes and inodes, holding only this evaluation's
 * scratch dir; the host's snippet.php is copied in (nothing else of the host's dir is). */
static bool mount_scratch(mount_view *view, const char *scratch, altair_eval_lockdown_report *report)
{
	char base[PATH_MAX], target[PATH_MAX], source[PATH_MAX], options[128];

	snprintf(base, sizeof(base), "%s", scratch);
	char *slash = strrchr(base, '/');
	if (!slash || slash == base) {
		errno = EINVAL;
		return altair_eval_lockdown_mount_fail(view, "scratch", scratch);
	}
	*slash = '\0';
	altair_eval_lockdown_mount_scratch_options(options, sizeof(options));
	if (!altair_eval_lockdown_mount_make_dirs(view, base) || !altair_eval_lockdown_mount_join(target, MOUNT_NEW, base)
		|| mount("tmpfs", target, "tmpfs", MS_NOSUID | MS_NODEV, options) != 0
		|| !altair_eval_lockdown_mount_make_dirs(view, scratch) || !altair_eval_lockdown_mount_join(target, MOUNT_NEW, scratch) || chmod(target, 0700) != 0
		|| !altair_eval_lockdown_mount_join(source, MOUNT_OLD, scratch)) {
		return altair_eval_lockdown_mount_fail(view, "scratch", scratch);
	}
	strncat(source, "/snippet.php", sizeof(source) - strlen(source) - 1);
	if (!altair_eval_lockdown_mount_copy_snippet(open(source, O_RDONLY | O_NOFOLLOW | O_CLOEXEC), target)) {
		return altair_eval_lockdown_mount_fail(view, "snippet", source);
	}
	report->scratch_capped = true;
	return true;
}

/* Into a fresh mount namespace whose changes never reach the host. */
static bool mount_enter(altair_eval_lockdown_report *report)
{
	if (!altair_eval_lockdown_unshare(CLONE_NEWNS, "mountns", report)) {
		return false;
	}
	if (mount(NULL, "/", NULL, MS_REC | MS_SLAVE, NULL) != 0) {
		altair_eval_lockdown_note(report, "mountns: private propagation: %s", strerror(errno));
		return false;
	}
	return true;
}

/* The staging root: a tmpfs on /tmp with /newroot (itself a tmpfs) and /oldroot in it. */
static bool mount_stage(altair_eval_lockdown_report *report)
{
	if (mount("tmpfs", MOUNT_STAGING, "tmpfs", MS_NOSUID | MS_NODEV, MOUNT_SMALL_TMPFS) != 0
		|| mkdir(MOUNT_STAGING MOUNT_NEW, 0755) != 0 || mkdir(MOUNT_STAGING MOUNT_OLD, 0755) != 0
		|| mount("tmpfs", MOUNT_STAGING MOUNT_NEW, "tmpfs", MS_NOSUID | MS_NODEV, MOUNT_SMALL_TMPFS) != 0) {
		altair_eval_lockdown_note(report, "mountns: staging tmpfs: %s", strerror(errno));
		return false;
	}
	if (syscall(SYS_pivot_root, MOUNT_STAGING, MOUNT_STAGING MOUNT_OLD) != 0 || chdir("/") != 0) {
		altair_eval_lockdown_note(report, "mountns: pivot_root: %s", strerror(errno));
		return false;
	}
	return true;
}

/* The view's root read-only, the host tree gone, and /newroot the root. */
bool altair_eval_lockdown_mount_leave(const mount_view *view, const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	for (size_t i = view->sealed_count; i-- > 0; ) {
		/* MS_BIND: this mount only, never its superblock (with a project root of / the view's root
		 * is the host's root file system). */
		if (mount(NULL, view->sealed[i], NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0) {
			altair_eval_lockdown_note(report, "mountns: read-only %s: %s", view->sealed[i] + strlen(MOUNT_NEW), strerror(errno));
			return false;
		}
	}
	/* No umount: each one waits for an RCU grace period (milliseconds). The staging root, with the
	 * host tree in it, goes beneath /.host in the view and a sealed tmpfs covers it; unmounting
	 * that cover is what seccomp (umount2) and Landlock (any mount change) refuse. */
	if (mount(NULL, MOUNT_NEW, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | mount_kept_flags(MOUNT_NEW), NULL) != 0
		|| mount(NULL, MOUNT_OLD, NULL, MS_REC | MS_PRIVATE, NULL) != 0
		|| syscall(SYS_pivot_root, MOUNT_NEW, MOUNT_NEW MOUNT_HIDDEN) != 0 || chdir("/") != 0
		|| mount("tmpfs", MOUNT_HIDDEN, "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, MOUNT_COVER_TMPFS) != 0) {
		altair_eval_lockdown_note(report, "mountns: leaving the staging root: %s", strerror(errno));
		return false;
	}
	if (policy->project_root && chdir(policy->project_root) != 0) {
		altair_eval_lockdown_note(report, "mountns: chdir %s: %s", policy->project_root, strerror(errno));
	}
	return true;
}

#endif /* LOCKDOWN_MOUNTNS */

#ifdef LOCKDOWN_MOUNTNS
/* Less free space than this in scratch counts as full: the write that failed asked for more. */
# define MOUNT_FULL_SLACK_BYTES (64 * 1024)

#endif

bool altair_eval_lockdown_scratch_full(const char *scratch_dir)
{
#ifdef LOCKDOWN_MOUNTNS
	struct statvfs info;

	return scratch_dir && statvfs(scratch_dir, &info) == 0
		&& (info.f_favail == 0 || (unsigned long long) info.f_bavail * info.f_frsize < MOUNT_FULL_SLACK_BYTES);
#else
	(void) scratch_dir;
	return false;
#endif
}

#ifdef LOCKDOWN_MOUNTNS

/* The policy's read paths that lie above the project root, or all the others. */
static void mount_read_paths(mount_view *view, const altair_eval_lockdown_policy *policy, bool above_project)
{
	size_t root_length = strlen(policy->project_root);

	for (size_t i = 0; i < policy->read_path_count && i < ALTAIR_EVAL_LOCKDOWN_MAX_PATHS; i++) {
		const char *path = policy->read_paths[i];
		size_t length = path ? strlen(path) : 0;
		bool above = length > 0 && length < root_length && strncmp(policy->project_root, path, length) == 0
			&& (policy->project_root[length] == '/' || length == 1);
		if (path && above == above_project) {
			mount_read_path(view, path);
		}
	}
}

/* Everything of the view but the run's own /proc entry and scratch: 1 when built (still staged),
 * 0 when the host view stays (noted), -1 when it was half built. */
int altair_eval_lockdown_mount_skeleton(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report, mount_view *view)
{
	memset(view, 0, sizeof(*view));
	view->report = report;
	if (!policy->project_root || !policy->scratch_dir) {
		altair_eval_lockdown_note(report, "mountns: no project root or scratch dir given");
		return 0;
	}
	if (!mount_enter(report) || !mount_stage(report)) {
		/* Still the host's tree, in a namespace of our own: the other layers hold as before. */
		return 0;
	}
	/* A read path above the project (an include_path of /srv, say) goes first, so that the
	 * project's own bind, with its own rights, lands on top of it. */
	mount_read_paths(view, policy, true);
	if (!mount_bind(view, policy->project_root, policy->allow_writes)) {
		return -1;
	}
	mount_devices_view(view);
	if (!mount_proc_dir(view)) {
		return -1;
	}
	mount_read_paths(view, policy, false);
	for (size_t i = 0; i < policy->socket_path_count && i < ALTAIR_EVAL_LOCKDOWN_MAX_SOCKETS; i++) {
		if (!mount_covered(view, policy->socket_paths[i])) {
			mount_bind(view, policy->socket_paths[i], true);
		}
	}
	return 1;
}

/* Where the host put this view's relay listeners and hosts file: a warm template's own directory,
 * else the scratch dir (runner/relay.c, runner/warm.c). */
static const char *mount_relay_source(const altair_eval_lockdown_policy *policy)
{
	return policy->relay_dir ? policy->relay_dir : policy->scratch_dir;
}

/* The database relay's Unix sockets (docs/ARCHITECTURE.md, "The database relay"): the host's
 * listener <dir>/relay-<n>.sock bound over the path the app names, its parents made in the view (a
 * link on the host such as /var/run -> /run does not matter: the view has the literal path). One
 * that cannot be bound is noted, and that path leads nowhere: something already there (a real
 * socket inside a bound directory, say the project) is covered by the view's /dev/null. */
static void mount_relay_sockets(mount_view *view, const altair_eval_lockdown_policy *policy)
{
	for (size_t i = 0; i < policy->relay_socket_count && i < ALTAIR_EVAL_LOCKDOWN_MAX_RELAY; i++) {
		char host[PATH_MAX], source[PATH_MAX], target[PATH_MAX];
		const char *path = policy->relay_socket_paths[i];
		struct stat info;
		bool existed;

		snprintf(host, sizeof(host), ALTAIR_EVAL_RELAY_SOCKET_FORMAT, mount_relay_source(policy), i);
		if (!altair_eval_lockdown_mount_join(source, MOUNT_OLD, host) || !altair_eval_lockdown_mount_join(target, MOUNT_NEW, path)) {
			altair_eval_lockdown_note(view->report, "relay: the socket %s could not be placed in the view: %s", path, strerror(ENAMETOOLONG));
			continue;
		}
		existed = lstat(target, &info) == 0;
		if ((!existed && !mount_make_point(view, path, false))
			|| (existed && (S_ISDIR(info.st_mode) || S_ISLNK(info.st_mode)) && (errno = EEXIST))
			|| mount(source, target, NULL, MS_BIND, NULL) != 0) {
			altair_eval_lockdown_note(view->report, "relay: the socket %s could not be placed in the view: %s", path, strerror(errno));
			if (existed && !S_ISDIR(info.st_mode) && !S_ISLNK(info.st_mode)
				&& mount(MOUNT_NEW "/dev/null", target, NULL, MS_BIND, NULL) != 0) {
				altair_eval_lockdown_note(view->report, "relay: %s could not be covered either: %s", path, strerror(errno));
			}
			continue;
		}
		if (view->count < sizeof(view->bound) / sizeof(view->bound[0])) {
			view->bound[view->count++] = path;
		}
	}
}

/* Declared host names: the host's hosts file with the relay's addresses, over /etc/hosts. */
static void mount_relay_hosts(mount_view *view, const altair_eval_lockdown_policy *policy)
{
	char host[PATH_MAX], source[PATH_MAX], target[PATH_MAX];
	struct stat info;

	if (!policy->relay_hosts) {
		return;
	}
	snprintf(host, sizeof(host), "%s/" ALTAIR_EVAL_RELAY_HOSTS_FILE, mount_relay_source(policy));
	if (!altair_eval_lockdown_mount_join(source, MOUNT_OLD, host) || !altair_eval_lockdown_mount_join(target, MOUNT_NEW, "/etc/hosts")
		|| (lstat(target, &info) != 0 && !mount_make_point(view, "/etc/hosts", false))
		|| (lstat(target, &info) == 0 && !S_ISREG(info.st_mode))
		|| mount(source, target, NULL, MS_BIND, NULL) != 0
		|| mount(NULL, target, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | mount_kept_flags(target), NULL) != 0) {
		altair_eval_lockdown_note(view->report, "relay: the declared host names could not be given to the view: %s", strerror(errno));
	}
}

/* The CA files the app names for its databases' TLS (docs/relay.md, "TLS"): the host's copy with
 * the relay's CA added, relay-ca-<n>.pem, read-only over the n-th path, its parents made in the
 * view; over a file the view already binds (one inside the project) too. */
static void mount_relay_ca(mount_view *view, const altair_eval_lockdown_policy *policy)
{
	for (size_t i = 0; i < policy->relay_ca_count && i < ALTAIR_EVAL_LOCKDOWN_MAX_RELAY_CA; i++) {
		char host[PATH_MAX], source[PATH_MAX], target[PATH_MAX];
		const char *path = policy->relay_ca_paths[i];
		struct stat info;

		snprintf(host, sizeof(host), ALTAIR_EVAL_RELAY_CA_FORMAT, mount_relay_source(policy), i);
		if (!altair_eval_lockdown_mount_join(source, MOUNT_OLD, host) || !altair_eval_lockdown_mount_join(target, MOUNT_NEW, path)
			|| (lstat(target, &info) != 0 && !mount_make_point(view, path, false))
			|| (lstat(target, &info) == 0 && !S_ISREG(info.st_mode) && (errno = EISDIR))
			|| mount(source, target, NULL, MS_BIND, NULL) != 0
			|| mount(NULL, target, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | mount_kept_flags(target), NULL) != 0) {
			altair_eval_lockdown_note(view->report, "relay: the CA file %s could not hold the relay's CA in the view: %s", path,
				strerror(errno));
		}
	}
}

/* All three, into a view being built: a cold child's, or a warm template's once for all its workers. */
void altair_eval_lockdown_mount_relay(mount_view *view, const altair_eval_lockdown_policy *policy)
{
	mount_relay_sockets(view, policy);
	mount_relay_hosts(view, policy);
	mount_relay_ca(view, policy);
}

/* A cold child: the whole view, then its own entry and scratch. */
int altair_eval_lockdown_mount_build(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	mount_view view;
	int status = altair_eval_lockdown_mount_skeleton(policy, report, &view);

	if (status <= 0) {
		return status;
	}
	mount_proc_self(&view);
	altair_eval_lockdown_mount_relay(&view, policy);
	if (!mount_scratch(&view, policy->scratch_dir, report)) {
		return -1;
	}
	if (policy->project_overlay) {
		char base[PATH_MAX];

		snprintf(base, sizeof(base), "%s", policy->scratch_dir);
		*strrchr(base, '/') = '\0'; /* mount_scratch checked it has a parent */
		altair_eval_lockdown_mount_overlay(MOUNT_NEW, policy->project_root, base, report);
	}
	if (!altair_eval_lockdown_mount_leave(&view, policy, report)) {
		return -1;
	}
	report->mountns = report->view = true;
	return 0;
}

#endif /* LOCKDOWN_MOUNTNS */

