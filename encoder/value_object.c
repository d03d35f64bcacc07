/*
 * The value encoder's walk, objects: identity, properties (__debugInfo() preferred), closures,
 * enums, and previews of Traversables. The walked object is held (and marked as on the path)
 * through its zend_object, never through the slot it was found in: a hook may overwrite that slot.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_closures.h"
#include "zend_enum.h"
#include "zend_exceptions.h"
#include "zend_generators.h"
#include "zend_interfaces.h"
#include "../php_altair_eval.h"
#include "caster.h"

static void encode_identity(sink *s, int type, zend_object *object)
{
	put_type(s, type);
	put_str(s, EK_CLASS, zend_string_copy(object->ce->name));
	put_long(s, EK_ID, object->handle);
}

/* A property's name with its visibility, as var_dump shows it: "name", "name:protected",
 * "name:Class:private" (a mangled key "\0*\0name" or "\0Class\0name"). Returns a new reference. */
static zend_string *property_name(zend_string *key)
{
	const char *class_name, *name;
	size_t length;

	if (ZSTR_LEN(key) == 0 || ZSTR_VAL(key)[0] != '\0'
		|| zend_unmangle_property_name_ex(key, &class_name, &name, &length) != SUCCESS) {
		return zend_string_copy(key);
	}
	if (class_name[0] == '*') {
		return zend_strpprintf(0, "%.*s:protected", (int) length, name);
	}
	return zend_strpprintf(0, "%.*s:%s:private", (int) length, name, class_name);
}

/* A typed property not initialized yet: {type: uninitialized, declared: "<its type>"}. */
static void encode_uninitialized(sink *s, zend_string *name, zend_property_info *info)
{
	sink_map_key(s, name, 0);
	sink_node(s);
	put_type(s, ET_UNINITIALIZED);
	put_str(s, EK_DECLARED, zend_type_to_string(info->type));
	sink_close(s);
}

/* One property under its name with its visibility; false when the budget left it out. */
static bool encode_property(sink *s, zend_object *object, zend_string *key, zend_ulong index, zval *item,
	int depth, bool *invalid_keys)
{
	zend_property_info *info = NULL;
	zend_string *name = key ? property_name(key) : NULL;
	sink_mark mark;
	bool marked = false;

	if (Z_TYPE_P(item) == IS_INDIRECT) {
		item = Z_INDIRECT_P(item);
		/* Only an unset slot needs its declaration (the filter above kept typed ones only). */
		info = Z_ISUNDEF_P(item) && object && key ? zend_get_typed_property_info_for_slot(object, item) : NULL;
	}
	if (!sink_element_begin(s, &mark)) {
		if (name) {
			zend_string_release(name);
		}
		return false;
	}
	if (Z_ISUNDEF_P(item) && info) {
		encode_uninitialized(s, name, info);
	} else {
		marked = altair_eval_encoder_walk_entry(s, name, index, item, depth + 1);
	}
	if (name) {
		zend_string_release(name);
	}
	if (!sink_element_end(s, &mark)) {
		return false;
	}
	*invalid_keys |= marked;
	return true;
}

/* properties[, count, truncated] from a table of name → value: every property, with its
 * visibility; uninitialized typed ones as such (object: whose slots they are, NULL for a
 * __debugInfo() array). Always a map, even empty. */
void altair_eval_encoder_walk_properties(sink *s, HashTable *table, zend_object *object, int depth)
{
	zend_ulong index;
	zend_string *key;
	zval *item;
	uint32_t count = 0, seen = 0;
	bool invalid_keys = false;

	sink_key(s, EK_PROPERTIES);
	sink_open(s, SINK_MAP, 8);
	ZEND_HASH_FOREACH_KEY_VAL(table, index, key, item) {
		if (Z_TYPE_P(item) == IS_INDIRECT && Z_ISUNDEF_P(Z_INDIRECT_P(item))
			&& !(object && key && zend_get_typed_property_info_for_slot(object, Z_INDIRECT_P(item)))) {
			continue; /* unset() */
		}
		count++;
		if (seen == ALTAIR_EVAL_MAX_WIDTH || altair_eval_encoder_hook_exiting()) {
			continue;
		}
		if (encode_property(s, object, key, index, item, depth, &invalid_keys)) {
			seen++;
		}
	} ZEND_HASH_FOREACH_END();
	sink_close(s);
	if (seen < count) {
		put_long(s, EK_COUNT, count);
	}
	altair_eval_encoder_walk_cut(s, count, seen);
	if (invalid_keys) {
		put_bool(s, EK_INVALID_UTF8_KEYS, true);
	}
}

static void put_no_properties(sink *s)
{
	sink_key(s, EK_PROPERTIES);
	sink_open(s, SINK_MAP, 0);
	sink_close(s);
}

