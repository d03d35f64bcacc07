/*
 * Encoders: turn any PHP value or Throwable into the plain arrays of the result contract
 * (docs/api.md, "Encoded values"; rules in docs/ARCHITECTURE.md, "The encoders"). Used by the
 * public static API and by the guest role.
 */
#ifndef ALTAIR_EVAL_ENCODER_H
#define ALTAIR_EVAL_ENCODER_H

#include "php.h"
#include "zend_smart_str.h"

extern zend_class_entry *altair_eval_value_encoder_ce;
extern zend_class_entry *altair_eval_exception_encoder_ce;

#include "../common/display_path.h" /* ALTAIR_EVAL_SNIPPET_DISPLAY_NAME */

typedef struct {
	/* Paths inside it are shown relative to it (no leading slash). NULL: paths as they are. */
	zend_string *project_root;
	/* The snippet's real file; shown as ALTAIR_EVAL_SNIPPET_DISPLAY_NAME. NULL: none. */
	zend_string *snippet_path;
	/* Drop the guest wrapper's frames (file "Command line code", functions in Altair\Eval\Guest). */
	bool hide_guest_frames;
	/* The value encoder's byte budget; 0: ALTAIR_EVAL_RESULT_MAX_BYTES. */
	size_t max_bytes;
} altair_eval_encoder_context;

/* Interns the keys and type names of the encoded nodes; MINIT. */
void altair_eval_encoder_minit(void);

/* out becomes a new array; never fails, never leaves EG(exception) set (but for exit() in a hook,
 * which stays set). A closure's file is shown as ctx says (altair_eval_encoder_display_path). */
void altair_eval_encoder_value(zval *out, zval *value, const altair_eval_encoder_context *ctx);
/* The same, with value at nesting level depth (0 .. ALTAIR_EVAL_MAX_DEPTH): univeros's encode($value, $seen, $depth). */
void altair_eval_encoder_value_at(zval *out, zval *value, const altair_eval_encoder_context *ctx, int depth);
/* The same, appended to json as JSON text (no intermediate arrays). */
void altair_eval_encoder_value_json(smart_str *json, zval *value, const altair_eval_encoder_context *ctx);
void altair_eval_encoder_exception(zval *out, zend_object *throwable, const altair_eval_encoder_context *ctx);

/* bytes as valid UTF-8: unchanged when they are, every invalid sequence replaced by U+FFFD when
 * not (*valid tells which). Returns a new string. */
zend_string *altair_eval_encoder_utf8(const char *bytes, size_t length, bool *valid);
bool altair_eval_encoder_utf8_valid(const char *bytes, size_t length);
/* The longest prefix of at most max bytes that does not split a UTF-8 sequence. */
size_t altair_eval_encoder_utf8_cut(const char *bytes, size_t length, size_t max);
/* A key or name for the payload: valid UTF-8 whatever it was. Returns a new reference. */
zend_string *altair_eval_encoder_utf8_clean(zend_string *text);

/* A path as the context shows it: the display name for the snippet, root-relative inside the
 * root, unchanged elsewhere. Returns a new reference. */
zend_string *altair_eval_encoder_display_path(zend_string *path, const altair_eval_encoder_context *ctx);

#endif
