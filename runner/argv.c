/*
 * The child's command line and environment, built completely before spawning (nothing but
 * async-signal-safe work may happen between fork and exec, and posix_spawn does it all).
 *
 *   <php> [the caller's -n / -c / -d flags] [guard -d flags] [guest -d flags] -r <prelude>
 *
 * Same binary, same ini: in the CLI the caller's own -d flags are forwarded, so an extension
 * loaded with -d extension=... (as bin/altair and run-tests.php do) loads in the child too; one
 * loaded from php.ini is loaded by the same php.ini. A thin caller (bin/altair's thin start, php -n)
 * names the ini its full start loads instead (altair_eval.child_*), and the child gets that. Our
 * guards come last, so they win; our disabled functions are the guest's to apply (guest/engine.c).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "SAPI.h"
#include "php_ini.h"
#include "zend_smart_str.h"
#include "zend_exceptions.h"
#include "../php_altair_eval.h"
#include "../guest/prelude.h"
#include "internal.h"

#include <dlfcn.h>

extern char **environ;
/* Declared by php_ini.c without a header. */
extern PHPAPI char *php_ini_opened_path;
extern PHPAPI char *php_ini_scanned_path;

/* Always disabled unless unsafe. The kernel layer is the boundary; each group says what it adds.
 * (assert() is not here: it has not evaluated strings since PHP 8.0, and Doctrine imports it.
 * proc_close/proc_get_status/proc_terminate are not: they need a handle only proc_open gives.) */
static const char *const disabled_always[] = {
	/* New programs: seccomp denies execve; this is the layer where seccomp is unavailable, and a
	 * clear "undefined function" instead of EPERM. mail() runs sendmail. */
	"exec", "shell_exec", "system", "passthru", "proc_open", "popen", "mail", "mb_send_mail",
	/* Raising our own priority (root): nothing in seccomp filters setpriority. */
	"proc_nice",
	/* Signals to others, leaving the process group the host kills, identities (seccomp does not
	 * filter the set*id calls; as root they would change whose files Landlock-less runs reach),
	 * limits (prlimit is filtered, setrlimit raising a hard limit needs root), device nodes. */
	"posix_kill", "posix_setsid", "posix_setpgid", "posix_setuid", "posix_seteuid", "posix_setgid",
	"posix_setegid", "posix_setrlimit", "posix_mkfifo", "posix_mknod", "posix_initgroups",
	/* libpq reads PGOPTIONS (the read-only session default, which SQL can lift: docs/databases.md) at connect;
	 * Laravel's and Symfony's dotenv loaders check function_exists('putenv') and use $_ENV/$_SERVER. */
	"putenv",
	/* Native code: enable_dl=0 says the same; a .so written to the scratch would run unguarded. */
	"dl",
	/* With writes on, a link planted in the project outlives the run and points the user's own
	 * tools outside it. */
	"symlink", "link",
	NULL
};
/* pcntl_fork/pcntl_exec/pcntl_unshare: seccomp holds them; kept for kernels without seccomp. */
static const char *const disabled_prefixes_always[] = { "pcntl_", NULL };

/* Disabled as well when the request does not allow the network, allowlisted endpoints or not: the
 * kernel holds TCP to the allowlisted ports, but cannot restrict connect() to named Unix sockets
 * before Landlock ABI 9, so a stream client would reach every socket file on the machine. The
 * database drivers (PDO, pgsql, mysqli, redis) connect in C and are not affected. */
static const char *const disabled_offline[] = {
	"fsockopen", "pfsockopen", "stream_socket_client", "stream_socket_server",
	"gethostbyname", "gethostbynamel", "gethostbyaddr", "dns_get_record", "dns_check_record",
	"checkdnsrr", "dns_get_mx", "getmxrr",
	NULL
};
static const char *const disabled_prefixes_offline[] = { "socket_", "ftp_", "curl_", NULL };

static void push_arg(altair_eval_command *command, char *arg)
{
	if (command->argc + 2 > command->argv_cap) {
		command->argv_cap = command->argv_cap ? command->argv_cap * 2 : 64;
		command->argv = erealloc(command->argv, command->argv_cap * sizeof(char *));
	}
	command->argv[command->argc++] = arg;
	command->argv[command->argc] = NULL;
}

