/*
 * ValueEncoder: any PHP value → the typed arrays of the result contract (shared/DESIGN.md,
 * "Encoded values"), or the same structure written straight as JSON (the guest's wire form). One switch over the type with an `again:` for references, as php-src's
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
#include "encoder_arginfo.h"

zend_class_entry *altair_eval_value_encoder_ce;

/* UTF-8 sequences are at most this long: a cut backs up at most this far minus one. */
#define ALTAIR_EVAL_UTF8_MAX_SEQUENCE 4
#define ALTAIR_EVAL_REPLACEMENT_CHARACTER "\xEF\xBF\xBD"



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
/* The same, as JSON: "type": and "int", rendered once. */
static zend_string *json_keys[EK__COUNT];
static zend_string *json_types[ET__COUNT];

/* The encoders' classes (encoder/encoder.stub.php) and the interned keys and type names. */
void altair_eval_encoder_minit(void)
{
	altair_eval_value_encoder_ce = register_class_Altair_Eval_Encoder_ValueEncoder();
	altair_eval_exception_encoder_ce = register_class_Altair_Eval_Encoder_ExceptionEncoder();
#define ALTAIR_EVAL_INTERN_KEY(name, text) keys[EK_##name] = zend_string_init_interned(text, strlen(text), 1);
#define ALTAIR_EVAL_INTERN_TYPE(name, text) types[ET_##name] = zend_string_init_interned(text, strlen(text), 1);
	ALTAIR_EVAL_ENCODER_KEYS(ALTAIR_EVAL_INTERN_KEY)
	ALTAIR_EVAL_ENCODER_TYPES(ALTAIR_EVAL_INTERN_TYPE)
#define ALTAIR_EVAL_JSON_KEY(name, text) json_keys[EK_##name] = zend_string_init_interned("\"" text "\":", strlen(text) + 3, 1);
#define ALTAIR_EVAL_JSON_TYPE(name, text) json_types[ET_##name] = zend_string_init_interned("\"" text "\"", strlen(text) + 2, 1);
	ALTAIR_EVAL_ENCODER_KEYS(ALTAIR_EVAL_JSON_KEY)
	ALTAIR_EVAL_ENCODER_TYPES(ALTAIR_EVAL_JSON_TYPE)
}

/* Nodes are built key by key and no key is written twice except where noted (put_replace):
 * appending skips the lookup. */
/* ---- the sink: one traversal, two outputs ----------------------------------------------------
 *
 * The encoder walks a value once and says what it finds to a sink: "a node begins", "key type:
 * int", "a list begins", ... The sink either builds the PHP arrays (ValueEncoder::encode()) or
 * writes the same structure as JSON text (ValueEncoder::encodeJson(), and the guest's result
 * frame), so the wire form never goes through intermediate arrays.
 */

/* Containers open at once: a node per level, its value list or map, an iterable's entry node. */
#define ALTAIR_EVAL_SINK_DEPTH 64

enum { SINK_NODE, SINK_LIST, SINK_MAP };

typedef struct {
	smart_str *json;                      /* JSON mode when set */
	zval root;                            /* array mode: the result */
	HashTable *open[ALTAIR_EVAL_SINK_DEPTH]; /* array mode: the open containers */
	uint8_t kind[ALTAIR_EVAL_SINK_DEPTH];
	bool empty[ALTAIR_EVAL_SINK_DEPTH];   /* JSON mode: nothing written in it yet */
	int level;                            /* index of the innermost open container, -1: none */
	int key;                              /* SINK_NODE: the key of the next value */
	zend_string *map_key;                 /* SINK_MAP: the key of the next value (borrowed) */
	zend_ulong map_index;
} sink;

static void sink_init(sink *s, smart_str *json)
{
	s->json = json;
	s->level = -1;
	s->key = -1;
	s->map_key = NULL;
	s->map_index = 0;
	ZVAL_UNDEF(&s->root);
}

/* Whether any of 8 bytes is below 0x20, a quote or a backslash (SWAR, no branches per byte). */
static zend_always_inline bool needs_escape_word(const char *bytes)
{
	uint64_t word, quote, backslash;
	const uint64_t ones = UINT64_C(0x0101010101010101), highs = UINT64_C(0x8080808080808080);

	memcpy(&word, bytes, sizeof(word));
	quote = word ^ (ones * '"');
	backslash = word ^ (ones * '\\');
	return (((word - ones * 0x20) & ~word) | ((quote - ones) & ~quote) | ((backslash - ones) & ~backslash)) & highs;
}

