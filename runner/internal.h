/*
 * Runner internals: the steps of one evaluation, each in its own file.
 *
 *   evaluator.c  Evaluator: validates, then runs the steps below in order and builds the result
 *   request.c    EvalRequest: validation and clamping at construction
 *   scratch.c    <private runtime dir>/<pid>-<random>/ with snippet.php (outside the project); removal;
 *                sweeping
 *   argv.c       the child's argv (same binary and ini, guard -d flags) and envp
 *   spawn.c      posix_spawn (vfork-style: cost independent of the caller's memory)
 *   supervise.c  poll stdout/stderr/channel/pidfd, wall clock, SIGTERM→SIGKILL, reap
 *   channel.c    the token handshake and the authenticated frames from the guest
 *   result.c     EvalResult from the outcome; ok(), toArray()
 */
#ifndef ALTAIR_EVAL_RUNNER_INTERNAL_H
#define ALTAIR_EVAL_RUNNER_INTERNAL_H

#include "php.h"
#include "zend_smart_str.h"
#include <stdint.h>
#include <sys/types.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <poll.h>
#include "../php_altair_eval.h"

/* An EvalRequest, read once from the object (borrowed strings: the object outlives the call). */
typedef struct {
	zend_string *snippet;
	zend_string *project_root;
	zend_string *bootstrap; /* NULL when none */
	zend_long timeout_ms;
	zend_long memory_limit_mb;
	bool allow_writes;
	bool allow_network;
	bool unsafe;
	HashTable *allow_endpoints; /* normalized strings: "host:port", "[v6]:port", "unix:/path" */
	bool env_clean;             /* only env_allow (and what we set) reaches the child */
	HashTable *env_allow;       /* variable names */
	HashTable *databases;       /* normalized URLs (runner/databases.c) */
	HashTable *fake_http;       /* "[METHOD ]pattern" => "STATUS[:BODY]", validated (request.c) */
	bool rollback;              /* allowWrites "rollback": the relay's mode (the project stays read-only) */
	/* Set by the evaluator from the declarations (runner/databases.c): the TCP addresses the guest
	 * listens on for the relay, comma-separated, or NULL; when set, TCP endpoints are relayed and
	 * only the Unix ones reach the guest's own allowlist. */
	const char *relay_listen;
	const char *relay_sockets; /* ... and the Unix socket paths, or NULL (runner/databases.c) */
	bool relay_hosts;          /* the scratch dir holds the view's /etc/hosts (declared host names) */
	/* The CA files the app names for the databases whose driver checks the relay's certificate,
	 * comma-separated, or NULL; the n-th gets relay-ca-<n>.pem (runner/relay_tls.c) in the view. */
	const char *relay_ca;
	/* RES_OPTIONS=use-vc for the child: with the network off, host names declared, its resolver asks
	 * over TCP, which the host can answer (runner/relay_resolver.c) where no view holds the names. */
	bool relay_resolve;
	bool relayed;
	/* rollback with no SQL server declared: the project is a copy-on-write overlay, so that a
	 * SQLite database can be written and undone (guest/lockdown/mount_overlay.c). Set by the
	 * evaluator; a server's rollback is the relay's and keeps the booted template. */
	bool project_overlay;
	/* What the host adds to the result's sandbox.unavailable (a warm evaluation run cold), or NULL. */
	const char *host_note;
	/* A session's call (runner/session.c): its session's handle and the call's number (the opening
	 * is 1); NULL outside a session. */
	const char *session_id;
	zend_long session_call;
} altair_eval_request;

