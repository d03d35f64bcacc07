/*
 * The value encoder's output: one walk (value_encoder.c, value_object.c) tells a sink what it finds
 * ("a node begins", "key type: int", "a list begins", ...); the sink either builds the PHP arrays of
 * ValueEncoder::encode() (sink_array.c) or writes the same structure as JSON text (sink_json.c: the
 * guest's result frame, ValueEncoder::encodeJson()). The output is chosen once, when the sink is
 * set up, through a table of functions, as php-src's var_export/var_dump pair shares one walk.
 *
 * Where a value lands is the sink's position: inside a node, the key set by sink_key(); inside a
 * map, the key set by sink_map_key(); inside a list, the next slot; at the top, the root.
 */
#ifndef ALTAIR_EVAL_ENCODER_SINK_H
#define ALTAIR_EVAL_ENCODER_SINK_H

#include "php.h"
#include "zend_smart_str.h"
#include "../php_altair_eval.h"
#include "encoder.h"

/* The keys and type names of encoded nodes. Each sink interns its own spelling of them once. */
#define ALTAIR_EVAL_ENCODER_KEYS(X) \
	X(BASE64, "base64") X(BUDGET_EXHAUSTED, "budget_exhausted") X(CASE, "case") X(CASTER, "caster") X(CLASS, "class") X(COUNT, "count") X(DECLARED, "declared") X(ERROR, "error") \
	X(EXHAUSTED, "exhausted") X(FILE, "file") X(FUNCTION, "function") X(ID, "id") X(INITIALIZED, "initialized") \
	X(INVALID_UTF8, "invalid_utf8") X(INVALID_UTF8_KEYS, "invalid_utf8_keys") X(IS_LIST, "is_list") \
	X(KEY, "key") X(LENGTH, "length") X(LINE, "line") X(MESSAGE, "message") X(OMITTED, "omitted") X(PREVIEW, "preview") \
	X(PROPERTIES, "properties") X(SCOPE, "scope") X(SIZE_HINT, "size_hint") X(THIS, "this") \
	X(TRUNCATED, "truncated") X(TYPE, "type") X(VALUE, "value")
#define ALTAIR_EVAL_ENCODER_TYPES(X) \
	X(NULL, "null") X(BOOL, "bool") X(INT, "int") X(FLOAT, "float") X(STRING, "string") X(ARRAY, "array") \
	X(OBJECT, "object") X(ENUM, "enum") X(CLOSURE, "closure") X(RESOURCE, "resource") X(ITERABLE, "iterable") \
	X(REFERENCE, "reference") X(UNINITIALIZED, "uninitialized") X(UNKNOWN, "unknown")

#define ALTAIR_EVAL_ENUM_KEY(name, text) EK_##name,
#define ALTAIR_EVAL_ENUM_TYPE(name, text) ET_##name,
enum { ALTAIR_EVAL_ENCODER_KEYS(ALTAIR_EVAL_ENUM_KEY) EK__COUNT };
enum { ALTAIR_EVAL_ENCODER_TYPES(ALTAIR_EVAL_ENUM_TYPE) ET__COUNT };

/* Containers open at once: a node per level, its value list or map, an iterable's entry node. */
#define ALTAIR_EVAL_SINK_DEPTH 64

enum { SINK_NODE, SINK_LIST, SINK_MAP };

/* Kept free for each open container, to close it past the budget with its markers (truncated,
 * omitted, count, exhausted, invalid_utf8_keys, budget_exhausted and the brackets: ~110 bytes). */
#define ALTAIR_EVAL_SINK_CLOSE_RESERVE 128

/* Room for the built-in casters' classes (caster.c). */
#define ALTAIR_EVAL_SINK_CASTERS 8

typedef struct sink sink;

/* Where the output stood before an element: what an element that does not fit is taken back to. */
typedef struct {
	size_t written;
	bool empty;
} sink_mark;

/* What an output does with each thing the walk finds, at the sink's position. */
typedef struct {
	void (*open)(sink *s, uint8_t kind, uint32_t size_hint);
	void (*close)(sink *s);
	void (*null)(sink *s);
	void (*boolean)(sink *s, bool flag);
	void (*integer)(sink *s, zend_long number);
	void (*number)(sink *s, double number);
	/* A valid UTF-8 string; the sink takes the reference. */
	void (*string)(sink *s, zend_string *text);
	void (*type)(sink *s, int type);
	/* A whole {type, value} node for a null, bool, int, finite float or valid short string (the
	 * most common nodes, in one call; the string is copied). */
	void (*scalar)(sink *s, const zval *value);
	/* Removes the last element of the innermost container, written since mark. */
	void (*take_back)(sink *s, const sink_mark *mark);
} sink_ops;