static void json_escaped(smart_str *json, const char *text, size_t length)
{
	static const char hex[] = "0123456789abcdef";
	size_t run = 0;

	smart_str_appendc(json, '"');
	for (size_t i = 0; i < length; i++) {
		unsigned char c = (unsigned char) text[i];
		if (c >= 0x20 && c != '"' && c != '\\') {
			/* Skip ahead over eight plain bytes at a time (no control byte, quote or backslash). */
			while (i + 9 <= length && !needs_escape_word(text + i + 1)) {
				i += 8;
			}
			continue;
		}
		smart_str_appendl(json, text + run, i - run);
		run = i + 1;
		switch (c) {
			case '"': smart_str_appendl(json, "\\\"", 2); break;
			case '\\': smart_str_appendl(json, "\\\\", 2); break;
			case '\n': smart_str_appendl(json, "\\n", 2); break;
			case '\r': smart_str_appendl(json, "\\r", 2); break;
			case '\t': smart_str_appendl(json, "\\t", 2); break;
			default: {
				char escaped[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 0xf] };
				smart_str_appendl(json, escaped, sizeof(escaped));
			}
		}
	}
	smart_str_appendl(json, text + run, length - run);
	smart_str_appendc(json, '"');
}

/* JSON: the comma and the member name before the next value. */
static void json_before_value(sink *s)
{
	if (s->level < 0) {
		return;
	}
	if (!s->empty[s->level]) {
		smart_str_appendc(s->json, ',');
	}
	s->empty[s->level] = false;
	if (s->kind[s->level] == SINK_NODE) {
		smart_str_append(s->json, json_keys[s->key]);
	} else if (s->kind[s->level] == SINK_MAP) {
		if (s->map_key) {
			json_escaped(s->json, ZSTR_VAL(s->map_key), ZSTR_LEN(s->map_key));
		} else {
			smart_str_appendc(s->json, '"');
			smart_str_append_long(s->json, (zend_long) s->map_index);
			smart_str_appendc(s->json, '"');
		}
		smart_str_appendc(s->json, ':');
	}
}

/* Arrays: puts value where the innermost container expects it; returns where it landed. */
static zval *array_place(sink *s, zval *value)
{
	HashTable *into;

	if (s->level < 0) {
		ZVAL_COPY_VALUE(&s->root, value);
		return &s->root;
	}
	into = s->open[s->level];
	switch (s->kind[s->level]) {
		case SINK_NODE:
			/* Each key is written once per node: appending skips the lookup. */
			return _zend_hash_append(into, keys[s->key], value);
		case SINK_LIST:
			return zend_hash_next_index_insert_new(into, value);
		default:
			return s->map_key ? zend_symtable_update(into, s->map_key, value) : zend_hash_index_update(into, s->map_index, value);
	}
}

static zend_always_inline void sink_key(sink *s, int key)
{
	s->key = key;
}

static zend_always_inline void sink_map_key(sink *s, zend_string *key, zend_ulong index)
{
	s->map_key = key;
	s->map_index = index;
}

static void sink_open(sink *s, uint8_t kind, uint32_t size_hint)
{
	if (s->json) {
		json_before_value(s);
		smart_str_appendc(s->json, kind == SINK_LIST ? '[' : '{');
	} else {
		zval container;
		array_init_size(&container, size_hint);
		if (kind != SINK_LIST) {
			zend_hash_real_init_mixed(Z_ARRVAL(container));
		}
		array_place(s, &container);
		s->open[s->level + 1] = Z_ARRVAL(container);
	}
	s->level++;
	s->kind[s->level] = kind;
	s->empty[s->level] = true;
}

static zend_always_inline void sink_node(sink *s)
{
	sink_open(s, SINK_NODE, 8);
}

static void sink_close(sink *s)
{
	if (s->json) {
		smart_str_appendc(s->json, s->kind[s->level] == SINK_LIST ? ']' : '}');
	}
	s->level--;
}

static void sink_long(sink *s, zend_long number)
{
	if (s->json) {
		json_before_value(s);
		smart_str_append_long(s->json, number);
	} else {
		zval value;
		ZVAL_LONG(&value, number);
		array_place(s, &value);
	}
}

static void sink_double(sink *s, double number)
{
	if (s->json) {
		json_before_value(s);
		smart_str_append_double(s->json, number, (int) PG(serialize_precision), true);
	} else {
		zval value;
		ZVAL_DOUBLE(&value, number);
		array_place(s, &value);
	}
}

