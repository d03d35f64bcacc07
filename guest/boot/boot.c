/*
 * Runs the project's boot. See boot/boot.h.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "ext/standard/php_random.h"
#include "../../php_altair_eval.h"
#include "../report.h"
#include "boot.h"

/* The name the boot code is compiled under: the prelude's, whose frames the exception encoder
 * hides (encoder/exception_encoder.c), so a boot failure's trace starts in the project. */
#define ALTAIR_EVAL_BOOT_FILE "Command line code"
#define ALTAIR_EVAL_BOOT_FUNCTION "Altair\\Eval\\Guest\\boot"

static const char *const sources[] = {
	altair_eval_guest_boot_core, altair_eval_guest_boot_laravel, altair_eval_guest_boot_symfony,
	altair_eval_guest_boot_aliases, altair_eval_guest_boot_effects, altair_eval_guest_boot_effects_laravel,
	altair_eval_guest_boot_effects_symfony, NULL
};

static bool compile_sources(void)
{
	for (const char *const *source = sources; *source; source++) {
		if (zend_eval_stringl(*source, strlen(*source), NULL, ALTAIR_EVAL_BOOT_FILE) != SUCCESS || EG(exception)) {
			return false;
		}
	}
	return true;
}

void altair_eval_guest_boot_send_host(zval *info)
{
	zval frame;

	array_init(&frame);
	add_assoc_string(&frame, "kind", "host");
	Z_TRY_ADDREF_P(info);
	add_assoc_zval(&frame, "host", info);
	altair_eval_guest_report_send(&frame);
	zval_ptr_dtor(&frame);
}

ZEND_FUNCTION(Altair_Eval_Guest_compile_as)
{
	zend_string *code, *file;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(code)
		Z_PARAM_PATH_STR(file)
	ZEND_PARSE_PARAMETERS_END();
	zend_eval_stringl(ZSTR_VAL(code), ZSTR_LEN(code), NULL, ZSTR_VAL(file));
}

/* The boot's identity (docs/api.md, `host.boot_id`): random, made by each boot, so the same in
 * every evaluation a booted template served from its one boot, and new whenever the app booted
 * again (a cold child, a new template, a plain template's worker). */
static void add_boot_id(zval *host)
{
	unsigned char bytes[ALTAIR_EVAL_BOOT_ID_BYTES];
	char hex[ALTAIR_EVAL_BOOT_ID_BYTES * 2 + 1];

	if (Z_TYPE_P(host) != IS_ARRAY || php_random_bytes_silent(bytes, sizeof(bytes)) != SUCCESS) {
		return;
	}
	for (size_t i = 0; i < sizeof(bytes); i++) {
		snprintf(hex + 2 * i, 3, "%02x", bytes[i]);
	}
	SEPARATE_ARRAY(host);
	add_assoc_string(host, "boot_id", hex);
}

bool altair_eval_guest_boot_capture(zval *host)
{
	zval function, outcome, *info, *failure;

	ZVAL_UNDEF(host);
	if (!compile_sources()) {
		return false;
	}
	ZVAL_STRING(&function, ALTAIR_EVAL_BOOT_FUNCTION);
	ZVAL_UNDEF(&outcome);
	call_user_function(NULL, NULL, &function, &outcome, 0, NULL);
	zval_ptr_dtor(&function);
	if (EG(exception) || Z_TYPE(outcome) != IS_ARRAY) {
		zval_ptr_dtor(&outcome);
		return false;
	}
	info = zend_hash_index_find(Z_ARRVAL(outcome), 0);
	failure = zend_hash_index_find(Z_ARRVAL(outcome), 1);
	if (info && Z_TYPE_P(info) == IS_ARRAY) {
		ZVAL_COPY(host, info);
		add_boot_id(host);
	}
	if (failure && Z_TYPE_P(failure) == IS_OBJECT) {
		Z_ADDREF_P(failure);
		zend_throw_exception_object(failure);
	}
	zval_ptr_dtor(&outcome);
	return !EG(exception);
}

bool altair_eval_guest_boot_run(void)
{
	zval host;
	bool booted = altair_eval_guest_boot_capture(&host);

	if (Z_TYPE(host) == IS_ARRAY) {
		altair_eval_guest_boot_send_host(&host);
	}
	zval_ptr_dtor(&host);
	return booted;
}

/* Calls one of the boot code's functions without arguments; its exception is dropped. */
static void call_dropping(const char *name, zval *outcome)
{
	zval function;

	ZVAL_STRING(&function, name);
	ZVAL_UNDEF(outcome);
	call_user_function(NULL, NULL, &function, outcome, 0, NULL);
	zval_ptr_dtor(&function);
	if (EG(exception)) {
		zend_clear_exception();
	}
}

/* Before a booted template forks: what the frameworks opened at boot and reopen on first use. */
void altair_eval_guest_boot_release_connections(void)
{
	zval outcome;

	call_dropping("Altair\\Eval\\Guest\\release_connections", &outcome);
	zval_ptr_dtor(&outcome);
}

void altair_eval_guest_boot_prime(void)
{
	zval outcome;

	call_dropping("Altair\\Eval\\Guest\\prime_workers", &outcome);
	zval_ptr_dtor(&outcome);
	/* The swap is the same for every worker (a booted template's policy is read-only or rollback):
	 * done once here, after the priming (which looks for the app's own listeners), it cost each warm
	 * call about 2 ms (SwiftMailer's first class alone loads its dependency maps). What a worker
	 * records is still its own: the list is in its C memory, emptied before its snippet. */
	if (!ALTAIR_EVAL_G(guest_allow_writes) && !ALTAIR_EVAL_G(guest_unsafe)) {
		altair_eval_guest_boot_record_effects();
	}
}

void altair_eval_guest_boot_record_effects(void)
{
	zval outcome;

	call_dropping("Altair\\Eval\\Guest\\record_effects", &outcome);
	zval_ptr_dtor(&outcome);
}

void altair_eval_guest_boot_autoload_dirs(zval *dirs)
{
	call_dropping("Altair\\Eval\\Guest\\autoload_dirs", dirs);
	if (Z_TYPE_P(dirs) != IS_ARRAY) {
		zval_ptr_dtor(dirs);
		array_init(dirs);
	}
}
