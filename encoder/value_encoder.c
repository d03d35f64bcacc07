/*
 * ValueEncoder: any PHP value → the typed nodes of the result contract (docs/api.md, "Encoded values"),
 * as PHP arrays or written straight as JSON (sink.h: one walk, the output chosen once). One switch
 * over the type with an `again:` for references, as php-src's json encoder does; unlike it, descent
 * stops at the caps with a typed marker, and every call into userland is fenced (hook.c). This file
 * holds the switch, strings and arrays; value_object.c the objects.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "ext/standard/base64.h"
#include "../php_altair_eval.h"
#include "caster.h"
#include "encoder_arginfo.h"

zend_class_entry *altair_eval_value_encoder_ce;

/* The encoders' classes (encoder/encoder.stub.php), then each part's interned strings and lookups. */
void altair_eval_encoder_minit(void)
{
	altair_eval_value_encoder_ce = register_class_Altair_Eval_Encoder_ValueEncoder();
	altair_eval_exception_encoder_ce = register_class_Altair_Eval_Encoder_ExceptionEncoder();
	altair_eval_encoder_sink_array_minit();
	altair_eval_encoder_sink_json_minit();
	altair_eval_encoder_caster_minit();
}

/* ---- strings -------------------------------------------------------------------------------- */

static void encode_string(sink *out, zend_string *string)
{
	const char *bytes = ZSTR_VAL(string);
	size_t length = ZSTR_LEN(string);
	size_t kept = altair_eval_encoder_utf8_cut(bytes, length, ALTAIR_EVAL_STRING_MAX);
	bool valid;
	zend_string *clean;

	/* A valid string within STRING_MAX is a scalar node (encode_scalar): this one is cut or
	 * invalid. */
	clean = altair_eval_encoder_utf8(bytes, kept, &valid);

	put_type(out, ET_STRING);
	put_str(out, EK_VALUE, clean);
	if (kept < length) {
		put_long(out, EK_LENGTH, (zend_long) length);
		put_bool(out, EK_TRUNCATED, true);
	}
	if (!valid) {
		put_bool(out, EK_INVALID_UTF8, true);
		put_str(out, EK_BASE64, php_base64_encode((const unsigned char *) bytes, kept));
	}
}

/* ---- arrays --------------------------------------------------------------------------------- */

/* An invalid UTF-8 key as "<readable> (base64:<raw>)": the readable part as a string value shows
 * it, the raw bytes as its base64 does, so two keys that differ only in their invalid bytes stay
 * two entries. */
static zend_string *marked_key(zend_string *key)
{
	bool valid;
	zend_string *readable = altair_eval_encoder_utf8(ZSTR_VAL(key), ZSTR_LEN(key), &valid);
	zend_string *raw = php_base64_encode((const unsigned char *) ZSTR_VAL(key), ZSTR_LEN(key));
	zend_string *marked = zend_strpprintf(0, "%s (base64:%s)", ZSTR_VAL(readable), ZSTR_VAL(raw));

	zend_string_release(readable);
	zend_string_release(raw);
	return marked;
}

/* A map entry under the key it had; an invalid UTF-8 key is marked. Returns whether it was. */
bool altair_eval_encoder_walk_entry(sink *s, zend_string *key, zend_ulong index, zval *item, int depth)
{
	zend_string *marked = NULL;

	if (key && !altair_eval_encoder_utf8_valid(ZSTR_VAL(key), ZSTR_LEN(key))) {
		marked = marked_key(key);
	}
	sink_map_key(s, marked ? marked : key, index);
	altair_eval_encoder_walk(s, item, depth);
	if (marked) {
		zend_string_release(marked);
		return true;
	}
	return false;
}

