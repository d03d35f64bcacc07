/*
 * altair_eval: run a PHP snippet in a fresh, hardened child process and return a typed result.
 *
 * This header holds what every concern shares: the module entry, the module globals (the guest
 * role's ini settings), and every cap and default as a named constant. The stub exposes the
 * user-visible ones as class constants through @cvalue.
 */
#ifndef PHP_ALTAIR_EVAL_H
#define PHP_ALTAIR_EVAL_H

/* Plain C files that must build without PHP's headers (guest/lockdown/lockdown.c and its standalone test
 * driver) define ALTAIR_EVAL_CONSTANTS_ONLY first and get the named constants and nothing else. */
#ifndef ALTAIR_EVAL_CONSTANTS_ONLY
# include "php.h"

extern zend_module_entry altair_eval_module_entry;
# define phpext_altair_eval_ptr &altair_eval_module_entry
#endif

#define PHP_ALTAIR_EVAL_VERSION "0.1.0"

/* ---- EvalRequest ---------------------------------------------------------------------------- */
#define ALTAIR_EVAL_TIMEOUT_MS_DEFAULT 5000
#define ALTAIR_EVAL_TIMEOUT_MS_MIN 100
#define ALTAIR_EVAL_TIMEOUT_MS_MAX 60000
#define ALTAIR_EVAL_MEMORY_MB_DEFAULT 128
#define ALTAIR_EVAL_MEMORY_MB_MIN 16
#define ALTAIR_EVAL_MEMORY_MB_MAX 512
/* A longer snippet is refused by EvalRequest's constructor (ValueError) before anything runs: a
 * snippet is a probe of a few lines; code of this size belongs in a project file it requires. */
#define ALTAIR_EVAL_SNIPPET_MAX_BYTES (1024 * 1024)
/* allowEndpoints: at most this many entries (each one Landlock port rule or socket path). */
#define ALTAIR_EVAL_ENDPOINTS_MAX 16
/* envAllow: at most this many variable names, each at most this long. */
#define ALTAIR_EVAL_ENV_ALLOW_MAX 256
#define ALTAIR_EVAL_ENV_NAME_MAX 255
/* Unless allowWrites, appended to the child's PGOPTIONS: libpq sessions start read-only. */
#define ALTAIR_EVAL_PGOPTIONS_READ_ONLY "-c default_transaction_read_only=on"

/* ---- Runner (host side) --------------------------------------------------------------------- */
/* stdout and stderr of the child are each kept up to this many bytes; the rest is drained. */
#define ALTAIR_EVAL_OUTPUT_MAX_BYTES (1024 * 1024)
/* Between SIGTERM and SIGKILL to the child's process group at the deadline. */
#define ALTAIR_EVAL_KILL_GRACE_MS 200
/* Warm templates one Evaluator keeps at most (one per policy and project); past it, the least
 * recently used is closed (runner/warm.c). */
#define ALTAIR_EVAL_WARM_TEMPLATES_MAX 8
/* Sessions (runner/session.c): how long one waits for a call, how many are open per Evaluator and
 * per project, how many calls one takes. */
#define ALTAIR_EVAL_SESSION_IDLE_MS 300000
#define ALTAIR_EVAL_SESSION_IDLE_MAX_MS 86400000
#define ALTAIR_EVAL_SESSIONS_MAX 8
#define ALTAIR_EVAL_SESSIONS_PER_PROJECT_MAX 4
#define ALTAIR_EVAL_SESSION_CALLS_MAX 1000
/* Workers a warm template keeps ready at most (altair_eval.warm_pool; the default is 2). */
#define ALTAIR_EVAL_WARM_POOL_MAX 8
/* The most of its template's heap a waiting worker copies ahead (altair_eval.warm_prefault_mb). */
#define ALTAIR_EVAL_WARM_PREFAULT_MB_MAX 4096
/* After the child exited: how long a grandchild may keep stdout/stderr open before we stop reading. */
#define ALTAIR_EVAL_DRAIN_AFTER_EXIT_MS 100
/* The most encoded bytes of one frame (a result, an exception) the host takes in, by default
 * (Evaluator::RESULT_MAX_BYTES): decoded, JSON costs the caller up to ~18 times its size, so 2 MiB
 * stays within a 128 MB memory_limit. A larger frame is dropped: limit_exceeded "result_size". */
