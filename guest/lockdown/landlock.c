/*
 * Lockdown step 5, Landlock (see lockdown/internal.h for the other steps): the filesystem rules,
 * TCP port rules (ABI >= 4) and scoping of signals and abstract unix sockets (ABI >= 6).
 */
#include "internal.h"

#ifdef LOCKDOWN_POSIX

/* ---- 5. Landlock ----------------------------------------------------------------------------- */

#ifdef LOCKDOWN_LANDLOCK

/* The uapi as of ABI 7, for system headers older than the running kernel (bookworm ships ABI 2). */
# ifndef LANDLOCK_ACCESS_FS_REFER
#  define LANDLOCK_ACCESS_FS_REFER (1ULL << 13)
# endif
# ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#  define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)
# endif
# ifndef LANDLOCK_ACCESS_FS_IOCTL_DEV
#  define LANDLOCK_ACCESS_FS_IOCTL_DEV (1ULL << 15)
# endif
# ifndef LANDLOCK_ACCESS_NET_BIND_TCP
#  define LANDLOCK_ACCESS_NET_BIND_TCP (1ULL << 0)
# endif
# ifndef LANDLOCK_ACCESS_NET_CONNECT_TCP
#  define LANDLOCK_ACCESS_NET_CONNECT_TCP (1ULL << 1)
# endif
# ifndef LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET
#  define LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)
# endif
# ifndef LANDLOCK_SCOPE_SIGNAL
#  define LANDLOCK_SCOPE_SIGNAL (1ULL << 1)
# endif
/* The syscall numbers are the same on every architecture. */
/* enum landlock_rule_type and struct landlock_net_port_attr as of ABI 4. */
# define LOCKDOWN_LANDLOCK_RULE_NET_PORT 2
typedef struct {
	uint64_t allowed_access;
	uint64_t port;
} lockdown_landlock_net_port_attr;
# ifndef __NR_landlock_create_ruleset
#  define __NR_landlock_create_ruleset 444
# endif
# ifndef __NR_landlock_add_rule
#  define __NR_landlock_add_rule 445
# endif
# ifndef __NR_landlock_restrict_self
#  define __NR_landlock_restrict_self 446
# endif

/* ABI 7 added only audit-log flags; a newer kernel is used at this level, whose rights we know. */
# define LOCKDOWN_LANDLOCK_ABI_KNOWN 7
# define LOCKDOWN_LANDLOCK_ABI_REFER 2
# define LOCKDOWN_LANDLOCK_ABI_TRUNCATE 3
# define LOCKDOWN_LANDLOCK_ABI_NET 4
# define LOCKDOWN_LANDLOCK_ABI_IOCTL_DEV 5
# define LOCKDOWN_LANDLOCK_ABI_SCOPED 6

/* struct landlock_ruleset_attr as of ABI 6; the kernel is told how much of it it may read. */
typedef struct {
	uint64_t handled_access_fs;
	uint64_t handled_access_net;
	uint64_t scoped;
} lockdown_landlock_ruleset_attr;

# define LOCKDOWN_FS_ABI1 ( \
	LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE \
	| LANDLOCK_ACCESS_FS_READ_DIR | LANDLOCK_ACCESS_FS_REMOVE_DIR | LANDLOCK_ACCESS_FS_REMOVE_FILE \
	| LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG \
	| LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_BLOCK \
	| LANDLOCK_ACCESS_FS_MAKE_SYM)
/* Rights that apply to a file (as opposed to a directory) rule. */
# define LOCKDOWN_FS_ON_FILES ( \
	LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE \
	| LANDLOCK_ACCESS_FS_TRUNCATE | LANDLOCK_ACCESS_FS_IOCTL_DEV)
/* Read beneath: open files for reading, list directories, map shared libraries executable. */
# define LOCKDOWN_FS_READ (LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR | LANDLOCK_ACCESS_FS_EXECUTE)
/* Write beneath: regular files, directories and symlinks; rename within; truncate. No device,
 * socket or fifo nodes. */
# define LOCKDOWN_FS_WRITE ( \
	LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_REMOVE_DIR | LANDLOCK_ACCESS_FS_REMOVE_FILE \
	| LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG | LANDLOCK_ACCESS_FS_MAKE_SYM \
	| LANDLOCK_ACCESS_FS_REFER | LANDLOCK_ACCESS_FS_TRUNCATE)
# define LOCKDOWN_FS_DEVICE_RW (LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_TRUNCATE)

/* Devices the runtime writes to: discarding output. Nothing else under /dev is writable. */
static const char *const lockdown_landlock_devices_rw[] = { "/dev/null" };

/* Adds "access beneath path" (or "access to file" when path is not a directory). A missing path is
 * skipped unless required; any other failure is noted. Returns false only on failure. */
