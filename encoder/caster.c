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

zval *altair_eval_encoder_caster_read(zend_object *object, const char *name)
{
	zend_property_info *info = zend_hash_str_find_ptr(&object->ce->properties_info, name, strlen(name));
	zval *slot;

	if (!info || (info->flags & ZEND_ACC_STATIC)) {
		return NULL;
	}
	slot = OBJ_PROP(object, info->offset);
	ZVAL_DEREF(slot);
	return Z_ISUNDEF_P(slot) ? NULL : slot;
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
 * already loaded. Read from the slots: no accessor, cast or lazy load runs. */
static void cast_eloquent_model(sink *s, zend_object *object, int depth, hook_error *error)
{
	zval *attributes = altair_eval_encoder_caster_read(object, "attributes");
	zval *hidden = altair_eval_encoder_caster_read(object, "hidden");
	zval *key_name = altair_eval_encoder_caster_read(object, "primaryKey");
	zval *exists = altair_eval_encoder_caster_read(object, "exists");
	zval *relations = altair_eval_encoder_caster_read(object, "relations");
	zval shown, *item, null;

	ZVAL_NULL(&null);
	altair_eval_encoder_caster_begin(s, "eloquent.model");
	if (attributes && Z_TYPE_P(attributes) == IS_ARRAY) {
		item = key_name && Z_TYPE_P(key_name) == IS_STRING ? zend_symtable_find(Z_ARRVAL_P(attributes), Z_STR_P(key_name)) : NULL;
		altair_eval_encoder_caster_member(s, "key", item ? item : &null, depth);
	}
	altair_eval_encoder_caster_member(s, "exists", exists ? exists : &null, depth);
	if (attributes && Z_TYPE_P(attributes) == IS_ARRAY) {
		ZVAL_ARR(&shown, zend_array_dup(Z_ARRVAL_P(attributes)));
		if (hidden && Z_TYPE_P(hidden) == IS_ARRAY) {
			ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(hidden), item) {
				if (Z_TYPE_P(item) == IS_STRING) {
					zend_symtable_del(Z_ARRVAL(shown), Z_STR_P(item));
				}
			} ZEND_HASH_FOREACH_END();
		}
		altair_eval_encoder_caster_member(s, "attributes", &shown, depth - 1);
		altair_eval_encoder_hook_release(&shown, error);
	}
	if (relations && Z_TYPE_P(relations) == IS_ARRAY) {
		altair_eval_encoder_caster_member(s, "relations", relations, depth - 1);
	}
	altair_eval_encoder_caster_end(s);
}

/* A Support or Eloquent collection: its items, as an array. */
static void cast_collection(sink *s, zend_object *object, int depth, hook_error *error)
{
	zval *items = altair_eval_encoder_caster_read(object, "items");

	altair_eval_encoder_caster_begin(s, "collection");
	if (items) {
		altair_eval_encoder_caster_member(s, "items", items, depth - 1);
	}
	altair_eval_encoder_caster_end(s);
}

/* ---- Doctrine ------------------------------------------------------------------------------- */

#define ALTAIR_EVAL_DOCTRINE_ENTITY "doctrine\\orm\\mapping\\entity"
#define ALTAIR_EVAL_DOCTRINE_MAPPING "doctrine\\orm\\mapping\\"

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

/* The fields entity declares with a mapping attribute, by name, read from their slots; a field
 * not set (a proxy's lazy fields) is left out. */
static void mapped_fields(sink *s, zend_object *object, zend_class_entry *entity, int depth)
{
	zend_property_info *info;
	zval *slot;

	altair_eval_encoder_caster_begin(s, object->ce == entity ? "doctrine.entity" : "doctrine.proxy");
	ZEND_HASH_FOREACH_PTR(&entity->properties_info, info) {
		if ((info->flags & ZEND_ACC_STATIC) || !is_mapped(info)) {
			continue;
		}
		slot = OBJ_PROP(object, info->offset);
		ZVAL_DEREF(slot);
		if (!Z_ISUNDEF_P(slot)) {
			altair_eval_encoder_caster_member(s, zend_get_unmangled_property_name(info->name), slot, depth);
		}
	} ZEND_HASH_FOREACH_END();
	altair_eval_encoder_caster_end(s);
}

/* A Doctrine entity mapped with attributes: its mapped fields. */
static void cast_doctrine_entity(sink *s, zend_object *object, int depth, hook_error *error)
{
	mapped_fields(s, object, object->ce, depth);
}

/* A Doctrine proxy: initialized or not, and the fields it holds (an uninitialized one: its
 * identifier and the class defaults, nothing loaded). Read from the slots: no method of the proxy
 * runs, since every one of them would load the entity. */
static void cast_doctrine_proxy(sink *s, zend_object *object, int depth, hook_error *error)
{
	zval *initialized = altair_eval_encoder_caster_read(object, "__isInitialized__");
	zend_class_entry *entity = object->ce->parent;

	if (entity && is_entity_class(entity)) {
		mapped_fields(s, object, entity, depth);
	} else {
		put_string(s, EK_CASTER, "doctrine.proxy");
	}
	put_bool(s, EK_INITIALIZED, initialized && zend_is_true(initialized));
}

/* A lazy collection (a PersistentCollection): its elements once loaded; never loaded here. */
static void cast_doctrine_lazy_collection(sink *s, zend_object *object, int depth, hook_error *error)
{
	zval *initialized = altair_eval_encoder_caster_read(object, "initialized");
	zval *collection = altair_eval_encoder_caster_read(object, "collection");
	bool loaded = initialized && zend_is_true(initialized);

	altair_eval_encoder_caster_begin(s, "doctrine.lazy_collection");
	if (loaded && collection) {
		altair_eval_encoder_caster_member(s, "collection", collection, depth);
	}
	altair_eval_encoder_caster_end(s);
	put_bool(s, EK_INITIALIZED, loaded);
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