#define ALTAIR_EVAL_EVALUATOR_RESULT_MAX_BYTES (2 * 1024 * 1024)
/* The smallest allowed maximum: room for the sandbox report and an error. */
#define ALTAIR_EVAL_EVALUATOR_RESULT_MIN_BYTES (16 * 1024)
/* Room for the kernel's seccomp notification structures (80 and 24 bytes on Linux 6). */
#define ALTAIR_EVAL_NOTIF_ROOM 256
/* Exit code reported for a timed-out evaluation (as coreutils' timeout). */
#define ALTAIR_EVAL_EXIT_TIMEOUT 124
/* Exit code the guest uses when the snippet threw. */
#define ALTAIR_EVAL_EXIT_EXCEPTION 1
/* Exit code PHP uses after a fatal error. */
#define ALTAIR_EVAL_EXIT_FATAL 255
/* Exit code of PHP's hard memory limit (twice memory_limit, e.g. while compiling a huge snippet):
 * the runtime exits at once, with no fatal error callback and no shutdown, so no frame. */
#define ALTAIR_EVAL_EXIT_HARD_MEMORY 137
/* <root>/.altair: the scratch dirs and the audit log of unsafe runs. */
#define ALTAIR_EVAL_STATE_DIR_NAME ".altair"
/* Scratch directories older than this (or whose owner is gone) are swept by later runs. */
#define ALTAIR_EVAL_SCRATCH_STALE_SECONDS ((ALTAIR_EVAL_TIMEOUT_MS_MAX / 1000) + 60)
/* A scratch base unchanged since this process last swept it is swept again after this long. */
#define ALTAIR_EVAL_SCRATCH_SWEEP_SECONDS 10
/* A warm call's snippet up to this long (as prepared) goes to its worker in a pipe, a longer one in
 * a memfd (runner/scratch.c); a pipe holds 64 KiB unless its owner has too many. */
#define ALTAIR_EVAL_SNIPPET_PIPE_MAX (60 * 1024)
/* How long a kept database connection's replies to its reset are waited for when the next
 * evaluation takes it (runner/relay.c kept_settle); past it, a fresh connection is made. */
#define ALTAIR_EVAL_RELAY_SETTLE_MS 10
/* Random bytes in a scratch directory name and in the channel token. */
#define ALTAIR_EVAL_SCRATCH_RANDOM_BYTES 8
#define ALTAIR_EVAL_TOKEN_BYTES 32
/* Random bytes in a boot's identity (the host frame's boot_id, guest/boot/boot.c). */
#define ALTAIR_EVAL_BOOT_ID_BYTES 8

/* A parse or fatal error in the snippet gets an excerpt: the offending line and this many lines
 * either side, each cut to at most ALTAIR_EVAL_EXCERPT_LINE_MAX bytes. */
#define ALTAIR_EVAL_EXCERPT_CONTEXT_LINES 1
#define ALTAIR_EVAL_EXCERPT_LINE_MAX 160

/* ---- Result channel (shared by host and guest) ---------------------------------------------- */
/* The guest finds the channel at this descriptor; the host places it there at spawn time. */
#define ALTAIR_EVAL_CHANNEL_FD 3
/* A frame: magic, the token the host sent at start, a 4-byte little-endian length, JSON. */
#define ALTAIR_EVAL_FRAME_MAGIC "AEV1"
#define ALTAIR_EVAL_FRAME_MAGIC_LEN 4
#define ALTAIR_EVAL_FRAME_HEADER_LEN (ALTAIR_EVAL_FRAME_MAGIC_LEN + ALTAIR_EVAL_TOKEN_BYTES + 4)
/* Where the guest formats a fatal error without touching the (possibly exhausted) heap. */
#define ALTAIR_EVAL_FATAL_FRAME_MAX 8192
/* The frames a guest holds back until a file runs (sandbox, relay, host: guest/report.c), in one
 * write; one that does not fit goes out with them. */
#define ALTAIR_EVAL_CORKED_MAX 16384
/* The last frame, {kind:"status",...}: the exit status and peaks the guest measured. */
#define ALTAIR_EVAL_STATUS_FRAME_MAX 256

/* ---- Encoders ------------------------------------------------------------------------------- */
#define ALTAIR_EVAL_MAX_DEPTH 3
#define ALTAIR_EVAL_ITERABLE_PREVIEW 50
#define ALTAIR_EVAL_STRING_MAX 10000
/* Array elements / object properties kept per level; the count is always the full one. */
#define ALTAIR_EVAL_MAX_WIDTH 100
/* The JSON of one encoded value is at most this many bytes: past it the encoder stops, and marks
 * every container it cut (truncated, omitted) and the root (budget_exhausted). Well below the
 * channel's capacity (ALTAIR_EVAL_CHANNEL_MAX_BYTES), which also carries the frame around it. */
