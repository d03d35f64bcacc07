/*
 * The guest role: what the child does between PHP's startup and its exit, as a straight line:
 *
 *   open the result channel (read the token) → report fatals → kernel lockdown → engine guards
 *   → report the sandbox → vendor/autoload.php → boot the project (boot/boot.c: report what was
 *   booted) → the snippet in its own file → report its value, exception, parse error or exit
 *
 * The child's -r prelude (prelude.c) declares container() and calls Altair\Eval\Guest\main(),
 * which exists only when the host started PHP with -d altair_eval.guest=1 and runs only once.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_ini.h"
#include "SAPI.h"
#include "php_network.h"
#include "zend_exceptions.h"
#include "../php_altair_eval.h"
#include "../encoder/encoder.h"
#include "guest.h"
#include "session.h"
#include "lockdown/lockdown.h"
#include "report.h"
#include "effects.h"
#include "engine.h"
#include "isolation.h"
#include "template/template.h"
#include "boot/boot.h"
#include "guest_arginfo.h"

#include <sched.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* Declared by php_ini.c without a header. */
extern PHPAPI char *php_ini_opened_path;
extern PHPAPI char *php_ini_scanned_path;

#define ALTAIR_EVAL_AUTOLOAD_FILE "/vendor/autoload.php"
#define ALTAIR_EVAL_SNIPPET_FILE "/snippet.php"

/* What the runtime keeps reading after the lockdown, besides what the guest adds from its ini. */
static const char *const runtime_read_paths[] = {
	"/usr/lib", "/lib", "/lib64", "/usr/lib64", "/usr/local/lib", "/usr/share/zoneinfo", "/usr/share/icu",
	"/etc/localtime", "/etc/ld.so.cache", "/dev/urandom", "/dev/random", "/dev/zero", NULL
};
/* ... with allowlisted TCP endpoints: name resolution from files (DNS itself needs UDP, which
 * seccomp denies then: endpoints are IP addresses or names in /etc/hosts). */
static const char *const endpoint_read_paths[] = {
	"/etc/hosts", "/etc/nsswitch.conf", "/etc/gai.conf", "/etc/host.conf", NULL
};
/* ... and with the network allowed: name resolution and TLS roots. */
static const char *const network_read_paths[] = {
	"/etc/resolv.conf", "/etc/hosts", "/etc/nsswitch.conf", "/etc/gai.conf", "/etc/host.conf",
	"/etc/ssl", "/usr/share/ca-certificates", NULL
};

static bool started;
/* The run's scratch is the capped tmpfs of the private view: a full one is reported as a limit. */
static bool scratch_capped;
static altair_eval_encoder_context context;
/* Warm: the namespaces the template entered for all its workers (copied into each by fork). */
static altair_eval_lockdown_report template_namespaces;
static bool template_namespaces_entered;
/* A booted template (template/boot.c): how many settings its engine guards locked before the
 * boot (its workers inherit them). */
static int template_ini_locked;

void altair_eval_guest_minit(int type, int module_number)
{
	zend_register_functions(NULL, ext_functions, NULL, type);
	altair_eval_guest_engine_hook_startup();
}

#define ALTAIR_EVAL_FUNCTIONS_NOT_APPLIED "altair_eval: the functions this evaluation disables were not disabled " \
	"at startup (another extension replaced zend_post_startup_cb without calling the previous one); the snippet was not run"

/* Fail closed: a guest whose startup hook did not disable our functions (guest/engine.c) runs no
 * project code. False when it must not. */
static bool functions_guard_held(void)
{
	return ALTAIR_EVAL_G(guest_unsafe) || altair_eval_guest_engine_functions_applied();
}

const char *altair_eval_guest_features(void)
{
	return altair_eval_lockdown_features();
}

void altair_eval_guest_rshutdown(void)
{
	if (started) {
		/* What the kernel will report (exit(-1) is 255), as the status frame says it: a warm host
		 * takes the exit code from that frame (runner/supervise.c). */
		int status = EG(exit_status) & 0xff;
		fflush(NULL);
		/* The host returns on the status frame: what a warm worker must undo goes first. */
		altair_eval_guest_template_worker_ending();
		altair_eval_guest_report_exit(status);
		/* The frame's write woke the host as a "sync" wake-up, onto this CPU when the other was
		 * busy: it runs before this process's exit, whose teardown of its memory took 0.3-0.9 ms
		 * there (measured with perf trace), and a warm host returns on that frame. */
		sched_yield();
		_exit(status);
	}
}

static void add_read_path(altair_eval_lockdown_policy *policy, const char *path)
{
	if (path && path[0] == '/' && policy->read_path_count < ALTAIR_EVAL_LOCKDOWN_MAX_PATHS) {
		policy->read_paths[policy->read_path_count++] = estrdup(path);
	}
}

/* Each absolute entry of a ':'-separated list (include_path, the ini scan dirs). */
static void add_read_path_list(altair_eval_lockdown_policy *policy, const char *list)
{
	char *copy, *entry, *state = NULL;

	if (!list) {
		return;
	}
	copy = estrdup(list);
	for (entry = php_strtok_r(copy, ":", &state); entry; entry = php_strtok_r(NULL, ":", &state)) {
		add_read_path(policy, entry);
	}
	efree(copy);
}

