/*
 * ExceptionEncoder: a Throwable → {class, message, file, line, code, stack_trace, previous}.
 * Frames never carry their arguments (they leak secrets and weigh a lot); paths inside the
 * project are relative to it, the snippet is "snippet.php", and the guest's own frames are hidden.
 * Caps: MAX_TRACE_FRAMES frames, MAX_PREVIOUS_CHAIN previous throwables, each followed by a
 * {truncated, remaining} entry when cut. Only properties are read: no userland code runs.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "../php_altair_eval.h"
#include "encoder.h"

zend_class_entry *altair_eval_exception_encoder_ce;

/* The file name PHP gives code passed with -r: the guest's prelude. */
#define ALTAIR_EVAL_GUEST_FILE "Command line code"
#define ALTAIR_EVAL_GUEST_NAMESPACE "Altair\\Eval\\Guest\\"
/* A previous chain longer than this is not counted further (it can be made cyclic). */
#define ALTAIR_EVAL_PREVIOUS_COUNT_LIMIT 10000

zend_string *altair_eval_encoder_display_path(zend_string *path, const altair_eval_encoder_context *ctx)
{
	altair_eval_display_rule rule = {
		ctx->project_root ? ZSTR_VAL(ctx->project_root) : NULL, ctx->project_root ? ZSTR_LEN(ctx->project_root) : 0,
		ctx->snippet_path ? ZSTR_VAL(ctx->snippet_path) : NULL, ctx->snippet_path ? ZSTR_LEN(ctx->snippet_path) : 0
	};
	size_t length;
	const char *shown = altair_eval_display_path(&rule, ZSTR_VAL(path), ZSTR_LEN(path), &length);

	return shown == ZSTR_VAL(path) ? zend_string_copy(path) : zend_string_init(shown, length, 0);
}

static zval *property(zend_object *throwable, zend_string *name, zval *rv)
{
	return zend_read_property_ex(zend_get_exception_base(throwable), throwable, name, true, rv);
}

static void add_clean_string(zval *array, const char *key, zval *value)
{
	bool valid;

	if (Z_TYPE_P(value) == IS_STRING) {
		add_assoc_str(array, key, altair_eval_encoder_utf8(Z_STRVAL_P(value), Z_STRLEN_P(value), &valid));
	} else {
		add_assoc_string(array, key, "");
	}
}

static void add_path(zval *array, const char *key, zval *value, const altair_eval_encoder_context *ctx)
{
	bool valid;
	zend_string *shown, *clean;

	if (Z_TYPE_P(value) != IS_STRING) {
		add_assoc_null(array, key);
		return;
	}
	shown = altair_eval_encoder_display_path(Z_STR_P(value), ctx);
	clean = altair_eval_encoder_utf8(ZSTR_VAL(shown), ZSTR_LEN(shown), &valid);
	zend_string_release(shown);
	add_assoc_str(array, key, clean);
}

/* The message, at most EXCEPTION_MESSAGE_MAX bytes cut on a UTF-8 boundary; when cut, with
 * message_length and message_truncated, so a huge message cannot overflow the result channel. */
static void add_message(zval *array, zval *value)
{
	bool valid;
	size_t kept;

	if (Z_TYPE_P(value) != IS_STRING) {
		add_assoc_string(array, "message", "");
		return;
	}
	kept = altair_eval_encoder_utf8_cut(Z_STRVAL_P(value), Z_STRLEN_P(value), ALTAIR_EVAL_EXCEPTION_MESSAGE_MAX);
	add_assoc_str(array, "message", altair_eval_encoder_utf8(Z_STRVAL_P(value), kept, &valid));
	if (kept < Z_STRLEN_P(value)) {
		add_assoc_long(array, "message_length", (zend_long) Z_STRLEN_P(value));
		add_assoc_bool(array, "message_truncated", true);
	}
}

/* class, message, file, line, code: what every entry of the chain has. */
static void encode_summary(zval *out, zend_object *throwable, const altair_eval_encoder_context *ctx)
{
	zval rv, *value;

	add_assoc_str(out, "class", zend_string_copy(throwable->ce->name));
	add_message(out, property(throwable, ZSTR_KNOWN(ZEND_STR_MESSAGE), &rv));
	add_path(out, "file", property(throwable, ZSTR_KNOWN(ZEND_STR_FILE), &rv), ctx);
	value = property(throwable, ZSTR_KNOWN(ZEND_STR_LINE), &rv);
	add_assoc_long(out, "line", Z_TYPE_P(value) == IS_LONG ? Z_LVAL_P(value) : 0);
	value = property(throwable, ZSTR_KNOWN(ZEND_STR_CODE), &rv);
	if (Z_TYPE_P(value) == IS_STRING) {
		add_clean_string(out, "code", value); /* PDOException: an SQLSTATE */
	} else {
		add_assoc_long(out, "code", Z_TYPE_P(value) == IS_LONG ? Z_LVAL_P(value) : 0);
	}
}