#define ALTAIR_EVAL_RESULT_MAX_BYTES (8 * 1024 * 1024)
/* The smallest budget ValueEncoder accepts: room for the largest single node (a string at
 * STRING_MAX, escaped and in base64) with everything it closes. */
#define ALTAIR_EVAL_RESULT_MIN_BYTES (128 * 1024)
/* The guest's budget for the value it reports: the evaluator's default maximum less room for the
 * frame around it, so that with the default Evaluator a large result is cut, never dropped. */
#define ALTAIR_EVAL_GUEST_RESULT_BUDGET_BYTES (ALTAIR_EVAL_EVALUATOR_RESULT_MAX_BYTES - 64 * 1024)
/* An HTTP message's caster shows at most this many bytes of its body. */
#define ALTAIR_EVAL_BODY_PREVIEW_BYTES 1000
#define ALTAIR_EVAL_MAX_TRACE_FRAMES 30
/* An exception's message (and each previous one's) is cut past this many bytes. */
#define ALTAIR_EVAL_EXCEPTION_MESSAGE_MAX (64 * 1024)
#define ALTAIR_EVAL_MAX_PREVIOUS_CHAIN 10

/* ---- Guest lockdown (child side) ------------------------------------------------------------ */
/* RLIMIT_AS = memory_limit + this much for the runtime itself (shared libraries, opcache, stacks). */
#define ALTAIR_EVAL_RLIMIT_AS_HEADROOM_MB 512
/* RLIMIT_FSIZE: the largest file a snippet may write. */
#define ALTAIR_EVAL_RLIMIT_FSIZE_BYTES (64 * 1024 * 1024)
/* Scratch in the private view is a tmpfs capped at this many bytes and inodes in all (a full one
 * is reported as limit_exceeded "disk"). */
#define ALTAIR_EVAL_SCRATCH_MAX_BYTES (128 * 1024 * 1024)
#define ALTAIR_EVAL_SCRATCH_MAX_INODES 4096
#define ALTAIR_EVAL_RLIMIT_NOFILE 256
/* RLIMIT_CPU: soft = ceil(timeout) + this grace (SIGXCPU), hard this much later (SIGKILL). The wall
 * clock of the host normally ends the child first; these are the backstop for a lost parent. */
#define ALTAIR_EVAL_RLIMIT_CPU_GRACE_SECONDS 1
#define ALTAIR_EVAL_RLIMIT_CPU_KILL_AFTER_SECONDS 1
/* Limits of the child's own IPC namespace. SysV shared memory detached by the snippet escapes
 * RLIMIT_AS: its total (shmall) is capped at the request's memory limit. Message queues are kernel
 * memory: at most this many, of the default 16 KiB each. */
#define ALTAIR_EVAL_IPC_SHM_SEGMENTS 64
#define ALTAIR_EVAL_IPC_MSG_QUEUES 16

/* ---- Database relay (docs/ARCHITECTURE.md, "The database relay") -------------------------- */
/* EvalRequest databases: at most this many entries; all declarations of one evaluation (explicit,
 * endpoints, discovered) at most ALTAIR_EVAL_RELAY_MAX_ADDRESSES (each one listening socket). */
#define ALTAIR_EVAL_DATABASES_MAX 8
#define ALTAIR_EVAL_RELAY_MAX_ADDRESSES 16
/* The host's Unix listeners of an evaluation, in its scratch dir: relay-<n>.sock. */
#define ALTAIR_EVAL_RELAY_SOCKET_FORMAT "%s/relay-%zu.sock"
#define ALTAIR_EVAL_RELAY_MAX_SOCKETS 16
/* A declared host name listens at 127.0.0.<FIRST + n> in the child; <scratch>/hosts says so. */
#define ALTAIR_EVAL_RELAY_NAME_ADDRESS_FORMAT "127.0.0.%d"
#define ALTAIR_EVAL_RELAY_NAME_ADDRESS_FIRST 101
#define ALTAIR_EVAL_RELAY_HOSTS_FILE "hosts"
/* The CA files a child's driver checks the relay's certificate against (docs/relay.md, "TLS"): the
 * n-th path the app names gets <dir>/relay-ca-<n>.pem in the child's view (that file's certificates
 * and the relay's CA); at most this many, each read from the host up to this size. */
