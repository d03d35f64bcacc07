/*
 * Engine-level isolation of the guest; see isolation.h.
 *
 * Warm workers of one template share opcache's memory: whatever one snippet compiles, lists,
 * invalidates or resets there, the next evaluation sees. The kernel cannot tell these apart from
 * the worker's own compiles, so the engine closes them:
 *
 *   - opcache.* settings are locked against ini_set()/ini_restore(): a snippet could otherwise turn
 *     off file_update_protection or timestamp validation and have a file it just wrote cached;
 *   - opcache_compile_file, opcache_get_status, opcache_invalidate, opcache_is_script_cached and
 *     opcache_reset return false, as they do when opcache is off (frameworks call
 *     opcache_invalidate after writing a cache file; a throwing stub would break them). A function
 *     removed from the table at run time would crash code compiled while it existed, so the
 *     handler is replaced instead. opcache_get_configuration (settings only) stays.
 *
 * Write-enabled workers get no shared cache at all (guest/template/template.c), and the host restarts the
 * other templates after a write-enabled evaluation (runner/warm.c): the cache validates by
 * timestamp, which a snippet with writes can restore.
 *
 * Mail: mail() is disabled, but error_log($m, 1, $to) (and imap_mail) start sendmail_path through
 * popen(); only seccomp would stop the shell. With sendmail_path unset PHP refuses before any
 * process is attempted.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_ini.h"
#include "isolation.h"

#define ISOLATION_OPCACHE_PREFIX "opcache."
#define ISOLATION_MAIL_SETTING "sendmail_path"

static const char *const shared_cache_functions[] = {
	"opcache_compile_file", "opcache_get_status", "opcache_invalidate", "opcache_is_script_cached",
	"opcache_reset", NULL
};

/* What the functions above return when opcache is disabled; the arguments are ignored. */
static ZEND_NAMED_FUNCTION(shared_cache_refused)
{
	RETURN_FALSE;
}

static int lock_opcache_settings(void)
{
	zend_string *name;
	zend_ini_entry *entry;
	int locked = 0;

	ZEND_HASH_FOREACH_STR_KEY_PTR(EG(ini_directives), name, entry) {
		if (name && zend_string_starts_with_cstr(name, ISOLATION_OPCACHE_PREFIX, strlen(ISOLATION_OPCACHE_PREFIX))) {
			entry->modifiable = 0;
			locked++;
		}
	} ZEND_HASH_FOREACH_END();
	return locked;
}

static void refuse_shared_cache_functions(void)
{
	for (const char *const *name = shared_cache_functions; *name; name++) {
		zend_function *function = zend_hash_str_find_ptr(CG(function_table), *name, strlen(*name));
		if (function && function->type == ZEND_INTERNAL_FUNCTION) {
			function->internal_function.handler = shared_cache_refused;
		}
	}
}

/* php_mail() returns false at once when INI_STR("sendmail_path") is NULL (ini_get() shows ""). */
static int unset_mail_program(void)
{
	zend_ini_entry *entry = zend_hash_str_find_ptr(EG(ini_directives), ISOLATION_MAIL_SETTING, strlen(ISOLATION_MAIL_SETTING));

	if (!entry) {
		return 0;
	}
	if (entry->value) {
		zend_string_release(entry->value);
		entry->value = NULL;
	}
	entry->modifiable = 0;
	return 1;
}

int altair_eval_guest_isolation_apply(void)
{
	refuse_shared_cache_functions();
	return lock_opcache_settings() + unset_mail_program();
}