static void push_env(altair_eval_command *command, char *entry)
{
	if (command->envc + 2 > command->envp_cap) {
		command->envp_cap = command->envp_cap ? command->envp_cap * 2 : 64;
		command->envp = erealloc(command->envp, command->envp_cap * sizeof(char *));
	}
	command->envp[command->envc++] = entry;
	command->envp[command->envc] = NULL;
}

/* -d name="value", quoted and escaped for the ini scanner, so that no value (a project root with
 * ${VAR}, a backslash or a quote in it) is interpolated or cut short: inside double quotes the
 * scanner expands ${...} and ends at '"', and takes \$, \" and \\ as the plain characters. The CLI
 * passes a value that starts with '"' through untouched. */
static void push_ini(altair_eval_command *command, const char *name, const char *value)
{
	smart_str setting = {0};

	smart_str_appends(&setting, name);
	smart_str_appends(&setting, "=\"");
	for (const char *c = value; *c; c++) {
		if (*c == '"' || *c == '$' || *c == '\\') {
			smart_str_appendc(&setting, '\\');
		}
		smart_str_appendc(&setting, *c);
	}
	smart_str_appendc(&setting, '"');
	smart_str_0(&setting);
	push_arg(command, estrdup("-d"));
	push_arg(command, estrndup(ZSTR_VAL(setting.s), ZSTR_LEN(setting.s)));
	smart_str_free(&setting);
}

static void push_ini_long(altair_eval_command *command, const char *name, zend_long value)
{
	char number[MAX_LENGTH_OF_LONG + 1];

	snprintf(number, sizeof(number), ZEND_LONG_FMT, value);
	push_ini(command, name, number);
}

/* The path of the shared object this code lives in, for hosts that are not the CLI. */
static const char *own_module_path(void)
{
	Dl_info info;

	return dladdr((void *) own_module_path, &info) && info.dli_fname ? info.dli_fname : NULL;
}

/* One of the caller's -d settings for the child, which starts in the project root: an extension
 * given by a relative path (-d extension=modules/x.so) is made absolute against the caller's
 * working directory, or the child (and a warm template) would not find it. */
static char *forwarded_setting(const char *line, size_t length)
{
	static const char *const loaders[] = { "extension=", "zend_extension=", NULL };
	const char *end = line + length;
	char cwd[MAXPATHLEN];

	for (const char *const *loader = loaders; *loader; loader++) {
		size_t prefix = strlen(*loader);
		const char *path = line + prefix;

		if (length <= prefix || strncmp(line, *loader, prefix) != 0) {
			continue;
		}
		/* The CLI keeps a value that does not start with a letter or digit in quotes. */
		if (*path == '"' || *path == '\'') {
			path++;
		}
		if (path < end && *path != '/' && memchr(path, '/', (size_t) (end - path)) && VCWD_GETCWD(cwd, sizeof(cwd))) {
			char *absolute;
			spprintf(&absolute, 0, "%.*s%s/%.*s", (int) (path - line), line, cwd, (int) (end - path), path);
			return absolute;
		}
	}
	return estrndup(line, length);
}

/* altair_eval.child_ini: the child's ini is not this process's own (a thin host, started without
 * the ini the child needs: bin/altair). */
static bool child_ini_given(void)
{
	return ALTAIR_EVAL_G(child_ini) && *ALTAIR_EVAL_G(child_ini);
}

static bool absolute_line(const char *path)
{
	return path[0] == '/' && !strpbrk(path, "\n\r");
}

/* Each entry of a ':'-separated scan path is empty (PHP's compiled-in dir) or absolute. */
static bool scan_dir_valid(const char *list)
{
	const char *entry = list;

	if (strpbrk(list, "\n\r")) {
		return false;
	}
	while (*entry) {
		const char *end = strchr(entry, ':');
		if (entry[0] != ':' && entry[0] != '/') {
			return false;
		}
		if (!end) {
			break;
		}
		entry = end + 1;
	}
	return true;
}

