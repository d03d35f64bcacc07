/*
 * Calls into userland while encoding (__debugInfo, count(), iterators) and releases that may run a
 * destructor: whatever they throw is taken off the engine and kept as the node's error, so the
 * encoder never leaves EG(exception) set; only exit() stays, and ends the encoding.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "../php_altair_eval.h"
#include "walk.h"

static void keep_error(hook_error *error, zend_object *thrown)
{
	zval rv, *message;

	if (error->class_name) {
		return;
	}
	error->class_name = zend_string_copy(thrown->ce->name);
	message = zend_read_property_ex(zend_get_exception_base(thrown), thrown, ZSTR_KNOWN(ZEND_STR_MESSAGE), true, &rv);
	if (Z_TYPE_P(message) != IS_STRING) {
		error->message = ZSTR_EMPTY_ALLOC();
		return;
	}
	/* At most STRING_MAX bytes of it, as for strings: a node stays small whatever was thrown. */
	bool valid;
	error->message = altair_eval_encoder_utf8(Z_STRVAL_P(message),
		altair_eval_encoder_utf8_cut(Z_STRVAL_P(message), Z_STRLEN_P(message), ALTAIR_EVAL_STRING_MAX), &valid);
}

/* After a call into userland, or a release that may have run a destructor: every thrown exception
 * is cleared, the first one kept in error (when it has none yet). Releasing a thrown exception can
 * run its own destructor, which can throw again: cleared until none is left, so the encoder never
 * leaves EG(exception) set. exit() is not an error to swallow: it stays set and ends the encoding.
 * Returns whether anything was thrown. */
bool altair_eval_encoder_hook_caught(hook_error *error)
{
	zend_object *thrown;
	bool any = false;

	while ((thrown = EG(exception)) != NULL) {
		if (zend_is_unwind_exit(thrown) || zend_is_graceful_exit(thrown)) {
			return true;
		}
		any = true;
		GC_ADDREF(thrown);
		zend_clear_exception();
		keep_error(error, thrown);
		OBJ_RELEASE(thrown);
	}
	return any;
}

/* Releases a value the encoder owns; a destructor that throws there is an error like a hook's. */
void altair_eval_encoder_hook_release(zval *value, hook_error *error)
{
	zval_ptr_dtor(value);
	altair_eval_encoder_hook_caught(error);
}

/* Writes error: {class, message} on the open node, if there is one; releases it either way. */
void altair_eval_encoder_hook_put_error(sink *s, hook_error *error)
{
	if (!error->class_name) {
		return;
	}
	/* Past the budget it is left out (every byte escaped: six times its length at most). */
	if (!sink_fits(s, (ZSTR_LEN(error->class_name) + ZSTR_LEN(error->message)) * 6 + ALTAIR_EVAL_SINK_CLOSE_RESERVE)) {
		zend_string_release(error->class_name);
		zend_string_release(error->message);
		error->class_name = NULL;
		error->message = NULL;
		s->spent = true;
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

