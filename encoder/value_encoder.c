/*
 * ValueEncoder: any PHP value → the typed arrays of the result contract (shared/DESIGN.md,
 * "Encoded values"). One switch over the type with an `again:` for references, as php-src's
 * json encoder does; unlike it, descent stops at the caps with a typed marker, and every call into
 * userland (__debugInfo, iterators, count()) is fenced: an exception there becomes an `error` on
 * that node and the encoding goes on. Recursion protection is set and cleared on every path.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_closures.h"
#include "zend_enum.h"
#include "zend_exceptions.h"
#include "zend_generators.h"
#include "zend_interfaces.h"
#include "zend_smart_str.h"
#include "ext/standard/base64.h"
#include "ext/standard/html.h"
#include "../php_altair_eval.h"
#include "encoder.h"

zend_class_entry *altair_eval_value_encoder_ce;

/* UTF-8 sequences are at most this long: a cut backs up at most this far minus one. */
#define ALTAIR_EVAL_UTF8_MAX_SEQUENCE 4
#define ALTAIR_EVAL_REPLACEMENT_CHARACTER "\xEF\xBF\xBD"

static void encode(zval *out, zval *value, int depth);

/* ---- strings -------------------------------------------------------------------------------- */

zend_string *altair_eval_encoder_utf8(const char *bytes, size_t length, bool *valid)
{
	smart_str clean = {0};
	size_t cursor = 0, start;
	zend_result status;

	*valid = true;
	while (cursor < length) {
		start = cursor;
		php_next_utf8_char((const unsigned char *) bytes, length, &cursor, &status);
		if (status == SUCCESS) {
			continue;
		}
		if (*valid) {
			/* First invalid sequence: copy the valid prefix once, then go on byte by byte. */
			smart_str_appendl(&clean, bytes, start);
			*valid = false;
		}
		smart_str_appendl(&clean, ALTAIR_EVAL_REPLACEMENT_CHARACTER, strlen(ALTAIR_EVAL_REPLACEMENT_CHARACTER));
		if (cursor == start) {
			cursor++;
		}
		/* Copy the valid run that follows. */
		while (cursor < length) {
			size_t run_start = cursor;
			php_next_utf8_char((const unsigned char *) bytes, length, &cursor, &status);
			if (status != SUCCESS) {
				cursor = run_start;
				break;
			}
			smart_str_appendl(&clean, bytes + run_start, cursor - run_start);
		}
	}
	if (*valid) {
		return zend_string_init(bytes, length, 0);
	}
	return smart_str_extract(&clean);
}

/* The longest prefix of at most max bytes that does not split a UTF-8 sequence. */
static size_t utf8_cut(const char *bytes, size_t length, size_t max)
{
	size_t cut = max;

	if (length <= max) {
		return length;
	}
	for (int back = 0; back < ALTAIR_EVAL_UTF8_MAX_SEQUENCE - 1 && cut > 0
		&& (((unsigned char) bytes[cut]) & 0xC0) == 0x80; back++) {
		cut--;
	}
	return cut;
}

static void encode_string(zval *out, const char *bytes, size_t length)
{
	size_t kept = utf8_cut(bytes, length, ALTAIR_EVAL_STRING_MAX);
	bool valid;
	zend_string *clean = altair_eval_encoder_utf8(bytes, kept, &valid);

	add_assoc_string(out, "type", "string");
	add_assoc_str(out, "value", clean);
	if (kept < length) {
		add_assoc_long(out, "length", (zend_long) length);
		add_assoc_bool(out, "truncated", true);
	}
	if (!valid) {
		add_assoc_bool(out, "invalid_utf8", true);
		add_assoc_str(out, "base64", php_base64_encode((const unsigned char *) bytes, kept));
	}
}

/* A key or name for the payload: valid UTF-8 whatever it was. */
static zend_string *clean_key(zend_string *key)
{
	bool valid;
	return altair_eval_encoder_utf8(ZSTR_VAL(key), ZSTR_LEN(key), &valid);
}

/* ---- userland calls ------------------------------------------------------------------------- */

/* After a call into userland: a thrown exception becomes {class, message} on the node and is
 * cleared. exit() is not an error to swallow: it stays set and ends the encoding. */
static bool caught(zval *node)
{
	zend_object *thrown = EG(exception);
	zval error, rv, *message;

	if (!thrown) {
		return false;
	}
	if (zend_is_unwind_exit(thrown) || zend_is_graceful_exit(thrown)) {
		return true;
	}
	GC_ADDREF(thrown);
	zend_clear_exception();
	array_init(&error);
	add_assoc_str(&error, "class", zend_string_copy(thrown->ce->name));
	message = zend_read_property_ex(zend_get_exception_base(thrown), thrown, ZSTR_KNOWN(ZEND_STR_MESSAGE), true, &rv);
	if (Z_TYPE_P(message) == IS_STRING) {
		add_assoc_str(&error, "message", clean_key(Z_STR_P(message)));
	} else {
		add_assoc_string(&error, "message", "");
	}
	/* Anything the handler threw on the way is gone with it. */
	if (EG(exception)) {
		zend_clear_exception();
	}
	OBJ_RELEASE(thrown);
	add_assoc_zval(node, "error", &error);
	return true;
}