zend_result altair_eval_command_check_ini(void)
{
	const char *ini = ALTAIR_EVAL_G(child_ini), *scan = ALTAIR_EVAL_G(child_ini_scan_dir),
		*extension = ALTAIR_EVAL_G(child_extension);
	const char *why = NULL;

	if (!child_ini_given()) {
		if ((scan && *scan) || (extension && *extension)) {
			why = "altair_eval.child_ini_scan_dir and altair_eval.child_extension need altair_eval.child_ini";
		}
	} else if (strcmp(ini, "-") != 0 && !absolute_line(ini)) {
		why = "altair_eval.child_ini must be an absolute path to a php.ini, or \"-\" for none";
	} else if (scan && !scan_dir_valid(scan)) {
		why = "altair_eval.child_ini_scan_dir must be empty or absolute paths separated by ':'";
	} else if (extension && *extension && !absolute_line(extension)) {
		why = "altair_eval.child_extension must be empty or an absolute path to the module";
	}
	if (why) {
		zend_throw_exception_ex(altair_eval_exception_ce, ALTAIR_EVAL_ERROR_SPAWN, "%s", why);
		return FAILURE;
	}
	return SUCCESS;
}

/* -n, -c and -d exactly as the caller got them (CLI); otherwise load this module explicitly. A thin
 * host names the ini its full start loaded instead (altair_eval.child_ini, checked by
 * altair_eval_command_check_ini): that php.ini (none: "-"), and the module when that ini does not
 * load it; none of the thin host's own flags. */
static void forward_caller_ini(altair_eval_command *command)
{
	if (child_ini_given()) {
		if (strcmp(ALTAIR_EVAL_G(child_ini), "-") != 0) {
			push_arg(command, estrdup("-c"));
			push_arg(command, estrdup(ALTAIR_EVAL_G(child_ini)));
		}
		if (ALTAIR_EVAL_G(child_extension) && *ALTAIR_EVAL_G(child_extension)) {
			/* as the full start's own -d extension=… would be forwarded: the same argument */
			char *setting;
			spprintf(&setting, 0, "extension=%s", ALTAIR_EVAL_G(child_extension));
			push_arg(command, estrdup("-d"));
			push_arg(command, setting);
		}
		return;
	}
	if (strcmp(sapi_module.name, "cli") != 0) {
		const char *module = own_module_path();
		if (module) {
			push_ini(command, "extension", module);
		}
		return;
	}
	if (sapi_module.php_ini_ignore) {
		push_arg(command, estrdup("-n"));
	}
	if (sapi_module.php_ini_path_override) {
		push_arg(command, estrdup("-c"));
		push_arg(command, estrdup(sapi_module.php_ini_path_override));
	} else if (!sapi_module.php_ini_ignore && php_ini_opened_path) {
		/* Found through PHPRC or the default search: named explicitly, as PHPRC is not passed on. */
		push_arg(command, estrdup("-c"));
		push_arg(command, estrdup(php_ini_opened_path));
	}
	if (sapi_module.ini_entries) {
		const char *line = sapi_module.ini_entries;
		while (*line) {
			const char *end = strchr(line, '\n');
			size_t length = end ? (size_t) (end - line) : strlen(line);
			if (length > 0) {
				push_arg(command, estrdup("-d"));
				push_arg(command, forwarded_setting(line, length));
			}
			line += length + (end ? 1 : 0);
		}
	}
}

static bool has_prefix(const char *name, const char *const *prefixes)
{
	for (; *prefixes; prefixes++) {
		if (strncmp(name, *prefixes, strlen(*prefixes)) == 0) {
			return true;
		}
	}
	return false;
}

static void append_names(smart_str *list, const char *const *names, const char *suffix)
{
	for (; *names; names++) {
		if (list->s) {
			smart_str_appendc(list, ',');
		}
		smart_str_appends(list, *names);
		smart_str_appends(list, suffix);
	}
}

/* Our functions for the guest, prefixes written "pcntl_*": the guest expands them over its own
 * function table and disables them on top of its own ini's disable_functions, after every module's
 * startup (guest/engine.c). The child's ini is applied by PHP as usual: this host may have started
 * without it (a thin start), and may lack the child's extensions. */
