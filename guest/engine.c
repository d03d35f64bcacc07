/*
 * Engine-level guards of the guest role. See engine.h.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_ini.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
#include "php_ini.h"
#include "../php_altair_eval.h"
#include "report.h"
#include "engine.h"

/* Settings a snippet must not loosen. (ini_set itself stays available for everything else:
 * frameworks set display_errors, error_reporting, date.timezone and the like at boot.) */
static const char *const locked_settings[] = {
	"memory_limit", "open_basedir", "disable_functions", "disable_classes", "allow_url_fopen",
	"allow_url_include", "max_execution_time", "max_input_time", "ffi.enable", "ffi.preload",
	"enable_dl", "sys_temp_dir", "upload_tmp_dir", "session.save_path", "error_log", "mail.log",
	"sendmail_path", "auto_prepend_file", "auto_append_file",
	NULL
};

static const altair_eval_encoder_context *fatal_context;
static void (*previous_error_cb)(int type, zend_string *file, const uint32_t line, zend_string *message);

static const char *error_type_name(int type)
{
	switch (type) {
		case E_ERROR: return "E_ERROR";
		case E_CORE_ERROR: return "E_CORE_ERROR";
		case E_COMPILE_ERROR: return "E_COMPILE_ERROR";
		case E_USER_ERROR: return "E_USER_ERROR";
		case E_RECOVERABLE_ERROR: return "E_RECOVERABLE_ERROR";
		case E_PARSE: return "E_PARSE";
		default: return "E_ERROR";
	}
}

static bool starts_with(zend_string *text, const char *prefix)
{
	size_t length = strlen(prefix);
	return ZSTR_LEN(text) >= length && memcmp(ZSTR_VAL(text), prefix, length) == 0;
}

/* The file as the encoder context shows it, without allocating (the heap may be exhausted). */
static const char *display_path(zend_string *file)
{
	const altair_eval_encoder_context *ctx = fatal_context;
	altair_eval_display_rule rule = {
		ctx->project_root ? ZSTR_VAL(ctx->project_root) : NULL, ctx->project_root ? ZSTR_LEN(ctx->project_root) : 0,
		ctx->snippet_path ? ZSTR_VAL(ctx->snippet_path) : NULL, ctx->snippet_path ? ZSTR_LEN(ctx->snippet_path) : 0
	};
	size_t length;

	/* The shown form is a suffix of the file or the display name: NUL-terminated either way. */
	return file ? altair_eval_display_path(&rule, ZSTR_VAL(file), ZSTR_LEN(file), &length) : NULL;
}

static void report_fatal_error(int type, zend_string *file, const uint32_t line, zend_string *message)
{
	int kind = type & E_ALL;

	if ((kind & E_FATAL_ERRORS) && !altair_eval_guest_report_final_sent()) {
		const char *limit = starts_with(message, "Allowed memory size of") || starts_with(message, "Out of memory")
			? "memory" : NULL;
		altair_eval_guest_report_fatal(error_type_name(kind), message, display_path(file), line, limit);
	}
	previous_error_cb(type, file, line, message);
}

void altair_eval_guest_engine_report_fatals(const altair_eval_encoder_context *ctx)
{
	fatal_context = ctx;
	previous_error_cb = zend_error_cb;
	zend_error_cb = report_fatal_error;
}

/* Our disabled functions (runner/argv.c writes the list: names, and prefixes as "pcntl_*"), applied
 * here rather than on the child's command line: the host that builds the command line may have
 * started without the ini the child loads (bin/altair's thin start), so it knows neither that ini's
 * own disable_functions nor which curl_/ftp_/socket_ functions the child's extensions define. */
static zend_result (*previous_post_startup)(void);
static bool functions_applied;

static bool matches_prefix(zend_string *name, const char *const *prefixes, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		size_t length = strlen(prefixes[i]);
		if (ZSTR_LEN(name) >= length && memcmp(ZSTR_VAL(name), prefixes[i], length) == 0) {
			return true;
		}
	}
	return false;
}

#define ALTAIR_EVAL_GUEST_DISABLE_PREFIXES_MAX 16

/* Startup is over (every module's MINIT ran, PHP applied its ini's disable_functions), the request
 * has not begun: no Zend heap here, persistent memory only. zend_disable_functions() deletes and
 * rehashes the function table, as PHP does for its ini's list (deleting without the rehash would
 * break the executor's cleanup of persistent functions). */