#define ALTAIR_EVAL_UNIX_ENDPOINT_PREFIX "unix:"

/* -d altair_eval.guest_endpoints: "host:port", "[v6]:port" and "unix:/path", comma-separated and
 * already validated by EvalRequest. TCP ones become Landlock port rules (each port once). */
static void add_endpoints(altair_eval_lockdown_policy *policy)
{
	const char *list = ALTAIR_EVAL_G(guest_endpoints);
	char *copy, *entry, *state = NULL;

	if (!list || !*list) {
		return;
	}
	policy->endpoints = true;
	copy = estrdup(list);
	for (entry = php_strtok_r(copy, ",", &state); entry; entry = php_strtok_r(NULL, ",", &state)) {
		const char *colon = strrchr(entry, ':');
		long port;
		bool known = false;

		if (strncmp(entry, ALTAIR_EVAL_UNIX_ENDPOINT_PREFIX, strlen(ALTAIR_EVAL_UNIX_ENDPOINT_PREFIX)) == 0) {
			/* The socket file is bound into the private view: the only host socket there. */
			if (policy->socket_path_count < ALTAIR_EVAL_LOCKDOWN_MAX_SOCKETS) {
				policy->socket_paths[policy->socket_path_count++] =
					estrdup(entry + strlen(ALTAIR_EVAL_UNIX_ENDPOINT_PREFIX));
			}
			continue;
		}
		if (!colon) {
			continue;
		}
		port = strtol(colon + 1, NULL, 10);
		for (size_t i = 0; i < policy->connect_port_count; i++) {
			known |= policy->connect_ports[i] == port;
		}
		if (!known && port > 0 && port <= 65535 && policy->connect_port_count < ALTAIR_EVAL_LOCKDOWN_MAX_PORTS) {
			policy->connect_ports[policy->connect_port_count++] = (unsigned short) port;
		}
	}
	efree(copy);
}

/* -d altair_eval.guest_relay: the database relay's TCP addresses ("127.0.0.1:3306", "[::1]:5432"),
 * comma-separated (runner/databases.c). The guest listens on each in its own network namespace,
 * and the child's TCP may reach their ports only (seccomp: TCP streams; Landlock: those ports). */
/* -d altair_eval.guest_relay_sockets: the relay's Unix socket paths in the view (a cold child's
 * view binds the host's listeners over them, lockdown/mount.c). */
static void add_relay_sockets(altair_eval_lockdown_policy *policy)
{
	const char *list = ALTAIR_EVAL_G(guest_relay_sockets);
	char *copy, *entry, *state = NULL;

	if (!list || !*list || ALTAIR_EVAL_G(guest_allow_network)) {
		return;
	}
	copy = estrdup(list);
	for (entry = php_strtok_r(copy, ",", &state); entry; entry = php_strtok_r(NULL, ",", &state)) {
		if (entry[0] == '/' && policy->relay_socket_count < ALTAIR_EVAL_LOCKDOWN_MAX_RELAY) {
			policy->relay_socket_paths[policy->relay_socket_count++] = estrdup(entry);
		}
	}
	efree(copy);
}

/* -d altair_eval.guest_relay_ca: the CA files the app names for its databases' TLS, whose view
 * copies hold the relay's CA too (lockdown/mount.c), readable (lockdown/landlock.c). */
static void add_relay_ca(altair_eval_lockdown_policy *policy)
{
	const char *list = ALTAIR_EVAL_G(guest_relay_ca);
	char *copy, *entry, *state = NULL;

	if (!list || !*list) {
		return;
	}
	copy = estrdup(list);
	for (entry = php_strtok_r(copy, ",", &state); entry; entry = php_strtok_r(NULL, ",", &state)) {
		if (entry[0] == '/' && policy->relay_ca_count < ALTAIR_EVAL_LOCKDOWN_MAX_RELAY_CA) {
			policy->relay_ca_paths[policy->relay_ca_count++] = estrdup(entry);
		}
	}
	efree(copy);
}

static void add_relay(altair_eval_lockdown_policy *policy)
{
	const char *list = ALTAIR_EVAL_G(guest_relay);
	char *copy, *entry, *state = NULL;

	const char *sockets = ALTAIR_EVAL_G(guest_relay_sockets);

	/* Any declared database, by address or by socket path: where the child has no network namespace
	 * of its own, or with the network on, its connect()s go to the host (lockdown/seccomp.c,
	 * interception); nothing listens in the child then. */
	policy->relay = (list && *list) || (sockets && *sockets);
	if (!list || !*list) {
		add_relay_sockets(policy);
		return;
	}
	policy->endpoints = !ALTAIR_EVAL_G(guest_allow_network);
	copy = estrdup(list);
	for (entry = php_strtok_r(copy, ",", &state); entry; entry = php_strtok_r(NULL, ",", &state)) {
		const char *colon = strrchr(entry, ':');
		long port = colon ? strtol(colon + 1, NULL, 10) : 0;
		bool known = false;

		if (policy->relay_address_count < ALTAIR_EVAL_LOCKDOWN_MAX_RELAY) {
			policy->relay_addresses[policy->relay_address_count++] = estrdup(entry);
		}
		for (size_t i = 0; i < policy->connect_port_count; i++) {
			known |= policy->connect_ports[i] == port;
		}
		if (!known && port > 0 && port <= 65535 && policy->connect_port_count < ALTAIR_EVAL_LOCKDOWN_MAX_PORTS) {
			policy->connect_ports[policy->connect_port_count++] = (unsigned short) port;
		}
	}
	efree(copy);
	add_relay_sockets(policy);
}

