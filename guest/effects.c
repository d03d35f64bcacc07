/*
 * Effects, guest side (docs/ARCHITECTURE.md, "Effects"): what the app's recording transports saw
 * (guest/boot/effects*.c swap them in before the snippet, in read-only and rollback mode), kept
 * here in C as the JSON of the effects frame, which goes to the host right before the status frame
 * (guest/report.c). Static: the status frame is written after the heap may have been exhausted, and
 * the list survives a fatal error. Capped by count (ALTAIR_EVAL_EFFECTS_MAX) and by bytes (the
 * request block's effects_max_bytes, at most ALTAIR_EVAL_EFFECTS_MAX_BYTES); one string is cut
 * past ALTAIR_EVAL_EFFECT_TEXT_MAX bytes.
 *
 * The list is the guest's own account: code in the child (the snippet too) can add to it or swap a
 * transport back. The connections the sandbox refused are the host's (runner/intercept.c).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_smart_str.h"
#include "ext/json/php_json.h"
#include "../php_altair_eval.h"
#include "../encoder/encoder.h"
#include "effects.h"
#include "report.h"

#include <time.h>

#define EFFECTS_PREFIX "{\"kind\":\"effects\",\"list\":["
/* "],\"truncated\":false,\"omitted\":<20 digits>}" */
#define EFFECTS_SUFFIX_ROOM 64
/* A list inside an effect (recipients, listeners, channels): its first entries. */
#define EFFECT_LIST_MAX 20

static char frame[sizeof(EFFECTS_PREFIX) + ALTAIR_EVAL_EFFECTS_MAX_BYTES + EFFECTS_SUFFIX_ROOM];
static size_t frame_length;
static size_t count;
static zend_long omitted;
static size_t budget = ALTAIR_EVAL_EFFECTS_MAX_BYTES;
static bool recording;

static uint64_t now_ns(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint64_t) now.tv_sec * 1000000000u + (uint64_t) now.tv_nsec;
}

/* A string cut at ALTAIR_EVAL_EFFECT_TEXT_MAX bytes on a character boundary, made valid UTF-8. */
static void add_text(zval *into, const char *key, zend_string *text)
{
	size_t kept = ZSTR_LEN(text) > ALTAIR_EVAL_EFFECT_TEXT_MAX
		? altair_eval_encoder_utf8_cut(ZSTR_VAL(text), ZSTR_LEN(text), ALTAIR_EVAL_EFFECT_TEXT_MAX) : ZSTR_LEN(text);
	bool valid;
	zval value;

	ZVAL_STR(&value, altair_eval_encoder_utf8(ZSTR_VAL(text), kept, &valid));
	if (key) {
		add_assoc_zval(into, key, &value);
	} else {
		add_next_index_zval(into, &value);
	}
}

/* One field: a scalar, or a list of scalars (its first EFFECT_LIST_MAX); anything else is null. */
static void add_field(zval *entry, const char *key, zval *value)
{
	zval list, *item;
	uint32_t taken = 0;

	ZVAL_DEREF(value);
	switch (Z_TYPE_P(value)) {
		case IS_STRING:
			add_text(entry, key, Z_STR_P(value));
			return;
		case IS_LONG:
		case IS_DOUBLE:
		case IS_TRUE:
		case IS_FALSE:
		case IS_NULL:
			Z_TRY_ADDREF_P(value);
			add_assoc_zval(entry, key, value);
			return;
		case IS_ARRAY:
			array_init(&list);
			ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(value), item) {
				ZVAL_DEREF(item);
				if (taken++ == EFFECT_LIST_MAX) {
					break;
				}
				if (Z_TYPE_P(item) == IS_STRING) {
					add_text(&list, NULL, Z_STR_P(item));
				} else if (Z_TYPE_P(item) == IS_LONG || Z_TYPE_P(item) == IS_DOUBLE) {
					Z_TRY_ADDREF_P(item);
					add_next_index_zval(&list, item);
				}
			} ZEND_HASH_FOREACH_END();
			add_assoc_zval(entry, key, &list);
			return;
		default:
			add_assoc_null(entry, key);
	}
}