/* exit() during a userland hook: stop calling userland. */
static bool exiting(void)
{
	return EG(exception) != NULL;
}

/* ---- arrays --------------------------------------------------------------------------------- */

static void encode_array(zval *out, HashTable *table, int depth)
{
	zend_ulong index;
	zend_string *key;
	zval *item, items, child;
	uint32_t count = zend_hash_num_elements(table);
	uint32_t seen = 0;
	bool list = zend_array_is_list(table);
	bool protect = !(GC_FLAGS(table) & GC_IMMUTABLE);

	if (protect && GC_IS_RECURSIVE(table)) {
		add_assoc_string(out, "type", "reference");
		add_assoc_string(out, "class", "array");
		add_assoc_null(out, "id");
		return;
	}
	add_assoc_string(out, "type", "array");
	add_assoc_bool(out, "is_list", list);
	add_assoc_long(out, "count", count);
	if (depth >= ALTAIR_EVAL_MAX_DEPTH) {
		if (count > 0) {
			add_assoc_bool(out, "truncated", true);
		}
		return;
	}
	if (protect) {
		/* A reference of our own: userland called below cannot free or change it under us. */
		GC_ADDREF(table);
		GC_PROTECT_RECURSION(table);
	}
	array_init_size(&items, MIN(count, ALTAIR_EVAL_MAX_WIDTH));
	ZEND_HASH_FOREACH_KEY_VAL_IND(table, index, key, item) {
		if (seen == ALTAIR_EVAL_MAX_WIDTH || exiting()) {
			break;
		}
		encode(&child, item, depth + 1);
		if (list) {
			add_next_index_zval(&items, &child);
		} else if (key) {
			zend_string *clean = clean_key(key);
			zend_symtable_update(Z_ARRVAL(items), clean, &child);
			zend_string_release(clean);
		} else {
			add_index_zval(&items, index, &child);
		}
		seen++;
	} ZEND_HASH_FOREACH_END();
	if (protect) {
		GC_UNPROTECT_RECURSION(table);
		GC_DELREF(table);
	}
	add_assoc_zval(out, "value", &items);
	if (seen < count) {
		add_assoc_bool(out, "truncated", true);
	}
}

/* ---- objects -------------------------------------------------------------------------------- */

static void encode_identity(zval *out, const char *type, zend_object *object)
{
	add_assoc_string(out, "type", type);
	add_assoc_str(out, "class", zend_string_copy(object->ce->name));
	add_assoc_long(out, "id", object->handle);
}

static bool is_mangled(zend_string *key)
{
	return key && ZSTR_LEN(key) > 0 && ZSTR_VAL(key)[0] == '\0';
}

/* Writes properties[, truncated] from a table of name → value. */
static void encode_properties(zval *out, HashTable *table, bool public_only, int depth)
{
	zend_ulong index;
	zend_string *key;
	zval *item, items, child;
	uint32_t count = 0, seen = 0;

	array_init(&items);
	ZEND_HASH_FOREACH_KEY_VAL_IND(table, index, key, item) {
		if (public_only && is_mangled(key)) {
			continue;
		}
		count++;
		if (seen == ALTAIR_EVAL_MAX_WIDTH || exiting()) {
			continue;
		}
		encode(&child, item, depth + 1);
		if (key) {
			zend_string *clean = clean_key(key);
			zend_symtable_update(Z_ARRVAL(items), clean, &child);
			zend_string_release(clean);
		} else {
			add_index_zval(&items, index, &child);
		}
		seen++;
	} ZEND_HASH_FOREACH_END();
	add_assoc_zval(out, "properties", &items);
	if (seen < count) {
		add_assoc_long(out, "count", count);
		add_assoc_bool(out, "truncated", true);
	}
}