/* One declared database (or relayed endpoint) of an evaluation (runner/databases.c). */
typedef struct {
	char protocol[8];     /* the relay engine's name: pgsql, mysql, redis, raw */
	char host[256];       /* as declared, lower-cased; "[v6]" bracketed */
	int port;
	char socket[108];     /* a Unix socket path instead of host and port */
	/* TLS, as the app's configuration asks for it (runner/databases.c; docs/relay.md, "TLS") */
	char tls_mode[12];    /* as the configuration said it (libpq's names), "" when it said nothing */
	int tls_policy;       /* to the server: altair_relay_tls_policy (relay/engine.h) */
	int tls_verify;       /* ... checked as altair_relay_tls_verify (relay/tls.h) says */
	bool tls_child;       /* a client that asks for TLS gets it, with the relay's certificate */
	char tls_ca[256];     /* the app's CA file ("": the system's store), read by the host; in the child's
	                         view the same path holds its certificates and the relay's CA */
	char tls_cert[256];   /* the app's client certificate and key, presented by the relay ("" none) */
	char tls_key[256];
	/* The users and passwords the app's configuration gives for this server: the relay answers a
	 * login of one of them itself and logs in to the server with it (PostgreSQL's kept connections;
	 * docs/relay.md). Held in the host only: never shown, never passed to the child. */
	char credentials[ALTAIR_EVAL_RELAY_CREDENTIALS_MAX][2][256];
	size_t credential_count;
	char shown[300];      /* the address as sandbox.databases shows it */
	char declared_by[160]; /* "EvalRequest databases", "allowEndpoints", or where the project says it */
	char listen[80];      /* where the child listens for it ("127.0.0.1:3306"), "" when it cannot */
	/* Unix socket paths the app may name for it in the child's view (its own socket path; for
	 * MySQL's localhost the driver's default socket; for PostgreSQL's the default directories) */
	char paths[3][108];
	size_t path_count;
	char note[160];       /* why it is not reachable, "" when it is */
	bool named;           /* declared by a host name: the child finds it through the view's /etc/hosts */
	struct sockaddr_storage upstream; /* the real server, resolved by the host */
	socklen_t upstream_length;
} altair_eval_database;

typedef struct {
	altair_eval_database list[ALTAIR_EVAL_RELAY_MAX_ADDRESSES];
	size_t count;
	bool relayed;  /* the child reaches them only through the relay (not unsafe) */
	bool network;  /* ... with the network on: every other connect() goes out, made by the host */
	char *listen;  /* emalloc'd comma-separated listen addresses, or NULL */
	char *sockets; /* emalloc'd comma-separated socket paths in the view (n-th: relay-<n>.sock), or NULL */
	char *ca;      /* emalloc'd comma-separated CA files in the view (n-th: relay-ca-<n>.pem), or NULL */
	/* Host names declared (a Docker service name): the n-th listens at 127.0.0.<first + n>, which
	 * the view's /etc/hosts gives it (altair_eval_databases_write_hosts). */
	char names[ALTAIR_EVAL_RELAY_MAX_ADDRESSES][256];
	size_t name_count;
} altair_eval_databases;

/* The host's relay of one evaluation (runner/relay.c); opaque to the other steps. */
typedef struct altair_eval_relay altair_eval_relay;

typedef struct {
	char *dir;          /* emalloc'd absolute path */
	char *snippet_path; /* emalloc'd absolute path of snippet.php */
	/* A warm evaluation's scratch is a name only (its worker makes the dir in its own view) and
	 * its snippet goes with the request (runner/warm.c): nothing on disk. */
	bool in_memory;
	/* Its snippet in a sealed memfd when it is too long for a pipe (altair_eval_scratch_snippet);
	 * else -1. */
	int snippet_fd;
} altair_eval_scratch;

/* NULL-terminated vectors for posix_spawn, all strings emalloc'd. */
typedef struct {
	char **argv;
	size_t argc;
	size_t argv_cap;
	char **envp;
	size_t envc;
	size_t envp_cap;
} altair_eval_command;

typedef struct {
	pid_t pid;       /* as this process sees it; warm: 0 when the worker was gone before it was found */
	pid_t warm_pid;  /* warm: the worker's pid as its template reports it (its own PID namespace's) */
	int stdout_fd; /* read ends, non-blocking, close-on-exec */
	int stderr_fd;
	int channel_fd;
	int exit_fd;     /* cold: a pidfd when the kernel has them (opened by supervision), else -1 */
	int template_fd; /* warm: the template's control socket, which reports the exit; cold: -1 */
	/* A session's call (runner/session.c): template_fd is the session's socket, which reports KEPT or
	 * EXITED; the worker is not killed on its answer (it may hold the session's state next). */
	bool session;
} altair_eval_child;

