/*
 * The private view for warm workers (see lockdown/mount.h): the template builds everything but a
 * worker's own /proc entry and scratch once, before any project code (the database relay's sockets
 * and hosts file included: the host keeps them per template, runner/warm.c); each forked worker
 * enters a namespace of its own (a copy of that small view), attaches its /proc entry and mounts
 * its capped scratch with its snippet. A booted template that could build no view (a container)
 * keeps its scratch in its own dir on disk instead, and its workers make theirs inside it.
 */

#include "mount.h"

#ifdef LOCKDOWN_MOUNTNS

/* In the template (and inherited by its workers): the host's /proc and scratch base, opened before
 * the host tree was hidden; each worker takes its own entry and snippet through them and closes
 * them before any user code runs. */
static int mount_host_proc_fd = -1;
static int mount_host_base_fd = -1;
static char mount_base[PATH_MAX];
/* The template built its view (its workers inherit the answer; the handles above they close). */
static bool mount_view_built;

# ifndef OPEN_TREE_CLONE
#  define OPEN_TREE_CLONE 1
# endif
# ifndef MOVE_MOUNT_F_EMPTY_PATH
#  define MOVE_MOUNT_F_EMPTY_PATH 0x00000004
# endif
# ifndef SYS_open_tree
#  define SYS_open_tree 428
# endif
# ifndef SYS_move_mount
#  define SYS_move_mount 429
# endif

