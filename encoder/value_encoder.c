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

/* ---- interned keys and type names: every node has a few, so none is allocated or hashed twice */

#define ALTAIR_EVAL_ENCODER_KEYS(X) \
	X(BASE64, "base64") X(CASE, "case") X(CLASS, "class") X(COUNT, "count") X(ERROR, "error") \
	X(EXHAUSTED, "exhausted") X(FILE, "file") X(FUNCTION, "function") X(ID, "id") \
	X(INVALID_UTF8, "invalid_utf8") X(IS_LIST, "is_list") X(KEY, "key") X(LENGTH, "length") X(LINE, "line") \
	X(MESSAGE, "message") X(PREVIEW, "preview") X(PROPERTIES, "properties") X(SCOPE, "scope") \
	X(SIZE_HINT, "size_hint") X(THIS, "this") X(TRUNCATED, "truncated") X(TYPE, "type") X(VALUE, "value")
#define ALTAIR_EVAL_ENCODER_TYPES(X) \
	X(NULL, "null") X(BOOL, "bool") X(INT, "int") X(FLOAT, "float") X(STRING, "string") X(ARRAY, "array") \
	X(OBJECT, "object") X(ENUM, "enum") X(CLOSURE, "closure") X(RESOURCE, "resource") X(ITERABLE, "iterable") \
	X(REFERENCE, "reference") X(UNKNOWN, "unknown")

#define ALTAIR_EVAL_ENUM_KEY(name, text) EK_##name,
#define ALTAIR_EVAL_ENUM_TYPE(name, text) ET_##name,
enum { ALTAIR_EVAL_ENCODER_KEYS(ALTAIR_EVAL_ENUM_KEY) EK__COUNT };
enum { ALTAIR_EVAL_ENCODER_TYPES(ALTAIR_EVAL_ENUM_TYPE) ET__COUNT };
static zend_string *keys[EK__COUNT];
static zend_string *types[ET__COUNT];

void altair_eval_encoder_minit(void)
{
#define ALTAIR_EVAL_INTERN_KEY(name, text) keys[EK_##name] = zend_string_init_interned(text, strlen(text), 1);
#define ALTAIR_EVAL_INTERN_TYPE(name, text) types[ET_##name] = zend_string_init_interned(text, strlen(text), 1);
	ALTAIR_EVAL_ENCODER_KEYS(ALTAIR_EVAL_INTERN_KEY)
	ALTAIR_EVAL_ENCODER_TYPES(ALTAIR_EVAL_INTERN_TYPE)
}

/* Nodes are built key by key and no key is written twice except where noted (put_replace):
 * appending skips the lookup. */
static zend_always_inline void put_zval(zval *node, int key, zval *value)
{
	_zend_hash_append(Z_ARRVAL_P(node), keys[key], value);
}

static void put_replace(zval *node, int key, zval *value)
{
	zend_hash_update(Z_ARRVAL_P(node), keys[key], value);
}

/* A node: a hash with room for its usual keys, initialised for string keys right away. */
static zend_always_inline void node_init(zval *node)
{
	array_init_size(node, 8);
	zend_hash_real_init_mixed(Z_ARRVAL_P(node));
}

static zend_always_inline void put_type(zval *node, int type)
{
	zval value = {{0}}; /* whole: the append copies all of it */
	ZVAL_INTERNED_STR(&value, types[type]);
	put_zval(node, EK_TYPE, &value);
}

static zend_always_inline void put_long(zval *node, int key, zend_long number)
{
	zval value = {{0}}; /* whole: the append copies all of it */
	ZVAL_LONG(&value, number);
	put_zval(node, key, &value);
}

static zend_always_inline void put_double(zval *node, int key, double number)
{
	zval value = {{0}}; /* whole: the append copies all of it */
	ZVAL_DOUBLE(&value, number);
	put_zval(node, key, &value);
}

static zend_always_inline void put_bool(zval *node, int key, bool flag)
{
	zval value = {{0}}; /* whole: the append copies all of it */
	ZVAL_BOOL(&value, flag);
	put_zval(node, key, &value);
}

static zend_always_inline void put_null(zval *node, int key)
{
	zval value = {{0}}; /* whole: the append copies all of it */
	ZVAL_NULL(&value);
	put_zval(node, key, &value);
}

/* Takes the reference. */
static zend_always_inline void put_str(zval *node, int key, zend_string *text)
{
	zval value = {{0}}; /* whole: the append copies all of it */
	ZVAL_STR(&value, text);
	put_zval(node, key, &value);
}

static zend_always_inline void put_string(zval *node, int key, const char *text)
{
	put_str(node, key, zend_string_init(text, strlen(text), 0));
}

/* ---- strings -------------------------------------------------------------------------------- */

/* ASCII eight bytes at a time; the rest sequence by sequence. */
static bool utf8_valid(const char *bytes, size_t length)
{
	size_t at = 0;
	uint64_t word;
	zend_result status;

	while (at + sizeof(word) <= length) {
		memcpy(&word, bytes + at, sizeof(word));
		if (word & UINT64_C(0x8080808080808080)) {
			break;
		}
		at += sizeof(word);
	}
	while (at < length) {
		if ((unsigned char) bytes[at] < 0x80) {
			at++;
			continue;
		}
		php_next_utf8_char((const unsigned char *) bytes, length, &at, &status);
		if (status != SUCCESS) {
			return false;
		}
	}
	return true;
}