#define ALTAIR_EVAL_RELAY_CA_FORMAT "%s/relay-ca-%zu.pem"
#define ALTAIR_EVAL_RELAY_CA_MAX 4
#define ALTAIR_EVAL_RELAY_CA_FILE_MAX (4 * 1024 * 1024)
/* Users of one server whose passwords the host read from the app's configuration (runner/databases.c). */
#define ALTAIR_EVAL_RELAY_CREDENTIALS_MAX 4
/* MySQL's localhost when the child's ini names no default socket (mysqlnd's own default). */
#define ALTAIR_EVAL_MYSQL_DEFAULT_SOCKET "/var/run/mysqld/mysqld.sock"
/* Connections relayed at once per evaluation; a further one is accepted and closed at once. */
#define ALTAIR_EVAL_RELAY_MAX_CONNECTIONS 64
/* Bytes the relay reads from one side at a time; a side whose peer has this much unwritten
 * (backpressure) is not read until it drains. */
#define ALTAIR_EVAL_RELAY_CHUNK_BYTES 65536
#define ALTAIR_EVAL_RELAY_BACKLOG_BYTES (1024 * 1024)
/* At the end of an evaluation: how long the relay may spend writing each engine's finish()
 * (rollback, terminate) to the servers before it closes them (the server rolls back anyway). */
#define ALTAIR_EVAL_RELAY_FINISH_MS 200
/* How long the relay waits to connect to a server to cancel a statement its client left running
 * (PostgreSQL's CancelRequest; runner/relay.c). */
#define ALTAIR_EVAL_RELAY_CANCEL_MS 100
/* Server connections the relay keeps between evaluations (altair_eval.relay_keep_ms). */
#define ALTAIR_EVAL_RELAY_KEPT_MAX 4
/* altair_eval.relay_spin_us is capped at this (a spin longer than a round trip saves nothing). */
#define ALTAIR_EVAL_RELAY_SPIN_MAX_US 1000
/* EvalResult queries: at most this many statements, and this many bytes of text, parameters and
 * errors in all; one statement's text is cut past ALTAIR_EVAL_QUERY_TEXT_MAX bytes. */
#define ALTAIR_EVAL_QUERIES_MAX 1000
#define ALTAIR_EVAL_QUERIES_MAX_BYTES (256 * 1024)
#define ALTAIR_EVAL_QUERY_TEXT_MAX 4096
/* EvalResult effects (docs/ARCHITECTURE.md, "Effects"): at most this many entries, and this many
 * bytes of them in all, then a last {truncated: true}; one string of an effect is cut past
 * ALTAIR_EVAL_EFFECT_TEXT_MAX bytes. The guest's share is at most a quarter of the evaluator's
 * resultMaxBytes, so that its frame is never dropped for its size. */
#define ALTAIR_EVAL_EFFECTS_MAX 500
#define ALTAIR_EVAL_EFFECTS_MAX_BYTES (128 * 1024)
#define ALTAIR_EVAL_EFFECT_TEXT_MAX 1024
/* Connections the host refused to the child (runner/intercept.c), kept for effects at most. */
#define ALTAIR_EVAL_BLOCKED_MAX 100
/* EvalRequest fakeHttp: at most this many answers, each pattern and body at most these bytes, and
 * this many bytes of patterns and bodies in all. */
#define ALTAIR_EVAL_FAKE_HTTP_MAX 32
#define ALTAIR_EVAL_FAKE_HTTP_PATTERN_MAX 512
#define ALTAIR_EVAL_FAKE_HTTP_BODY_MAX (8 * 1024)
#define ALTAIR_EVAL_FAKE_HTTP_BYTES_MAX (32 * 1024)
/* What the host writes into the result channel after the token, before any project code runs: a
 * 4-byte little-endian length and a JSON object of at most this many bytes (runner/channel.c; JSON
 * escapes a byte in six at worst). */
#define ALTAIR_EVAL_REQUEST_BLOCK_MAX (6 * ALTAIR_EVAL_FAKE_HTTP_BYTES_MAX + 4096)
/* How long the host waits for room in the channel for that block (a guest that reads nothing). */
#define ALTAIR_EVAL_REQUEST_BLOCK_WAIT_MS 1000

/* Codes of Altair\Eval\EvalException. */
typedef enum {
	ALTAIR_EVAL_ERROR_SCRATCH = 1,   /* the scratch directory could not be prepared */
	ALTAIR_EVAL_ERROR_SPAWN = 2,     /* the child process could not be started */
	ALTAIR_EVAL_ERROR_SUPERVISE = 3, /* waiting for or reading from the child failed */
	ALTAIR_EVAL_ERROR_PLATFORM = 4,  /* this platform cannot run evaluations */
	ALTAIR_EVAL_ERROR_GUEST = 5,     /* the guest role was misused */
} altair_eval_error_code;