static char *disabled_functions(bool allow_network)
{
	smart_str list = {0};
	const char *caller = INI_STR("disable_functions");

	/* A caller that is not the CLI (FPM, CGI) does not pass its ini on: its own disabled
	 * functions are added to ours (a CLI caller's are the child's through the same ini). */
	if (!child_ini_given() && strcmp(sapi_module.name, "cli") != 0 && caller && *caller) {
		char *copy = estrdup(caller), *entry, *state = NULL;
		for (entry = php_strtok_r(copy, ", ", &state); entry; entry = php_strtok_r(NULL, ", ", &state)) {
			if (!strchr(entry, '*')) {
				if (list.s) {
					smart_str_appendc(&list, ',');
				}
				smart_str_appends(&list, entry);
			}
		}
		efree(copy);
	}
	append_names(&list, disabled_always, "");
	if (!allow_network) {
		append_names(&list, disabled_offline, "");
	}
	append_names(&list, disabled_prefixes_always, "*");
	if (!allow_network) {
		append_names(&list, disabled_prefixes_offline, "*");
	}
	smart_str_0(&list);

	char *result = estrndup(ZSTR_VAL(list.s), ZSTR_LEN(list.s));
	smart_str_free(&list);
	return result;
}

/* The project, this evaluation's own scratch dir (outside the project, see scratch.c), and the
 * packages Composer installed outside the root (runner/packages.c); request.c keeps ':'
 * (the list separator) out of the root, scratch.c out of the scratch path. */
static void push_open_basedir(altair_eval_command *command, const altair_eval_request *request,
	const altair_eval_scratch *scratch, zend_string *packages)
{
	char *list;

	if (packages) {
		spprintf(&list, 0, "%s%c%s%c%s", ZSTR_VAL(request->project_root), DEFAULT_DIR_SEPARATOR, scratch->dir,
			DEFAULT_DIR_SEPARATOR, ZSTR_VAL(packages));
	} else {
		spprintf(&list, 0, "%s%c%s", ZSTR_VAL(request->project_root), DEFAULT_DIR_SEPARATOR, scratch->dir);
	}
	push_ini(command, "open_basedir", list);
	efree(list);
}

static void push_guards(altair_eval_command *command, const altair_eval_request *request,
	const altair_eval_scratch *scratch, zend_string *packages)
{
	char *functions = disabled_functions(request->allow_network);

	push_ini(command, "altair_eval.guest_disable_functions", functions);
	efree(functions);
	push_ini(command, "ffi.enable", "0");
	push_ini(command, "enable_dl", "0");
	push_open_basedir(command, request, scratch, packages);
	push_ini(command, "sys_temp_dir", scratch->dir);
	push_ini(command, "upload_tmp_dir", scratch->dir);
	push_ini(command, "session.save_path", scratch->dir);
	push_ini_long(command, "memory_limit", request->memory_limit_mb * 1024 * 1024);
	push_ini(command, "allow_url_fopen", request->allow_network ? "1" : "0");
	push_ini(command, "allow_url_include", "0");
}

/* allowEndpoints for the guest's lockdown, comma-separated (request.c keeps commas out of them).
 * When the evaluation has a relay, every entry is relayed (runner/databases.c) and none is the
 * guest's to allow, but a Unix one when no socket path could be relayed at all (a path the relay
 * could not take: it is bound in directly, as before the relay, and reported not protected). Then
 * the relay's lists. */
static void push_endpoints(altair_eval_command *command, const altair_eval_request *request)
{
	smart_str list = {0};
	zval *endpoint;

	ZEND_HASH_FOREACH_VAL(request->allow_endpoints, endpoint) {
		if (Z_TYPE_P(endpoint) == IS_STRING && (!request->relayed
				|| (!request->relay_sockets && strncmp(Z_STRVAL_P(endpoint), "unix:", strlen("unix:")) == 0))) {
			if (list.s) {
				smart_str_appendc(&list, ',');
			}
			smart_str_append(&list, Z_STR_P(endpoint));
		}
	} ZEND_HASH_FOREACH_END();
	smart_str_0(&list);
	push_ini(command, "altair_eval.guest_endpoints", list.s ? ZSTR_VAL(list.s) : "");
	smart_str_free(&list);
	push_ini(command, "altair_eval.guest_relay", request->relay_listen ? request->relay_listen : "");
	push_ini(command, "altair_eval.guest_relay_sockets", request->relay_sockets ? request->relay_sockets : "");
	push_ini(command, "altair_eval.guest_relay_hosts", request->relay_hosts ? "1" : "0");
	push_ini(command, "altair_eval.guest_relay_ca", request->relay_ca ? request->relay_ca : "");
}