zend_string *altair_eval_encoder_utf8(const char *bytes, size_t length, bool *valid)
{
	smart_str clean = {0};
	size_t cursor = 0, start;
	zend_result status;

	*valid = true;
	if (utf8_valid(bytes, length)) {
		return zend_string_init(bytes, length, 0);
	}
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

static void encode_string(zval *out, zend_string *string)
{
	const char *bytes = ZSTR_VAL(string);
	size_t length = ZSTR_LEN(string);
	size_t kept = utf8_cut(bytes, length, ALTAIR_EVAL_STRING_MAX);
	bool valid;
	zend_string *clean;

	if (kept == length && utf8_valid(bytes, length)) {
		put_type(out, ET_STRING);
		put_str(out, EK_VALUE, zend_string_copy(string));
		return;
	}
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

/* A key or name for the payload: valid UTF-8 whatever it was. */
static zend_string *clean_key(zend_string *key)
{
	bool valid;
	return utf8_valid(ZSTR_VAL(key), ZSTR_LEN(key)) ? zend_string_copy(key)
		: altair_eval_encoder_utf8(ZSTR_VAL(key), ZSTR_LEN(key), &valid);
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
	node_init(&error);
	put_str(&error, EK_CLASS, zend_string_copy(thrown->ce->name));
	message = zend_read_property_ex(zend_get_exception_base(thrown), thrown, ZSTR_KNOWN(ZEND_STR_MESSAGE), true, &rv);
	if (Z_TYPE_P(message) == IS_STRING) {
		put_str(&error, EK_MESSAGE, clean_key(Z_STR_P(message)));
	} else {
		put_string(&error, EK_MESSAGE, "");
	}
	/* Anything the handler threw on the way is gone with it. */
	if (EG(exception)) {
		zend_clear_exception();
	}
	OBJ_RELEASE(thrown);
	put_replace(node, EK_ERROR, &error);
	return true;
}

/* exit() during a userland hook: stop calling userland. */
static bool exiting(void)
{
	return EG(exception) != NULL;
}

/* Adds child under the same key it had (a string key made valid UTF-8). Takes the child. */
static void add_entry(zval *items, zend_string *key, zend_ulong index, zval *child)
{
	if (key) {
		zend_string *clean = clean_key(key);
		zend_symtable_update(Z_ARRVAL_P(items), clean, child);
		zend_string_release(clean);
	} else {
		add_index_zval(items, index, child);
	}
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
		put_type(out, ET_REFERENCE);
		put_string(out, EK_CLASS, "array");
		put_null(out, EK_ID);
		return;
	}
	put_type(out, ET_ARRAY);
	put_bool(out, EK_IS_LIST, list);
	put_long(out, EK_COUNT, count);
	if (depth >= ALTAIR_EVAL_MAX_DEPTH) {
		if (count > 0) {
			put_bool(out, EK_TRUNCATED, true);
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
		} else {
			add_entry(&items, key, index, &child);
		}
		seen++;
	} ZEND_HASH_FOREACH_END();
	if (protect) {
		GC_UNPROTECT_RECURSION(table);
		GC_DELREF(table);
	}
	put_zval(out, EK_VALUE, &items);
	if (seen < count) {
		put_bool(out, EK_TRUNCATED, true);
	}
}

/* ---- objects -------------------------------------------------------------------------------- */

static void encode_identity(zval *out, int type, zend_object *object)
{
	put_type(out, type);
	put_str(out, EK_CLASS, zend_string_copy(object->ce->name));
	put_long(out, EK_ID, object->handle);
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
		add_entry(&items, key, index, &child);
		seen++;
	} ZEND_HASH_FOREACH_END();
	put_zval(out, EK_PROPERTIES, &items);
	if (seen < count) {
		put_long(out, EK_COUNT, count);
		put_bool(out, EK_TRUNCATED, true);
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
			node_init(&error);
			put_string(&error, EK_CLASS, "TypeError");
			put_str(&error, EK_MESSAGE, zend_strpprintf(0, "__debugInfo() must return an array, %s returned",
				zend_zval_type_name(&result)));
			put_zval(out, EK_ERROR, &error);
		} else {
			zval empty;
			array_init(&empty);
			put_zval(out, EK_PROPERTIES, &empty);
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
		put_zval(out, EK_PROPERTIES, &empty);
	}
}