static void sink_bool(sink *s, bool flag)
{
	if (s->json) {
		json_before_value(s);
		smart_str_appends(s->json, flag ? "true" : "false");
	} else {
		zval value;
		ZVAL_BOOL(&value, flag);
		array_place(s, &value);
	}
}

static void sink_null(sink *s)
{
	if (s->json) {
		json_before_value(s);
		smart_str_appendl(s->json, "null", 4);
	} else {
		zval value;
		ZVAL_NULL(&value);
		array_place(s, &value);
	}
}

/* A valid UTF-8 string; the sink takes the reference. */
static void sink_str(sink *s, zend_string *text)
{
	if (s->json) {
		json_before_value(s);
		json_escaped(s->json, ZSTR_VAL(text), ZSTR_LEN(text));
		zend_string_release(text);
	} else {
		zval value;
		ZVAL_STR(&value, text);
		array_place(s, &value);
	}
}

static void sink_cstr(sink *s, const char *text)
{
	sink_str(s, zend_string_init(text, strlen(text), 0));
}

static void sink_type(sink *s, int type)
{
	if (s->json) {
		json_before_value(s);
		smart_str_append(s->json, json_types[type]);
	} else {
		zval value;
		ZVAL_INTERNED_STR(&value, types[type]);
		array_place(s, &value);
	}
}

/* Node members, in one call each. Building arrays, a member goes straight into the open node (no
 * dispatch on the container: put_* is only ever called inside a node). */
static zend_always_inline void node_append(sink *s, int key, zval *value)
{
	_zend_hash_append(s->open[s->level], keys[key], value);
}

static zend_always_inline void put_type(sink *s, int type)
{
	if (s->json) {
		sink_key(s, EK_TYPE);
		sink_type(s, type);
	} else {
		zval value = {{0}}; /* whole: the append copies all of it */
		ZVAL_INTERNED_STR(&value, types[type]);
		node_append(s, EK_TYPE, &value);
	}
}

static zend_always_inline void put_long(sink *s, int key, zend_long number)
{
	if (s->json) {
		sink_key(s, key);
		sink_long(s, number);
	} else {
		zval value = {{0}}; /* whole: the append copies all of it */
		ZVAL_LONG(&value, number);
		node_append(s, key, &value);
	}
}

static zend_always_inline void put_double(sink *s, int key, double number)
{
	sink_key(s, key);
	sink_double(s, number);
}

static zend_always_inline void put_bool(sink *s, int key, bool flag)
{
	if (s->json) {
		sink_key(s, key);
		sink_bool(s, flag);
	} else {
		zval value = {{0}}; /* whole: the append copies all of it */
		ZVAL_BOOL(&value, flag);
		node_append(s, key, &value);
	}
}

static zend_always_inline void put_null(sink *s, int key)
{
	sink_key(s, key);
	sink_null(s);
}

/* Takes the reference. */
static zend_always_inline void put_str(sink *s, int key, zend_string *text)
{
	if (s->json) {
		sink_key(s, key);
		sink_str(s, text);
	} else {
		zval value = {{0}}; /* whole: the append copies all of it */
		ZVAL_STR(&value, text);
		node_append(s, key, &value);
	}
}

static zend_always_inline void put_string(sink *s, int key, const char *text)
{
	put_str(s, key, zend_string_init(text, strlen(text), 0));
}


static void encode(sink *s, zval *value, int depth);

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

static void encode_string(sink *out, zend_string *string)
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

/* An exception thrown by a hook, taken off the engine: {class, message} for the node. */
typedef struct {
	zend_string *class_name;
	zend_string *message;
} hook_error;

/* After a call into userland: a thrown exception is cleared and kept in error (when it has no
 * error yet). exit() is not an error to swallow: it stays set and ends the encoding. Returns
 * whether anything was thrown. */
static bool caught(hook_error *error)
{
	zend_object *thrown = EG(exception);
	zval rv, *message;

	if (!thrown) {
		return false;
	}
	if (zend_is_unwind_exit(thrown) || zend_is_graceful_exit(thrown)) {
		return true;
	}
	GC_ADDREF(thrown);
	zend_clear_exception();
	if (!error->class_name) {
		error->class_name = zend_string_copy(thrown->ce->name);
		message = zend_read_property_ex(zend_get_exception_base(thrown), thrown, ZSTR_KNOWN(ZEND_STR_MESSAGE), true, &rv);
		error->message = Z_TYPE_P(message) == IS_STRING ? clean_key(Z_STR_P(message)) : ZSTR_EMPTY_ALLOC();
	}
	/* Anything the handler threw on the way is gone with it. */
	if (EG(exception)) {
		zend_clear_exception();
	}
	OBJ_RELEASE(thrown);
	return true;
}