/* packages: the paths outside the root with their package and reason (runner/packages.c). */
static void push_guest(altair_eval_command *command, const altair_eval_request *request,
	const altair_eval_scratch *scratch, zend_string *packages)
{
	push_ini(command, "max_execution_time", "0");
	push_ini(command, "display_errors", "stderr");
	push_ini(command, "log_errors", "0");
	push_ini(command, "html_errors", "0");
	/* Never cache a file written in the last seconds: the snippet (and opcache never shares an
	 * op_array the guest adjusts, see guest.c no_implicit_one). This is opcache's default. */
	push_ini(command, "opcache.file_update_protection", "2");
	push_ini(command, "altair_eval.guest", "1");
	push_ini_long(command, "altair_eval.guest_parent_pid", (zend_long) getpid());
	push_ini(command, "altair_eval.guest_root", ZSTR_VAL(request->project_root));
	push_ini(command, "altair_eval.guest_scratch", scratch->dir);
	push_ini(command, "altair_eval.guest_bootstrap", request->bootstrap ? ZSTR_VAL(request->bootstrap) : "");
	push_ini(command, "altair_eval.guest_package_paths", packages ? ZSTR_VAL(packages) : "");
	push_ini(command, "altair_eval.guest_allow_writes", request->allow_writes ? "1" : "0");
	push_ini(command, "altair_eval.guest_project_overlay", request->project_overlay ? "1" : "0");
	push_ini(command, "altair_eval.guest_allow_network", request->allow_network ? "1" : "0");
	push_ini(command, "altair_eval.guest_unsafe", request->unsafe ? "1" : "0");
	push_endpoints(command, request);
	push_ini_long(command, "altair_eval.guest_memory_mb", request->memory_limit_mb);
	push_ini_long(command, "altair_eval.guest_timeout_ms", request->timeout_ms);
}

/* Never passed on, whatever the env policy: the variables we set ourselves, and whatever changes how
 * the child's runtime is loaded or configured before the guest can lock down: the dynamic loader
 * (a preloaded library runs before PHP), allocator and libc tunables (with USE_ZEND_ALLOC=0
 * memory_limit is not enforced), modules loaded by path (iconv, locales, OpenSSL engines and
 * providers), and PHP's own ini lookup (the child gets the caller's effective ini explicitly). */
static const char *const denied_variables[] = {
	"ALTAIR_EVAL_ALLOW_WRITES", "ALTAIR_EVAL_ALLOW_NETWORK", "ALTAIR_EVAL_UNSAFE",
	"GLIBC_TUNABLES", "GCONV_PATH", "LOCPATH", "NLSPATH", "HOSTALIASES", "MALLOC_CONF",
	"OPENSSL_CONF", "OPENSSL_ENGINES", "OPENSSL_MODULES",
	"ZEND_DONT_UNLOAD_MODULES", "PHPRC", "PHP_INI_SCAN_DIR",
	NULL
};
/* Whole families: LD_PRELOAD, LD_LIBRARY_PATH, LD_AUDIT, LD_DEBUG…; MALLOC_CHECK_, MALLOC_PERTURB_…;
 * USE_ZEND_ALLOC, USE_ZEND_ALLOC_HUGE_PAGES. */
static const char *const denied_prefixes[] = { "LD_", "MALLOC_", "USE_ZEND_ALLOC", NULL };

#define ALTAIR_EVAL_PGOPTIONS "PGOPTIONS"
/* The C library resolver's options variable (glibc; musl ignores it, and its resolver then finds no
 * declared name where the child has no view: a refusal, never a path around the relay). */
#define ALTAIR_EVAL_RES_OPTIONS "RES_OPTIONS"

/* Does the entry ("NAME=value") name exactly this variable? */
static bool entry_is(const char *entry, const char *name, size_t length)
{
	return strncmp(entry, name, length) == 0 && entry[length] == '=';
}

static bool is_denied_variable(const char *entry)
{
	for (const char *const *name = denied_variables; *name; name++) {
		if (entry_is(entry, *name, strlen(*name))) {
			return true;
		}
	}
	return has_prefix(entry, denied_prefixes);
}

static bool is_allowed_variable(const char *entry, const altair_eval_request *request)
{
	zval *name;

	if (!request->env_clean) {
		return true;
	}
	ZEND_HASH_FOREACH_VAL(request->env_allow, name) {
		if (Z_TYPE_P(name) == IS_STRING && entry_is(entry, Z_STRVAL_P(name), Z_STRLEN_P(name))) {
			return true;
		}
	} ZEND_HASH_FOREACH_END();
	return false;
}