/* The directories outside the root Composer installed packages in (runner/packages.c), read-only:
 * "path;name;reason" entries, ':'-separated (neither separator is ever in a path or a name). */
static void add_package_paths(altair_eval_lockdown_policy *policy)
{
	const char *list = ALTAIR_EVAL_G(guest_package_paths);
	char *copy, *entry, *state = NULL, *fields;

	if (!list || !*list) {
		return;
	}
	copy = estrdup(list);
	for (entry = php_strtok_r(copy, ":", &state); entry; entry = php_strtok_r(NULL, ":", &state)) {
		if ((fields = strchr(entry, ';')) != NULL) {
			*fields = '\0';
		}
		add_read_path(policy, entry);
	}
	efree(copy);
}

/* sandbox.outside_paths: each directory outside the root the child may read, the package
 * Composer installed there, and why it counts as that package. */
static void report_outside_paths(zval *frame)
{
	const char *list = ALTAIR_EVAL_G(guest_package_paths);
	char *copy, *entry, *state = NULL, *name, *reason;
	zval paths, path;

	array_init(&paths);
	copy = estrdup(list ? list : "");
	for (entry = php_strtok_r(copy, ":", &state); entry; entry = php_strtok_r(NULL, ":", &state)) {
		if (!(name = strchr(entry, ';')) || !(reason = strchr(name + 1, ';'))) {
			continue;
		}
		*name++ = '\0';
		*reason++ = '\0';
		array_init(&path);
		add_assoc_string(&path, "path", entry);
		add_assoc_string(&path, "package", name);
		add_assoc_string(&path, "why", strcmp(reason, "package") == 0
			? "installed by Composer (vendor/composer/installed.json), and its composer.json names that package"
			: "installed by Composer (vendor/composer/installed.json) from a library directory of the runtime's include_path");
		add_next_index_zval(&paths, &path);
	}
	efree(copy);
	add_assoc_zval(frame, "outside_paths", &paths);
}

static void build_policy(altair_eval_lockdown_policy *policy)
{
	memset(policy, 0, sizeof(*policy));
	add_endpoints(policy);
	add_relay(policy);
	policy->project_root = ALTAIR_EVAL_G(guest_root);
	policy->scratch_dir = ALTAIR_EVAL_G(guest_scratch);
	policy->allow_writes = ALTAIR_EVAL_G(guest_allow_writes);
	policy->project_overlay = ALTAIR_EVAL_G(guest_project_overlay) && !policy->allow_writes;
	policy->allow_network = ALTAIR_EVAL_G(guest_allow_network);
	policy->relay_hosts = !policy->allow_network && ALTAIR_EVAL_G(guest_relay_hosts);
	add_relay_ca(policy);
	policy->relay_dir = ALTAIR_EVAL_G(guest_relay_dir) && *ALTAIR_EVAL_G(guest_relay_dir) ? ALTAIR_EVAL_G(guest_relay_dir) : NULL;
	policy->memory_limit_mb = (long) ALTAIR_EVAL_G(guest_memory_mb);
	policy->timeout_ms = (long) ALTAIR_EVAL_G(guest_timeout_ms);
	policy->parent_pid = (pid_t) ALTAIR_EVAL_G(guest_parent_pid);
	policy->channel_fd = ALTAIR_EVAL_CHANNEL_FD;
	policy->snippet_fd = altair_eval_guest_template_take_snippet_fd();
	policy->namespaces_entered = template_namespaces_entered ? &template_namespaces : NULL;
	policy->notify_processes = true;
	policy->private_view = true;
	/* A worker that opens a session, and every call's worker of it (guest/session.c). */
	policy->session = altair_eval_guest_template_forking_session() || altair_eval_guest_session_active();

	add_read_path(policy, PG(php_binary));
	add_read_path(policy, PG(extension_dir));
	add_read_path(policy, php_ini_opened_path);
	add_read_path_list(policy, php_ini_scanned_path);
	add_read_path_list(policy, PG(include_path));
	add_package_paths(policy);
	for (const char *const *path = runtime_read_paths; *path; path++) {
		add_read_path(policy, *path);
	}
	if (policy->allow_network) {
		for (const char *const *path = network_read_paths; *path; path++) {
			add_read_path(policy, *path);
		}
	}
	if (!policy->allow_network && policy->connect_port_count > 0) {
		for (const char *const *path = endpoint_read_paths; *path; path++) {
			add_read_path(policy, *path);
		}
	}
}