static void encode_object_properties(zval *out, zval *value, zend_object *object, int depth)
{
	zend_function *debug_info = object->ce->__debugInfo;

	if (debug_info && debug_info->type == ZEND_USER_FUNCTION) {
		/* Called here rather than through the handler: a __debugInfo that returns something else
		 * than an array is a fatal error in the engine, a marker here. */
		zval result;
		ZVAL_UNDEF(&result);
		zend_call_known_instance_method_with_0_params(debug_info, object, &result);
		if (caught(out)) {
			zval_ptr_dtor(&result);
			return;
		}
		if (Z_TYPE(result) == IS_ARRAY) {
			encode_properties(out, Z_ARRVAL(result), false, depth);
		} else if (Z_TYPE(result) != IS_NULL) {
			zval error;
			array_init(&error);
			add_assoc_string(&error, "class", "TypeError");
			add_assoc_str(&error, "message", zend_strpprintf(0, "__debugInfo() must return an array, %s returned",
				zend_zval_type_name(&result)));
			add_assoc_zval(out, "error", &error);
		} else {
			zval empty;
			array_init(&empty);
			add_assoc_zval(out, "properties", &empty);
		}
		zval_ptr_dtor(&result);
		return;
	}
	HashTable *properties = zend_get_properties_for(value, ZEND_PROP_PURPOSE_DEBUG);
	if (caught(out)) {
		if (properties) {
			zend_release_properties(properties);
		}
		return;
	}
	if (properties) {
		encode_properties(out, properties, true, depth);
		zend_release_properties(properties);
	} else {
		zval empty;
		array_init(&empty);
		add_assoc_zval(out, "properties", &empty);
	}
}

static void encode_closure(zval *out, zval *value)
{
	zend_object *object = Z_OBJ_P(value);
	const zend_function *function = zend_get_closure_method_def(object);
	zval *bound = zend_get_closure_this_ptr(value);

	encode_identity(out, "closure", object);
	if (function->common.fn_flags & ZEND_ACC_CLOSURE && zend_string_equals_literal(function->common.function_name, "{closure}")) {
		add_assoc_string(out, "function", "{closure}");
	} else if (function->common.scope) {
		add_assoc_str(out, "function", zend_strpprintf(0, "%s::%s", ZSTR_VAL(function->common.scope->name),
			ZSTR_VAL(function->common.function_name)));
	} else {
		add_assoc_str(out, "function", zend_string_copy(function->common.function_name));
	}
	if (function->type == ZEND_USER_FUNCTION && function->op_array.filename) {
		add_assoc_str(out, "file", zend_string_copy(function->op_array.filename));
		add_assoc_long(out, "line", function->op_array.line_start);
	}
	if (bound && Z_TYPE_P(bound) == IS_OBJECT) {
		add_assoc_str(out, "this", zend_string_copy(Z_OBJCE_P(bound)->name));
	}
	if (function->common.scope) {
		add_assoc_str(out, "scope", zend_string_copy(function->common.scope->name));
	}
}

static void encode_enum(zval *out, zend_object *object)
{
	zval *name = zend_enum_fetch_case_name(object);

	add_assoc_string(out, "type", "enum");
	add_assoc_str(out, "class", zend_string_copy(object->ce->name));
	add_assoc_str(out, "case", zend_string_copy(Z_STR_P(name)));
	if (object->ce->enum_backing_type != IS_UNDEF) {
		zval *backing = zend_enum_fetch_case_value(object);
		Z_TRY_ADDREF_P(backing);
		add_assoc_zval(out, "value", backing);
	}
}

static void encode_size_hint(zval *out, zend_object *object)
{
	zval count;

	ZVAL_UNDEF(&count);
	zend_call_method_with_0_params(object, object->ce, NULL, "count", &count);
	if (!caught(out) && Z_TYPE(count) == IS_LONG) {
		add_assoc_long(out, "size_hint", Z_LVAL(count));
	}
	zval_ptr_dtor(&count);
}

/* At most ITERABLE_PREVIEW {key, value} entries; exhausted tells whether the iteration ended. */
static void encode_iterable(zval *out, zval *value, zend_object *object, int depth)
{
	zend_class_entry *ce = object->ce;
	zend_object_iterator *iterator;
	zval preview, entry, encoded, key, *current;
	bool exhausted = false;
	int taken = 0;

	array_init(&preview);
	if (instanceof_function(ce, zend_ce_countable)) {
		encode_size_hint(out, object);
	}
	if (instanceof_function(ce, zend_ce_generator) && !((zend_generator *) object)->execute_data) {
		/* A finished generator: nothing left to show (asking it for an iterator would throw). */
		add_assoc_zval(out, "preview", &preview);
		add_assoc_bool(out, "exhausted", true);
		return;
	}
	iterator = exiting() ? NULL : ce->get_iterator(ce, value, 0);
	if (caught(out) || !iterator) {
		if (iterator) {
			zend_iterator_dtor(iterator);
		}
		add_assoc_zval(out, "preview", &preview);
		add_assoc_bool(out, "exhausted", false);
		return;
	}
	iterator->index = 0;
	/* A generator is shown from where it stands: rewinding one that has run throws. */
	if (iterator->funcs->rewind && !instanceof_function(ce, zend_ce_generator)) {
		iterator->funcs->rewind(iterator);
	}
	while (!caught(out)) {
		if (iterator->funcs->valid(iterator) != SUCCESS) {
			exhausted = !EG(exception);
			break;
		}
		if (EG(exception) || taken == ALTAIR_EVAL_ITERABLE_PREVIEW) {
			break;
		}
		current = iterator->funcs->get_current_data(iterator);
		if (EG(exception) || !current) {
			continue;
		}
		array_init(&entry);
		if (iterator->funcs->get_current_key) {
			iterator->funcs->get_current_key(iterator, &key);
			if (EG(exception)) {
				zval_ptr_dtor(&entry);
				continue;
			}
		} else {
			ZVAL_LONG(&key, taken);
		}
		encode(&encoded, &key, depth + 1);
		add_assoc_zval(&entry, "key", &encoded);
		zval_ptr_dtor(&key);
		encode(&encoded, current, depth + 1);
		add_assoc_zval(&entry, "value", &encoded);
		add_next_index_zval(&preview, &entry);
		taken++;
		iterator->index++;
		iterator->funcs->move_forward(iterator);
	}
	zend_iterator_dtor(iterator);
	add_assoc_zval(out, "preview", &preview);
	add_assoc_bool(out, "exhausted", exhausted);
}