static void apply_disabled_functions(void)
{
	const char *list = ALTAIR_EVAL_G(guest_disable_functions);
	const char *prefixes[ALTAIR_EVAL_GUEST_DISABLE_PREFIXES_MAX];
	size_t prefix_count = 0;
	smart_str ours = {0}, merged = {0};
	char *copy, *entry, *state = NULL;
	zend_string *name;
	zend_ini_entry *ini;

	if (!list || !*list) {
		return;
	}
	copy = pestrdup(list, 1);
	for (entry = php_strtok_r(copy, ", ", &state); entry; entry = php_strtok_r(NULL, ", ", &state)) {
		size_t length = strlen(entry);
		if (length > 1 && entry[length - 1] == '*') {
			if (prefix_count == ALTAIR_EVAL_GUEST_DISABLE_PREFIXES_MAX) {
				pefree(copy, 1);
				smart_str_free_ex(&ours, 1);
				return; /* never: the list is ours; not applied means refused (functions_applied) */
			}
			entry[length - 1] = '\0';
			prefixes[prefix_count++] = entry;
			continue;
		}
		smart_str_appends_ex(&ours, entry, 1);
		smart_str_appendc_ex(&ours, ',', 1);
	}
	ZEND_HASH_FOREACH_STR_KEY(CG(function_table), name) {
		if (name && matches_prefix(name, prefixes, prefix_count)) {
			smart_str_append_ex(&ours, name, 1);
			smart_str_appendc_ex(&ours, ',', 1);
		}
	} ZEND_HASH_FOREACH_END();
	pefree(copy, 1);
	if (!ours.s) {
		return;
	}
	ZSTR_LEN(ours.s)--; /* the last comma */
	smart_str_0(&ours);
	zend_disable_functions(ZSTR_VAL(ours.s));

	/* ini_get('disable_functions'): the ini's own list, then ours, as one value. */
	ini = zend_hash_str_find_ptr(EG(ini_directives), ZEND_STRL("disable_functions"));
	if (ini) {
		if (ini->value && ZSTR_LEN(ini->value) > 0) {
			smart_str_append_ex(&merged, ini->value, 1);
			smart_str_appendc_ex(&merged, ',', 1);
		}
		smart_str_append_ex(&merged, ours.s, 1);
		smart_str_0(&merged);
		if (ini->value) {
			zend_string_release_ex(ini->value, 1);
		}
		ini->value = merged.s;
	}
	smart_str_free_ex(&ours, 1);
	functions_applied = true;
}

static zend_result disable_functions_after_startup(void)
{
	zend_result (*previous)(void) = previous_post_startup;

	apply_disabled_functions();
	previous_post_startup = NULL;
	return previous ? previous() : SUCCESS;
}

void altair_eval_guest_engine_hook_startup(void)
{
	previous_post_startup = zend_post_startup_cb;
	zend_post_startup_cb = disable_functions_after_startup;
}

bool altair_eval_guest_engine_functions_applied(void)
{
	return functions_applied;
}

static void set_ini_at(const char *name, const char *value, int stage)
{
	zend_string *key = zend_string_init(name, strlen(name), 0);
	zend_ini_entry *entry = zend_hash_find_ptr(EG(ini_directives), key);
	uint8_t modifiable = entry ? entry->modifiable : 0;

	if (entry) {
		entry->modifiable = ZEND_INI_SYSTEM;
	}
	zend_alter_ini_entry_chars(key, value, strlen(value), ZEND_INI_SYSTEM, stage);
	if (entry) {
		entry->modifiable = modifiable;
	}
	zend_string_release(key);
}

void altair_eval_guest_engine_set_ini(const char *name, const char *value)
{
	set_ini_at(name, value, ZEND_INI_STAGE_RUNTIME);
}

void altair_eval_guest_engine_set_own_dir_ini(const char *name, const char *value)
{
	set_ini_at(name, value, ZEND_INI_STAGE_ACTIVATE);
}

int altair_eval_guest_engine_lock_ini(void)
{
	int locked = 0;

	for (const char *const *name = locked_settings; *name; name++) {
		zend_ini_entry *entry = zend_hash_str_find_ptr(EG(ini_directives), *name, strlen(*name));
		if (entry) {
			entry->modifiable = 0;
			locked++;
		}
	}
	return locked;
}