static void free_policy(altair_eval_lockdown_policy *policy)
{
	for (size_t i = 0; i < policy->read_path_count; i++) {
		efree((char *) policy->read_paths[i]);
	}
	for (size_t i = 0; i < policy->socket_path_count; i++) {
		efree((char *) policy->socket_paths[i]);
	}
	for (size_t i = 0; i < policy->relay_address_count; i++) {
		efree((char *) policy->relay_addresses[i]);
	}
	for (size_t i = 0; i < policy->relay_socket_count; i++) {
		efree((char *) policy->relay_socket_paths[i]);
	}
	for (size_t i = 0; i < policy->relay_ca_count; i++) {
		efree((char *) policy->relay_ca_paths[i]);
	}
}

/* The relay frame: the listening sockets ride on its first byte to the host, which relays what
 * the child sends them (docs/ARCHITECTURE.md, "The database relay"); the guest keeps none. Sent
 * before the sandbox frame, while the policy that names them is alive. */
static void report_relay(const altair_eval_lockdown_policy *policy, altair_eval_lockdown_report *kernel)
{
	zval frame, listening;

	if (!policy->relay) {
		return;
	}
	array_init(&frame);
	add_assoc_string(&frame, "kind", "relay");
	array_init(&listening);
	for (size_t i = 0; i < kernel->relay_fd_count; i++) {
		add_next_index_string(&listening, kernel->relay_bound[i]);
		altair_eval_guest_report_attach_fd(kernel->relay_fds[i]);
	}
	kernel->relay_fd_count = 0;
	add_assoc_zval(&frame, "listening", &listening);
	altair_eval_guest_report_send(&frame);
	zval_ptr_dtor(&frame);
}

static bool functions_disabled(void)
{
	static const char *const probes[] = { "exec", "shell_exec", "system", "passthru", "proc_open", "popen", NULL };

	for (const char *const *name = probes; *name; name++) {
		if (zend_hash_str_exists(CG(function_table), *name, strlen(*name))) {
			return false;
		}
	}
	return true;
}

static bool ffi_disabled(void)
{
	char *enabled = zend_ini_string_ex("ffi.enable", strlen("ffi.enable"), 0, NULL);

	return !zend_hash_str_exists(&module_registry, "ffi", strlen("ffi"))
		|| (enabled && (strcmp(enabled, "0") == 0 || strcasecmp(enabled, "false") == 0 || strcasecmp(enabled, "off") == 0));
}

/* sandbox.endpoints, when endpoints were allowlisted with the network off: what holds them. TCP:
 * the Landlock port rules (any host on an allowlisted port is reachable: Landlock has no address
 * rules), with seccomp keeping other kinds of inet sockets out. Unix sockets: nothing before
 * Landlock ABI 9, which neither this guest nor most kernels have; the stream functions that could
 * reach them from PHP stay disabled, the database drivers reach any socket file. */
static void report_endpoints(zval *frame, const altair_eval_lockdown_report *kernel)
{
	const char *list = ALTAIR_EVAL_G(guest_endpoints);
	zval endpoints, allowed;
	char *copy, *entry, *state = NULL;

	if (ALTAIR_EVAL_G(guest_allow_network) || ALTAIR_EVAL_G(guest_unsafe) || !list || !*list) {
		add_assoc_null(frame, "endpoints");
		return;
	}
	array_init(&endpoints);
	array_init(&allowed);
	copy = estrdup(list);
	for (entry = php_strtok_r(copy, ",", &state); entry; entry = php_strtok_r(NULL, ",", &state)) {
		add_next_index_string(&allowed, entry);
	}
	efree(copy);
	add_assoc_zval(&endpoints, "allowed", &allowed);
	add_assoc_string(&endpoints, "tcp", kernel->endpoint_ports ? "landlock-port" : "none");
	add_assoc_bool(&endpoints, "hosts_checked", false);
	add_assoc_bool(&endpoints, "tcp_stream_only", kernel->tcp_stream_only);
	/* In the private view only the allowlisted socket files exist; without it, any the process can name. */
	add_assoc_string(&endpoints, "unix", kernel->mountns ? "private-view" : (kernel->connect_intercepted ? "intercepted" : "not-restricted"));
	add_assoc_zval(frame, "endpoints", &endpoints);
}

/* PHP turns its realpath cache off whenever open_basedir is set (php_request_startup), so every path
 * the autoloader resolves costs an lstat per component (about 1,800 for one Laravel count). The cache
 * is off there because a symlink swapped after a cached check can lead an operation on the path
 * string outside open_basedir. With the private view and Landlock both in force the kernel refuses
 * whatever lies outside the project, the runtime and the scratch, whatever PHP's cache says, so the
 * cache is turned back on at its configured size; without either it stays off (docs/security.md,
 * "Filesystem"; tests/lockdown/020.phpt tries the swap). */
static void realpath_cache_back(const altair_eval_lockdown_report *kernel)
{
	zend_string *name, *value;
	const char *configured;

	if (kernel->landlock_abi < 1 || !kernel->mountns) {
		return;
	}
	configured = zend_ini_string_ex("realpath_cache_size", sizeof("realpath_cache_size") - 1, 0, NULL);
	if (!configured || !*configured) {
		return;
	}
	name = zend_string_init(ZEND_STRL("realpath_cache_size"), 0);
	value = zend_string_init(configured, strlen(configured), 0);
	zend_alter_ini_entry_ex(name, value, ZEND_INI_SYSTEM, ZEND_INI_STAGE_RUNTIME, 1);
	zend_string_release(value);
	zend_string_release(name);
}

