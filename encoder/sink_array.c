/*
 * The value encoder's array output (ValueEncoder::encode()): each value the walk finds goes into the
 * innermost open PHP array, under the sink's position. Keys and type names are interned once.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "../php_altair_eval.h"
#include "sink.h"

static zend_string *keys[EK__COUNT];
static zend_string *types[ET__COUNT];
/* What a member costs in JSON before its value: the comma and "key": (a node is never empty: it
 * opens with its type, so its opening brace is counted one short and every member pays a comma). */
static size_t member_bytes[EK__COUNT];

void altair_eval_encoder_sink_array_minit(void)
{
#define ALTAIR_EVAL_INTERN_KEY(name, text) keys[EK_##name] = zend_string_init_interned(text, strlen(text), 1);
#define ALTAIR_EVAL_INTERN_TYPE(name, text) types[ET_##name] = zend_string_init_interned(text, strlen(text), 1);
	ALTAIR_EVAL_ENCODER_KEYS(ALTAIR_EVAL_INTERN_KEY)
	ALTAIR_EVAL_ENCODER_TYPES(ALTAIR_EVAL_INTERN_TYPE)
	for (int key = 0; key < EK__COUNT; key++) {
		member_bytes[key] = 1 + ZSTR_LEN(keys[key]) + 3;
	}
}

/* The bytes of an integer in JSON: comparisons only, no division (every node has a few). */
static zend_always_inline size_t digits(zend_long number)
{
	zend_ulong magnitude = number < 0 ? (zend_ulong) 0 - (zend_ulong) number : (zend_ulong) number;
	zend_ulong power = 10;
	size_t count = number < 0 ? 2 : 1;

	while (magnitude >= power && count < 20) {
		count++;
		if (power > ZEND_ULONG_MAX / 10) {
			break;
		}
		power *= 10;
	}
	return count;
}

/* What the JSON output would write before a value here: the comma and the member name. */
static size_t before_value(sink *s)
{
	size_t bytes;

	if (s->level < 0) {
		return 0;
	}
	bytes = s->empty[s->level] ? 0 : 1;
	s->empty[s->level] = false;
	if (s->kind[s->level] == SINK_NODE) {
		return bytes + ZSTR_LEN(keys[s->key]) + 3;
	}
	if (s->kind[s->level] == SINK_MAP) {
		return bytes + (s->map_key ? ZSTR_LEN(s->map_key) : digits((zend_long) s->map_index)) + 3;
	}
	return bytes;
}

/* Puts value where the innermost container expects it, counting bytes as the JSON output would.
 * value is copied whole (the append copies all of it): callers initialise it completely. */
static zend_always_inline void place(sink *s, zval *value, size_t bytes)
{
	HashTable *into;

	if (EXPECTED(s->level >= 0 && s->kind[s->level] == SINK_NODE)) {
		/* The common case first: a member of a node (type, value, count, ...). */
		s->written += member_bytes[s->key] + bytes;
		_zend_hash_append(s->open[s->level], keys[s->key], value);
		return;
	}
	s->written += before_value(s) + bytes;
	if (s->level < 0) {
		ZVAL_COPY_VALUE(&s->root, value);
		return;
	}
	into = s->open[s->level];
	switch (s->kind[s->level]) {
		case SINK_NODE:
			/* Each key is written once per node: appending skips the lookup. */
			_zend_hash_append(into, keys[s->key], value);
			return;
		case SINK_LIST:
			zend_hash_next_index_insert_new(into, value);
			return;
		default:
			if (s->map_key) {
				zend_symtable_update(into, s->map_key, value);
			} else {
				zend_hash_index_update(into, s->map_index, value);
			}
	}
}

static void array_open(sink *s, uint8_t kind, uint32_t size_hint)
{
	zval container;

	array_init_size(&container, size_hint);
	if (kind != SINK_LIST) {
		zend_hash_real_init_mixed(Z_ARRVAL(container));
	}
	place(s, &container, kind == SINK_NODE ? 1 : 2);
	s->level++;
	s->open[s->level] = Z_ARRVAL(container);
	s->kind[s->level] = kind;
	s->empty[s->level] = true;
}

