/*
 * Casters for HTTP messages (caster.h): Symfony's Request and Response, PSR-7 requests and
 * responses. Each shows method, URI, status, headers and the first BODY_PREVIEW_BYTES of the body.
 * Symfony's are read from their slots, but for method and URI which only its methods compute;
 * PSR-7 has only methods, each call fenced. A PSR-7 body is previewed only when its stream is
 * seekable, and put back where it stood: a network stream is never consumed.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_interfaces.h"
#include "../php_altair_eval.h"
#include "caster.h"

/* Member name = what method() returns. */
static void member_call(sink *s, zend_object *object, const char *name, const char *lc_method, int depth, hook_error *error)
{
	zval result;

	if (altair_eval_encoder_caster_call(object, lc_method, &result, error)) {
		altair_eval_encoder_caster_member(s, name, &result, depth);
		altair_eval_encoder_hook_release(&result, error);
	}
}

/* body (its first BODY_PREVIEW_BYTES) and body_length. */
static void member_body(sink *s, zend_string *body, int depth)
{
	zval preview, length;
	size_t kept = altair_eval_encoder_utf8_cut(ZSTR_VAL(body), ZSTR_LEN(body), ALTAIR_EVAL_BODY_PREVIEW_BYTES);

	ZVAL_STRINGL(&preview, ZSTR_VAL(body), kept);
	ZVAL_LONG(&length, (zend_long) ZSTR_LEN(body));
	altair_eval_encoder_caster_member(s, "body", &preview, depth);
	altair_eval_encoder_caster_member(s, "body_length", &length, depth);
	zval_ptr_dtor(&preview);
}

/* What a Symfony message shows from its slots: the HeaderBag's headers (name → list of values),
 * the content and the status, held before any of its methods or any member's hook runs
 * (docs/ARCHITECTURE.md, "The encoders: ownership and exceptions"). */
enum { SYMFONY_HEADERS, SYMFONY_CONTENT, SYMFONY_STATUS, SYMFONY_SLOTS };

static void hold_symfony(zend_object *message, zval held[SYMFONY_SLOTS])
{
	zval bag;

	ZVAL_UNDEF(&held[SYMFONY_HEADERS]);
	if (altair_eval_encoder_caster_hold(message, "headers", &bag) && Z_TYPE(bag) == IS_OBJECT) {
		altair_eval_encoder_caster_hold(Z_OBJ(bag), "headers", &held[SYMFONY_HEADERS]);
	}
	/* The message holds the bag: releasing ours runs nothing. */
	zval_ptr_dtor(&bag);
	altair_eval_encoder_caster_hold(message, "content", &held[SYMFONY_CONTENT]);
	altair_eval_encoder_caster_hold(message, "statusCode", &held[SYMFONY_STATUS]);
}

static void member_symfony(sink *s, zval held[SYMFONY_SLOTS], int depth)
{
	if (!Z_ISUNDEF(held[SYMFONY_HEADERS])) {
		altair_eval_encoder_caster_member(s, "headers", &held[SYMFONY_HEADERS], depth);
	}
	if (Z_TYPE(held[SYMFONY_CONTENT]) == IS_STRING) {
		member_body(s, Z_STR(held[SYMFONY_CONTENT]), depth);
	}
}

void altair_eval_encoder_caster_symfony_request(sink *s, zend_object *object, int depth, hook_error *error)
{
	zval held[SYMFONY_SLOTS];

	hold_symfony(object, held);
	altair_eval_encoder_caster_begin(s, "symfony.request");
	member_call(s, object, "method", "getmethod", depth, error);
	member_call(s, object, "uri", "geturi", depth, error);
	member_symfony(s, held, depth);
	altair_eval_encoder_caster_end(s);
	altair_eval_encoder_caster_release(held, SYMFONY_SLOTS, error);
}