/* eval_blocked stays in the contract, always false: eval() is arbitrary code like the snippet itself,
 * held by the same kernel guards (docs/security.md). */
static void report_sandbox(const altair_eval_lockdown_report *kernel, int ini_locked)
{
	zval frame, unavailable;
	bool unsafe = ALTAIR_EVAL_G(guest_unsafe);

	array_init(&frame);
	add_assoc_string(&frame, "kind", "sandbox");
	add_assoc_bool(&frame, "disable_functions", functions_disabled());
	add_assoc_bool(&frame, "open_basedir", PG(open_basedir) && *PG(open_basedir));
	add_assoc_bool(&frame, "rlimits", kernel->rlimits);
	add_assoc_bool(&frame, "seccomp", kernel->seccomp);
	add_assoc_long(&frame, "landlock_abi", kernel->landlock_abi);
	add_assoc_bool(&frame, "netns", kernel->netns);
	add_assoc_bool(&frame, "ipcns", kernel->ipcns);
	add_assoc_bool(&frame, "mountns", kernel->mountns);
	add_assoc_bool(&frame, "scratch_capped", kernel->scratch_capped);
	add_assoc_bool(&frame, "project_overlay", kernel->project_overlay);
	add_assoc_long(&frame, "mountns_us", kernel->mountns_us);
	add_assoc_bool(&frame, "eval_blocked", false);
	add_assoc_bool(&frame, "ffi_disabled", ffi_disabled());
	add_assoc_bool(&frame, "result_channel", kernel->channel_sealed);
	add_assoc_bool(&frame, "ini_locked", ini_locked > 0);
	add_assoc_bool(&frame, "no_new_privs", kernel->no_new_privs);
	add_assoc_bool(&frame, "parent_death", kernel->parent_death);
	add_assoc_bool(&frame, "processes_blocked", kernel->processes_blocked);
	add_assoc_bool(&frame, "sockets_blocked", kernel->sockets_blocked);
	add_assoc_bool(&frame, "landlock_net", kernel->landlock_net);
	add_assoc_bool(&frame, "connect_intercepted", kernel->connect_intercepted);
	add_assoc_bool(&frame, "sockets_intercepted", kernel->sockets_intercepted);
	add_assoc_bool(&frame, "landlock_scoped", kernel->landlock_scoped);
	add_assoc_bool(&frame, "unsafe", unsafe);
	add_assoc_bool(&frame, "booted_template", altair_eval_guest_template_booted());
	report_endpoints(&frame, kernel);
	report_outside_paths(&frame);
	array_init(&unavailable);
	if (unsafe) {
		add_next_index_string(&unavailable, "unsafe: every guard was lifted on request");
	}
	for (size_t i = 0; i < kernel->note_count; i++) {
		add_next_index_string(&unavailable, kernel->notes[i]);
	}
	if (altair_eval_guest_template_note()) {
		char line[ALTAIR_EVAL_LOCKDOWN_NOTE_LEN + ALTAIR_EVAL_TEMPLATE_NOTE_MAX];
		snprintf(line, sizeof(line), "warm: the app is booted per evaluation (%s)", altair_eval_guest_template_note());
		add_next_index_string(&unavailable, line);
	}
	add_assoc_zval(&frame, "unavailable", &unavailable);
	altair_eval_guest_report_send(&frame);
	zval_ptr_dtor(&frame);
}

/* A warm template enters the network and IPC namespaces once, for every worker it will fork. */
static void stop(const char *why);

/* ... and builds the private view for them (its scratch dir is the base of every worker's). */
static void enter_template_namespaces(void)
{
	altair_eval_lockdown_policy policy;
	int status;

	build_policy(&policy);
	memset(&template_namespaces, 0, sizeof(template_namespaces));
	altair_eval_lockdown_namespaces(&policy, &template_namespaces);
	status = altair_eval_lockdown_mount_prepare(&policy, &template_namespaces);
	free_policy(&policy);
	template_namespaces_entered = true;
	if (status != 0) {
		stop("the private view could not be prepared");
	}
}

/* The engine guards, once per process that runs project code: a booted template's workers inherit
 * its. */
static int lock_engine(void)
{
	int locked = altair_eval_guest_engine_lock_ini() + altair_eval_guest_isolation_apply();

	if (!ALTAIR_EVAL_G(guest_allow_writes)) {
		altair_eval_guest_engine_scratch_metadata(ALTAIR_EVAL_G(guest_scratch));
	}
	return locked;
}

/* PHP's resolver asks once per process whether IPv6 works, with a datagram socket, which the
 * seccomp filter refuses under declared databases and endpoints (TCP streams only): PHP would then
 * resolve no IPv6 address at all, and every stream client (mysqlnd, phpredis, fsockopen) would fail
 * on the relay's [::1] or another IPv6 address the app names. The question is asked now, before the
 * filter (a booted template's workers inherit the answer); PHP keeps it (main/network.c). */