/* Writes error: {class, message} on the open node, if there is one; releases it either way. */
static void put_error(sink *s, hook_error *error)
{
	if (!error->class_name) {
		return;
	}
	sink_key(s, EK_ERROR);
	sink_node(s);
	put_str(s, EK_CLASS, error->class_name);
	put_str(s, EK_MESSAGE, error->message);
	sink_close(s);
	error->class_name = NULL;
	error->message = NULL;
}

/* exit() during a userland hook: stop calling userland. */
static bool exiting(void)
{
	return EG(exception) != NULL;
}

/* ---- arrays --------------------------------------------------------------------------------- */

/* A map entry under the key it had (a string key made valid UTF-8). */
static void encode_entry(sink *s, zend_string *key, zend_ulong index, zval *item, int depth)
{
	zend_string *clean = key ? clean_key(key) : NULL;

	sink_map_key(s, clean, index);
	encode(s, item, depth);
	if (clean) {
		zend_string_release(clean);
	}
}

static void encode_array(sink *s, HashTable *table, int depth)
{
	zend_ulong index;
	zend_string *key;
	zval *item;
	uint32_t count = zend_hash_num_elements(table);
	uint32_t seen = 0;
	bool list = zend_array_is_list(table);
	bool protect = !(GC_FLAGS(table) & GC_IMMUTABLE);

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
	sink_key(s, EK_VALUE);
	sink_open(s, list ? SINK_LIST : SINK_MAP, MIN(count, ALTAIR_EVAL_MAX_WIDTH));
	ZEND_HASH_FOREACH_KEY_VAL_IND(table, index, key, item) {
		if (seen == ALTAIR_EVAL_MAX_WIDTH || exiting()) {
			break;
		}
		if (list) {
			encode(s, item, depth + 1);
		} else {
			encode_entry(s, key, index, item, depth + 1);
		}
		seen++;
	} ZEND_HASH_FOREACH_END();
	sink_close(s);
	if (protect) {
		GC_UNPROTECT_RECURSION(table);
		GC_DELREF(table);
	}
	if (seen < count) {
		put_bool(s, EK_TRUNCATED, true);
	}
}

/* ---- objects -------------------------------------------------------------------------------- */

static void encode_identity(sink *s, int type, zend_object *object)
{
	put_type(s, type);
	put_str(s, EK_CLASS, zend_string_copy(object->ce->name));
	put_long(s, EK_ID, object->handle);
}

static bool is_mangled(zend_string *key)
{
	return key && ZSTR_LEN(key) > 0 && ZSTR_VAL(key)[0] == '\0';
}

/* properties[, count, truncated] from a table of name → value. */
static void encode_properties(sink *s, HashTable *table, bool public_only, int depth)
{
	zend_ulong index;
	zend_string *key;
	zval *item;
	uint32_t count = 0, seen = 0;

	sink_key(s, EK_PROPERTIES);
	sink_open(s, SINK_MAP, 8);
	ZEND_HASH_FOREACH_KEY_VAL_IND(table, index, key, item) {
		if (public_only && is_mangled(key)) {
			continue;
		}
		count++;
		if (seen == ALTAIR_EVAL_MAX_WIDTH || exiting()) {
			continue;
		}
		encode_entry(s, key, index, item, depth + 1);
		seen++;
	} ZEND_HASH_FOREACH_END();
	sink_close(s);
	if (seen < count) {
		put_long(s, EK_COUNT, count);
		put_bool(s, EK_TRUNCATED, true);
	}
}

static void put_no_properties(sink *s)
{
	sink_key(s, EK_PROPERTIES);
	sink_open(s, SINK_LIST, 0);
	sink_close(s);
}

