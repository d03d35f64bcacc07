/*
 * Kernel lockdown of the guest (child) process, applied once, after PHP has started and before
 * any project code runs. One small named step per guard, in the order bubblewrap and nsjail use:
 * parent-death signal, rlimits, no_new_privs, network namespace, Landlock, seccomp last.
 *
 * This file is plain C over Linux syscalls: no Zend API, so it can be read (and tested) alone.
 * Every step that cannot be applied records why in the report; nothing is skipped silently.
 */
#ifndef ALTAIR_EVAL_LOCKDOWN_H
#define ALTAIR_EVAL_LOCKDOWN_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define ALTAIR_EVAL_LOCKDOWN_MAX_PATHS 64
#define ALTAIR_EVAL_LOCKDOWN_MAX_NOTES 16
#define ALTAIR_EVAL_LOCKDOWN_NOTE_LEN 160
#define ALTAIR_EVAL_LOCKDOWN_MAX_PORTS 16
#define ALTAIR_EVAL_LOCKDOWN_MAX_SOCKETS 16
/* The database relay's listening addresses (ALTAIR_EVAL_RELAY_MAX_ADDRESSES). */
#define ALTAIR_EVAL_LOCKDOWN_MAX_RELAY 16

typedef struct {
	/* Real paths. The scratch directory lies outside the project (runner/scratch.c names the layout). */
	const char *project_root;
	const char *scratch_dir;
	/* Files and directories the runtime must keep reading (PHP binary, extension and ini dirs,
	 * include_path, system libraries, zoneinfo, a few devices). Non-existent ones are skipped. */
	const char *read_paths[ALTAIR_EVAL_LOCKDOWN_MAX_PATHS];
	size_t read_path_count;
	/* Named Unix sockets allowlisted as endpoints (unix:/path): the only host sockets that exist in
	 * the private view. */
	const char *socket_paths[ALTAIR_EVAL_LOCKDOWN_MAX_SOCKETS];
	size_t socket_path_count;
	/* Build the private filesystem view (lockdown/mount.c): a mount namespace holding only the
	 * read paths, the project, a capped tmpfs scratch with the snippet copied in, a minimal /dev and
	 * the process's own /proc entry. */
	bool private_view;
	bool allow_writes;   /* the project root becomes writable too */
	/* Rollback mode: the project in the view is an overlay whose upper layer lies in the scratch
	 * tmpfs (beside the scratch dir, outside Landlock's rules): the snippet writes it (a SQLite
	 * database, logs, caches) and every change is gone with the evaluation. */
	bool project_overlay;
	bool allow_network;  /* no network namespace, sockets and TCP allowed */
	/* Endpoints allowlisted with the network off: no network namespace (it would cut the host's own
	 * database off); seccomp allows TCP stream sockets besides AF_UNIX (no UDP, raw or fast open);
	 * Landlock (ABI >= 4) lets them connect to these ports only, on any host, and bind nowhere. */
	bool endpoints;
	unsigned short connect_ports[ALTAIR_EVAL_LOCKDOWN_MAX_PORTS];
	size_t connect_port_count;
	long memory_limit_mb;
	long timeout_ms;
	pid_t parent_pid;    /* the host; we exit if it is already gone */
	int channel_fd;      /* the result channel: dup/dup2/dup3/fcntl(F_DUPFD) on it are denied */
	/* New processes go to a seccomp user-notification listener (report->process_listener_fd)
	 * instead of failing straight away, so that whoever holds it can count and refuse them. */
	bool notify_processes;
	/* Warm workers: the template already entered the network namespace (see below); its outcome is
	 * in this report, copied into the worker's report instead of unsharing again. The IPC namespace
	 * is never shared: each worker enters its own. */
	const struct altair_eval_lockdown_report_s *namespaces_entered;
	/* A booted warm template (lockdown/booted.c): its Landlock rules add read access beneath the
	 * host's scratch base (where each worker's snippet is), and its seccomp filter is the cold one
	 * with exactly what the serve loop and a worker's own steps need: fork without namespaces,
	 * setsid, its own RLIMIT_CPU and PR_SET_PDEATHSIG with SIGKILL only. */
	bool booted_template;
	/* The database relay (docs/ARCHITECTURE.md, "The database relay"): TCP addresses ("127.0.0.1:3306",
	 * "[::1]:5432") to listen on inside the process's own network namespace, whose sockets go to the
	 * host. With relay the namespace is entered even though endpoints is set (endpoints then means:
	 * TCP stream sockets to the relay's ports, by seccomp and Landlock). */
	bool relay;
	const char *relay_addresses[ALTAIR_EVAL_LOCKDOWN_MAX_RELAY];
	size_t relay_address_count;
	/* ... and the Unix socket paths (as the app names them, e.g. /var/run/mysqld/mysqld.sock) over
	 * which a cold child's view binds the host's listeners <scratch_dir>/relay-<n>.sock. */
	const char *relay_socket_paths[ALTAIR_EVAL_LOCKDOWN_MAX_RELAY];
	size_t relay_socket_count;
	/* With the network allowed and databases declared: every connect() goes to the seccomp
	 * listener (notify_processes), whose holder refuses the databases' addresses; sends that
	 * connect by themselves (MSG_FASTOPEN) are denied. */
	bool guard_connect;
	/* <scratch_dir>/hosts (the host wrote it: declared host names at their relay addresses) is
	 * bound over the view's /etc/hosts. */
	bool relay_hosts;
	/* A warm template: the host's directory of the template's own listeners and hosts file, which
	 * its view binds in place of the scratch dir's (every worker of it shares them; the host relays
	 * a connection only for the worker of its evaluation, runner/relay.c). NULL: the scratch dir. */
	const char *relay_dir;
} altair_eval_lockdown_policy;