static void ask_ipv6_now(void)
{
	struct sockaddr **addresses = NULL;
	zend_string *error = NULL;

	if (ALTAIR_EVAL_G(guest_allow_network)) {
		return;
	}
	if (php_network_getaddresses("::1", SOCK_STREAM, &addresses, &error) > 0) {
		php_network_freeaddresses(addresses);
	}
	if (error) {
		zend_string_release(error);
	}
}

/* A template whose host asked for the boot, before serving: the lockdown a cold child has (with
 * the template filter's additions), the engine guards, then the boot (template/boot.c). Where it
 * cannot, its workers boot the app themselves, and the sandbox report says why. */
static void boot_template(void)
{
	altair_eval_lockdown_policy policy;
	char why[ALTAIR_EVAL_TEMPLATE_NOTE_MAX];
	int status;

	if (ALTAIR_EVAL_G(guest_warm_note) && *ALTAIR_EVAL_G(guest_warm_note)) {
		altair_eval_guest_template_set_note(ALTAIR_EVAL_G(guest_warm_note));
		return;
	}
	if (!functions_guard_held()) {
		/* No project code in this template: each worker refuses on its own (main). */
		return;
	}
	/* Writes, and rollback's overlay (each worker mounts its own), need a worker that may still mount. */
	if (!ALTAIR_EVAL_G(guest_template_boot) || ALTAIR_EVAL_G(guest_allow_writes) || ALTAIR_EVAL_G(guest_project_overlay)) {
		return;
	}
	if (!altair_eval_lockdown_booted_possible(why, sizeof(why))) {
		altair_eval_guest_template_set_note(why);
		return;
	}
	ask_ipv6_now();
	build_policy(&policy);
	policy.channel_fd = altair_eval_guest_template_seal_control();
	status = altair_eval_lockdown_template(&policy, &template_namespaces);
	free_policy(&policy);
	if (status != 0) {
		snprintf(why, sizeof(why), "the template's lockdown did not hold: %s",
			template_namespaces.note_count ? template_namespaces.notes[template_namespaces.note_count - 1] : "unknown");
		altair_eval_guest_template_refuse(why);
	}
	altair_eval_guest_template_prime_temp_dir();
	/* Under the same view and Landlock as its workers (the view is the template's own: its report
	 * does not say mountns, which is a worker's namespace): the paths the boot resolves stay
	 * cached in each worker, which otherwise took an lstat per component of each. Without a view
	 * (a container) the cache stays off, as in a cold child there. */
	{
		altair_eval_lockdown_report viewed = template_namespaces;
		viewed.mountns = altair_eval_lockdown_mount_view_built();
		realpath_cache_back(&viewed);
	}
	template_ini_locked = lock_engine();
	if (!altair_eval_guest_template_boot(template_namespaces.ipcns, why, sizeof(why))) {
		altair_eval_guest_template_refuse(why);
	}
}

/* A pooled worker of a booted template, before its request (template/template.c): the part of its
 * lockdown that needs nothing of the request. The policy stays, for the listeners' addresses. */
static altair_eval_lockdown_policy pooled_policy;
static altair_eval_lockdown_report pooled_prepared;

static void prepare_pooled_worker(void)
{
	if (ALTAIR_EVAL_G(guest_unsafe) || !altair_eval_guest_template_booted()) {
		return;
	}
	build_policy(&pooled_policy);
	altair_eval_lockdown_booted_worker_prepare(&pooled_policy, &template_namespaces, &pooled_prepared);
}

/* Kernel then engine guards; returns false when the child must not go on. */
static bool lock_down(void)
{
	altair_eval_lockdown_report kernel;
	altair_eval_lockdown_policy policy;
	int ini_locked = 0;

	memset(&kernel, 0, sizeof(kernel));
	if (!ALTAIR_EVAL_G(guest_unsafe)) {
		bool booted = altair_eval_guest_template_booted();
		if (booted) {
			altair_eval_guest_report_forked();
		}
		if (!booted) {
			ask_ipv6_now();
		}
		build_policy(&policy);
		/* A booted template's worker only narrows what its template holds (lockdown/booted.c). */
		int status = booted ? altair_eval_lockdown_booted_worker(&policy, &template_namespaces, &kernel)
			: altair_eval_lockdown_apply(&policy, &kernel);
		/* A pooled booted worker's template checked its boot's files meanwhile (template.c). */
		if (altair_eval_guest_template_awaiting_verdict()) {
			altair_eval_guest_template_await_verdict();
			if (altair_eval_guest_report_open() != SUCCESS) {
				status = -1;
			}
		}
		report_relay(&policy, &kernel);
		free_policy(&policy);
		scratch_capped = kernel.scratch_capped;
		if (kernel.process_listener_fd >= 0) {
			/* The host answers (and counts) refused process starts; it gets the listener with the
			 * sandbox frame, and nothing here keeps it. */
			altair_eval_guest_report_attach_fd(kernel.process_listener_fd);
		}
		altair_eval_guest_report_adopt_status(kernel.status_fd);
		if (status != 0) {
			return false;
		}
		realpath_cache_back(&kernel);
		ini_locked = booted ? template_ini_locked : lock_engine();
	}
	report_sandbox(&kernel, ini_locked);
	return true;
}

static void report_throwable(zend_object *throwable);