static bool lockdown_landlock_allow(altair_eval_lockdown_report *report, int ruleset_fd, uint64_t handled_fs,
	const char *path, uint64_t access, bool required)
{
	struct landlock_path_beneath_attr rule;
	struct stat info;
	int fd = open(path, O_PATH | O_CLOEXEC);

	if (fd < 0) {
		if (!required && (errno == ENOENT || errno == ENOTDIR)) {
			return true;
		}
		altair_eval_lockdown_note(report, "landlock: %s: %s", path, strerror(errno));
		return false;
	}
	if (fstat(fd, &info) == 0 && !S_ISDIR(info.st_mode)) {
		access &= LOCKDOWN_FS_ON_FILES;
	}
	memset(&rule, 0, sizeof(rule));
	rule.allowed_access = access & handled_fs;
	rule.parent_fd = fd;
	if (syscall(__NR_landlock_add_rule, ruleset_fd, LANDLOCK_RULE_PATH_BENEATH, &rule, 0) != 0) {
		altair_eval_lockdown_note(report, "landlock: %s: %s", path, strerror(errno));
		close(fd);
		return false;
	}
	close(fd);
	return true;
}

static bool lockdown_landlock_rules(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report,
	int ruleset_fd, uint64_t handled_fs)
{
	uint64_t project_access = LOCKDOWN_FS_READ | (policy->allow_writes || report->project_overlay ? LOCKDOWN_FS_WRITE : 0);
	size_t i;

	if (policy->project_root == NULL
		|| !lockdown_landlock_allow(report, ruleset_fd, handled_fs, policy->project_root, project_access, true)) {
		return false;
	}
	if (policy->scratch_dir != NULL
		&& !lockdown_landlock_allow(report, ruleset_fd, handled_fs, policy->scratch_dir, LOCKDOWN_FS_READ | LOCKDOWN_FS_WRITE, true)) {
		return false;
	}
	/* A booted template: its workers copy their snippets from the host's scratch base (read only,
	 * through the descriptor the template kept: no path in the view leads there). Without a view it
	 * kept none: its workers' snippets come with their requests, and its own dir is its scratch. */
	if (policy->booted_template && altair_eval_lockdown_mount_view_built()) {
		struct landlock_path_beneath_attr rule;

		memset(&rule, 0, sizeof(rule));
		rule.allowed_access = (LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR) & handled_fs;
		rule.parent_fd = altair_eval_lockdown_mount_host_base();
		if (rule.parent_fd < 0 || syscall(__NR_landlock_add_rule, ruleset_fd, LANDLOCK_RULE_PATH_BENEATH, &rule, 0) != 0) {
			altair_eval_lockdown_note(report, "landlock: the host's scratch base: %s", strerror(errno));
			return false;
		}
	}
	/* A runtime path we cannot add is noted; the rest of the policy still holds (PHP may then fail
	 * to read it, which is visible, not a hole). */
	for (i = 0; i < policy->read_path_count && i < ALTAIR_EVAL_LOCKDOWN_MAX_PATHS; i++) {
		if (policy->read_paths[i] != NULL) {
			lockdown_landlock_allow(report, ruleset_fd, handled_fs, policy->read_paths[i], LOCKDOWN_FS_READ, false);
		}
	}
	/* The CA files that hold the relay's CA (lockdown/mount.c): read by the app's driver. */
	for (i = 0; i < policy->relay_ca_count && i < ALTAIR_EVAL_LOCKDOWN_MAX_RELAY_CA; i++) {
		lockdown_landlock_allow(report, ruleset_fd, handled_fs, policy->relay_ca_paths[i], LOCKDOWN_FS_READ, false);
	}
	for (i = 0; i < sizeof(lockdown_landlock_devices_rw) / sizeof(lockdown_landlock_devices_rw[0]); i++) {
		lockdown_landlock_allow(report, ruleset_fd, handled_fs, lockdown_landlock_devices_rw[i], LOCKDOWN_FS_DEVICE_RW, false);
	}
	return true;
}

/* Endpoints: TCP connect allowed to each allowlisted port (any host: Landlock has no address rules);
 * bind stays denied. A port that cannot be added stays closed, which is visible, not a hole. */
static bool lockdown_landlock_ports(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report, int ruleset_fd)
{
	lockdown_landlock_net_port_attr rule;
	bool all = true;

	for (size_t i = 0; i < policy->connect_port_count && i < ALTAIR_EVAL_LOCKDOWN_MAX_PORTS; i++) {
		memset(&rule, 0, sizeof(rule));
		rule.allowed_access = LANDLOCK_ACCESS_NET_CONNECT_TCP;
		/* A booted template's workers listen for the database relay in a network namespace of
		 * their own, under this ruleset (lockdown/namespaces.c). */
		if (policy->booted_template && policy->relay) {
			rule.allowed_access |= LANDLOCK_ACCESS_NET_BIND_TCP;
		}
		rule.port = policy->connect_ports[i];
		if (syscall(__NR_landlock_add_rule, ruleset_fd, LOCKDOWN_LANDLOCK_RULE_NET_PORT, &rule, 0) != 0) {
			altair_eval_lockdown_note(report, "landlock: TCP port %u: %s", (unsigned) policy->connect_ports[i], strerror(errno));
			all = false;
		}
	}
	return all;
}

#endif /* LOCKDOWN_LANDLOCK */