/* The three conduits of one evaluation: both ends, before they are handed out. */
enum {
	ALTAIR_EVAL_PIPE_OUT_READ, ALTAIR_EVAL_PIPE_OUT_WRITE,
	ALTAIR_EVAL_PIPE_ERR_READ, ALTAIR_EVAL_PIPE_ERR_WRITE,
	ALTAIR_EVAL_PIPE_CHANNEL_HOST, ALTAIR_EVAL_PIPE_CHANNEL_CHILD,
	ALTAIR_EVAL_PIPE_FDS
};
typedef struct {
	int fds[ALTAIR_EVAL_PIPE_FDS];
} altair_eval_pipes;

typedef struct {
	smart_str data;
	bool truncated;
} altair_eval_capture;

/* The result channel as it arrives (channel.c): authentic frames up to max_frame bytes are kept
 * whole; a longer one is counted and dropped; anything else marks the channel forged. */
typedef struct {
	smart_str kept;
	unsigned char token[ALTAIR_EVAL_TOKEN_BYTES];
	unsigned char header[ALTAIR_EVAL_FRAME_HEADER_LEN];
	size_t header_have;
	size_t body_left;     /* bytes of the current frame's body still to come */
	size_t frame_start;   /* where the current kept frame starts in kept */
	size_t max_frame;
	bool dropping;        /* the current body is over max_frame */
	size_t dropped_bytes; /* the length of the frame dropped for its size, 0 if none */
	char dropped_kind[16];
	bool forged;
} altair_eval_channel_reader;

/* The connect()s the host refused the child (runner/intercept.c), for EvalResult effects
 * (runner/effects.c): when, and the address as shown. */
typedef struct {
	struct {
		uint64_t at_ns; /* CLOCK_MONOTONIC, the clock the guest stamps its effects with */
		char address[120];
	} list[ALTAIR_EVAL_BLOCKED_MAX];
	size_t count;
	bool truncated;
} altair_eval_blocked;

/* What supervision observed: raw facts, interpreted by result.c. */
typedef struct {
	altair_eval_capture out;
	altair_eval_capture err;
	altair_eval_channel_reader channel;
	int wait_status;
	/* false: the caller's SIGCHLD disposition took the child's status, or a warm worker answered
	 * (its status frame came) and the host returned before its template reaped it (supervise.c) */
	bool status_known;
	struct rusage usage;
	bool timed_out;
	uint64_t duration_ms;
	int process_listener_fd;     /* the guest's seccomp listener, once it arrived; else -1 */
	const char *snippet_path;    /* the snippet's real file (gone with the scratch dir): errors in it */
	zend_long processes_refused; /* process starts the listener refused */
	altair_eval_relay *relay;    /* the database relay, served by supervision's poll; NULL when none */
	altair_eval_blocked blocked; /* the connect()s the host refused (interception only) */
	/* Sessions (runner/session.c): the seccomp listener is the session's, lent to each call (its
	 * process_listener_fd is set before supervision and never closed by it); the one process start
	 * the listener lets through (the holder's fork of the call's worker), 0 for none; and what the
	 * session's socket said of the call: 1 its worker holds the state now, 0 it ended (the state is
	 * as before), -1 nothing (the session's holder is gone). */
	bool listener_lent;
	pid_t fork_allowed;
	int session_kept;
} altair_eval_outcome;

