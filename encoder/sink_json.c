/*
 * The value encoder's JSON output (the guest's result frame, ValueEncoder::encodeJson()): the same
 * structure as the array output, written straight as JSON text, so the wire form never goes through
 * intermediate arrays. Keys ("type":) and type names ("int") are rendered once.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "../php_altair_eval.h"
#include "sink.h"

static zend_string *json_keys[EK__COUNT];
static zend_string *json_types[ET__COUNT];

void altair_eval_encoder_sink_json_minit(void)
{
#define ALTAIR_EVAL_JSON_KEY(name, text) json_keys[EK_##name] = zend_string_init_interned("\"" text "\":", strlen(text) + 3, 1);
#define ALTAIR_EVAL_JSON_TYPE(name, text) json_types[ET_##name] = zend_string_init_interned("\"" text "\"", strlen(text) + 2, 1);
	ALTAIR_EVAL_ENCODER_KEYS(ALTAIR_EVAL_JSON_KEY)
	ALTAIR_EVAL_ENCODER_TYPES(ALTAIR_EVAL_JSON_TYPE)
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

static void append_escape(smart_str *json, unsigned char c)
{
	static const char hex[] = "0123456789abcdef";

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

/* A valid UTF-8 string as a JSON string: only quotes, backslashes and control bytes escaped. */
static void append_string(smart_str *json, const char *text, size_t length)
{
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
		append_escape(json, c);
	}
	smart_str_appendl(json, text + run, length - run);
	smart_str_appendc(json, '"');
}

/* After each write: the bytes so far, for the budget. */
static zend_always_inline void settle(sink *s)
{
	s->written = ZSTR_LEN(s->json->s) - s->start;
}

/* The comma and the member name before the next value. */
static void before_value(sink *s)
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
			append_string(s->json, ZSTR_VAL(s->map_key), ZSTR_LEN(s->map_key));
		} else {
			smart_str_appendc(s->json, '"');
			smart_str_append_long(s->json, (zend_long) s->map_index);
			smart_str_appendc(s->json, '"');
		}
		smart_str_appendc(s->json, ':');
	}
}

static void json_open(sink *s, uint8_t kind, uint32_t size_hint)
{
	before_value(s);
	smart_str_appendc(s->json, kind == SINK_LIST ? '[' : '{');
	s->level++;
	s->kind[s->level] = kind;
	s->empty[s->level] = true;
	settle(s);
}

static void json_close(sink *s)
{
	smart_str_appendc(s->json, s->kind[s->level] == SINK_LIST ? ']' : '}');
	s->level--;
	settle(s);
}

static void json_null(sink *s)
{
	before_value(s);
	smart_str_appendl(s->json, "null", 4);
	settle(s);
}

static void json_boolean(sink *s, bool flag)
{
	before_value(s);
	if (flag) {
		smart_str_appendl(s->json, "true", 4);
	} else {
		smart_str_appendl(s->json, "false", 5);
	}
	settle(s);
}

static void json_integer(sink *s, zend_long number)
{
	before_value(s);
	smart_str_append_long(s->json, number);
	settle(s);
}

static void json_number(sink *s, double number)
{
	before_value(s);
	smart_str_append_double(s->json, number, (int) PG(serialize_precision), true);
	settle(s);
}

static void json_string(sink *s, zend_string *text)
{
	before_value(s);
	append_string(s->json, ZSTR_VAL(text), ZSTR_LEN(text));
	zend_string_release(text);
	settle(s);
}

static void json_type(sink *s, int type)
{
	before_value(s);
	smart_str_append(s->json, json_types[type]);
	settle(s);
}

static void json_take_back(sink *s, const sink_mark *mark)
{
	ZSTR_LEN(s->json->s) = s->start + mark->written;
	s->written = mark->written;
	s->empty[s->level] = mark->empty;
}

static void json_scalar(sink *s, const zval *value)
{
	before_value(s);
	smart_str_appendc(s->json, '{');
	smart_str_append(s->json, json_keys[EK_TYPE]);
	switch (Z_TYPE_P(value)) {
		case IS_NULL: smart_str_append(s->json, json_types[ET_NULL]); break;
		case IS_FALSE: case IS_TRUE: smart_str_append(s->json, json_types[ET_BOOL]); break;
		case IS_LONG: smart_str_append(s->json, json_types[ET_INT]); break;
		case IS_DOUBLE: smart_str_append(s->json, json_types[ET_FLOAT]); break;
		default: smart_str_append(s->json, json_types[ET_STRING]); break;
	}
	smart_str_appendc(s->json, ',');
	smart_str_append(s->json, json_keys[EK_VALUE]);
	switch (Z_TYPE_P(value)) {
		case IS_NULL: smart_str_appendl(s->json, "null", 4); break;
		case IS_FALSE: smart_str_appendl(s->json, "false", 5); break;
		case IS_TRUE: smart_str_appendl(s->json, "true", 4); break;
		case IS_LONG: smart_str_append_long(s->json, Z_LVAL_P(value)); break;
		case IS_DOUBLE: smart_str_append_double(s->json, Z_DVAL_P(value), (int) PG(serialize_precision), true); break;
		default: append_string(s->json, Z_STRVAL_P(value), Z_STRLEN_P(value)); break;
	}
	smart_str_appendc(s->json, '}');
	settle(s);
}

static const sink_ops json_ops = {
	json_open, json_close, json_null, json_boolean, json_integer, json_number, json_string, json_type,
	json_scalar, json_take_back,
};

void altair_eval_encoder_sink_json_init(sink *s, smart_str *json, const altair_eval_encoder_context *ctx)
{
	sink_init(s, &json_ops, ctx);
	s->json = json;
	s->start = json->s ? ZSTR_LEN(json->s) : 0;
}