int altair_eval_lockdown_mount_template(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	char source[PATH_MAX];
	mount_view view;
	int status = altair_eval_lockdown_mount_skeleton(policy, report, &view);

	if (status <= 0) {
		return status;
	}
	/* The template's scratch dir is the base of every worker's (runner/scratch.c). */
	snprintf(mount_base, sizeof(mount_base), "%s", policy->scratch_dir);
	if (!altair_eval_lockdown_mount_make_dirs(&view, mount_base) || !altair_eval_lockdown_mount_join(source, MOUNT_OLD, mount_base)
		|| (mount_host_base_fd = open(source, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0
		|| (mount_host_proc_fd = open(MOUNT_OLD "/proc", O_PATH | O_DIRECTORY | O_CLOEXEC)) < 0) {
		altair_eval_lockdown_mount_fail(&view, "scratch base", mount_base);
		return -1;
	}
	/* The database relay's sockets and hosts file: the template's own, from the host's directory for
	 * it (runner/warm.c), bound once for every worker, booted ones included (they cannot mount). */
	altair_eval_lockdown_mount_relay(&view, policy);
	if (!altair_eval_lockdown_mount_leave(&view, policy, report)) {
		return -1;
	}
	report->view = true;
	mount_view_built = true;
	return 0;
}

static void mount_close_host_fds(void)
{
	if (mount_host_proc_fd >= 0) {
		close(mount_host_proc_fd);
		mount_host_proc_fd = -1;
	}
	if (mount_host_base_fd >= 0) {
		close(mount_host_base_fd);
		mount_host_base_fd = -1;
	}
}

/* Where a worker's snippet comes from: the descriptor its request brought (a memfd, or the host's
 * file opened read-only), else <name>/snippet.php beneath the host's base (private to the user, see
 * runner/scratch.c). Owned by the caller, which closes it. */
static int mount_snippet_source(const altair_eval_lockdown_policy *policy, const char *name)
{
	char source[PATH_MAX];

	if (policy->snippet_fd > STDERR_FILENO) {
		return policy->snippet_fd;
	}
	snprintf(source, sizeof(source), "%s/snippet.php", name);
	return openat(mount_host_base_fd, source, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
}

/* A worker: a namespace of its own (a copy of the template's small view), its /proc entry and its
 * capped scratch with the snippet. */
int altair_eval_lockdown_mount_worker(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	char pid[32], options[128];
	size_t base_length = strlen(mount_base);
	const char *scratch = policy->scratch_dir;
	ssize_t length;
	int tree;

	/* The clone of its own entry is made while the host's /proc is still in this namespace (the
	 * template's); a detached tree may then be attached in the new one. Its name there is what that
	 * /proc's "self" says: in a template's PID namespace (runner/warm.c) getpid() is another number. */
	length = readlinkat(mount_host_proc_fd, "self", pid, sizeof(pid) - 1);
	pid[length > 0 ? length : 0] = '\0';
	tree = length > 0 ? (int) syscall(SYS_open_tree, mount_host_proc_fd, pid, OPEN_TREE_CLONE | O_CLOEXEC) : -1;
	if (!scratch || strncmp(scratch, mount_base, base_length) != 0 || scratch[base_length] != '/'
		|| !altair_eval_lockdown_unshare(CLONE_NEWNS, "mountns", report)
		|| mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) {
		altair_eval_lockdown_note(report, "mountns: worker view: %s", strerror(errno));
		mount_close_host_fds();
		if (tree >= 0) {
			close(tree);
		}
		return -1;
	}
	if (tree < 0 || syscall(SYS_move_mount, tree, "", AT_FDCWD, "/proc/self", MOVE_MOUNT_F_EMPTY_PATH) != 0) {
		altair_eval_lockdown_note(report, "mountns: own entry /proc/self: %s", strerror(errno));
	}
	if (tree >= 0) {
		close(tree);
	}
	altair_eval_lockdown_mount_scratch_options(options, sizeof(options));
	if (mount("tmpfs", mount_base, "tmpfs", MS_NOSUID | MS_NODEV, options) != 0 || mkdir(scratch, 0700) != 0
		|| !altair_eval_lockdown_mount_copy_snippet(mount_snippet_source(policy, scratch + base_length + 1), scratch)) {
		altair_eval_lockdown_note(report, "mountns: worker scratch: %s", strerror(errno));
		mount_close_host_fds();
		return -1;
	}
	mount_close_host_fds();
	if (policy->project_overlay) {
		altair_eval_lockdown_mount_overlay("", policy->project_root, mount_base, report);
	}
	report->mountns = report->view = true;
	report->scratch_capped = true;
	return 0;
}

bool altair_eval_lockdown_mount_prepared(void)
{
	return mount_host_base_fd >= 0;
}

/* In a PID namespace of its own (runner/warm.c: the template is pid 1 there), a /proc of that
 * namespace over the view's: /proc/self is then each worker's own entry, as a cold child has one,
 * although no worker can mount under the template's Landlock. Only pids (subset=pid: no /proc/sys,
 * no machine-wide files), and each process sees only the ones it could ptrace (hidepid=invisible):
 * under Landlock a worker cannot ptrace the template, whose domain is its parent's, nor another
 * worker, so it sees itself alone. Without the namespace, or where the kernel refuses this mount,
 * a booted worker has no entry, as before (docs/ARCHITECTURE.md, "Booted templates"). */
static void mount_booted_proc(void)
{
	if (getpid() == 1 && getppid() == 0) {
		(void) mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, "hidepid=invisible,subset=pid");
	}
}

/* Without a view (a container's seccomp profile refuses the mount namespace): the template's scratch
 * is its own dir on disk, which the host made for it beneath the scratch base (runner/warm.c) and
 * which Landlock will give it alone of that base. Checked before anything is written there: a
 * directory, no link, this user's, and nobody else's to enter. No size cap (RLIMIT_FSIZE still caps
 * each file): scratch_capped stays false. */
static bool mount_booted_template_dir(const char *dir, altair_eval_lockdown_report *report)
{
	struct stat info;
	int fd = dir && dir[0] == '/' ? open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1;
	bool own = fd >= 0 && fstat(fd, &info) == 0 && info.st_uid == geteuid() && (info.st_mode & (S_IRWXG | S_IRWXO)) == 0;

	if (fd >= 0) {
		close(fd);
	}
	if (!own || (size_t) snprintf(mount_base, sizeof(mount_base), "%s", dir) >= sizeof(mount_base)) {
		mount_base[0] = '\0';
		altair_eval_lockdown_note(report, "scratch: the template's own dir %s is not private to it%s%s", dir ? dir : "(none)",
			fd < 0 ? ": " : "", fd < 0 ? strerror(errno) : "");
		return false;
	}
	report->scratch_capped = false;
	return true;
}

/* A booted template (lockdown/booted.c): the capped scratch tmpfs is mounted once, on the base (the
 * template's own dir), and holds the boot's files and, one at a time, each worker's dir. The host's
 * /proc is not kept: no worker may mount or write sysctls once the template's Landlock is in force.
 * Without a view, that dir on disk holds them instead. */
bool altair_eval_lockdown_mount_booted_template(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	char options[128];

	if (!mount_view_built) {
		return mount_booted_template_dir(policy->scratch_dir, report);
	}
	altair_eval_lockdown_mount_scratch_options(options, sizeof(options));
	if (mount_base[0] != '/' || mount("tmpfs", mount_base, "tmpfs", MS_NOSUID | MS_NODEV, options) != 0) {
		altair_eval_lockdown_note(report, "mountns: template scratch %s: %s", mount_base, strerror(errno));
		return false;
	}
	if (mount_host_proc_fd >= 0) {
		close(mount_host_proc_fd);
		mount_host_proc_fd = -1;
	}
	report->scratch_capped = true;
	mount_booted_proc();
	return true;
}

/* A worker of a booted template: its scratch dir, one level beneath the base, inside the template's
 * tmpfs, with its snippet copied in from its request; then no handle on the host is left. */
bool altair_eval_lockdown_mount_booted_worker(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	size_t base_length = strlen(mount_base);
	const char *scratch = policy->scratch_dir;
	bool made;

	made = scratch && strncmp(scratch, mount_base, base_length) == 0 && scratch[base_length] == '/'
		&& scratch[base_length + 1] != '\0' && strchr(scratch + base_length + 1, '/') == NULL
		&& mkdir(scratch, 0700) == 0;
	if (made) {
		made = altair_eval_lockdown_mount_copy_snippet(mount_snippet_source(policy, scratch + base_length + 1), scratch);
	}
	if (!made) {
		altair_eval_lockdown_note(report, "mountns: worker scratch: %s", strerror(errno));
	}
	mount_close_host_fds();
	return made;
}

int altair_eval_lockdown_mount_host_base(void)
{
	return mount_host_base_fd;
}

const char *altair_eval_lockdown_mount_base(void)
{
	return mount_base;
}

bool altair_eval_lockdown_mount_view_built(void)
{
	return mount_view_built;
}

int altair_eval_lockdown_mount_host_proc(void)
{
	return mount_host_proc_fd;
}

#else

int altair_eval_lockdown_mount_host_proc(void)
{
	return -1;
}

bool altair_eval_lockdown_mount_view_built(void)
{
	return false;
}

int altair_eval_lockdown_mount_host_base(void)
{
	return -1;
}

#endif /* LOCKDOWN_MOUNTNS */