void altair_eval_guest_effects_record(zend_string *kind, HashTable *fields)
{
	smart_str json = {0};
	zend_string *key;
	zval entry, *value;
	size_t room;

	if (!recording) {
		return;
	}
	if (count >= ALTAIR_EVAL_EFFECTS_MAX) {
		omitted++;
		return;
	}
	array_init(&entry);
	add_text(&entry, "kind", kind);
	add_assoc_long(&entry, "at_ns", (zend_long) now_ns());
	ZEND_HASH_FOREACH_STR_KEY_VAL(fields, key, value) {
		if (key && !zend_string_equals_literal(key, "kind") && !zend_string_equals_literal(key, "at_ns")) {
			add_field(&entry, ZSTR_VAL(key), value);
		}
	} ZEND_HASH_FOREACH_END();
	php_json_encode_ex(&json, &entry, PHP_JSON_UNESCAPED_SLASHES | PHP_JSON_UNESCAPED_UNICODE
		| PHP_JSON_INVALID_UTF8_SUBSTITUTE | PHP_JSON_PARTIAL_OUTPUT_ON_ERROR | PHP_JSON_PRESERVE_ZERO_FRACTION,
		PHP_JSON_PARSER_DEFAULT_DEPTH);
	zval_ptr_dtor(&entry);
	room = budget - MIN(budget, frame_length - (sizeof(EFFECTS_PREFIX) - 1));
	if (!json.s || ZSTR_LEN(json.s) + 1 > room) {
		omitted++;
	} else {
		if (count > 0) {
			frame[frame_length++] = ',';
		}
		memcpy(frame + frame_length, ZSTR_VAL(json.s), ZSTR_LEN(json.s));
		frame_length += ZSTR_LEN(json.s);
		count++;
	}
	smart_str_free(&json);
}

/* The frame's body, closed: handed to the report as its maker (heap-free). */
static const char *effects_frame(size_t *length)
{
	int written = snprintf(frame + frame_length, EFFECTS_SUFFIX_ROOM, "],\"omitted\":" ZEND_LONG_FMT "}", omitted);

	*length = frame_length + (written > 0 ? (size_t) written : 0);
	return frame;
}

/* The request block's budget (runner/channel.c): never more than the buffer holds. */
static void take_budget(void)
{
	size_t length;
	const char *block = altair_eval_guest_report_request(&length);
	const char *at = block ? strstr(block, "\"effects_max_bytes\":") : NULL;

	budget = ALTAIR_EVAL_EFFECTS_MAX_BYTES;
	if (at) {
		long long given = strtoll(at + strlen("\"effects_max_bytes\":"), NULL, 10);
		if (given >= 0 && given < (long long) budget) {
			budget = (size_t) given;
		}
	}
}

void altair_eval_guest_effects_start(void)
{
	memcpy(frame, EFFECTS_PREFIX, sizeof(EFFECTS_PREFIX) - 1);
	frame_length = sizeof(EFFECTS_PREFIX) - 1;
	count = 0;
	omitted = 0;
	take_budget();
	recording = true;
	altair_eval_guest_report_before_status(effects_frame);
}

bool altair_eval_guest_effects_recording(void)
{
	return recording;
}

void altair_eval_guest_effects_fake_http(zval *out)
{
	size_t length;
	const char *block = altair_eval_guest_report_request(&length);
	zval decoded, *fakes;

	array_init(out);
	if (!block || php_json_decode_ex(&decoded, block, length, PHP_JSON_OBJECT_AS_ARRAY, PHP_JSON_PARSER_DEFAULT_DEPTH) != SUCCESS) {
		return;
	}
	if (Z_TYPE(decoded) == IS_ARRAY && (fakes = zend_hash_str_find(Z_ARRVAL(decoded), "fake_http", strlen("fake_http")))
		&& Z_TYPE_P(fakes) == IS_ARRAY) {
		zval_ptr_dtor(out);
		ZVAL_COPY(out, fakes);
	}
	zval_ptr_dtor(&decoded);
}

ZEND_FUNCTION(Altair_Eval_Guest_record_effect)
{
	zend_string *kind;
	HashTable *fields;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(kind)
		Z_PARAM_ARRAY_HT(fields)
	ZEND_PARSE_PARAMETERS_END();
	altair_eval_guest_effects_record(kind, fields);
}

ZEND_FUNCTION(Altair_Eval_Guest_recording_effects)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_BOOL(recording);
}

ZEND_FUNCTION(Altair_Eval_Guest_fake_http)
{
	ZEND_PARSE_PARAMETERS_NONE();
	altair_eval_guest_effects_fake_http(return_value);
}