/* What the guest reported over the channel, already authenticated and decoded. */
typedef struct {
	zval sandbox; /* array or IS_UNDEF */
	zval host;    /* what the guest booted (guest/boot/boot.c): array or IS_UNDEF */
	zval result;  /* the final frame (kind return|exception|error|exit) or IS_UNDEF */
	zval effects; /* the effects frame the guest sends before its status frame, or IS_UNDEF */
	bool forged;  /* the channel carried bytes that were not an authentic frame */
	bool relay_seen; /* the relay frame (the listening sockets' carrier) came */
	/* The status frame, the guest's last words (see guest/report.h); has_status false without it. */
	bool has_status;
	zend_long exit_status;
	zend_long memory_peak; /* memory_get_peak_usage(true) */
	zend_long rss_peak;    /* VmHWM in bytes, -1 when the guest could not read it */
	size_t dropped_bytes;   /* a frame over the result maximum: its length, else 0 */
	const char *dropped_kind; /* its kind ("return", "exception", ...), "" when unknown */
} altair_eval_report;

/* A warm template child (runner/warm.c). */
typedef struct {
	pid_t pid;      /* 0 when not running */
	pid_t owner;    /* the process that started it: a fork of that process only lets go of its copy */
	bool pidns;     /* started in a PID namespace of its own: its workers' pids are translated */
	int control_fd; /* SOCK_SEQPACKET, see common/warm_protocol.h */
	uint64_t last_used; /* the evaluation count when it last served: the least recent is closed first */
	/* Why this policy's templates do not boot the project (a booted one said PLAIN), passed to the
	 * plain ones for their workers' sandbox report; NULL while booting is still tried. */
	char *plain_note;
	/* The project root the template was started for: its device and inode (a path can be moved
	 * away and another directory moved in its place; checked on every call). */
	dev_t root_dev;
	ino_t root_ino;
	/* The database relay's Unix listeners of this template (relay-<n>.sock in relay_dir, a private
	 * dir beneath the scratch base, with its hosts file): its view binds them once over the paths
	 * the app names, and each evaluation's relay borrows them for its worker (runner/relay.c). */
	char *relay_dir;
	int relay_fds[ALTAIR_EVAL_RELAY_MAX_SOCKETS];
	size_t relay_count;
	/* Its own dir beneath the scratch base, its scratch (altair_eval_scratch_template_dir): each
	 * request's dir is named inside it. Where the template has a private view, a capped tmpfs covers
	 * it there; where it has none (a container), the boot's files and the workers' dirs are in it on
	 * disk, and Landlock gives the template and its workers this dir alone of the base. */
	char *scratch_dir;
} altair_eval_template;

/* How a warm template is started (argv.c): plain_note NULL: boot the project unless the request
 * writes (or is unsafe); else a plain template whose workers report that note. */
typedef struct {
	const char *plain_note;
	const char *relay_dir; /* the host's directory of the template's relay listeners and hosts file, or NULL */
} altair_eval_template_args;

/* Evaluator objects carry their warm templates, keyed by policy. */
typedef struct {
	HashTable *templates; /* NULL until the first warm evaluation */
	uint64_t evaluations; /* warm evaluations so far: the clock of the templates' last_used */
	/* A template of this evaluator had threads (an extension the ini loads started them) and could
	 * not fork: its warm evaluations run cold from then on, and say so (ALTAIR_EVAL_THREADED_NOTE). */
	bool threaded;
	/* Its open sessions (runner/session.c): handle -> project root, NULL until the first. */
	HashTable *sessions;
	zend_object std;
} altair_eval_evaluator_object;

static inline altair_eval_evaluator_object *altair_eval_evaluator_from(zend_object *object)
{
	return (altair_eval_evaluator_object *) ((char *) object - XtOffsetOf(altair_eval_evaluator_object, std));
}

/* session.c: the EvalSession class. */
void altair_eval_session_minit(void);

/* request.c */
zend_result altair_eval_request_read(zend_object *object, altair_eval_request *request);

/* The snippet's descriptor for one request to a warm template, which the caller closes once it is
 * sent: a pipe holding it (made for each request: a worker drains it, and a template found stale
 * after its worker read it is sent the request again), a duplicate of the memfd, or snippet.php on
 * disk opened read-only; -1 when none could be made. */