static void encode_object(zval *out, zval *value, int depth)
{
	zend_object *object = Z_OBJ_P(value);
	bool iterable = instanceof_function(object->ce, zend_ce_traversable);

	if (object->ce == zend_ce_closure) {
		encode_closure(out, value);
		return;
	}
	if (object->ce->ce_flags & ZEND_ACC_ENUM) {
		encode_enum(out, object);
		return;
	}
	if (Z_IS_RECURSIVE_P(value)) {
		encode_identity(out, "reference", object);
		return;
	}
	encode_identity(out, iterable ? "iterable" : "object", object);
	if (depth >= ALTAIR_EVAL_MAX_DEPTH) {
		add_assoc_bool(out, "truncated", true);
		return;
	}
	/* Ours while we look at it: a hook cannot free it, and it is marked as on the path. */
	GC_ADDREF(object);
	Z_PROTECT_RECURSION_P(value);
	if (iterable) {
		encode_iterable(out, value, object, depth);
	} else {
		encode_object_properties(out, value, object, depth);
	}
	Z_UNPROTECT_RECURSION_P(value);
	OBJ_RELEASE(object);
}

/* ---- the switch ----------------------------------------------------------------------------- */

static void encode(zval *out, zval *value, int depth)
{
	array_init(out);
again:
	switch (Z_TYPE_P(value)) {
		case IS_UNDEF:
		case IS_NULL:
			add_assoc_string(out, "type", "null");
			add_assoc_null(out, "value");
			return;
		case IS_FALSE:
		case IS_TRUE:
			add_assoc_string(out, "type", "bool");
			add_assoc_bool(out, "value", Z_TYPE_P(value) == IS_TRUE);
			return;
		case IS_LONG:
			add_assoc_string(out, "type", "int");
			add_assoc_long(out, "value", Z_LVAL_P(value));
			return;
		case IS_DOUBLE:
			add_assoc_string(out, "type", "float");
			if (zend_isnan(Z_DVAL_P(value))) {
				add_assoc_string(out, "value", "NaN");
			} else if (zend_isinf(Z_DVAL_P(value))) {
				add_assoc_string(out, "value", Z_DVAL_P(value) > 0 ? "Infinity" : "-Infinity");
			} else {
				add_assoc_double(out, "value", Z_DVAL_P(value));
			}
			return;
		case IS_STRING:
			encode_string(out, Z_STRVAL_P(value), Z_STRLEN_P(value));
			return;
		case IS_ARRAY:
			encode_array(out, Z_ARRVAL_P(value), depth);
			return;
		case IS_OBJECT:
			encode_object(out, value, depth);
			return;
		case IS_RESOURCE: {
			const char *type = zend_rsrc_list_get_rsrc_type(Z_RES_P(value));
			add_assoc_string(out, "type", "resource");
			add_assoc_string(out, "value", type ? type : "Unknown");
			add_assoc_long(out, "id", Z_RES_HANDLE_P(value));
			return;
		}
		case IS_REFERENCE:
			value = Z_REFVAL_P(value);
			goto again;
		case IS_INDIRECT:
			value = Z_INDIRECT_P(value);
			goto again;
		default:
			add_assoc_string(out, "type", "unknown");
			add_assoc_null(out, "value");
			return;
	}
}

void altair_eval_encoder_value(zval *out, zval *value)
{
	encode(out, value, 0);
}

ZEND_METHOD(Altair_Eval_Encoder_ValueEncoder, __construct)
{
	ZEND_PARSE_PARAMETERS_NONE();
}

ZEND_METHOD(Altair_Eval_Encoder_ValueEncoder, encode)
{
	zval *value;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ZVAL(value)
	ZEND_PARSE_PARAMETERS_END();

	altair_eval_encoder_value(return_value, value);
}