/* Deny by default on the filesystem: read the project and the runtime, write scratch only (and the
 * project with allow_writes). With ABI 4 TCP bind/connect are denied too, and with ABI 6 signals and
 * abstract unix sockets cannot leave the sandbox. The best ABI the kernel offers is used.
 * The ruleset is built first and enforced apart: a booted template's pooled worker builds its layer
 * before its request comes, which needs nothing of the request (lockdown/booted.c). */
void altair_eval_lockdown_landlock_prepare(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report,
	altair_eval_lockdown_landlock *ruleset)
{
	memset(ruleset, 0, sizeof(*ruleset));
	ruleset->fd = -1;
#ifdef LOCKDOWN_LANDLOCK
	lockdown_landlock_ruleset_attr attr;
	size_t attr_size = offsetof(lockdown_landlock_ruleset_attr, handled_access_net);
	int abi = (int) syscall(__NR_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
	int ruleset_fd;

	if (abi < 0) {
		altair_eval_lockdown_note(report, "landlock: %s", strerror(errno));
		return;
	}
	if (abi > LOCKDOWN_LANDLOCK_ABI_KNOWN) {
		abi = LOCKDOWN_LANDLOCK_ABI_KNOWN;
	}

	memset(&attr, 0, sizeof(attr));
	attr.handled_access_fs = LOCKDOWN_FS_ABI1;
	if (abi >= LOCKDOWN_LANDLOCK_ABI_REFER) {
		attr.handled_access_fs |= LANDLOCK_ACCESS_FS_REFER;
	}
	if (abi >= LOCKDOWN_LANDLOCK_ABI_TRUNCATE) {
		attr.handled_access_fs |= LANDLOCK_ACCESS_FS_TRUNCATE;
	}
	if (abi >= LOCKDOWN_LANDLOCK_ABI_IOCTL_DEV) {
		attr.handled_access_fs |= LANDLOCK_ACCESS_FS_IOCTL_DEV;
	}
	if (abi >= LOCKDOWN_LANDLOCK_ABI_NET) {
		/* Handled with no port rule: no TCP bind or connect at all. */
		attr.handled_access_net = policy->allow_network ? 0 : (LANDLOCK_ACCESS_NET_BIND_TCP | LANDLOCK_ACCESS_NET_CONNECT_TCP);
		attr_size = offsetof(lockdown_landlock_ruleset_attr, scoped);
	}
	if (abi >= LOCKDOWN_LANDLOCK_ABI_SCOPED) {
		attr.scoped = policy->allow_network ? 0 : (LANDLOCK_SCOPE_SIGNAL | LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET);
		/* A booted template's filter leaves signals to this scope (lockdown/seccomp.c). */
		attr.scoped |= policy->booted_template ? LANDLOCK_SCOPE_SIGNAL : 0;
		attr_size = sizeof(attr);
	}

	ruleset_fd = (int) syscall(__NR_landlock_create_ruleset, &attr, attr_size, 0);
	if (ruleset_fd < 0) {
		altair_eval_lockdown_note(report, "landlock: ABI %d ruleset: %s", abi, strerror(errno));
		return;
	}
	/* Without the project root (or scratch) the snippet could not even be read: do not enforce a
	 * half-built ruleset, report Landlock as absent instead. */
	if (!lockdown_landlock_rules(policy, report, ruleset_fd, attr.handled_access_fs)) {
		close(ruleset_fd);
		return;
	}
	ruleset->ports = attr.handled_access_net != 0 && policy->endpoints && lockdown_landlock_ports(policy, report, ruleset_fd);
	ruleset->fd = ruleset_fd;
	ruleset->abi = abi;
	ruleset->net = attr.handled_access_net != 0;
	ruleset->scoped = attr.scoped != 0;
#else
	(void) policy;
	altair_eval_lockdown_note(report, "landlock: not compiled in");
#endif
}

/* Enforces a prepared ruleset on this process (and closes it); the report says what holds. */
void altair_eval_lockdown_landlock_enforce(altair_eval_lockdown_landlock *ruleset, altair_eval_lockdown_report *report)
{
#ifdef LOCKDOWN_LANDLOCK
	if (ruleset->fd < 0) {
		return;
	}
	if (syscall(__NR_landlock_restrict_self, ruleset->fd, 0) != 0) {
		altair_eval_lockdown_note(report, "landlock: restrict_self: %s", strerror(errno));
	} else {
		report->landlock_abi = ruleset->abi;
		report->landlock_net = ruleset->net;
		report->landlock_scoped = ruleset->scoped;
		report->endpoint_ports = ruleset->ports;
	}
	close(ruleset->fd);
	ruleset->fd = -1;
#else
	(void) ruleset;
	(void) report;
#endif
}

void altair_eval_lockdown_landlock_apply(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report)
{
	altair_eval_lockdown_landlock ruleset;

	altair_eval_lockdown_landlock_prepare(policy, report, &ruleset);
	altair_eval_lockdown_landlock_enforce(&ruleset, report);
}

#endif /* LOCKDOWN_POSIX */