/* The elements, up to the width cap or the budget; how many were shown. */
static uint32_t encode_elements(sink *s, HashTable *table, bool list, int depth, bool *invalid_keys)
{
	zend_ulong index;
	zend_string *key;
	zval *item;
	uint32_t seen = 0;
	sink_mark mark;
	bool marked = false;

	sink_key(s, EK_VALUE);
	sink_open(s, list ? SINK_LIST : SINK_MAP, MIN(zend_hash_num_elements(table), ALTAIR_EVAL_MAX_WIDTH));
	ZEND_HASH_FOREACH_KEY_VAL_IND(table, index, key, item) {
		if (seen == ALTAIR_EVAL_MAX_WIDTH || altair_eval_encoder_hook_exiting() || !sink_element_begin(s, &mark)) {
			break;
		}
		if (list) {
			altair_eval_encoder_walk(s, item, depth + 1);
		} else {
			marked = altair_eval_encoder_walk_entry(s, key, index, item, depth + 1);
		}
		if (!sink_element_end(s, &mark)) {
			break;
		}
		*invalid_keys |= marked;
		seen++;
	} ZEND_HASH_FOREACH_END();
	sink_close(s);
	return seen;
}

/* truncated when cut; omitted too when the budget cut it. */
void altair_eval_encoder_walk_cut(sink *s, uint32_t count, uint32_t seen)
{
	if (seen < count) {
		put_bool(s, EK_TRUNCATED, true);
		if (s->spent) {
			put_long(s, EK_OMITTED, count - seen);
		}
	}
}

static void encode_array(sink *s, HashTable *table, int depth)
{
	uint32_t count = zend_hash_num_elements(table);
	uint32_t seen;
	bool list = zend_array_is_list(table);
	bool protect = !(GC_FLAGS(table) & GC_IMMUTABLE);
	hook_error error = { NULL, NULL };
	bool invalid_keys = false;

	if (protect && GC_IS_RECURSIVE(table)) {
		put_type(s, ET_REFERENCE);
		put_string(s, EK_CLASS, "array");
		put_null(s, EK_ID);
		return;
	}
	put_type(s, ET_ARRAY);
	put_bool(s, EK_IS_LIST, list);
	put_long(s, EK_COUNT, count);
	if (depth >= ALTAIR_EVAL_MAX_DEPTH) {
		if (count > 0) {
			put_bool(s, EK_TRUNCATED, true);
		}
		return;
	}
	if (protect) {
		/* A reference of our own: userland called below cannot free or change it under us. */
		GC_ADDREF(table);
		GC_PROTECT_RECURSION(table);
	}
	seen = encode_elements(s, table, list, depth, &invalid_keys);
	if (protect) {
		GC_UNPROTECT_RECURSION(table);
		/* A hook may have dropped every other owner: then this release destroys the array, and
		 * the destructors of what it held may throw. */
		zend_array_release(table);
		altair_eval_encoder_hook_caught(&error);
	}
	altair_eval_encoder_walk_cut(s, count, seen);
	if (invalid_keys) {
		put_bool(s, EK_INVALID_UTF8_KEYS, true);
	}
	altair_eval_encoder_hook_put_error(s, &error);
}

/* ---- the switch ----------------------------------------------------------------------------- */

/* One node, written where the sink stands (a node member, a list item or a map entry). */
/* The most common nodes (null, bool, int, a finite float, a valid string within STRING_MAX) in one
 * call to the sink. Returns whether value was one. */
static zend_always_inline bool encode_scalar(sink *s, zval *value)
{
	switch (Z_TYPE_P(value)) {
		case IS_NULL:
		case IS_FALSE:
		case IS_TRUE:
		case IS_LONG:
			break;
		case IS_DOUBLE:
			if (!zend_finite(Z_DVAL_P(value)) || zend_isnan(Z_DVAL_P(value))) {
				return false;
			}
			break;
		case IS_STRING:
			if (Z_STRLEN_P(value) > ALTAIR_EVAL_STRING_MAX || !altair_eval_encoder_utf8_valid(Z_STRVAL_P(value), Z_STRLEN_P(value))) {
				return false;
			}
			break;
		default:
			return false;
	}
	s->ops->scalar(s, value);
	return true;
}

