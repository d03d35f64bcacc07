/*
 * The value encoder's walk, shared by its files: value_encoder.c (the switch, strings, arrays),
 * value_object.c (objects), hook.c (userland calls and releases), utf8.c. Writes go to a sink
 * (sink.h).
 */
#ifndef ALTAIR_EVAL_ENCODER_WALK_H
#define ALTAIR_EVAL_ENCODER_WALK_H

#include "php.h"
#include "sink.h"

/* An exception thrown by a hook or a destructor, taken off the engine: {class, message}. */
typedef struct {
	zend_string *class_name;
	zend_string *message;
} hook_error;

/* One node for value, written where the sink stands (a node member, a list item, a map entry). */
void altair_eval_encoder_walk(sink *s, zval *value, int depth);
/* A map entry under the key it had; an invalid UTF-8 key is marked. Returns whether it was. */
bool altair_eval_encoder_walk_entry(sink *s, zend_string *key, zend_ulong index, zval *item, int depth);
/* truncated (and omitted, when the budget cut it) on a container node that shows seen of count. */
void altair_eval_encoder_walk_cut(sink *s, uint32_t count, uint32_t seen);
/* properties[, count, truncated] from a table of name → value, every name with its visibility;
 * object: whose slots they are (uninitialized typed ones shown), NULL for a plain array. */
void altair_eval_encoder_walk_properties(sink *s, HashTable *table, zend_object *object, int depth);
/* The members of an object's node (the node is open; value holds an object). */
void altair_eval_encoder_walk_object(sink *s, zval *value, int depth);

/* After a call into userland or a release: clears whatever was thrown, the first one kept in error.
 * exit() stays set. Returns whether anything was thrown. */
bool altair_eval_encoder_hook_caught(hook_error *error);
/* Releases a value the encoder owns; a destructor that throws there is an error like a hook's. */
void altair_eval_encoder_hook_release(zval *value, hook_error *error);
/* Writes error: {class, message} on the open node, if there is one; releases it either way. */
void altair_eval_encoder_hook_put_error(sink *s, hook_error *error);

/* exit() during a userland hook: stop calling userland. */
static zend_always_inline bool altair_eval_encoder_hook_exiting(void)
{
	return EG(exception) != NULL;
}

#endif
