/*
 * What the kernel lockdown is asked to do (altair_eval_lockdown_policy) and what it reports
 * (altair_eval_lockdown_report, with its notes), shared by the lockdown's entry points
 * (lockdown/lockdown.c, lockdown/booted.c) and every step file (lockdown/internal.h): the floor
 * the steps stand on, so that no step reaches back up into the straight line that calls it.
 * Plain C, no Zend API (tests/lockdown/driver builds it alone).
 */
#ifndef ALTAIR_EVAL_LOCKDOWN_POLICY_H
#define ALTAIR_EVAL_LOCKDOWN_POLICY_H

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
/* A session's socket, in every process of the session (guest/session.c): sealed as the channel is. */
#define ALTAIR_EVAL_LOCKDOWN_SESSION_FD 127
/* The CA files the view holds the relay's CA in (ALTAIR_EVAL_RELAY_CA_MAX, php_altair_eval.h). */
#define ALTAIR_EVAL_LOCKDOWN_MAX_RELAY_CA 4

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
	/* A warm worker's snippet, sent with its request (runner/warm.c): copied into its dir and
	 * closed by the view step. Only a descriptor above 2 counts (a zeroed policy has none). */
	int snippet_fd;
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
	/* A booted template's pooled worker whose Landlock layer and seccomp filter go in before its
	 * request (lockdown/booted.c): its channel arrives afterwards, on channel_fd (so the channel
	 * check waits for it), and its RLIMIT_CPU is lowered afterwards, to the request's timeout. The
	 * filter then lets prlimit64(0, RLIMIT_CPU) through, and is installed only once the process
	 * has no CAP_SYS_RESOURCE left, without which that call can lower the limit, never raise it. */
	bool ahead_of_request;
	/* A worker that opens a session (docs/ARCHITECTURE.md, "Sessions"; guest/session.c): it and the
	 * workers it forks for the session's calls hold this filter, which differs from a worker's in
	 * exactly what a session needs: a call's worker leads its own session (setsid) and sets its
	 * parent-death signal (SIGKILL only) once it holds the session; SysV IPC is refused (the
	 * template's namespace is shared with its other workers); the session's socket
	 * (ALTAIR_EVAL_SESSION_FD) cannot be copied, as the channel cannot. Every fork still goes to the
	 * host, which lets through the one a call starts with. Each call then narrows signals to its own
	 * group (altair_eval_lockdown_session_call). */
	bool session;
	/* The database relay (docs/ARCHITECTURE.md, "The database relay"): TCP addresses ("127.0.0.1:3306",
	 * "[::1]:5432") to listen on inside the process's own network namespace, whose sockets go to the
	 * host. With relay the namespace is entered even though endpoints is set (endpoints then means:
	 * TCP stream sockets to the relay's ports, by seccomp and Landlock). Where no namespace of its
	 * own can be entered, or with the network on, every connect() goes to the seccomp listener
	 * instead, whose holder (the host) answers it with a connection to the relay or refuses it
	 * (lockdown/seccomp.c, "interception"). */
	bool relay;
	const char *relay_addresses[ALTAIR_EVAL_LOCKDOWN_MAX_RELAY];
	size_t relay_address_count;
	/* ... and the Unix socket paths (as the app names them, e.g. /var/run/mysqld/mysqld.sock) over
	 * which a cold child's view binds the host's listeners <scratch_dir>/relay-<n>.sock. */
	const char *relay_socket_paths[ALTAIR_EVAL_LOCKDOWN_MAX_RELAY];
	size_t relay_socket_count;
	/* <scratch_dir>/hosts (the host wrote it: declared host names at their relay addresses) is
	 * bound over the view's /etc/hosts. */
	bool relay_hosts;
	/* The CA files the app names for its databases' TLS (docs/relay.md, "TLS"): the n-th path gets
	 * <scratch_dir or relay_dir>/relay-ca-<n>.pem, read-only (its certificates and the relay's CA),
	 * and may be read (Landlock). */
	const char *relay_ca_paths[ALTAIR_EVAL_LOCKDOWN_MAX_RELAY_CA];
	size_t relay_ca_count;
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
	/* The process runs inside a private view: its own (mountns), or its warm template's, which a
	 * template's report says too. Without one every socket file of the host can be named. */
	bool view;
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
	/* relay without a network namespace of its own, or with the network on: every connect() goes
	 * to the listener's holder, which answers it (a relayed connection, or a refusal); with the
	 * network on, inet sockets are made by the holder too (sockets_intercepted). */
	bool connect_intercepted;
	bool sockets_intercepted;
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

/* Appends a note on why a step did not hold (dropped past ALTAIR_EVAL_LOCKDOWN_MAX_NOTES). */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void altair_eval_lockdown_note(altair_eval_lockdown_report *report, const char *format, ...);

#endif
