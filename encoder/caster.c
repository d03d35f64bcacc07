/*
 * Casters (caster.h): which one applies to an object, the app's own method, Eloquent models and
 * collections, Doctrine proxies and lazy collections. The HTTP messages are in caster_http.c.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_attributes.h"
#include "../php_altair_eval.h"
#include "caster.h"

/* ---- helpers -------------------------------------------------------------------------------- */

/* The slot of a declared, non-static property, or NULL. */
static zval *slot_of(zend_object *object, const char *name)
{
	zend_property_info *info = zend_hash_str_find_ptr(&object->ce->properties_info, name, strlen(name));

	return info && !(info->flags & ZEND_ACC_STATIC) ? OBJ_PROP(object, info->offset) : NULL;
}

bool altair_eval_encoder_caster_hold(zend_object *object, const char *name, zval *held)
{
	zval *slot = slot_of(object, name);

	ZVAL_UNDEF(held);
	if (slot) {
		ZVAL_DEREF(slot);
		if (!Z_ISUNDEF_P(slot)) {
			ZVAL_COPY(held, slot);
		}
	}
	return !Z_ISUNDEF_P(held);
}

void altair_eval_encoder_caster_release(zval *held, size_t count, hook_error *error)
{
	for (size_t i = 0; i < count; i++) {
		altair_eval_encoder_hook_release(&held[i], error);
		ZVAL_UNDEF(&held[i]);
	}
}

bool altair_eval_encoder_caster_call(zend_object *object, const char *lc_method, zval *result, hook_error *error)
{
	zend_function *method = zend_hash_str_find_ptr(&object->ce->function_table, lc_method, strlen(lc_method));

	ZVAL_UNDEF(result);
	if (!method || altair_eval_encoder_hook_exiting()) {
		return false;
	}
	zend_call_known_instance_method_with_0_params(method, object, result);
	if (altair_eval_encoder_hook_caught(error)) {
		altair_eval_encoder_hook_release(result, error);
		ZVAL_UNDEF(result);
		return false;
	}
	return true;
}

void altair_eval_encoder_caster_begin(sink *s, const char *caster)
{
	put_string(s, EK_CASTER, caster);
	sink_key(s, EK_PROPERTIES);
	sink_open(s, SINK_MAP, 8);
}

void altair_eval_encoder_caster_end(sink *s)
{
	sink_close(s);
}

void altair_eval_encoder_caster_member(sink *s, const char *name, zval *value, int depth)
{
	zend_string *key = zend_string_init(name, strlen(name), 0);
	sink_mark mark;

	if (sink_element_begin(s, &mark)) {
		altair_eval_encoder_walk_entry(s, key, 0, value, depth + 1);
		sink_element_end(s, &mark);
	}
	zend_string_release(key);
}

/* ---- the app's own method ------------------------------------------------------------------- */

/* What altairEvalProperties() returns, as the properties (with the caps and the budget of any
 * properties); anything but an array is an error. */
static void cast_app(sink *s, zend_object *object, int depth, hook_error *error)
{
	zval result;

	put_string(s, EK_CASTER, "app");
	if (altair_eval_encoder_caster_call(object, ALTAIR_EVAL_CASTER_APP_METHOD, &result, error)
		&& Z_TYPE(result) == IS_ARRAY) {
		altair_eval_encoder_walk_properties(s, Z_ARRVAL(result), NULL, depth);
	} else {
		if (Z_TYPE(result) != IS_UNDEF && !error->class_name) {
			error->class_name = zend_string_init("TypeError", strlen("TypeError"), 0);
			error->message = zend_strpprintf(0, "altairEvalProperties() must return an array, %s returned",
				zend_zval_type_name(&result));
		}
		sink_key(s, EK_PROPERTIES);
		sink_open(s, SINK_MAP, 0);
		sink_close(s);
	}
	altair_eval_encoder_hook_release(&result, error);
}

/* ---- Laravel -------------------------------------------------------------------------------- */

/* An Eloquent model: key, exists, the attributes as stored (minus $hidden) and the relations
 * already loaded. Read from the slots: no accessor, cast or lazy load runs. Every slot is held
 * before the first member is walked: a member's hook may unset or replace any of them
 * (docs/ARCHITECTURE.md, "The encoders: ownership and exceptions"). */
enum { MODEL_ATTRIBUTES, MODEL_HIDDEN, MODEL_KEY_NAME, MODEL_EXISTS, MODEL_RELATIONS, MODEL_SLOTS };