static void encode_debug_info(sink *s, zend_function *debug_info, zend_object *object, int depth, hook_error *error)
{
	zval result;

	/* Called here rather than through the handler: a __debugInfo that returns something else
	 * than an array is a fatal error in the engine, a marker here. */
	ZVAL_UNDEF(&result);
	zend_call_known_instance_method_with_0_params(debug_info, object, &result);
	if (altair_eval_encoder_hook_caught(error)) {
		/* no properties: the error says why */
	} else if (Z_TYPE(result) == IS_ARRAY) {
		altair_eval_encoder_walk_properties(s, Z_ARRVAL(result), NULL, depth);
	} else if (Z_TYPE(result) != IS_NULL) {
		error->class_name = zend_string_init("TypeError", strlen("TypeError"), 0);
		error->message = zend_strpprintf(0, "__debugInfo() must return an array, %s returned", zend_zval_type_name(&result));
	} else {
		put_no_properties(s);
	}
	altair_eval_encoder_hook_release(&result, error);
}

static void encode_object_properties(sink *s, zval *self, zend_object *object, int depth, hook_error *error)
{
	zend_function *debug_info = object->ce->__debugInfo;
	HashTable *properties;

	if (debug_info && debug_info->type == ZEND_USER_FUNCTION) {
		encode_debug_info(s, debug_info, object, depth, error);
		return;
	}
	properties = zend_get_properties_for(self, ZEND_PROP_PURPOSE_DEBUG);
	if (altair_eval_encoder_hook_caught(error)) {
		/* no properties: the error says why */
	} else if (properties) {
		altair_eval_encoder_walk_properties(s, properties, object, depth);
	} else {
		put_no_properties(s);
	}
	if (properties) {
		zend_release_properties(properties);
		altair_eval_encoder_hook_caught(error);
	}
}

static void encode_closure(sink *s, zval *value)
{
	zend_object *object = Z_OBJ_P(value);
	const zend_function *function = zend_get_closure_method_def(object);
	zval *bound = zend_get_closure_this_ptr(value);

	encode_identity(s, ET_CLOSURE, object);
	if (function->common.fn_flags & ZEND_ACC_CLOSURE && zend_string_equals_literal(function->common.function_name, "{closure}")) {
		put_string(s, EK_FUNCTION, "{closure}");
	} else if (function->common.scope) {
		put_str(s, EK_FUNCTION, zend_strpprintf(0, "%s::%s", ZSTR_VAL(function->common.scope->name),
			ZSTR_VAL(function->common.function_name)));
	} else {
		put_str(s, EK_FUNCTION, zend_string_copy(function->common.function_name));
	}
	if (function->type == ZEND_USER_FUNCTION && function->op_array.filename) {
		zend_string *shown = altair_eval_encoder_display_path(function->op_array.filename, s->ctx);
		put_str(s, EK_FILE, altair_eval_encoder_utf8_clean(shown));
		zend_string_release(shown);
		put_long(s, EK_LINE, function->op_array.line_start);
	}
	if (bound && Z_TYPE_P(bound) == IS_OBJECT) {
		put_str(s, EK_THIS, zend_string_copy(Z_OBJCE_P(bound)->name));
	}
	if (function->common.scope) {
		put_str(s, EK_SCOPE, zend_string_copy(function->common.scope->name));
	}
}

static void encode_enum(sink *s, zend_object *object)
{
	zval *name = zend_enum_fetch_case_name(object);

	put_type(s, ET_ENUM);
	put_str(s, EK_CLASS, zend_string_copy(object->ce->name));
	put_str(s, EK_CASE, zend_string_copy(Z_STR_P(name)));
	if (object->ce->enum_backing_type != IS_UNDEF) {
		zval *backing = zend_enum_fetch_case_value(object);
		if (Z_TYPE_P(backing) == IS_LONG) {
			put_long(s, EK_VALUE, Z_LVAL_P(backing));
		} else {
			put_str(s, EK_VALUE, altair_eval_encoder_utf8_clean(Z_STR_P(backing)));
		}
	}
}

static void encode_size_hint(sink *s, zend_object *object, hook_error *error)
{
	zval count;

	ZVAL_UNDEF(&count);
	zend_call_method_with_0_params(object, object->ce, NULL, "count", &count);
	if (!altair_eval_encoder_hook_caught(error) && Z_TYPE(count) == IS_LONG) {
		put_long(s, EK_SIZE_HINT, Z_LVAL(count));
	}
	altair_eval_encoder_hook_release(&count, error);
}

/* One {key, value} entry; false when the iterator's key() threw. The current value is copied first: a hook run while the key is encoded
 * may move the iterator on, or change the storage current points into. */
static bool preview_entry(sink *s, zend_object_iterator *iterator, zval *current, int taken, int depth, hook_error *error)
{
	zval key, value;

	ZVAL_COPY(&value, current);
	if (iterator->funcs->get_current_key) {
		iterator->funcs->get_current_key(iterator, &key);
		if (EG(exception)) {
			zval_ptr_dtor(&value); /* the key's exception is pending: caught by the caller */
			return false;
		}
	} else {
		ZVAL_LONG(&key, taken);
	}
	sink_node(s);
	sink_key(s, EK_KEY);
	altair_eval_encoder_walk(s, &key, depth + 1);
	altair_eval_encoder_hook_release(&key, error);
	sink_key(s, EK_VALUE);
	altair_eval_encoder_walk(s, &value, depth + 1);
	altair_eval_encoder_hook_release(&value, error);
	sink_close(s);
	return true;
}