static bool is_guest_frame(HashTable *frame)
{
	zval *file = zend_hash_find(frame, ZSTR_KNOWN(ZEND_STR_FILE));
	zval *function = zend_hash_find(frame, ZSTR_KNOWN(ZEND_STR_FUNCTION));

	return (file && Z_TYPE_P(file) == IS_STRING && zend_string_equals_literal(Z_STR_P(file), ALTAIR_EVAL_GUEST_FILE))
		|| (function && Z_TYPE_P(function) == IS_STRING
			&& strncmp(Z_STRVAL_P(function), ALTAIR_EVAL_GUEST_NAMESPACE, strlen(ALTAIR_EVAL_GUEST_NAMESPACE)) == 0);
}

static void encode_frame(zval *out, HashTable *frame, const altair_eval_encoder_context *ctx)
{
	zval *value;

	array_init(out);
	if ((value = zend_hash_find(frame, ZSTR_KNOWN(ZEND_STR_FILE))) && Z_TYPE_P(value) == IS_STRING) {
		add_path(out, "file", value, ctx);
	}
	if ((value = zend_hash_find(frame, ZSTR_KNOWN(ZEND_STR_LINE))) && Z_TYPE_P(value) == IS_LONG) {
		add_assoc_long(out, "line", Z_LVAL_P(value));
	}
	if ((value = zend_hash_find(frame, ZSTR_KNOWN(ZEND_STR_FUNCTION))) && Z_TYPE_P(value) == IS_STRING) {
		add_clean_string(out, "function", value);
	}
	if ((value = zend_hash_find(frame, ZSTR_KNOWN(ZEND_STR_CLASS))) && Z_TYPE_P(value) == IS_STRING) {
		add_clean_string(out, "class", value);
	}
	if ((value = zend_hash_find(frame, ZSTR_KNOWN(ZEND_STR_TYPE))) && Z_TYPE_P(value) == IS_STRING) {
		add_clean_string(out, "type", value);
	}
}

static void add_truncation(zval *list, zend_long remaining)
{
	zval entry;

	array_init(&entry);
	add_assoc_bool(&entry, "truncated", true);
	add_assoc_long(&entry, "remaining", remaining);
	add_next_index_zval(list, &entry);
}

static void encode_trace(zval *out, zend_object *throwable, const altair_eval_encoder_context *ctx)
{
	zval rv, *trace, *frame, frames, encoded;
	zend_long kept = 0, remaining = 0;

	array_init(&frames);
	trace = property(throwable, ZSTR_KNOWN(ZEND_STR_TRACE), &rv);
	if (Z_TYPE_P(trace) == IS_ARRAY) {
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(trace), frame) {
			ZVAL_DEREF(frame);
			if (Z_TYPE_P(frame) != IS_ARRAY || (ctx->hide_guest_frames && is_guest_frame(Z_ARRVAL_P(frame)))) {
				continue;
			}
			if (kept == ALTAIR_EVAL_MAX_TRACE_FRAMES) {
				remaining++;
				continue;
			}
			encode_frame(&encoded, Z_ARRVAL_P(frame), ctx);
			add_next_index_zval(&frames, &encoded);
			kept++;
		} ZEND_HASH_FOREACH_END();
	}
	if (remaining > 0) {
		add_truncation(&frames, remaining);
	}
	add_assoc_zval(out, "stack_trace", &frames);
}

static zend_object *previous_of(zend_object *throwable)
{
	zval rv, *previous = property(throwable, ZSTR_KNOWN(ZEND_STR_PREVIOUS), &rv);

	return Z_TYPE_P(previous) == IS_OBJECT && instanceof_function(Z_OBJCE_P(previous), zend_ce_throwable)
		? Z_OBJ_P(previous) : NULL;
}

static void encode_previous(zval *out, zend_object *throwable, const altair_eval_encoder_context *ctx)
{
	zval chain, entry;
	zend_object *previous = previous_of(throwable);
	zend_long kept = 0, remaining = 0;

	array_init(&chain);
	for (; previous && kept < ALTAIR_EVAL_MAX_PREVIOUS_CHAIN; previous = previous_of(previous), kept++) {
		array_init(&entry);
		encode_summary(&entry, previous, ctx);
		add_next_index_zval(&chain, &entry);
	}
	for (; previous && remaining < ALTAIR_EVAL_PREVIOUS_COUNT_LIMIT; previous = previous_of(previous)) {
		remaining++;
	}
	if (remaining > 0) {
		add_truncation(&chain, remaining);
	}
	add_assoc_zval(out, "previous", &chain);
}

void altair_eval_encoder_exception(zval *out, zend_object *throwable, const altair_eval_encoder_context *ctx)
{
	array_init(out);
	encode_summary(out, throwable, ctx);
	encode_trace(out, throwable, ctx);
	encode_previous(out, throwable, ctx);
}

ZEND_METHOD(Altair_Eval_Encoder_ExceptionEncoder, __construct)
{
	ZEND_PARSE_PARAMETERS_NONE();
}

ZEND_METHOD(Altair_Eval_Encoder_ExceptionEncoder, encode)
{
	zval *throwable;
	zend_string *root = NULL;
	altair_eval_encoder_context ctx = {0};

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_OBJECT_OF_CLASS(throwable, zend_ce_throwable)
		Z_PARAM_OPTIONAL
		Z_PARAM_PATH_STR_OR_NULL(root)
	ZEND_PARSE_PARAMETERS_END();

	ctx.project_root = root && ZSTR_LEN(root) > 0 ? root : NULL;
	altair_eval_encoder_exception(return_value, Z_OBJ_P(throwable), &ctx);
}