#ifndef ALTAIR_EVAL_CONSTANTS_ONLY
ZEND_BEGIN_MODULE_GLOBALS(altair_eval)
	/* Host: the relay records every statement in EvalResult::$queries (altair_eval.queries, default
	 * on; off only to measure what the recording costs: bench/databases.php) */
	bool queries;
	/* Host: how long the relay keeps polling without sleeping after it moved bytes, in µs
	 * (altair_eval.relay_spin_us, default 100; 0: never; runner/relay.c altair_eval_relay_poll) */
	zend_long relay_spin_us;
	/* Host: how long a server connection the relay kept after an evaluation waits for the next one,
	 * in ms (altair_eval.relay_keep_ms, default 30000; 0: never kept; runner/relay.c) */
	zend_long relay_keep_ms;
	/* Guest role: set by the host with -d flags on the child's command line, never by users. */
	bool guest;
	bool guest_template;
	/* warm: the template boots the project once for all its workers (guest/template/boot.c) */
	bool guest_template_boot;
	/* warm: why this template's workers boot the app themselves (its booted predecessor said) */
	char *guest_warm_note;
	zend_long guest_parent_pid;
	char *guest_root;
	char *guest_scratch;
	char *guest_bootstrap;
	bool guest_allow_writes;
	/* rollback mode: the project is a copy-on-write overlay whose changes live in scratch only */
	bool guest_project_overlay;
	bool guest_allow_network;
	bool guest_unsafe;
	/* allowEndpoints, comma-separated, as EvalRequest normalized them */
	char *guest_endpoints;
	/* packages outside the root the project's autoloader resolves to, ':'-separated (runner/packages.c) */
	char *guest_package_paths;
	zend_long guest_memory_mb;
	zend_long guest_timeout_ms;
	/* database relay: the TCP addresses the guest listens on, comma-separated (runner/databases.c) */
	char *guest_relay;
	/* database relay: the Unix socket paths in the child's view, comma-separated; the n-th is bound
	 * from the host's listener <scratch>/relay-<n>.sock (runner/relay.c) */
	char *guest_relay_sockets;
	/* database relay: <scratch>/hosts is the view's /etc/hosts (declared host names) */
	bool guest_relay_hosts;
	/* database relay: the CA files the app names, comma-separated; the n-th holds
	 * <scratch or relay dir>/relay-ca-<n>.pem in the view (runner/relay_tls.c) */
	char *guest_relay_ca;
	/* database relay, a warm template: the host's directory holding the template's own listeners
	 * (relay-<n>.sock) and hosts file, in place of the scratch dir (runner/warm.c) */
	char *guest_relay_dir;
	/* warm: workers forked ahead of their request, per template (the host's altair_eval.warm_pool,
	 * clamped to 0..ALTAIR_EVAL_WARM_POOL_MAX; guest/template/template.c) */
	zend_long warm_pool;
	zend_long guest_warm_pool;
	/* warm: the MB of its template's heap a waiting worker copies before its request, 0: no fault
	 * taken ahead (the host's altair_eval.warm_prefault_mb, clamped to 0..ALTAIR_EVAL_WARM_PREFAULT_MB_MAX;
	 * guest/template/prefault.c) */
	zend_long warm_prefault_mb;
	zend_long guest_warm_prefault_mb;
	/* Guest: the functions we disable on top of the child's own disable_functions, comma-separated,
	 * a trailing '*' a prefix; expanded and applied by the guest over its own function table after
	 * every module's startup (guest/engine.c). Empty only when unsafe. */
	char *guest_disable_functions;
	/* Host, for a host started without its full ini (bin/altair's thin cold start): the php.ini the
	 * child loads instead of the host's own (-c; "-" for none: -n), the scan dir it uses, and the
	 * module to load with -d extension= when that ini does not load it (runner/argv.c). Empty: the
	 * child gets the host's own ini, as always. */
	char *child_ini;
	char *child_ini_scan_dir;
	char *child_extension;
ZEND_END_MODULE_GLOBALS(altair_eval)

ZEND_EXTERN_MODULE_GLOBALS(altair_eval)
#define ALTAIR_EVAL_G(v) ZEND_MODULE_GLOBALS_ACCESSOR(altair_eval, v)

extern zend_class_entry *altair_eval_exception_ce;

#if defined(ZTS) && defined(COMPILE_DL_ALTAIR_EVAL)
ZEND_TSRMLS_CACHE_EXTERN()
#endif
#endif /* !ALTAIR_EVAL_CONSTANTS_ONLY */

#endif /* PHP_ALTAIR_EVAL_H */