void altair_eval_encoder_walk(sink *s, zval *value, int depth)
{
	ZVAL_DEREF(value);
	if (Z_TYPE_P(value) == IS_INDIRECT) {
		value = Z_INDIRECT_P(value);
		ZVAL_DEREF(value);
	}
	if (encode_scalar(s, value)) {
		return;
	}
	sink_node(s);
again:
	switch (Z_TYPE_P(value)) {
		case IS_UNDEF:
		case IS_NULL:
			put_type(s, ET_NULL);
			put_null(s, EK_VALUE);
			break;
		case IS_FALSE:
		case IS_TRUE:
			put_type(s, ET_BOOL);
			put_bool(s, EK_VALUE, Z_TYPE_P(value) == IS_TRUE);
			break;
		case IS_LONG:
			put_type(s, ET_INT);
			put_long(s, EK_VALUE, Z_LVAL_P(value));
			break;
		case IS_DOUBLE:
			put_type(s, ET_FLOAT);
			if (zend_isnan(Z_DVAL_P(value))) {
				put_string(s, EK_VALUE, "NaN");
			} else if (zend_isinf(Z_DVAL_P(value))) {
				put_string(s, EK_VALUE, Z_DVAL_P(value) > 0 ? "Infinity" : "-Infinity");
			} else {
				put_double(s, EK_VALUE, Z_DVAL_P(value));
			}
			break;
		case IS_STRING:
			encode_string(s, Z_STR_P(value));
			break;
		case IS_ARRAY:
			encode_array(s, Z_ARRVAL_P(value), depth);
			break;
		case IS_OBJECT:
			altair_eval_encoder_walk_object(s, value, depth);
			break;
		case IS_RESOURCE: {
			const char *type = zend_rsrc_list_get_rsrc_type(Z_RES_P(value));
			put_type(s, ET_RESOURCE);
			put_string(s, EK_VALUE, type ? type : "Unknown");
			put_long(s, EK_ID, Z_RES_HANDLE_P(value));
			break;
		}
		case IS_REFERENCE:
			value = Z_REFVAL_P(value);
			goto again;
		case IS_INDIRECT:
			value = Z_INDIRECT_P(value);
			goto again;
		default:
			put_type(s, ET_UNKNOWN);
			put_null(s, EK_VALUE);
			break;
	}
	if (depth == 0 && s->spent) {
		put_bool(s, EK_BUDGET_EXHAUSTED, true);
	}
	sink_close(s);
}

void altair_eval_encoder_value(zval *out, zval *value, const altair_eval_encoder_context *ctx)
{
	altair_eval_encoder_value_at(out, value, ctx, 0);
}

void altair_eval_encoder_value_at(zval *out, zval *value, const altair_eval_encoder_context *ctx, int depth)
{
	sink s;

	altair_eval_encoder_sink_array_init(&s, ctx);
	altair_eval_encoder_walk(&s, value, depth);
	ZVAL_COPY_VALUE(out, &s.root);
}

/* The live object with this spl_object_id(), or NULL. */
static zend_object *object_by_id(zend_ulong id)
{
	zend_object *object;

	if (id == 0 || id >= EG(objects_store).top) {
		return NULL;
	}
	object = EG(objects_store).object_buckets[id];
	return IS_OBJ_VALID(object) ? object : NULL;
}

/* Marks the objects of $seen (ids as keys) as on the path, so they encode as references; records
 * which ones it marked (an object already on the path, as in a nested call, stays as it was). */
static void seen_protect(HashTable *seen, HashTable *marked)
{
	zend_ulong id;
	zend_string *key;

	ZEND_HASH_FOREACH_KEY(seen, id, key) {
		zend_object *object = key ? NULL : object_by_id(id);

		if (object && !GC_IS_RECURSIVE(object)) {
			GC_PROTECT_RECURSION(object);
			GC_ADDREF(object);
			zend_hash_index_add_empty_element(marked, id);
		}
	} ZEND_HASH_FOREACH_END();
}