static void cast_eloquent_model(sink *s, zend_object *object, int depth, hook_error *error)
{
	static const char *const names[MODEL_SLOTS] = { "attributes", "hidden", "primaryKey", "exists", "relations" };
	zval held[MODEL_SLOTS], shown, key, *item, null;
	bool has_attributes;

	for (size_t i = 0; i < MODEL_SLOTS; i++) {
		altair_eval_encoder_caster_hold(object, names[i], &held[i]);
	}
	has_attributes = Z_TYPE(held[MODEL_ATTRIBUTES]) == IS_ARRAY;
	ZVAL_NULL(&null);
	ZVAL_UNDEF(&key);
	ZVAL_UNDEF(&shown);
	if (has_attributes) {
		/* The attributes as shown, a copy of our own, and the key out of them, held too. */
		item = Z_TYPE(held[MODEL_KEY_NAME]) == IS_STRING
			? zend_symtable_find(Z_ARRVAL(held[MODEL_ATTRIBUTES]), Z_STR(held[MODEL_KEY_NAME])) : NULL;
		if (item) {
			ZVAL_COPY_DEREF(&key, item);
		}
		ZVAL_ARR(&shown, zend_array_dup(Z_ARRVAL(held[MODEL_ATTRIBUTES])));
		if (Z_TYPE(held[MODEL_HIDDEN]) == IS_ARRAY) {
			ZEND_HASH_FOREACH_VAL(Z_ARRVAL(held[MODEL_HIDDEN]), item) {
				if (Z_TYPE_P(item) == IS_STRING) {
					zend_symtable_del(Z_ARRVAL(shown), Z_STR_P(item));
				}
			} ZEND_HASH_FOREACH_END();
		}
	}
	altair_eval_encoder_caster_begin(s, "eloquent.model");
	if (has_attributes) {
		altair_eval_encoder_caster_member(s, "key", Z_ISUNDEF(key) ? &null : &key, depth);
	}
	altair_eval_encoder_caster_member(s, "exists", Z_ISUNDEF(held[MODEL_EXISTS]) ? &null : &held[MODEL_EXISTS], depth);
	if (has_attributes) {
		altair_eval_encoder_caster_member(s, "attributes", &shown, depth - 1);
	}
	if (Z_TYPE(held[MODEL_RELATIONS]) == IS_ARRAY) {
		altair_eval_encoder_caster_member(s, "relations", &held[MODEL_RELATIONS], depth - 1);
	}
	altair_eval_encoder_caster_end(s);
	altair_eval_encoder_hook_release(&key, error);
	altair_eval_encoder_hook_release(&shown, error);
	altair_eval_encoder_caster_release(held, MODEL_SLOTS, error);
}

/* A Support or Eloquent collection: its items, as an array. */
static void cast_collection(sink *s, zend_object *object, int depth, hook_error *error)
{
	zval items;

	altair_eval_encoder_caster_begin(s, "collection");
	if (altair_eval_encoder_caster_hold(object, "items", &items)) {
		altair_eval_encoder_caster_member(s, "items", &items, depth - 1);
	}
	altair_eval_encoder_caster_end(s);
	altair_eval_encoder_caster_release(&items, 1, error);
}

/* ---- Doctrine ------------------------------------------------------------------------------- */

#define ALTAIR_EVAL_DOCTRINE_ENTITY "doctrine\\orm\\mapping\\entity"
#define ALTAIR_EVAL_DOCTRINE_MAPPING "doctrine\\orm\\mapping\\"

/* zend_is_true() of a flag, but never of an object: its cast handler could be userland's. */
static bool is_true(zval *flag)
{
	return Z_TYPE_P(flag) != IS_OBJECT && zend_is_true(flag);
}

static bool is_entity_class(zend_class_entry *ce)
{
	return ce->attributes && zend_get_attribute_str(ce->attributes, ALTAIR_EVAL_DOCTRINE_ENTITY, strlen(ALTAIR_EVAL_DOCTRINE_ENTITY));
}

/* A property mapped by a Doctrine attribute (Id, Column, ManyToOne, ...). */
static bool is_mapped(zend_property_info *info)
{
	zend_attribute *attribute;

	if (!info->attributes) {
		return false;
	}
	ZEND_HASH_PACKED_FOREACH_PTR(info->attributes, attribute) {
		if (strncmp(ZSTR_VAL(attribute->lcname), ALTAIR_EVAL_DOCTRINE_MAPPING, strlen(ALTAIR_EVAL_DOCTRINE_MAPPING)) == 0) {
			return true;
		}
	} ZEND_HASH_FOREACH_END();
	return false;
}

/* The fields entity declares with a mapping attribute, by name, held from their slots before any
 * is walked (a field's hook may unset the others); a field not set (a proxy's lazy fields) is left
 * out. */
