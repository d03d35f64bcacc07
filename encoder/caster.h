/*
 * Casters: how the value encoder shows the objects agents meet most (Eloquent models and
 * collections, Doctrine proxies and lazy collections, Symfony and PSR-7 HTTP messages), and an
 * app's own objects through a method of theirs. A caster writes the members of the object's node
 * after its identity: `caster` (which one) and `properties` (a map, what it chose to show).
 *
 * Classes are found by name among those already loaded, never autoloaded; their state is read from
 * the declared property slots, never through __get() or a method that could run a query or load a
 * relation. Where a caster must call userland (HTTP messages, the app's method), the call is fenced
 * as every hook is (hook.c): an exception becomes the node's error.
 */
#ifndef ALTAIR_EVAL_ENCODER_CASTER_H
#define ALTAIR_EVAL_ENCODER_CASTER_H

#include "walk.h"

/* The method an app's class defines to choose what the encoder shows of it (lowercase, as the
 * function table keys it): public function altairEvalProperties(): array. */
#define ALTAIR_EVAL_CASTER_APP_METHOD "altairevalproperties"

typedef void (*caster_fn)(sink *s, zend_object *object, int depth, hook_error *error);

/* Interns the app's method name; MINIT. */
void altair_eval_encoder_caster_minit(void);
/* The caster for object, or NULL: the app's method first, then the built-in ones. */
caster_fn altair_eval_encoder_caster_find(sink *s, zend_object *object);

/* ---- for the casters themselves ---------------------------------------------------------- */

/* A declared property's value, copied from its slot (no __get), dereferenced, into held (a
 * reference of the caster's own; IS_UNDEF when unset); whether it was set. A caster holds every
 * slot it shows before it walks any member or calls any method: userland run by either may unset
 * or replace the slot, and what it pointed to may be gone. */
bool altair_eval_encoder_caster_hold(zend_object *object, const char *name, zval *held);
/* Releases count held values (their destructors may throw: kept in error). */
void altair_eval_encoder_caster_release(zval *held, size_t count, hook_error *error);
/* Calls object->method() (lc_method: lowercase) when it exists; the result is the caller's to
 * release with altair_eval_encoder_hook_release(). False when absent or when it threw (error). */
bool altair_eval_encoder_caster_call(zend_object *object, const char *lc_method, zval *result, hook_error *error);
/* Opens and closes the properties map; members go in between. */
void altair_eval_encoder_caster_begin(sink *s, const char *caster);
void altair_eval_encoder_caster_end(sink *s);
/* One member of the properties map, within the budget, a level below the object. A caster passes
 * depth - 1 for an array that stands for the object's own contents (attributes, items): its
 * elements then count as the object's properties would. */
void altair_eval_encoder_caster_member(sink *s, const char *name, zval *value, int depth);

/* HTTP messages (caster_http.c). */
void altair_eval_encoder_caster_symfony_request(sink *s, zend_object *object, int depth, hook_error *error);
void altair_eval_encoder_caster_symfony_response(sink *s, zend_object *object, int depth, hook_error *error);
void altair_eval_encoder_caster_psr7_request(sink *s, zend_object *object, int depth, hook_error *error);
void altair_eval_encoder_caster_psr7_response(sink *s, zend_object *object, int depth, hook_error *error);

#endif