int altair_eval_scratch_snippet(const altair_eval_request *request, const altair_eval_scratch *scratch);

/* scratch.c */
zend_result altair_eval_scratch_create(const altair_eval_request *request, altair_eval_scratch *scratch);
/* A warm evaluation's: a name and a sealed memfd of the snippet, nothing on disk (scratch.c). */
zend_result altair_eval_scratch_create_in_memory(const altair_eval_request *request, altair_eval_scratch *scratch);
void altair_eval_scratch_remove(altair_eval_scratch *scratch);
/* A warm evaluation's snippet is in its worker's dir (dir, inside the template's): the path PHP's
 * own messages name, which the result shows as snippet.php. The scratch's dir stays the host's. */
void altair_eval_scratch_snippet_in(altair_eval_scratch *scratch, const char *dir);
/* The user's private base directory of every scratch dir (created when missing); false when none
 * can be had. scratch.c names the layout; everyone else asks it. */
bool altair_eval_scratch_base(char *base, size_t size);
/* A warm template's own dir beneath the base, <pid>-warm-<random>, 0700 (its scratch: each of
 * its workers' dirs goes inside it); its path in dir. Swept only once its caller is gone (its
 * template may sit idle for any time). false with errno set. */
bool altair_eval_scratch_template_dir(char *dir, size_t size);
/* Removes it and whatever is left in it, never following a link. */
void altair_eval_scratch_template_dir_remove(const char *dir);
/* Is this the path of a snippet.php in some scratch dir? */
bool altair_eval_scratch_owns_path(const char *path);
/* Why the scratch base is not the usual one (/tmp/altair-eval-<uid> was taken), for
 * sandbox.unavailable; NULL when it is. */
const char *altair_eval_scratch_note(void);

/* argv.c */
/* template: the argv of a warm template (opcache on, no request yet; scratch is a placeholder). */
/* The directories outside root that Composer installed packages in (runner/packages.c):
 * *paths ':'-separated, *explained the same with ";name;reason" after each path (for the guest's
 * sandbox.outside_paths); NULL both when there is none. */
void altair_eval_packages_outside_root(zend_string *root, zend_string **paths, zend_string **explained);

/* The host's altair_eval.child_* settings (a thin host names the child's ini): SUCCESS, or
 * FAILURE with an EvalException thrown; checked before anything is created for an evaluation. */
zend_result altair_eval_command_check_ini(void);
void altair_eval_command_build(altair_eval_command *command, zend_string *php_binary,
	const altair_eval_request *request, const altair_eval_scratch *scratch, const altair_eval_template_args *template);
void altair_eval_command_free(altair_eval_command *command);
/* The env policy and endpoints, for keys of warm templates (emalloc'd). */
zend_string *altair_eval_command_policy_extra(const altair_eval_request *request);
/* The environment the request's env policy passes on, as a key (runner/argv.c). */
zend_string *altair_eval_command_environment_key(const altair_eval_request *request);

/* spawn.c */
/* The three conduits, each descriptor at floor or above (a spawn: ALTAIR_EVAL_FD_FLOOR, clear of
 * what its file actions place; a warm request: above the caller's standard descriptors). */
zend_result altair_eval_pipes_open(altair_eval_pipes *pipes, int floor);
void altair_eval_pipes_close_child_ends(altair_eval_pipes *pipes);
void altair_eval_pipes_close(altair_eval_pipes *pipes);
void altair_eval_child_adopt(altair_eval_pipes *pipes, altair_eval_child *child);
/* placed[i] becomes descriptor i + 1 of the new process (-1: /dev/null). */
zend_result altair_eval_spawn_process(const altair_eval_command *command, const char *directory, const int placed[3],
	pid_t *pid);
/* The php CLI binary to start children with when the caller named none (an exception when this
 * SAPI's binary cannot be used and none was found). */
zend_string *altair_eval_spawn_default_binary(void);
/* What this C library's posix_spawn could not do for the child (for sandbox.unavailable): the
 * index-th note, NULL past the last. */