static void mapped_fields(sink *s, zend_object *object, zend_class_entry *entity, int depth, hook_error *error)
{
	zend_property_info *info;
	zend_string *name;
	zval fields, *slot;

	array_init(&fields);
	ZEND_HASH_FOREACH_PTR(&entity->properties_info, info) {
		if ((info->flags & ZEND_ACC_STATIC) || !is_mapped(info)) {
			continue;
		}
		slot = OBJ_PROP(object, info->offset);
		ZVAL_DEREF(slot);
		if (!Z_ISUNDEF_P(slot)) {
			Z_TRY_ADDREF_P(slot);
			zend_hash_str_update(Z_ARRVAL(fields), zend_get_unmangled_property_name(info->name),
				strlen(zend_get_unmangled_property_name(info->name)), slot);
		}
	} ZEND_HASH_FOREACH_END();
	altair_eval_encoder_caster_begin(s, object->ce == entity ? "doctrine.entity" : "doctrine.proxy");
	ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL(fields), name, slot) {
		altair_eval_encoder_caster_member(s, ZSTR_VAL(name), slot, depth);
	} ZEND_HASH_FOREACH_END();
	altair_eval_encoder_caster_end(s);
	altair_eval_encoder_hook_release(&fields, error);
}

/* A Doctrine entity mapped with attributes: its mapped fields. */
static void cast_doctrine_entity(sink *s, zend_object *object, int depth, hook_error *error)
{
	mapped_fields(s, object, object->ce, depth, error);
}

/* A Doctrine proxy: initialized or not, and the fields it holds (an uninitialized one: its
 * identifier and the class defaults, nothing loaded). Read from the slots: no method of the proxy
 * runs, since every one of them would load the entity. */
static void cast_doctrine_proxy(sink *s, zend_object *object, int depth, hook_error *error)
{
	zval held;
	zend_class_entry *entity = object->ce->parent;
	bool initialized;

	/* Read before any field is walked: a field's hook may unset it. */
	initialized = altair_eval_encoder_caster_hold(object, "__isInitialized__", &held) && is_true(&held);
	altair_eval_encoder_caster_release(&held, 1, error);
	if (entity && is_entity_class(entity)) {
		mapped_fields(s, object, entity, depth, error);
	} else {
		put_string(s, EK_CASTER, "doctrine.proxy");
	}
	put_bool(s, EK_INITIALIZED, initialized);
}

/* A lazy collection (a PersistentCollection): its elements once loaded; never loaded here. */
static void cast_doctrine_lazy_collection(sink *s, zend_object *object, int depth, hook_error *error)
{
	zval initialized, collection;
	bool loaded = altair_eval_encoder_caster_hold(object, "initialized", &initialized) && is_true(&initialized);

	altair_eval_encoder_caster_hold(object, "collection", &collection);
	altair_eval_encoder_caster_begin(s, "doctrine.lazy_collection");
	if (loaded && !Z_ISUNDEF(collection)) {
		altair_eval_encoder_caster_member(s, "collection", &collection, depth);
	}
	altair_eval_encoder_caster_end(s);
	put_bool(s, EK_INITIALIZED, loaded);
	altair_eval_encoder_caster_release(&initialized, 1, error);
	altair_eval_encoder_caster_release(&collection, 1, error);
}

/* ---- which one -------------------------------------------------------------------------------- */

static const struct {
	const char *class_name; /* lowercase, as the class table keys it */
	caster_fn cast;
} casters[] = {
	{ "illuminate\\database\\eloquent\\model", cast_eloquent_model },
	{ "illuminate\\support\\collection", cast_collection },
	{ "doctrine\\persistence\\proxy", cast_doctrine_proxy },
	{ "doctrine\\common\\collections\\abstractlazycollection", cast_doctrine_lazy_collection },
	{ "symfony\\component\\httpfoundation\\request", altair_eval_encoder_caster_symfony_request },
	{ "symfony\\component\\httpfoundation\\response", altair_eval_encoder_caster_symfony_response },
	{ "psr\\http\\message\\requestinterface", altair_eval_encoder_caster_psr7_request },
	{ "psr\\http\\message\\responseinterface", altair_eval_encoder_caster_psr7_response },
};

/* The app's method name, interned with its hash: looked up for every object. */
static zend_string *app_method;

void altair_eval_encoder_caster_minit(void)
{
	app_method = zend_string_init_interned(ALTAIR_EVAL_CASTER_APP_METHOD, strlen(ALTAIR_EVAL_CASTER_APP_METHOD), 1);
}

caster_fn altair_eval_encoder_caster_find(sink *s, zend_object *object)
{
	size_t count = sizeof(casters) / sizeof(casters[0]);

	if (zend_hash_exists(&object->ce->function_table, app_method)) {
		return cast_app;
	}
	if (!s->casters_resolved) {
		/* Once per encoding: the classes loaded now, none autoloaded. */
		ZEND_ASSERT(count <= ALTAIR_EVAL_SINK_CASTERS);
		for (size_t i = 0; i < count; i++) {
			s->caster_classes[i] = zend_hash_str_find_ptr(EG(class_table), casters[i].class_name, strlen(casters[i].class_name));
			s->any_caster |= s->caster_classes[i] != NULL;
		}
		s->casters_resolved = true;
	}
	for (size_t i = 0; s->any_caster && i < count; i++) {
		if (s->caster_classes[i] && instanceof_function(object->ce, s->caster_classes[i])) {
			return casters[i].cast;
		}
	}
	return is_entity_class(object->ce) ? cast_doctrine_entity : NULL;
}