/* A ParseError. In the snippet: the snippet's exception, as PHP's own `require` inside a try would
 * give it (univeros/framework's evaluator does exactly that), exit code 1. In the project's
 * autoloader or bootstrap: an E_PARSE error, exit code 255, as an uncaught one would end PHP.
 * Returns the exit status. */
static int report_parse_error(zend_object *error)
{
	zval frame, details, rv, *message, *file, *line;
	zend_string *shown;

	file = zend_read_property_ex(error->ce, error, ZSTR_KNOWN(ZEND_STR_FILE), true, &rv);
	if (Z_TYPE_P(file) == IS_STRING && zend_string_equals(Z_STR_P(file), context.snippet_path)) {
		report_throwable(error);
		return ALTAIR_EVAL_EXIT_EXCEPTION;
	}
	message = zend_read_property_ex(error->ce, error, ZSTR_KNOWN(ZEND_STR_MESSAGE), true, &rv);
	line = zend_read_property_ex(error->ce, error, ZSTR_KNOWN(ZEND_STR_LINE), true, &rv);

	array_init(&details);
	add_assoc_string(&details, "type", "E_PARSE");
	add_assoc_str(&details, "message", zval_get_string(message));
	if (Z_TYPE_P(file) == IS_STRING) {
		shown = altair_eval_encoder_display_path(Z_STR_P(file), &context);
		add_assoc_str(&details, "file", shown);
	} else {
		add_assoc_null(&details, "file");
	}
	add_assoc_long(&details, "line", zval_get_long(line));

	array_init(&frame);
	add_assoc_string(&frame, "kind", "error");
	add_assoc_zval(&frame, "error", &details);
	add_assoc_null(&frame, "limit");
	altair_eval_guest_report_send(&frame);
	zval_ptr_dtor(&frame);
	return ALTAIR_EVAL_EXIT_FATAL;
}

static bool disk_limit_reached(void);

static void report_throwable(zend_object *throwable)
{
	zval frame, encoded;

	altair_eval_encoder_exception(&encoded, throwable, &context);
	array_init(&frame);
	add_assoc_string(&frame, "kind", "exception");
	add_assoc_zval(&frame, "exception", &encoded);
	if (disk_limit_reached()) {
		add_assoc_string(&frame, "limit", "disk");
	}
	altair_eval_guest_report_send(&frame);
	zval_ptr_dtor(&frame);
}

static void report_exit(void);

/* limit_exceeded "disk": the run ended with its capped scratch full (a write failed for space). */
static bool disk_limit_reached(void)
{
	return scratch_capped && altair_eval_lockdown_scratch_full(ALTAIR_EVAL_G(guest_scratch));
}

/* The value is written straight into the frame as JSON: no intermediate arrays. */
static void report_value(zval *value)
{
	smart_str json = {0};
	zval null;

	if (Z_ISUNDEF_P(value)) {
		ZVAL_NULL(&null);
		value = &null;
	}
	/* The snippet may have changed serialize_precision; the report must not depend on it. */
	PG(serialize_precision) = -1;
	smart_str_appends(&json, "{\"kind\":\"return\",\"value\":");
	altair_eval_encoder_value_json(&json, value, &context);
	if (disk_limit_reached()) {
		smart_str_appends(&json, ",\"limit\":\"disk\"");
	}
	smart_str_appendc(&json, '}');
	if (EG(exception)) {
		/* A hook called while encoding (say __debugInfo) ran exit(): that is how the run ended. */
		smart_str_free(&json);
		report_exit();
		return;
	}
	altair_eval_guest_report_send_json(ZSTR_VAL(json.s), ZSTR_LEN(json.s), true);
	smart_str_free(&json);
}

static void report_exit(void)
{
	zval frame;

	array_init(&frame);
	add_assoc_string(&frame, "kind", "exit");
	add_assoc_long(&frame, "status", EG(exit_status));
	if (disk_limit_reached()) {
		add_assoc_string(&frame, "limit", "disk");
	}
	altair_eval_guest_report_send(&frame);
	zval_ptr_dtor(&frame);
}

/* After a file ran (or failed to compile): report what came of it. false when it must stop. */
static bool settle(bool compiled)
{
	zend_object *thrown = EG(exception);

	if (!thrown) {
		return true;
	}
	if (zend_is_unwind_exit(thrown) || zend_is_graceful_exit(thrown)) {
		/* exit(): report it, and let the engine finish the exit with the snippet's status. */
		report_exit();
		return false;
	}
	GC_ADDREF(thrown);
	zend_clear_exception();
	if (!compiled && instanceof_function(thrown->ce, zend_ce_parse_error)) {
		EG(exit_status) = report_parse_error(thrown);
	} else {
		report_throwable(thrown);
		EG(exit_status) = ALTAIR_EVAL_EXIT_EXCEPTION;
	}
	OBJ_RELEASE(thrown);
	return false;
}

/* Read-only and rollback mode: from here on what the app sends, queues, dispatches, calls or logs is
 * recorded instead (docs/ARCHITECTURE.md, "Effects"); a booted worker swaps its own transports, so
 * that what it records is its own and starts empty. With writes (or unsafe) nothing is swapped. A
 * session's call records its own (the swap itself is done once). */