typedef struct altair_eval_lockdown_report_s {
	bool parent_death;      /* PR_SET_PDEATHSIG(SIGKILL) set and the parent still alive */
	bool rlimits;           /* AS, CPU, FSIZE, NOFILE, CORE all set */
	bool no_new_privs;
	bool netns;             /* a fresh network namespace (no interfaces up) */
	bool ipcns;             /* a fresh IPC namespace of its own (no other process's SysV queues or segments) */
	bool ipc_limits;        /* that namespace's shmall/shmmax capped at the memory limit, few segments and queues;
	                         * without them seccomp refuses SysV IPC altogether */
	bool mountns;           /* the private filesystem view is in force (lockdown/mount.c) */
	bool scratch_capped;    /* scratch is a tmpfs with a size and an inode cap */
	bool project_overlay;   /* the project is a copy-on-write overlay over that tmpfs (rollback) */
	long mountns_us;        /* what building the view cost, in microseconds (bench/guards.php) */
	int landlock_abi;       /* the Landlock ABI whose rules are in force; 0 = none */
	bool landlock_net;      /* Landlock TCP bind/connect rules in force (ABI >= 4) */
	bool landlock_scoped;   /* signals / abstract unix sockets scoped (ABI >= 6) */
	bool seccomp;           /* the seccomp filter is installed */
	bool processes_blocked; /* fork/vfork/clone(without CLONE_THREAD)/clone3 denied */
	bool sockets_blocked;   /* socket() denied for every family but AF_UNIX */
	bool tcp_stream_only;   /* endpoints: AF_INET/AF_INET6 only as TCP streams, no fast open (seccomp) */
	bool connect_guarded;   /* guard_connect: connect() goes to the listener's holder */
	bool endpoint_ports;    /* endpoints: TCP connect only to connect_ports (Landlock port rules) */
	bool channel_sealed;    /* dup of the result channel denied */
	int process_listener_fd; /* notify_processes: the listener, for the caller to hand over; else -1 */
	/* /proc/self/status, opened once the view is in force (a warm worker's own entry exists only
	 * then) and before Landlock closes /proc; for the peak RSS the guest reports. Else -1. */
	int status_fd;
	/* The relay's listening sockets (policy->relay_addresses that could be bound, in order; the
	 * address of each in relay_bound), for the guest to send to the host and close. */
	int relay_fds[ALTAIR_EVAL_LOCKDOWN_MAX_RELAY];
	const char *relay_bound[ALTAIR_EVAL_LOCKDOWN_MAX_RELAY];
	size_t relay_fd_count;
	/* Why a step did not hold, e.g. "landlock: Function not implemented". */
	char notes[ALTAIR_EVAL_LOCKDOWN_MAX_NOTES][ALTAIR_EVAL_LOCKDOWN_NOTE_LEN];
	size_t note_count;
} altair_eval_lockdown_report;