const char *altair_eval_spawn_note(size_t index);
/* Cold: a fresh child with the token already in its channel. */
zend_result altair_eval_spawn(const altair_eval_command *command, const char *directory, const unsigned char *token,
	altair_eval_child *child);

/* supervise.c */
void altair_eval_supervise(altair_eval_child *child, zend_long timeout_ms, altair_eval_outcome *outcome);
void altair_eval_outcome_free(altair_eval_outcome *outcome);
/* Closes what supervision held (pidfd, listener, the three streams); -1 entries are skipped. */
void altair_eval_child_close(altair_eval_child *child, altair_eval_outcome *outcome);
/* kill(-pid, signal), only while the pid is provably still this child's (see supervise.c). */
void altair_eval_child_signal_group(const altair_eval_child *child, int signal);
#include "../common/clock.h" /* altair_eval_now_ms */

/* channel.c */
zend_result altair_eval_channel_token(unsigned char *token);
zend_result altair_eval_channel_send_token(int fd, const unsigned char *token);
/* After the token, once the child exists: the request block the guest reads before any project code
 * (the effects budget, the fake HTTP answers; guest/report.c). FAILURE when the guest is gone. */
zend_result altair_eval_channel_send_request(int fd, const altair_eval_request *request, size_t max_frame);
void altair_eval_channel_reader_init(altair_eval_channel_reader *reader, const unsigned char *token, size_t max_frame);
void altair_eval_channel_reader_feed(altair_eval_channel_reader *reader, const char *bytes, size_t length);
void altair_eval_channel_reader_free(altair_eval_channel_reader *reader);
bool altair_eval_channel_reader_finished(const altair_eval_channel_reader *reader);
/* The report lives no longer than the reader (dropped_kind points into it). */
void altair_eval_channel_parse(const altair_eval_channel_reader *reader, altair_eval_report *report);
void altair_eval_report_free(altair_eval_report *report);

/* warm.c */
/* Said by a warm evaluation that ran cold because its template had threads. */
#define ALTAIR_EVAL_THREADED_NOTE "warm: the template has threads (an extension the ini loads started them) and a fork copies only one, " \
	"so a lock another held would never be released in the worker: this Evaluator's evaluations run cold"

zend_result altair_eval_warm_start(altair_eval_evaluator_object *evaluator, zend_string *binary,
	const altair_eval_request *request, altair_eval_scratch *scratch, const unsigned char *token,
	altair_eval_relay *relay, altair_eval_child *child,
	bool *threaded);
void altair_eval_warm_collect(altair_eval_child *child, altair_eval_outcome *outcome);
void altair_eval_warm_stop_all(altair_eval_evaluator_object *evaluator);

/* Sessions (runner/session.c) in a template of the evaluator: the template a session's holder lives
 * in, by its policy key and pid (its holder dies with it). */
typedef struct {
	zend_string *key;
	pid_t pid;
	bool pidns;
} altair_eval_warm_ref;
/* Opens a session: the request goes to its template with the session's socket (child_end, sent;
 * the caller keeps the other end); as altair_eval_warm_start otherwise, ref filled on success. */
zend_result altair_eval_warm_open_session(altair_eval_evaluator_object *evaluator, zend_string *binary,
	const altair_eval_request *request, altair_eval_scratch *scratch, const unsigned char *token,
	altair_eval_relay *relay, altair_eval_child *child, int child_end, uint32_t idle_ms, altair_eval_warm_ref *ref);
/* Is the session's template still the one it opened in, and fresh (no file its boot loaded
 * changed)? false with why filled; a stale template is stopped (its sessions end with it). */
bool altair_eval_warm_session_fresh(altair_eval_evaluator_object *evaluator, const altair_eval_warm_ref *ref,
	char *why, size_t size);
/* Stops every template of the evaluator but the one of this policy key (a write-enabled call may
 * have changed what they compiled: runner/warm.c, forget_other_caches). */