static void encode_object_properties(sink *s, zval *value, zend_object *object, int depth)
{
	zend_function *debug_info = object->ce->__debugInfo;
	hook_error error = { NULL, NULL };

	if (debug_info && debug_info->type == ZEND_USER_FUNCTION) {
		/* Called here rather than through the handler: a __debugInfo that returns something else
		 * than an array is a fatal error in the engine, a marker here. */
		zval result;
		ZVAL_UNDEF(&result);
		zend_call_known_instance_method_with_0_params(debug_info, object, &result);
		if (caught(&error)) {
			put_error(s, &error);
		} else if (Z_TYPE(result) == IS_ARRAY) {
			encode_properties(s, Z_ARRVAL(result), false, depth);
		} else if (Z_TYPE(result) != IS_NULL) {
			error.class_name = zend_string_init("TypeError", strlen("TypeError"), 0);
			error.message = zend_strpprintf(0, "__debugInfo() must return an array, %s returned", zend_zval_type_name(&result));
			put_error(s, &error);
		} else {
			put_no_properties(s);
		}
		zval_ptr_dtor(&result);
		return;
	}
	HashTable *properties = zend_get_properties_for(value, ZEND_PROP_PURPOSE_DEBUG);
	if (caught(&error)) {
		put_error(s, &error);
	} else if (properties) {
		encode_properties(s, properties, true, depth);
	} else {
		put_no_properties(s);
	}
	if (properties) {
		zend_release_properties(properties);
	}
}

static void encode_closure(sink *s, zval *value)
{
	zend_object *object = Z_OBJ_P(value);
	const zend_function *function = zend_get_closure_method_def(object);
	zval *bound = zend_get_closure_this_ptr(value);

	encode_identity(s, ET_CLOSURE, object);
	sink_key(s, EK_FUNCTION);
	if (function->common.fn_flags & ZEND_ACC_CLOSURE && zend_string_equals_literal(function->common.function_name, "{closure}")) {
		sink_cstr(s, "{closure}");
	} else if (function->common.scope) {
		sink_str(s, zend_strpprintf(0, "%s::%s", ZSTR_VAL(function->common.scope->name),
			ZSTR_VAL(function->common.function_name)));
	} else {
		sink_str(s, zend_string_copy(function->common.function_name));
	}
	if (function->type == ZEND_USER_FUNCTION && function->op_array.filename) {
		put_str(s, EK_FILE, clean_key(function->op_array.filename));
		put_long(s, EK_LINE, function->op_array.line_start);
	}
	if (bound && Z_TYPE_P(bound) == IS_OBJECT) {
		put_str(s, EK_THIS, zend_string_copy(Z_OBJCE_P(bound)->name));
	}
	if (function->common.scope) {
		put_str(s, EK_SCOPE, zend_string_copy(function->common.scope->name));
	}
}

static void encode_enum(sink *s, zend_object *object)
{
	zval *name = zend_enum_fetch_case_name(object);

	put_type(s, ET_ENUM);
	put_str(s, EK_CLASS, zend_string_copy(object->ce->name));
	put_str(s, EK_CASE, zend_string_copy(Z_STR_P(name)));
	if (object->ce->enum_backing_type != IS_UNDEF) {
		zval *backing = zend_enum_fetch_case_value(object);
		sink_key(s, EK_VALUE);
		if (Z_TYPE_P(backing) == IS_LONG) {
			sink_long(s, Z_LVAL_P(backing));
		} else {
			sink_str(s, clean_key(Z_STR_P(backing)));
		}
	}
}

static void encode_size_hint(sink *s, zend_object *object, hook_error *error)
{
	zval count;

	ZVAL_UNDEF(&count);
	zend_call_method_with_0_params(object, object->ce, NULL, "count", &count);
	if (!caught(error) && Z_TYPE(count) == IS_LONG) {
		put_long(s, EK_SIZE_HINT, Z_LVAL(count));
	}
	zval_ptr_dtor(&count);
}

/* At most ITERABLE_PREVIEW {key, value} entries; exhausted tells whether the iteration ended. A
 * hook that throws (count, getIterator, the iterator's methods) ends the preview with an error. */