static void seen_release(HashTable *marked)
{
	zend_ulong id;

	ZEND_HASH_FOREACH_NUM_KEY(marked, id) {
		zend_object *object = EG(objects_store).object_buckets[id];

		GC_UNPROTECT_RECURSION(object);
		OBJ_RELEASE(object);
	} ZEND_HASH_FOREACH_END();
}

void altair_eval_encoder_value_json(smart_str *json, zval *value, const altair_eval_encoder_context *ctx)
{
	sink s;

	altair_eval_encoder_sink_json_init(&s, json, ctx);
	altair_eval_encoder_walk(&s, value, 0);
}

ZEND_METHOD(Altair_Eval_Encoder_ValueEncoder, __construct)
{
	ZEND_PARSE_PARAMETERS_NONE();
}

/* The budget argument of encode() and encodeJson() (argument number position). */
static zend_result budget_context(zend_long max_bytes, uint32_t position, altair_eval_encoder_context *ctx)
{
	if (max_bytes < ALTAIR_EVAL_RESULT_MIN_BYTES || max_bytes > ALTAIR_EVAL_RESULT_MAX_BYTES) {
		zend_argument_value_error(position, "must be between %d and %d", ALTAIR_EVAL_RESULT_MIN_BYTES, ALTAIR_EVAL_RESULT_MAX_BYTES);
		return FAILURE;
	}
	memset(ctx, 0, sizeof(*ctx));
	ctx->max_bytes = (size_t) max_bytes;
	return SUCCESS;
}

/* encode($value, $seen = [], $depth = 0, $maxBytes = RESULT_MAX_BYTES): univeros/framework's
 * signature first (see the stub), then this project's budget. */
ZEND_METHOD(Altair_Eval_Encoder_ValueEncoder, encode)
{
	zval *value;
	HashTable *seen = NULL, marked;
	zend_long depth = 0, max_bytes = ALTAIR_EVAL_RESULT_MAX_BYTES;
	altair_eval_encoder_context ctx;

	ZEND_PARSE_PARAMETERS_START(1, 4)
		Z_PARAM_ZVAL(value)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT(seen)
		Z_PARAM_LONG(depth)
		Z_PARAM_LONG(max_bytes)
	ZEND_PARSE_PARAMETERS_END();

	if (budget_context(max_bytes, 4, &ctx) == FAILURE) {
		RETURN_THROWS();
	}
	depth = depth < 0 ? 0 : (depth > ALTAIR_EVAL_MAX_DEPTH ? ALTAIR_EVAL_MAX_DEPTH : depth);
	if (!seen || zend_hash_num_elements(seen) == 0) {
		altair_eval_encoder_value_at(return_value, value, &ctx, (int) depth);
		return;
	}
	zend_hash_init(&marked, zend_hash_num_elements(seen), NULL, NULL, 0);
	seen_protect(seen, &marked);
	altair_eval_encoder_value_at(return_value, value, &ctx, (int) depth);
	seen_release(&marked);
	zend_hash_destroy(&marked);
}

ZEND_METHOD(Altair_Eval_Encoder_ValueEncoder, encodeJson)
{
	zval *value;
	zend_long max_bytes = ALTAIR_EVAL_RESULT_MAX_BYTES;
	smart_str json = {0};
	altair_eval_encoder_context ctx;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_ZVAL(value)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(max_bytes)
	ZEND_PARSE_PARAMETERS_END();

	if (budget_context(max_bytes, 2, &ctx) == FAILURE) {
		RETURN_THROWS();
	}
	altair_eval_encoder_value_json(&json, value, &ctx);
	RETURN_STR(smart_str_extract(&json));
}