void altair_eval_warm_forget_others(altair_eval_evaluator_object *evaluator, zend_string *key);
/* Is the session's template gone (stopped, replaced)? true with why filled. */
bool altair_eval_warm_session_template_gone(altair_eval_evaluator_object *evaluator, const altair_eval_warm_ref *ref,
	char *why, size_t size);
/* A session process's pid here, from its number in the template's namespace (a child of parent). */
pid_t altair_eval_warm_session_pid(const altair_eval_warm_ref *ref, pid_t parent, pid_t inner);
/* The exit report of a session's call: KEPT or EXITED from the session's socket (runner/session.c). */
void altair_eval_session_collect(altair_eval_child *child, altair_eval_outcome *outcome);

/* evaluator.c, shared with sessions */
bool altair_eval_declares_sql_server(const altair_eval_databases *databases);
void altair_eval_show_snippet_by_name(altair_eval_capture *err, const char *snippet_path);
void altair_eval_abandon(altair_eval_child *child, altair_eval_outcome *outcome);

/* databases.c */
/* A database URL in its normalized form ("mysql://127.0.0.1:3306", "mysql+unix:///run/x.sock"),
 * or NULL when it is not one. */
zend_string *altair_eval_databases_normalize(const char *url, size_t length);
void altair_eval_databases_build(const altair_eval_request *request, altair_eval_databases *databases);
void altair_eval_databases_free(altair_eval_databases *databases);
/* relay_tls.c: the CA files of the child's view (paths: request->relay_ca) written into dir, each the
 * host's file at that path (when it can be read) and the relay's CA; false when one could not be. */
bool altair_eval_relay_tls_write_ca(const char *paths, const char *dir);
/* ... and what makes a warm template's copies of them the same: the relay's CA. */
const char *altair_eval_relay_tls_ca_identity(void);
/* The file OpenSSL's default store reads (X509_get_default_cert_file()). */
const char *altair_eval_relay_tls_default_ca(void);

/* <scratch>/hosts: the host's /etc/hosts and the declared names at their relay addresses, for the
 * child's view; false when there are no names (or it could not be written). */
bool altair_eval_databases_write_hosts(const altair_eval_databases *databases, const char *scratch_dir);

/* The child's resolver's connections the host answers at once (runner/relay_resolver.c), and, with
 * the network on, the sockets the host made for the child that it keeps a copy of
 * (runner/intercept_outgoing.c). */
#define ALTAIR_EVAL_RELAY_RESOLVER_MAX 4
#define ALTAIR_EVAL_RELAY_OUTGOING_MAX 16
/* What the relay may add to supervision's poll. */
#define ALTAIR_EVAL_RELAY_WATCH_MAX (ALTAIR_EVAL_RELAY_MAX_ADDRESSES + ALTAIR_EVAL_RELAY_MAX_SOCKETS \
	+ 2 * ALTAIR_EVAL_RELAY_MAX_CONNECTIONS + ALTAIR_EVAL_RELAY_RESOLVER_MAX + ALTAIR_EVAL_RELAY_OUTGOING_MAX)

/* relay.c: the relay loop, driven by supervision. */
/* scratch_dir: where the Unix listeners go (relay-<n>.sock, one per databases->sockets entry);
 * NULL: none of its own (warm: the template's are borrowed, altair_eval_relay_borrow). */
altair_eval_relay *altair_eval_relay_create(const altair_eval_databases *databases, int mode, const char *scratch_dir);
/* Warm: the template's Unix listeners, relayed for this evaluation's worker (peer) only. */
void altair_eval_relay_borrow(altair_eval_relay *relay, const int *fds, size_t count, pid_t peer);
/* A descriptor the guest attached to the channel: kept (true) when it is one of the relay's
 * listening sockets, else left to the caller. */
bool altair_eval_relay_adopt(altair_eval_relay *relay, int fd);
/* The relay's descriptors for poll, at most room; returns how many. */
size_t altair_eval_relay_watch(altair_eval_relay *relay, struct pollfd *fds, size_t room);
/* poll() for supervision: right after the relay moved bytes, first polls without sleeping for a
 * few dozen µs (the reply to what it just passed on is usually that close) while such waits stay
 * that short, then sleeps as poll would. relay may be NULL. */