/* Unless writes are allowed, libpq sessions start read-only: the caller's own PGOPTIONS (when the
 * policy lets it through) come first, ours last, so ours win. */
static void push_pgoptions(altair_eval_command *command, const altair_eval_request *request, const char *caller)
{
	char *entry;

	if (request->allow_writes || request->unsafe) {
		if (caller) {
			spprintf(&entry, 0, ALTAIR_EVAL_PGOPTIONS "=%s", caller);
			push_env(command, entry);
		}
		return;
	}
	spprintf(&entry, 0, ALTAIR_EVAL_PGOPTIONS "=%s%s" ALTAIR_EVAL_PGOPTIONS_READ_ONLY,
		caller ? caller : "", caller && *caller ? " " : "");
	push_env(command, entry);
}

/* Same binary, same ini: PHP_INI_SCAN_DIR is never inherited (it may have been planted with
 * putenv() after the caller started), but set to the scan path the caller actually used, which
 * is empty when it scanned nothing. With -n the child ignores it anyway. */
static void push_ini_scan_dir(altair_eval_command *command)
{
	char *entry;

	if (child_ini_given()) {
		spprintf(&entry, 0, "PHP_INI_SCAN_DIR=%s", ALTAIR_EVAL_G(child_ini_scan_dir) ? ALTAIR_EVAL_G(child_ini_scan_dir) : "");
		push_env(command, entry);
		return;
	}
	if (strcmp(sapi_module.name, "cli") != 0 || sapi_module.php_ini_ignore) {
		return;
	}
	spprintf(&entry, 0, "PHP_INI_SCAN_DIR=%s", php_ini_scanned_path ? php_ini_scanned_path : "");
	push_env(command, entry);
}

/* The C library's resolver options: with the network off and host names declared, use-vc added, so
 * that the resolver asks over TCP, whose connect() the host answers where the child has no view to
 * hold the names (runner/relay_resolver.c); otherwise the caller's, as they were. */
static void push_resolver_options(altair_eval_command *command, const altair_eval_request *request, const char *given)
{
	char *entry;

	if (!request->relay_resolve) {
		if (given) {
			spprintf(&entry, 0, ALTAIR_EVAL_RES_OPTIONS "=%s", given);
			push_env(command, entry);
		}
		return;
	}
	spprintf(&entry, 0, ALTAIR_EVAL_RES_OPTIONS "=%s%suse-vc", given ? given : "", given && *given ? " " : "");
	push_env(command, entry);
}

static void build_environment(altair_eval_command *command, const altair_eval_request *request)
{
	const char *pgoptions = NULL, *res_options = NULL;
	char *entry;

	for (char **variable = environ; variable && *variable; variable++) {
		if (is_denied_variable(*variable) || !is_allowed_variable(*variable, request)) {
			continue;
		}
		if (entry_is(*variable, ALTAIR_EVAL_PGOPTIONS, strlen(ALTAIR_EVAL_PGOPTIONS))) {
			pgoptions = *variable + strlen(ALTAIR_EVAL_PGOPTIONS "=");
			continue;
		}
		if (entry_is(*variable, ALTAIR_EVAL_RES_OPTIONS, strlen(ALTAIR_EVAL_RES_OPTIONS))) {
			res_options = *variable + strlen(ALTAIR_EVAL_RES_OPTIONS "=");
			continue;
		}
		push_env(command, estrdup(*variable));
	}
	push_pgoptions(command, request, pgoptions);
	push_resolver_options(command, request, res_options);
	push_ini_scan_dir(command);
	spprintf(&entry, 0, "ALTAIR_EVAL_ALLOW_WRITES=%d", request->allow_writes ? 1 : 0);
	push_env(command, entry);
	spprintf(&entry, 0, "ALTAIR_EVAL_ALLOW_NETWORK=%d", request->allow_network ? 1 : 0);
	push_env(command, entry);
	spprintf(&entry, 0, "ALTAIR_EVAL_UNSAFE=%d", request->unsafe ? 1 : 0);
	push_env(command, entry);
}

/* A template compiles nothing itself; its workers share what they compile through opcache, and
 * timestamps are checked on every use so an edited project file is seen by the next call. */