/* The entries of the preview list; returns whether the iteration ended. A hook that throws ends
 * the preview (the error says why). */
static bool preview_entries(sink *s, zend_object_iterator *iterator, bool rewind, int depth, hook_error *error)
{
	zval *current;
	int taken = 0;
	sink_mark mark;

	iterator->index = 0;
	if (rewind && iterator->funcs->rewind) {
		iterator->funcs->rewind(iterator);
	}
	while (!altair_eval_encoder_hook_caught(error)) {
		if (iterator->funcs->valid(iterator) != SUCCESS) {
			return !EG(exception);
		}
		if (taken == ALTAIR_EVAL_ITERABLE_PREVIEW || !sink_element_begin(s, &mark)) {
			return false;
		}
		current = iterator->funcs->get_current_data(iterator);
		if (EG(exception) || !current) {
			continue;
		}
		if (!preview_entry(s, iterator, current, taken, depth, error)) {
			continue;
		}
		if (!sink_element_end(s, &mark)) {
			return false;
		}
		taken++;
		iterator->index++;
		iterator->funcs->move_forward(iterator);
	}
	return false;
}

/* At most ITERABLE_PREVIEW {key, value} entries; exhausted tells whether the iteration ended. A
 * hook that throws (count, getIterator, the iterator's methods) ends the preview with an error. */
static void encode_iterable(sink *s, zval *value, zend_object *object, int depth, hook_error *error)
{
	zend_class_entry *ce = object->ce;
	bool generator = instanceof_function(ce, zend_ce_generator);
	zend_object_iterator *iterator = NULL;
	bool exhausted = false;

	if (instanceof_function(ce, zend_ce_countable)) {
		encode_size_hint(s, object, error);
	}
	sink_key(s, EK_PREVIEW);
	sink_open(s, SINK_LIST, 0);
	if (generator && !((zend_generator *) object)->execute_data) {
		/* A finished generator: nothing left to show (asking it for an iterator would throw). */
		exhausted = true;
	} else if (!altair_eval_encoder_hook_exiting()) {
		iterator = ce->get_iterator(ce, value, 0);
		if (altair_eval_encoder_hook_caught(error) && iterator) {
			zend_iterator_dtor(iterator);
			altair_eval_encoder_hook_caught(error);
			iterator = NULL;
		}
	}
	if (iterator) {
		/* A generator is shown from where it stands: rewinding one that has run throws. */
		exhausted = preview_entries(s, iterator, !generator, depth, error);
		zend_iterator_dtor(iterator);
		altair_eval_encoder_hook_caught(error);
	}
	sink_close(s);
	put_bool(s, EK_EXHAUSTED, exhausted);
	if (!exhausted && s->spent) {
		put_bool(s, EK_TRUNCATED, true);
	}
}

void altair_eval_encoder_walk_object(sink *s, zval *value, int depth)
{
	zend_object *object = Z_OBJ_P(value);
	bool iterable = instanceof_function(object->ce, zend_ce_traversable);
	zval self;
	hook_error error = { NULL, NULL };
	caster_fn cast;

	if (object->ce == zend_ce_closure) {
		encode_closure(s, value);
		return;
	}
	if (object->ce->ce_flags & ZEND_ACC_ENUM) {
		encode_enum(s, object);
		return;
	}
	if (Z_IS_RECURSIVE_P(value)) {
		encode_identity(s, ET_REFERENCE, object);
		return;
	}
	cast = altair_eval_encoder_caster_find(s, object);
	encode_identity(s, iterable && !cast ? ET_ITERABLE : ET_OBJECT, object);
	if (depth >= ALTAIR_EVAL_MAX_DEPTH) {
		put_bool(s, EK_TRUNCATED, true);
		return;
	}
	/* Ours while we look at it: a hook cannot free it, and it is marked as on the path. The mark
	 * and every later use go through the object held here, never through the slot value points
	 * into: a hook may overwrite that slot (php-src's json encoder protects what it holds too). */
	ZVAL_OBJ_COPY(&self, object);
	GC_PROTECT_RECURSION(object);
	if (cast) {
		cast(s, object, depth, &error);
	} else if (iterable) {
		encode_iterable(s, &self, object, depth, &error);
	} else {
		encode_object_properties(s, &self, object, depth, &error);
	}
	GC_UNPROTECT_RECURSION(object);
	/* A hook may have dropped every other owner: its destructor runs here, and may throw. */
	altair_eval_encoder_hook_release(&self, &error);
	altair_eval_encoder_hook_put_error(s, &error);
}