int altair_eval_relay_poll(altair_eval_relay *relay, struct pollfd *fds, nfds_t count, int timeout_ms);
/* The evaluation's deadline (altair_eval_now_ms()): past it the relay reads no more of its
 * clients, so that supervision's loop reaches the deadline whatever a client still sends. */
void altair_eval_relay_deadline(altair_eval_relay *relay, uint64_t deadline_ms);
/* After poll: serves the entries altair_eval_relay_watch filled. */
void altair_eval_relay_serve(altair_eval_relay *relay, struct pollfd *fds, size_t count);
/* The end of the evaluation: each engine's finish() written to its server (briefly), then every
 * descriptor closed. Safe to call more than once. */
void altair_eval_relay_finish(altair_eval_relay *relay);
/* sandbox.databases and the queries the engines reported (new arrays). */
/* What sandbox.unavailable says of the interception when the guest's filter handed its connect()s
 * over (intercepted) but this kernel cannot answer them with a socket of the host's; else NULL. */
const char *altair_eval_relay_note(const altair_eval_relay *relay, bool intercepted);
/* guards: what the guest's report says held (its view, its connect()s intercepted). */
typedef struct {
	bool view;
	bool intercepted;
	bool session; /* a session's call: each entry says what a call keeps (session_keeps) */
} altair_eval_relay_guards;
void altair_eval_relay_databases(const altair_eval_relay *relay, const altair_eval_relay_guards *guards, zval *out);
void altair_eval_relay_queries(const altair_eval_relay *relay, zval *out);

/* effects.c: a connect() the host refused the child, kept for EvalResult effects (capped); and
 * effects, the guest's list and those merged in time order (a new array). */
struct sockaddr_storage;
void altair_eval_effects_blocked(altair_eval_blocked *blocked, const struct sockaddr_storage *address, size_t length);
void altair_eval_effects_build(zval *out, const altair_eval_outcome *outcome, const altair_eval_report *report);
/* Closes whatever is still open and frees it; NULL is fine. */
void altair_eval_relay_free(altair_eval_relay *relay);
/* Sessions (runner/relay_session.c): a call begins (its worker, peer; its deadline; a list of
 * queries of its own) and ends, kept or undone; what the engines send for it is written and
 * answered before call_end returns. */
void altair_eval_relay_call_begin(altair_eval_relay *relay, pid_t peer, uint64_t deadline_ms);
void altair_eval_relay_call_end(altair_eval_relay *relay, bool kept);
/* A client connection of a declared database (database: its index), accepted or made by the host
 * in place of the child's socket (runner/intercept.c); the relay owns it from here. */
void altair_eval_relay_attach(altair_eval_relay *relay, size_t database, int client);
/* ... and one of the child's resolver (runner/relay_resolver.c); false when there is no room. */
bool altair_eval_relay_attach_resolver(altair_eval_relay *relay, int client);
/* The child's seccomp listener arrived: its connect()s may be intercepted (when this kernel can
 * answer them with a socket of the host's: altair_eval_intercept_probe). Not owned. */
void altair_eval_relay_intercept(altair_eval_relay *relay, int listener);

/* intercept.c: one notification from the child's seccomp listener, answered (a process start
 * refused and counted in outcome, a connect() or socket() decided: runner/intercept.c). */
void altair_eval_intercept_serve(int listener, altair_eval_outcome *outcome);
/* Whether this kernel can put a descriptor of the host's into the child (Linux 5.9). */
bool altair_eval_intercept_probe(int listener);
/* A process start the listener may let through (SECCOMP_USER_NOTIF_FLAG_CONTINUE, Linux 5.5):
 * whether this build and kernel can. */
bool altair_eval_intercept_can_continue(void);

/* result.c */
void altair_eval_result_build(zval *result, const altair_eval_request *request, altair_eval_outcome *outcome,
	altair_eval_report *report);

#endif
