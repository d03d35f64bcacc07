/*
 * The value encoder's array output (ValueEncoder::encode()): each value the walk finds goes into the
 * innermost open PHP array, under the sink's position. Keys and type names are interned once.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "sink.h"

static zend_string *keys[EK__COUNT];
static zend_string *types[ET__COUNT];

void altair_eval_encoder_sink_array_minit(void)
{
#define ALTAIR_EVAL_INTERN_KEY(name, text) keys[EK_##name] = zend_string_init_interned(text, strlen(text), 1);
#define ALTAIR_EVAL_INTERN_TYPE(name, text) types[ET_##name] = zend_string_init_interned(text, strlen(text), 1);
	ALTAIR_EVAL_ENCODER_KEYS(ALTAIR_EVAL_INTERN_KEY)
	ALTAIR_EVAL_ENCODER_TYPES(ALTAIR_EVAL_INTERN_TYPE)
}

/* Puts value where the innermost container expects it. value is copied whole (the append copies
 * all of it): callers initialise it completely. */
static void place(sink *s, zval *value)
{
	HashTable *into;

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
	place(s, &container);
	s->level++;
	s->open[s->level] = Z_ARRVAL(container);
	s->kind[s->level] = kind;
}

static void array_close(sink *s)
{
	s->level--;
}

static void array_null(sink *s)
{
	zval value = {{0}};
	ZVAL_NULL(&value);
	place(s, &value);
}

static void array_boolean(sink *s, bool flag)
{
	zval value = {{0}};
	ZVAL_BOOL(&value, flag);
	place(s, &value);
}

static void array_integer(sink *s, zend_long number)
{
	zval value = {{0}};
	ZVAL_LONG(&value, number);
	place(s, &value);
}

static void array_number(sink *s, double number)
{
	zval value = {{0}};
	ZVAL_DOUBLE(&value, number);
	place(s, &value);
}

static void array_string(sink *s, zend_string *text)
{
	zval value = {{0}};
	ZVAL_STR(&value, text);
	place(s, &value);
}

static void array_type(sink *s, int type)
{
	zval value = {{0}};
	ZVAL_INTERNED_STR(&value, types[type]);
	place(s, &value);
}

static const sink_ops array_ops = {
	array_open, array_close, array_null, array_boolean, array_integer, array_number, array_string, array_type,
};

void altair_eval_encoder_sink_array_init(sink *s, const altair_eval_encoder_context *ctx)
{
	memset(s, 0, offsetof(sink, open));
	s->ops = &array_ops;
	s->ctx = ctx;
	s->level = -1;
	s->key = -1;
	ZVAL_UNDEF(&s->root);
}