static void encode_iterable(sink *s, zval *value, zend_object *object, int depth)
{
	zend_class_entry *ce = object->ce;
	zend_object_iterator *iterator = NULL;
	hook_error error = { NULL, NULL };
	zval key, *current;
	bool exhausted = false;
	int taken = 0;

	if (instanceof_function(ce, zend_ce_countable)) {
		encode_size_hint(s, object, &error);
	}
	sink_key(s, EK_PREVIEW);
	sink_open(s, SINK_LIST, 0);
	if (instanceof_function(ce, zend_ce_generator) && !((zend_generator *) object)->execute_data) {
		/* A finished generator: nothing left to show (asking it for an iterator would throw). */
		exhausted = true;
	} else if (!exiting()) {
		iterator = ce->get_iterator(ce, value, 0);
		if (caught(&error) && iterator) {
			zend_iterator_dtor(iterator);
			iterator = NULL;
		}
	}
	if (iterator) {
		iterator->index = 0;
		/* A generator is shown from where it stands: rewinding one that has run throws. */
		if (iterator->funcs->rewind && !instanceof_function(ce, zend_ce_generator)) {
			iterator->funcs->rewind(iterator);
		}
		while (!caught(&error)) {
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
			if (iterator->funcs->get_current_key) {
				iterator->funcs->get_current_key(iterator, &key);
				if (EG(exception)) {
					continue;
				}
			} else {
				ZVAL_LONG(&key, taken);
			}
			sink_node(s);
			sink_key(s, EK_KEY);
			encode(s, &key, depth + 1);
			zval_ptr_dtor(&key);
			sink_key(s, EK_VALUE);
			encode(s, current, depth + 1);
			sink_close(s);
			taken++;
			iterator->index++;
			iterator->funcs->move_forward(iterator);
		}
		zend_iterator_dtor(iterator);
	}
	sink_close(s);
	put_bool(s, EK_EXHAUSTED, exhausted);
	put_error(s, &error);
}

static void encode_object(sink *s, zval *value, int depth)
{
	zend_object *object = Z_OBJ_P(value);
	bool iterable = instanceof_function(object->ce, zend_ce_traversable);

	if (object->ce == zend_ce_closure) {
		encode_closure(s, value);
		return;
	}
	if (object->ce->ce_flags & ZEND_ACC_ENUM) {
		encode_enum(s, object);
		return;
	}
	if (Z_IS_RECURSIVE_P(value)) {
		encode_identity(s, ET_REFERENCE, object);
		return;
	}
	encode_identity(s, iterable ? ET_ITERABLE : ET_OBJECT, object);
	if (depth >= ALTAIR_EVAL_MAX_DEPTH) {
		put_bool(s, EK_TRUNCATED, true);
		return;
	}
	/* Ours while we look at it: a hook cannot free it, and it is marked as on the path. */
	GC_ADDREF(object);
	Z_PROTECT_RECURSION_P(value);
	if (iterable) {
		encode_iterable(s, value, object, depth);
	} else {
		encode_object_properties(s, value, object, depth);
	}
	Z_UNPROTECT_RECURSION_P(value);
	OBJ_RELEASE(object);
}

/* ---- the switch ----------------------------------------------------------------------------- */

/* One node, written where the sink stands (a node member, a list item or a map entry). */
static void encode(sink *s, zval *value, int depth)
{
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
			encode_object(s, value, depth);
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
	sink_close(s);
}

void altair_eval_encoder_value(zval *out, zval *value)
{
	altair_eval_encoder_value_at(out, value, 0);
}

void altair_eval_encoder_value_at(zval *out, zval *value, int depth)
{
	sink s;

	sink_init(&s, NULL);
	encode(&s, value, depth);
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

void altair_eval_encoder_value_json(smart_str *json, zval *value)
{
	sink s;

	sink_init(&s, json);
	encode(&s, value, 0);
}

ZEND_METHOD(Altair_Eval_Encoder_ValueEncoder, __construct)
{
	ZEND_PARSE_PARAMETERS_NONE();
}

/* encode($value, $seen = [], $depth = 0): univeros/framework's signature (see the stub). */
ZEND_METHOD(Altair_Eval_Encoder_ValueEncoder, encode)
{
	zval *value;
	HashTable *seen = NULL, marked;
	zend_long depth = 0;

	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_ZVAL(value)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT(seen)
		Z_PARAM_LONG(depth)
	ZEND_PARSE_PARAMETERS_END();

	depth = depth < 0 ? 0 : (depth > ALTAIR_EVAL_MAX_DEPTH ? ALTAIR_EVAL_MAX_DEPTH : depth);
	if (!seen || zend_hash_num_elements(seen) == 0) {
		altair_eval_encoder_value_at(return_value, value, (int) depth);
		return;
	}
	zend_hash_init(&marked, zend_hash_num_elements(seen), NULL, NULL, 0);
	seen_protect(seen, &marked);
	altair_eval_encoder_value_at(return_value, value, (int) depth);
	seen_release(&marked);
	zend_hash_destroy(&marked);
}

ZEND_METHOD(Altair_Eval_Encoder_ValueEncoder, encodeJson)
{
	zval *value;
	smart_str json = {0};

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ZVAL(value)
	ZEND_PARSE_PARAMETERS_END();

	altair_eval_encoder_value_json(&json, value);
	RETURN_STR(smart_str_extract(&json));
}