static void array_close(sink *s)
{
	s->level--;
}

static void array_null(sink *s)
{
	zval value = {{0}};
	ZVAL_NULL(&value);
	place(s, &value, 4);
}

static void array_boolean(sink *s, bool flag)
{
	zval value = {{0}};
	ZVAL_BOOL(&value, flag);
	place(s, &value, flag ? 4 : 5);
}

static void array_integer(sink *s, zend_long number)
{
	zval value = {{0}};
	ZVAL_LONG(&value, number);
	place(s, &value, digits(number));
}

/* A float's JSON is not measured: the shortest round-trip form is at most this long. */
#define ALTAIR_EVAL_FLOAT_JSON_ESTIMATE 24

static void array_number(sink *s, double number)
{
	zval value = {{0}};
	ZVAL_DOUBLE(&value, number);
	place(s, &value, ALTAIR_EVAL_FLOAT_JSON_ESTIMATE);
}

static void array_string(sink *s, zend_string *text)
{
	zval value = {{0}};
	ZVAL_STR(&value, text);
	place(s, &value, ZSTR_LEN(text) + 2);
}

static void array_type(sink *s, int type)
{
	zval value = {{0}};
	ZVAL_INTERNED_STR(&value, types[type]);
	place(s, &value, ZSTR_LEN(types[type]) + 2);
}

static void array_take_back(sink *s, const sink_mark *mark)
{
	HashTable *into = s->open[s->level];
	zend_ulong index;
	zend_string *key;
	zval *last;

	ZEND_HASH_REVERSE_FOREACH_KEY_VAL(into, index, key, last) {
		(void) last;
		if (key) {
			zend_hash_del(into, key);
		} else {
			zend_hash_index_del(into, index);
		}
		break;
	} ZEND_HASH_FOREACH_END();
	s->written = mark->written;
	s->empty[s->level] = mark->empty;
}

static void array_scalar(sink *s, const zval *value)
{
	zval node, type = {{0}}, copy = {{0}};
	size_t bytes;
	int name;

	switch (Z_TYPE_P(value)) {
		case IS_NULL: name = ET_NULL; ZVAL_NULL(&copy); bytes = 4; break;
		case IS_FALSE: name = ET_BOOL; ZVAL_FALSE(&copy); bytes = 5; break;
		case IS_TRUE: name = ET_BOOL; ZVAL_TRUE(&copy); bytes = 4; break;
		case IS_LONG: name = ET_INT; ZVAL_LONG(&copy, Z_LVAL_P(value)); bytes = digits(Z_LVAL_P(value)); break;
		case IS_DOUBLE: name = ET_FLOAT; ZVAL_DOUBLE(&copy, Z_DVAL_P(value)); bytes = ALTAIR_EVAL_FLOAT_JSON_ESTIMATE; break;
		default: name = ET_STRING; ZVAL_STR_COPY(&copy, Z_STR_P(value)); bytes = Z_STRLEN_P(value) + 2; break;
	}
	ZVAL_INTERNED_STR(&type, types[name]);
	array_init_size(&node, 2);
	zend_hash_real_init_mixed(Z_ARRVAL(node));
	_zend_hash_append(Z_ARRVAL(node), keys[EK_TYPE], &type);
	_zend_hash_append(Z_ARRVAL(node), keys[EK_VALUE], &copy);
	/* As a node opened and closed around two members would count. */
	place(s, &node, 1 + member_bytes[EK_TYPE] + ZSTR_LEN(types[name]) + 2 + member_bytes[EK_VALUE] + bytes);
}

static const sink_ops array_ops = {
	array_open, array_close, array_null, array_boolean, array_integer, array_number, array_string, array_type,
	array_scalar, array_take_back,
};

void altair_eval_encoder_sink_array_init(sink *s, const altair_eval_encoder_context *ctx)
{
	sink_init(s, &array_ops, ctx);
	s->json = NULL;
}