struct sink {
	const sink_ops *ops;
	const altair_eval_encoder_context *ctx; /* how paths are shown */
	int level;                              /* index of the innermost open container, -1: none */
	uint8_t kind[ALTAIR_EVAL_SINK_DEPTH];
	int key;                                /* SINK_NODE: the key of the next value */
	zend_string *map_key;                   /* SINK_MAP: the key of the next value (borrowed) */
	zend_ulong map_index;
	bool empty[ALTAIR_EVAL_SINK_DEPTH];     /* nothing written in it yet */
	/* the byte budget */
	size_t budget;
	size_t reserve;                         /* kept free to close what is open */
	bool spent;                             /* an element did not fit: the walk stops adding */
	/* Bytes of JSON so far, kept by each output as it writes: exact for JSON, the same count
	 * estimated for arrays (string escapes and floats are not measured). */
	size_t written;
	/* the casters' classes, looked up once per encoding (caster.c) */
	bool casters_resolved;
	bool any_caster;
	zend_class_entry *caster_classes[ALTAIR_EVAL_SINK_CASTERS];
	/* JSON output */
	smart_str *json;
	size_t start;                           /* what json held before */
	/* array output */
	zval root;
	HashTable *open[ALTAIR_EVAL_SINK_DEPTH];
};

/* Interns each output's spelling of the keys and type names; MINIT. */
void altair_eval_encoder_sink_array_minit(void);
void altair_eval_encoder_sink_json_minit(void);
/* A sink that builds arrays (the result is in s->root) or appends JSON text to json. The budget is
 * ctx->max_bytes (0: ALTAIR_EVAL_RESULT_MAX_BYTES). */
void altair_eval_encoder_sink_array_init(sink *s, const altair_eval_encoder_context *ctx);
void altair_eval_encoder_sink_json_init(sink *s, smart_str *json, const altair_eval_encoder_context *ctx);

/* What both outputs start with: nothing open, the budget from ctx, no caster looked up yet. */
static zend_always_inline void sink_init(sink *s, const sink_ops *ops, const altair_eval_encoder_context *ctx)
{
	s->ops = ops;
	s->ctx = ctx;
	s->level = -1;
	s->key = -1;
	s->map_key = NULL;
	s->map_index = 0;
	s->budget = ctx->max_bytes ? ctx->max_bytes : ALTAIR_EVAL_RESULT_MAX_BYTES;
	s->reserve = 0;
	s->spent = false;
	s->written = 0;
	s->casters_resolved = false;
	s->any_caster = false;
	ZVAL_UNDEF(&s->root);
}

/* ---- what the walk says, in one call each -------------------------------------------------- */

static zend_always_inline void sink_key(sink *s, int key)
{
	s->key = key;
}

static zend_always_inline void sink_map_key(sink *s, zend_string *key, zend_ulong index)
{
	s->map_key = key;
	s->map_index = index;
}

static zend_always_inline void sink_open(sink *s, uint8_t kind, uint32_t size_hint)
{
	s->ops->open(s, kind, size_hint);
	s->reserve += ALTAIR_EVAL_SINK_CLOSE_RESERVE;
}

static zend_always_inline void sink_node(sink *s)
{
	sink_open(s, SINK_NODE, 8);
}

static zend_always_inline void sink_close(sink *s)
{
	s->ops->close(s);
	s->reserve -= ALTAIR_EVAL_SINK_CLOSE_RESERVE;
}

/* Whether bytes more still leave room to close everything open. */
static zend_always_inline bool sink_fits(const sink *s, size_t bytes)
{
	return s->written + bytes + s->reserve <= s->budget;
}

/* Before an element of the innermost container: false once the budget is spent. */
static zend_always_inline bool sink_element_begin(sink *s, sink_mark *mark)
{
	if (s->spent) {
		return false;
	}
	mark->written = s->written;
	mark->empty = s->empty[s->level];
	return true;
}

/* After it: an element that does not fit is taken back and spends the budget; one that spent it
 * inside (a container it cut, which fits with its markers) stays. Returns whether it stays. */
static zend_always_inline bool sink_element_end(sink *s, const sink_mark *mark)
{
	if (s->spent || sink_fits(s, 0)) {
		return true;
	}
	s->ops->take_back(s, mark);
	s->spent = true;
	return false;
}

static zend_always_inline void put_type(sink *s, int type)
{
	s->key = EK_TYPE;
	s->ops->type(s, type);
}

static zend_always_inline void put_long(sink *s, int key, zend_long number)
{
	s->key = key;
	s->ops->integer(s, number);
}

static zend_always_inline void put_double(sink *s, int key, double number)
{
	s->key = key;
	s->ops->number(s, number);
}

static zend_always_inline void put_bool(sink *s, int key, bool flag)
{
	s->key = key;
	s->ops->boolean(s, flag);
}

static zend_always_inline void put_null(sink *s, int key)
{
	s->key = key;
	s->ops->null(s);
}

/* Takes the reference. */
static zend_always_inline void put_str(sink *s, int key, zend_string *text)
{
	s->key = key;
	s->ops->string(s, text);
}

static zend_always_inline void put_string(sink *s, int key, const char *text)
{
	put_str(s, key, zend_string_init(text, strlen(text), 0));
}

#endif