/* Applies every step in order. Returns 0 when the process may go on (possibly with fewer guards,
 * see the report), -1 when it must not run user code at all (for example the parent is gone). */
int altair_eval_lockdown_apply(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);

/* The network namespace step alone (unless the network is allowed), for a warm template to enter
 * once on behalf of all its workers: creating a network namespace costs about a millisecond. */
void altair_eval_lockdown_namespaces(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);

/* A warm worker with the relay: a network namespace of its own instead of its template's. */
void altair_eval_lockdown_relay_namespace(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);

/* The relay's listening sockets in the process's network namespace (loopback brought up first);
 * what could not be bound is noted. Before Landlock, which denies TCP bind. */
void altair_eval_lockdown_relay_listen(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);

/* A warm template: builds the private view once (everything but a worker's own /proc entry and
 * scratch), so that altair_eval_lockdown_apply in each forked worker only adds those. 0, or -1
 * when the view was half built and the template must not serve. */
int altair_eval_lockdown_mount_prepare(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);

/* Booted warm templates (lockdown/booted.c). Whether this kernel and build can hold a template
 * that runs the project's boot before it serves: Landlock and seccomp both, and the private view
 * built. Else why not, in why. */
bool altair_eval_lockdown_booted_possible(char *why, size_t size);

/* The template, before the boot: parent death, rlimits, no_new_privs, its own IPC namespace, its
 * capped scratch (the base of every worker's), Landlock and the template filter. The boot then
 * runs with no more rights than a snippet has, plus those. 0, or -1 when Landlock or seccomp did
 * not hold (the report says why): the template must not run the boot. */
int altair_eval_lockdown_template(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *report);

/* A worker of a booted template, after the fork: only narrowing. The template's report carried
 * over (its IPC namespace, emptied by the template after each worker), parent death re-armed, the
 * evaluation's RLIMIT_CPU, its scratch dir inside the template's (policy->scratch_dir, beneath
 * the template's scratch) with the snippet copied in, a second Landlock layer (writes to the
 * template's scratch only, no host paths), the cold seccomp filter stacked. 0, or -1 when it must
 * not run. */
int altair_eval_lockdown_booted_worker(const altair_eval_lockdown_policy *policy,
	const altair_eval_lockdown_report *template_report, altair_eval_lockdown_report *report);
/* A booted template's worker forked ahead of its request (the pool, guest/template/template.c):
 * the steps that need nothing of the request (the database relay's network namespace and
 * listeners) now, into prepared, which altair_eval_lockdown_booted_worker then takes instead of
 * doing them; prepared and the policy (the listeners' addresses) must live until then. */
void altair_eval_lockdown_booted_worker_prepare(const altair_eval_lockdown_policy *policy,
	const altair_eval_lockdown_report *template_report, altair_eval_lockdown_report *prepared);

/* At the end of a run: is the capped scratch tmpfs (nearly) full, in bytes or inodes? Then a
 * write failed for want of space and the run reports limit_exceeded "disk". */
bool altair_eval_lockdown_scratch_full(const char *scratch_dir);

/* Which guards this build can apply at all, e.g. "seccomp landlock netns rlimits". */
const char *altair_eval_lockdown_features(void);

#endif