static void record_effects(void)
{
	if (ALTAIR_EVAL_G(guest_allow_writes) || ALTAIR_EVAL_G(guest_unsafe)) {
		return;
	}
	altair_eval_guest_effects_start();
	altair_eval_guest_boot_record_effects();
}

/* The snippet in its own file scope (the global one: a session's next call sees its variables), and
 * what came of it reported; true when it ended well (a value, no exception, no exit). */
static bool run_snippet(void)
{
	zval retval;
	bool compiled;

	record_effects();
	altair_eval_guest_report_flush();
	compiled = altair_eval_guest_run_file(ZSTR_VAL(context.snippet_path), &retval, true);
	if (!settle(compiled)) {
		return false;
	}
	report_value(&retval);
	zval_ptr_dtor(&retval);
	return !EG(exception) && EG(exit_status) == 0;
}

/* Returns true when the snippet ended well. */
static bool run_project(void)
{
	char path[MAXPATHLEN];
	zval retval;
	zend_stat_t info;
	bool compiled;

	if (altair_eval_guest_template_booted()) {
		/* The template ran autoload and the boot: what came of them, as if they ran here. */
		if (!altair_eval_guest_template_replay(&compiled) && !settle(compiled)) {
			return false;
		}
		return run_snippet();
	}
	altair_eval_guest_report_flush();
	snprintf(path, sizeof(path), "%s%s", ALTAIR_EVAL_G(guest_root), ALTAIR_EVAL_AUTOLOAD_FILE);
	if (VCWD_STAT(path, &info) == 0) {
		compiled = altair_eval_guest_run_file(path, &retval, false);
		zval_ptr_dtor(&retval);
		if (!settle(compiled)) {
			return false;
		}
	}
	if (!altair_eval_guest_boot_run() && !settle(true)) {
		return false;
	}
	return run_snippet();
}

static void stop(const char *why)
{
	fprintf(stderr, "altair_eval guest: %s\n", why);
	fflush(stderr);
	EG(exit_status) = ALTAIR_EVAL_EXIT_FATAL;
	zend_bailout();
}

ZEND_FUNCTION(Altair_Eval_Guest_main)
{
	char snippet[MAXPATHLEN];

	ZEND_PARSE_PARAMETERS_NONE();
	if (started) {
		zend_throw_error(NULL, "Altair\\Eval\\Guest\\main() has already run");
		RETURN_THROWS();
	}
	started = true;

	if (ALTAIR_EVAL_G(guest_template)) {
		altair_eval_guest_template_open_status();
		if (!ALTAIR_EVAL_G(guest_unsafe)) {
			enter_template_namespaces();
			boot_template();
		}
		/* Returns only in a worker forked for one request; from here on it is a cold child. */
		altair_eval_guest_template_serve(prepare_pooled_worker);
	}
	/* A worker waiting for its template's verdict opens the channel once it has it (lock_down). */
	if (!altair_eval_guest_template_awaiting_verdict() && altair_eval_guest_report_open() != SUCCESS) {
		stop("no result channel (this process was not started by Altair\\Eval\\Evaluator)");
	}
	snprintf(snippet, sizeof(snippet), "%s%s", ALTAIR_EVAL_G(guest_scratch), ALTAIR_EVAL_SNIPPET_FILE);
	context.project_root = zend_string_init(ALTAIR_EVAL_G(guest_root), strlen(ALTAIR_EVAL_G(guest_root)), 0);
	context.snippet_path = zend_string_init(snippet, strlen(snippet), 0);
	context.hide_guest_frames = true;
	/* The encoder cuts the result below what the evaluator takes in by default, so a large result
	 * comes back truncated rather than dropped whole as result_size (docs/ARCHITECTURE.md). */
	context.max_bytes = ALTAIR_EVAL_GUEST_RESULT_BUDGET_BYTES;
	altair_eval_guest_engine_report_fatals(&context);

	if (!functions_guard_held()) {
		zend_string *why = zend_string_init(ZEND_STRL(ALTAIR_EVAL_FUNCTIONS_NOT_APPLIED), 0);
		altair_eval_guest_report_fatal("E_CORE_ERROR", why, NULL, 0, NULL);
		zend_string_release(why);
		stop("our disabled functions were not applied at startup");
	}
	if (!lock_down()) {
		stop("the lockdown could not be applied safely (the caller is gone?)");
	}
	if (!altair_eval_guest_session_active()) {
		run_project();
	} else {
		/* A session (guest/session.c): a call that ended well holds the session's state, and each
		 * next call runs in a fork of it; hold() returns in that fork, ready to run its snippet, or
		 * not at all once the session has ended (then nothing is left to report). A call that did
		 * not end well (a fatal error's bailout lands here too) reports its status and exits with
		 * none of PHP's shutdown: its destructors and shutdown functions would act through what it
		 * shares with the holder (a PDO's destructor says goodbye on the holder's connection). */
		zend_try {
			for (bool well = run_project(); well; well = run_snippet()) {
				if (!altair_eval_guest_session_hold()) {
					_exit(0);
				}
			}
		} zend_end_try();
		altair_eval_guest_rshutdown();
	}

	zend_string_release(context.project_root);
	zend_string_release(context.snippet_path);
	context.project_root = NULL;
	context.snippet_path = NULL;
}