void altair_eval_encoder_caster_symfony_response(sink *s, zend_object *object, int depth, hook_error *error)
{
	zval held[SYMFONY_SLOTS];

	hold_symfony(object, held);
	altair_eval_encoder_caster_begin(s, "symfony.response");
	if (!Z_ISUNDEF(held[SYMFONY_STATUS])) {
		altair_eval_encoder_caster_member(s, "status", &held[SYMFONY_STATUS], depth);
	}
	member_symfony(s, held, depth);
	altair_eval_encoder_caster_end(s);
	altair_eval_encoder_caster_release(held, SYMFONY_SLOTS, error);
}

/* ---- PSR-7 ------------------------------------------------------------------------------------ */

/* Calls stream->method(argument); false when it threw. */
static bool call_with(zend_object *stream, const char *method, zval *argument, zval *result, hook_error *error)
{
	ZVAL_UNDEF(result);
	if (altair_eval_encoder_hook_exiting()) {
		return false;
	}
	zend_call_method(stream, stream->ce, NULL, method, strlen(method), result, 1, argument, NULL);
	if (altair_eval_encoder_hook_caught(error)) {
		altair_eval_encoder_hook_release(result, error);
		ZVAL_UNDEF(result);
		return false;
	}
	return true;
}

/* The first bytes of a seekable stream, which is put back where it stood. */
static void member_stream(sink *s, zend_object *stream, int depth, hook_error *error)
{
	zval seekable, position, read, ignored, argument;

	if (!altair_eval_encoder_caster_call(stream, "isseekable", &seekable, error)) {
		return;
	}
	if (zend_is_true(&seekable) && altair_eval_encoder_caster_call(stream, "tell", &position, error)) {
		ZVAL_LONG(&argument, 0);
		if (call_with(stream, "seek", &argument, &ignored, error)) {
			zval_ptr_dtor(&ignored);
			ZVAL_LONG(&argument, ALTAIR_EVAL_BODY_PREVIEW_BYTES);
			if (call_with(stream, "read", &argument, &read, error) && Z_TYPE(read) == IS_STRING) {
				altair_eval_encoder_caster_member(s, "body", &read, depth);
			}
			altair_eval_encoder_hook_release(&read, error);
			if (call_with(stream, "seek", &position, &ignored, error)) {
				zval_ptr_dtor(&ignored);
			}
		}
		zval_ptr_dtor(&position);
	}
	member_call(s, stream, "body_length", "getsize", depth, error);
	zval_ptr_dtor(&seekable);
}

static void psr7_message(sink *s, zend_object *object, int depth, hook_error *error)
{
	zval body;

	member_call(s, object, "headers", "getheaders", depth, error);
	if (altair_eval_encoder_caster_call(object, "getbody", &body, error)) {
		if (Z_TYPE(body) == IS_OBJECT) {
			member_stream(s, Z_OBJ(body), depth, error);
		}
		altair_eval_encoder_hook_release(&body, error);
	}
}

void altair_eval_encoder_caster_psr7_request(sink *s, zend_object *object, int depth, hook_error *error)
{
	zval uri, text;

	altair_eval_encoder_caster_begin(s, "psr7.request");
	member_call(s, object, "method", "getmethod", depth, error);
	if (altair_eval_encoder_caster_call(object, "geturi", &uri, error)) {
		if (Z_TYPE(uri) == IS_OBJECT && altair_eval_encoder_caster_call(Z_OBJ(uri), "__tostring", &text, error)) {
			altair_eval_encoder_caster_member(s, "uri", &text, depth);
			altair_eval_encoder_hook_release(&text, error);
		}
		altair_eval_encoder_hook_release(&uri, error);
	}
	psr7_message(s, object, depth, error);
	altair_eval_encoder_caster_end(s);
}

void altair_eval_encoder_caster_psr7_response(sink *s, zend_object *object, int depth, hook_error *error)
{
	altair_eval_encoder_caster_begin(s, "psr7.response");
	member_call(s, object, "status", "getstatuscode", depth, error);
	member_call(s, object, "reason", "getreasonphrase", depth, error);
	psr7_message(s, object, depth, error);
	altair_eval_encoder_caster_end(s);
}