static void encode_closure(zval *out, zval *value)
{
	zend_object *object = Z_OBJ_P(value);
	const zend_function *function = zend_get_closure_method_def(object);
	zval *bound = zend_get_closure_this_ptr(value);

	encode_identity(out, ET_CLOSURE, object);
	if (function->common.fn_flags & ZEND_ACC_CLOSURE && zend_string_equals_literal(function->common.function_name, "{closure}")) {
		put_string(out, EK_FUNCTION, "{closure}");
	} else if (function->common.scope) {
		put_str(out, EK_FUNCTION, zend_strpprintf(0, "%s::%s", ZSTR_VAL(function->common.scope->name),
			ZSTR_VAL(function->common.function_name)));
	} else {
		put_str(out, EK_FUNCTION, zend_string_copy(function->common.function_name));
	}
	if (function->type == ZEND_USER_FUNCTION && function->op_array.filename) {
		put_str(out, EK_FILE, zend_string_copy(function->op_array.filename));
		put_long(out, EK_LINE, function->op_array.line_start);
	}
	if (bound && Z_TYPE_P(bound) == IS_OBJECT) {
		put_str(out, EK_THIS, zend_string_copy(Z_OBJCE_P(bound)->name));
	}
	if (function->common.scope) {
		put_str(out, EK_SCOPE, zend_string_copy(function->common.scope->name));
	}
}

static void encode_enum(zval *out, zend_object *object)
{
	zval *name = zend_enum_fetch_case_name(object);

	put_type(out, ET_ENUM);
	put_str(out, EK_CLASS, zend_string_copy(object->ce->name));
	put_str(out, EK_CASE, zend_string_copy(Z_STR_P(name)));
	if (object->ce->enum_backing_type != IS_UNDEF) {
		zval *backing = zend_enum_fetch_case_value(object);
		Z_TRY_ADDREF_P(backing);
		put_zval(out, EK_VALUE, backing);
	}
}

static void encode_size_hint(zval *out, zend_object *object)
{
	zval count;

	ZVAL_UNDEF(&count);
	zend_call_method_with_0_params(object, object->ce, NULL, "count", &count);
	if (!caught(out) && Z_TYPE(count) == IS_LONG) {
		put_long(out, EK_SIZE_HINT, Z_LVAL(count));
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
		put_zval(out, EK_PREVIEW, &preview);
		put_bool(out, EK_EXHAUSTED, true);
		return;
	}
	iterator = exiting() ? NULL : ce->get_iterator(ce, value, 0);
	if (caught(out) || !iterator) {
		if (iterator) {
			zend_iterator_dtor(iterator);
		}
		put_zval(out, EK_PREVIEW, &preview);
		put_bool(out, EK_EXHAUSTED, false);
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
		node_init(&entry);
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
		put_zval(&entry, EK_KEY, &encoded);
		zval_ptr_dtor(&key);
		encode(&encoded, current, depth + 1);
		put_zval(&entry, EK_VALUE, &encoded);
		add_next_index_zval(&preview, &entry);
		taken++;
		iterator->index++;
		iterator->funcs->move_forward(iterator);
	}
	zend_iterator_dtor(iterator);
	put_zval(out, EK_PREVIEW, &preview);
	put_bool(out, EK_EXHAUSTED, exhausted);
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
		encode_identity(out, ET_REFERENCE, object);
		return;
	}
	encode_identity(out, iterable ? ET_ITERABLE : ET_OBJECT, object);
	if (depth >= ALTAIR_EVAL_MAX_DEPTH) {
		put_bool(out, EK_TRUNCATED, true);
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
	node_init(out);
again:
	switch (Z_TYPE_P(value)) {
		case IS_UNDEF:
		case IS_NULL:
			put_type(out, ET_NULL);
			put_null(out, EK_VALUE);
			return;
		case IS_FALSE:
		case IS_TRUE:
			put_type(out, ET_BOOL);
			put_bool(out, EK_VALUE, Z_TYPE_P(value) == IS_TRUE);
			return;
		case IS_LONG:
			put_type(out, ET_INT);
			put_long(out, EK_VALUE, Z_LVAL_P(value));
			return;
		case IS_DOUBLE:
			put_type(out, ET_FLOAT);
			if (zend_isnan(Z_DVAL_P(value))) {
				put_string(out, EK_VALUE, "NaN");
			} else if (zend_isinf(Z_DVAL_P(value))) {
				put_string(out, EK_VALUE, Z_DVAL_P(value) > 0 ? "Infinity" : "-Infinity");
			} else {
				put_double(out, EK_VALUE, Z_DVAL_P(value));
			}
			return;
		case IS_STRING:
			encode_string(out, Z_STR_P(value));
			return;
		case IS_ARRAY:
			encode_array(out, Z_ARRVAL_P(value), depth);
			return;
		case IS_OBJECT:
			encode_object(out, value, depth);
			return;
		case IS_RESOURCE: {
			const char *type = zend_rsrc_list_get_rsrc_type(Z_RES_P(value));
			put_type(out, ET_RESOURCE);
			put_string(out, EK_VALUE, type ? type : "Unknown");
			put_long(out, EK_ID, Z_RES_HANDLE_P(value));
			return;
		}
		case IS_REFERENCE:
			value = Z_REFVAL_P(value);
			goto again;
		case IS_INDIRECT:
			value = Z_INDIRECT_P(value);
			goto again;
		default:
			put_type(out, ET_UNKNOWN);
			put_null(out, EK_VALUE);
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
