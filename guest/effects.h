/*
 * Effects, guest side: what the app's recording transports saw, for the effects frame (see
 * effects.c; docs/ARCHITECTURE.md, "Effects").
 */
#ifndef ALTAIR_EVAL_GUEST_EFFECTS_H
#define ALTAIR_EVAL_GUEST_EFFECTS_H

#include "php.h"

/* Empties the list and starts recording (read-only and rollback mode, right before the snippet);
 * the frame goes to the host before the status frame from then on. */
void altair_eval_guest_effects_start(void);
bool altair_eval_guest_effects_recording(void);

/* {kind, at_ns, ...fields}: scalars, or lists of scalars; strings cut and made valid UTF-8. Past
 * the caps it is counted as omitted. Nothing before altair_eval_guest_effects_start(). */
void altair_eval_guest_effects_record(zend_string *kind, HashTable *fields);

/* The request's fake HTTP answers as the request block carries them: a list of {method, pattern,
 * status, body} (runner/channel.c). */
void altair_eval_guest_effects_fake_http(zval *out);

#endif