static void push_template(altair_eval_command *command, const altair_eval_request *request, const altair_eval_template_args *template)
{
	push_ini(command, "altair_eval.guest_template", "1");
	if (template->relay_dir) {
		/* The template's own relay listeners and hosts file (runner/warm.c), bound once in its view. */
		push_ini(command, "altair_eval.guest_relay_dir", template->relay_dir);
	}
	push_ini_long(command, "altair_eval.guest_warm_pool",
		MAX(0, MIN(ALTAIR_EVAL_G(warm_pool), ALTAIR_EVAL_WARM_POOL_MAX)));
	push_ini_long(command, "altair_eval.guest_warm_prefault_mb",
		MAX(0, MIN(ALTAIR_EVAL_G(warm_prefault_mb), ALTAIR_EVAL_WARM_PREFAULT_MB_MAX)));
	if (template->plain_note) {
		push_ini(command, "altair_eval.guest_warm_note", template->plain_note);
	} else if (!request->allow_writes && !request->unsafe) {
		push_ini(command, "altair_eval.guest_template_boot", "1");
	}
	push_ini(command, "opcache.enable", "1");
	push_ini(command, "opcache.enable_cli", "1");
	push_ini(command, "opcache.validate_timestamps", "1");
	push_ini(command, "opcache.revalidate_freq", "0");
}

void altair_eval_command_build(altair_eval_command *command, zend_string *php_binary,
	const altair_eval_request *request, const altair_eval_scratch *scratch, const altair_eval_template_args *template)
{
	zend_string *packages, *explained;

	memset(command, 0, sizeof(*command));
	altair_eval_packages_outside_root(request->project_root, &packages, &explained);
	push_arg(command, estrndup(ZSTR_VAL(php_binary), ZSTR_LEN(php_binary)));
	forward_caller_ini(command);
	if (!request->unsafe) {
		push_guards(command, request, scratch, packages);
	}
	push_guest(command, request, scratch, explained);
	if (packages) {
		zend_string_release(packages);
	}
	if (explained) {
		zend_string_release(explained);
	}
	if (template) {
		push_template(command, request, template);
	}
	push_arg(command, estrdup("-r"));
	push_arg(command, estrdup(altair_eval_guest_prelude));
	build_environment(command, request);
}

/* What else in a request shapes the child's command line and environment beyond the flags a warm
 * template is keyed on: the endpoint list and the env policy. */
zend_string *altair_eval_command_policy_extra(const altair_eval_request *request)
{
	smart_str key = {0};
	zval *entry;

	smart_str_appends(&key, request->env_clean ? "clean" : "inherit");
	ZEND_HASH_FOREACH_VAL(request->env_allow, entry) {
		smart_str_appendc(&key, '\n');
		smart_str_append(&key, Z_STR_P(entry));
	} ZEND_HASH_FOREACH_END();
	ZEND_HASH_FOREACH_VAL(request->allow_endpoints, entry) {
		smart_str_appendc(&key, '\t');
		smart_str_append(&key, Z_STR_P(entry));
	} ZEND_HASH_FOREACH_END();
	smart_str_appendc(&key, '\v');
	smart_str_appends(&key, request->relay_listen ? request->relay_listen : "");
	return smart_str_extract(&key);
}

void altair_eval_command_free(altair_eval_command *command)
{
	for (size_t i = 0; i < command->argc; i++) {
		efree(command->argv[i]);
	}
	for (size_t i = 0; i < command->envc; i++) {
		efree(command->envp[i]);
	}
	if (command->argv) {
		efree(command->argv);
	}
	if (command->envp) {
		efree(command->envp);
	}
	memset(command, 0, sizeof(*command));
}

/* The caller's environment as the request's env policy passes it on (denied and, under clean, not
 * allowed variables left out), one entry per line: a warm template is keyed on it, so a putenv()
 * in the caller reaches the next warm evaluation as it reaches a cold one (runner/warm.c). */
zend_string *altair_eval_command_environment_key(const altair_eval_request *request)
{
	smart_str key = {0};

	for (char **variable = environ; variable && *variable; variable++) {
		if (!is_denied_variable(*variable) && is_allowed_variable(*variable, request)) {
			smart_str_appends(&key, *variable);
			smart_str_appendc(&key, '\n');
		}
	}
	return smart_str_extract(&key);
}