/* Without writes, seccomp refuses mode and time changes everywhere (Landlock does not cover them),
 * the scratch included; frameworks chmod() and touch() the files they write there (Laravel's
 * Filesystem::replace, Symfony's cache) and treat the warning as fatal. Inside the scratch these
 * succeed without the call: nothing there outlives the run, and nothing else is changed. */
static zif_handler original_chmod;
static zif_handler original_touch;
static char scratch_dir[MAXPATHLEN];

static bool in_scratch(zend_execute_data *execute_data)
{
	char expanded[MAXPATHLEN];
	size_t length = strlen(scratch_dir);
	zval *path = ZEND_CALL_NUM_ARGS(execute_data) > 0 ? ZEND_CALL_ARG(execute_data, 1) : NULL;

	return path && Z_TYPE_P(path) == IS_STRING && !memchr(Z_STRVAL_P(path), '\0', Z_STRLEN_P(path))
		&& expand_filepath(Z_STRVAL_P(path), expanded) && strncmp(expanded, scratch_dir, length) == 0
		&& expanded[length] == '/';
}

static ZEND_NAMED_FUNCTION(scratch_chmod)
{
	if (!in_scratch(execute_data)) {
		original_chmod(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return;
	}
	RETURN_BOOL(VCWD_ACCESS(Z_STRVAL_P(ZEND_CALL_ARG(execute_data, 1)), F_OK) == 0);
}

static ZEND_NAMED_FUNCTION(scratch_touch)
{
	zval *path;
	php_stream *stream;

	if (!in_scratch(execute_data)) {
		original_touch(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return;
	}
	path = ZEND_CALL_ARG(execute_data, 1);
	stream = php_stream_open_wrapper(Z_STRVAL_P(path), "c", REPORT_ERRORS, NULL);
	if (stream) {
		php_stream_close(stream);
	}
	RETURN_BOOL(stream != NULL);
}

static void replace_handler(const char *name, zif_handler replacement, zif_handler *original)
{
	zend_function *function = zend_hash_str_find_ptr(CG(function_table), name, strlen(name));

	if (function && function->type == ZEND_INTERNAL_FUNCTION) {
		*original = function->internal_function.handler;
		function->internal_function.handler = replacement;
	}
}

void altair_eval_guest_engine_scratch_metadata(const char *scratch)
{
	snprintf(scratch_dir, sizeof(scratch_dir), "%s", scratch);
	if (original_chmod == NULL) {
		replace_handler("chmod", scratch_chmod, &original_chmod);
		replace_handler("touch", scratch_touch, &original_touch);
	}
}

/* A file that ends without a return statement returns 1 when included: the compiler ends every
 * file with "return 1". For the snippet that would be a value nobody wrote, so the final implicit
 * return gives null instead. (Only on an op_array of our own: never one opcache shares.) */
static void no_implicit_one(zend_op_array *op_array)
{
	zend_op *last;
	zval *constant;

	if (op_array->last == 0 || (op_array->fn_flags & ZEND_ACC_IMMUTABLE)) {
		return;
	}
	last = &op_array->opcodes[op_array->last - 1];
	if (last->opcode != ZEND_RETURN || last->op1_type != IS_CONST) {
		return;
	}
	constant = RT_CONSTANT(last, last->op1);
	if (Z_TYPE_P(constant) == IS_LONG && Z_LVAL_P(constant) == 1) {
		ZVAL_NULL(constant);
	}
}

/* Compiles and runs a file at top level. false: it did not compile (EG(exception) says why). */
bool altair_eval_guest_run_file(const char *path, zval *retval, bool snippet)
{
	zend_file_handle handle;
	zend_op_array *op_array;

	ZVAL_UNDEF(retval);
	zend_stream_init_filename(&handle, path);
	op_array = zend_compile_file(&handle, ZEND_REQUIRE);
	if (op_array && handle.opened_path) {
		zend_hash_add_empty_element(&EG(included_files), handle.opened_path);
	}
	zend_destroy_file_handle(&handle);
	if (!op_array) {
		return false;
	}
	if (snippet) {
		no_implicit_one(op_array);
	}
	zend_execute(op_array, retval);
	destroy_op_array(op_array);
	efree_size(op_array, sizeof(zend_op_array));
	return true;
}
