/*
 * altair_eval: module entry. Registers the guest role's ini settings and calls each concern's
 * MINIT in order; each concern registers its own classes (runner/runner.stub.php,
 * encoder/encoder.stub.php). Nothing else lives here.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_ini.h"
#include "SAPI.h"
#include "ext/standard/info.h"
#include "php_altair_eval.h"
#include "runner/runner.h"
#include "guest/guest.h"
#include "encoder/encoder.h"

ZEND_DECLARE_MODULE_GLOBALS(altair_eval)

/* The guest role's settings. PHP_INI_SYSTEM: set with -d by the host, never by ini_set(). */
PHP_INI_BEGIN()
	STD_PHP_INI_BOOLEAN("altair_eval.queries", "1", PHP_INI_ALL, OnUpdateBool, queries,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_ENTRY("altair_eval.relay_spin_us", "100", PHP_INI_ALL, OnUpdateLong, relay_spin_us,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_ENTRY("altair_eval.relay_keep_ms", "30000", PHP_INI_ALL, OnUpdateLong, relay_keep_ms,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_BOOLEAN("altair_eval.guest", "0", PHP_INI_SYSTEM, OnUpdateBool, guest,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_BOOLEAN("altair_eval.guest_template", "0", PHP_INI_SYSTEM, OnUpdateBool, guest_template,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_BOOLEAN("altair_eval.guest_template_boot", "0", PHP_INI_SYSTEM, OnUpdateBool, guest_template_boot,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_ENTRY("altair_eval.guest_warm_note", "", PHP_INI_SYSTEM, OnUpdateString, guest_warm_note,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_ENTRY("altair_eval.guest_parent_pid", "0", PHP_INI_SYSTEM, OnUpdateLong, guest_parent_pid,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_ENTRY("altair_eval.guest_root", "", PHP_INI_SYSTEM, OnUpdateString, guest_root,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_ENTRY("altair_eval.guest_scratch", "", PHP_INI_SYSTEM, OnUpdateString, guest_scratch,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_ENTRY("altair_eval.guest_bootstrap", "", PHP_INI_SYSTEM, OnUpdateString, guest_bootstrap,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_BOOLEAN("altair_eval.guest_allow_writes", "0", PHP_INI_SYSTEM, OnUpdateBool, guest_allow_writes,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_BOOLEAN("altair_eval.guest_project_overlay", "0", PHP_INI_SYSTEM, OnUpdateBool, guest_project_overlay,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_BOOLEAN("altair_eval.guest_allow_network", "0", PHP_INI_SYSTEM, OnUpdateBool, guest_allow_network,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_BOOLEAN("altair_eval.guest_unsafe", "0", PHP_INI_SYSTEM, OnUpdateBool, guest_unsafe,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_ENTRY("altair_eval.guest_endpoints", "", PHP_INI_SYSTEM, OnUpdateString, guest_endpoints,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_ENTRY("altair_eval.guest_package_paths", "", PHP_INI_SYSTEM, OnUpdateString, guest_package_paths,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_ENTRY("altair_eval.guest_memory_mb", "128", PHP_INI_SYSTEM, OnUpdateLong, guest_memory_mb,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_ENTRY("altair_eval.guest_timeout_ms", "5000", PHP_INI_SYSTEM, OnUpdateLong, guest_timeout_ms,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_ENTRY("altair_eval.guest_relay", "", PHP_INI_SYSTEM, OnUpdateString, guest_relay,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_ENTRY("altair_eval.guest_relay_sockets", "", PHP_INI_SYSTEM, OnUpdateString, guest_relay_sockets,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_BOOLEAN("altair_eval.guest_relay_hosts", "0", PHP_INI_SYSTEM, OnUpdateBool, guest_relay_hosts,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_ENTRY("altair_eval.guest_relay_dir", "", PHP_INI_SYSTEM, OnUpdateString, guest_relay_dir,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_ENTRY("altair_eval.guest_relay_ca", "", PHP_INI_SYSTEM, OnUpdateString, guest_relay_ca,
		zend_altair_eval_globals, altair_eval_globals)
	/* The host's setting (php.ini or -d): how many workers a warm template keeps forked ahead of their
	 * request (guest/template/template.c); passed to each template as guest_warm_pool. */
	STD_PHP_INI_ENTRY("altair_eval.warm_pool", "2", PHP_INI_SYSTEM, OnUpdateLong, warm_pool,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_ENTRY("altair_eval.guest_warm_pool", "0", PHP_INI_SYSTEM, OnUpdateLong, guest_warm_pool,
		zend_altair_eval_globals, altair_eval_globals)
	/* The host's setting: how many MB of its template's heap a waiting worker copies before its
	 * request (guest/template/prefault.c; 0: it takes no fault ahead at all); passed to each
	 * template as guest_warm_prefault_mb. */
	STD_PHP_INI_ENTRY("altair_eval.warm_prefault_mb", "32", PHP_INI_SYSTEM, OnUpdateLong, warm_prefault_mb,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_ENTRY("altair_eval.guest_warm_prefault_mb", "0", PHP_INI_SYSTEM, OnUpdateLong, guest_warm_prefault_mb,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_ENTRY("altair_eval.guest_disable_functions", "", PHP_INI_SYSTEM, OnUpdateString, guest_disable_functions,
		zend_altair_eval_globals, altair_eval_globals)
	/* The host's settings for a thin start (php.ini path or "-", scan dir, module path): the child's
	 * ini when it is not the host's own (runner/argv.c, checked by altair_eval_command_check_ini). */
	STD_PHP_INI_ENTRY("altair_eval.child_ini", "", PHP_INI_SYSTEM, OnUpdateString, child_ini,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_ENTRY("altair_eval.child_ini_scan_dir", "", PHP_INI_SYSTEM, OnUpdateString, child_ini_scan_dir,
		zend_altair_eval_globals, altair_eval_globals)
	STD_PHP_INI_ENTRY("altair_eval.child_extension", "", PHP_INI_SYSTEM, OnUpdateString, child_extension,
		zend_altair_eval_globals, altair_eval_globals)
PHP_INI_END()

static PHP_GINIT_FUNCTION(altair_eval)
{
#if defined(COMPILE_DL_ALTAIR_EVAL) && defined(ZTS)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	memset(altair_eval_globals, 0, sizeof(*altair_eval_globals));
}

static PHP_MINIT_FUNCTION(altair_eval)
{
	REGISTER_INI_ENTRIES();

	altair_eval_encoder_minit();
	altair_eval_runner_minit();
	if (ALTAIR_EVAL_G(guest)) {
		altair_eval_guest_minit(type, module_number);
	}
	return SUCCESS;
}

static PHP_MSHUTDOWN_FUNCTION(altair_eval)
{
	altair_eval_reap_later_sweep(false);
	altair_eval_relay_kept_close();
	altair_eval_relay_tls_shutdown();
	altair_eval_databases_forget();
	UNREGISTER_INI_ENTRIES();
	return SUCCESS;
}

static PHP_RSHUTDOWN_FUNCTION(altair_eval)
{
	if (ALTAIR_EVAL_G(guest)) {
		altair_eval_guest_rshutdown();
	} else {
		/* The CLI's request ends with its process: what is still dying is init's to wait for. */
		altair_eval_reap_later_sweep(strcmp(sapi_module.name, "cli") != 0);
	}
	return SUCCESS;
}

static PHP_MINFO_FUNCTION(altair_eval)
{
	php_info_print_table_start();
	php_info_print_table_row(2, "altair_eval support", "enabled");
	php_info_print_table_row(2, "Version", PHP_ALTAIR_EVAL_VERSION);
	php_info_print_table_row(2, "Role", ALTAIR_EVAL_G(guest) ? "guest" : "host");
	php_info_print_table_row(2, "Kernel guards compiled in", altair_eval_guest_features());
	php_info_print_table_end();
	DISPLAY_INI_ENTRIES();
}

zend_module_entry altair_eval_module_entry = {
	STANDARD_MODULE_HEADER,
	"altair_eval",
	NULL,
	PHP_MINIT(altair_eval),
	PHP_MSHUTDOWN(altair_eval),
	NULL,
	PHP_RSHUTDOWN(altair_eval),
	PHP_MINFO(altair_eval),
	PHP_ALTAIR_EVAL_VERSION,
	PHP_MODULE_GLOBALS(altair_eval),
	PHP_GINIT(altair_eval),
	NULL,
	NULL,
	STANDARD_MODULE_PROPERTIES_EX
};

#ifdef COMPILE_DL_ALTAIR_EVAL
# ifdef ZTS
ZEND_TSRMLS_CACHE_DEFINE()
# endif
ZEND_GET_MODULE(altair_eval)
#endif
