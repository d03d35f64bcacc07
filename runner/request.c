/*
 * EvalRequest: what to evaluate, where, under which policy. Everything is checked once, here, so
 * the runner can trust it: the root and the bootstrap are real paths, numbers are clamped.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "../php_altair_eval.h"
#include "runner.h"
#include "internal.h"

#include <sys/stat.h>

zend_class_entry *altair_eval_request_ce;

/* Characters a path cannot carry into the child's -d open_basedir=... / -d altair_eval.*=... */
#define ALTAIR_EVAL_PATH_FORBIDDEN_CHARS "\"\n\r:;"

static zend_long clamp(zend_long value, zend_long min, zend_long max)
{
	return value < min ? min : (value > max ? max : value);
}

static zend_string *real_path_or_null(const char *path)
{
	char resolved[MAXPATHLEN];

	if (!VCWD_REALPATH(path, resolved)) {
		return NULL;
	}
	return zend_string_init(resolved, strlen(resolved), 0);
}

static bool is_inside(zend_string *path, zend_string *root)
{
	return ZSTR_LEN(path) > ZSTR_LEN(root)
		&& memcmp(ZSTR_VAL(path), ZSTR_VAL(root), ZSTR_LEN(root)) == 0
		&& (ZSTR_VAL(path)[ZSTR_LEN(root)] == '/' || ZSTR_LEN(root) == 1);
}

static zend_string *resolve_root(zend_string *given)
{
	zend_stat_t info;
	zend_string *root = real_path_or_null(ZSTR_VAL(given));

	if (!root || VCWD_STAT(ZSTR_VAL(root), &info) != 0 || !S_ISDIR(info.st_mode)) {
		if (root) {
			zend_string_release(root);
		}
		zend_argument_value_error(2, "must be an existing directory, \"%s\" is not", ZSTR_VAL(given));
		return NULL;
	}
	if (strpbrk(ZSTR_VAL(root), ALTAIR_EVAL_PATH_FORBIDDEN_CHARS)) {
		zend_argument_value_error(2, "must not contain any of the characters \" : ; or a line break (\"%s\")",
			ZSTR_VAL(root));
		zend_string_release(root);
		return NULL;
	}
	return root;
}

static zend_string *resolve_bootstrap(zend_string *given, zend_string *root)
{
	zend_stat_t info;
	zend_string *joined, *bootstrap;

	joined = ZSTR_VAL(given)[0] == '/'
		? zend_string_copy(given)
		: zend_strpprintf(0, "%s/%s", ZSTR_VAL(root), ZSTR_VAL(given));
	bootstrap = real_path_or_null(ZSTR_VAL(joined));
	zend_string_release(joined);

	if (!bootstrap || VCWD_STAT(ZSTR_VAL(bootstrap), &info) != 0 || !S_ISREG(info.st_mode)
		|| !is_inside(bootstrap, root) || strpbrk(ZSTR_VAL(bootstrap), ALTAIR_EVAL_PATH_FORBIDDEN_CHARS)) {
		if (bootstrap) {
			zend_string_release(bootstrap);
		}
		zend_argument_value_error(7, "must be an existing file inside the project root \"%s\", \"%s\" is not",
			ZSTR_VAL(root), ZSTR_VAL(given));
		return NULL;
	}
	return bootstrap;
}

static void set_string(zend_object *object, const char *name, zend_string *value)
{
	zend_update_property_str(altair_eval_request_ce, object, name, strlen(name), value);
}

static void set_long(zend_object *object, const char *name, zend_long value)
{
	zend_update_property_long(altair_eval_request_ce, object, name, strlen(name), value);
}

static void set_bool(zend_object *object, const char *name, bool value)
{
	zend_update_property_bool(altair_eval_request_ce, object, name, strlen(name), value);
}

ZEND_METHOD(Altair_Eval_EvalRequest, __construct)
{
	zend_string *snippet, *given_root, *given_bootstrap = NULL;
	zend_string *root, *bootstrap = NULL;
	zend_long timeout_ms = ALTAIR_EVAL_TIMEOUT_MS_DEFAULT;
	zend_long memory_limit_mb = ALTAIR_EVAL_MEMORY_MB_DEFAULT;
	bool allow_writes = false, allow_network = false, unsafe = false;
	zend_object *object = Z_OBJ_P(ZEND_THIS);

	ZEND_PARSE_PARAMETERS_START(2, 8)
		Z_PARAM_STR(snippet)
		Z_PARAM_PATH_STR(given_root)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(timeout_ms)
		Z_PARAM_LONG(memory_limit_mb)
		Z_PARAM_BOOL(allow_writes)
		Z_PARAM_BOOL(allow_network)
		Z_PARAM_PATH_STR_OR_NULL(given_bootstrap)
		Z_PARAM_BOOL(unsafe)
	ZEND_PARSE_PARAMETERS_END();

	if (ZSTR_LEN(snippet) == 0) {
		zend_argument_value_error(1, "must not be empty");
		RETURN_THROWS();
	}
	if (ZSTR_LEN(given_root) == 0) {
		zend_argument_value_error(2, "must not be empty");
		RETURN_THROWS();
	}
	root = resolve_root(given_root);
	if (!root) {
		RETURN_THROWS();
	}
	if (given_bootstrap && ZSTR_LEN(given_bootstrap) > 0) {
		bootstrap = resolve_bootstrap(given_bootstrap, root);
		if (!bootstrap) {
			zend_string_release(root);
			RETURN_THROWS();
		}
	}

	set_string(object, "snippet", snippet);
	set_string(object, "projectRoot", root);
	set_long(object, "timeoutMs", clamp(timeout_ms, ALTAIR_EVAL_TIMEOUT_MS_MIN, ALTAIR_EVAL_TIMEOUT_MS_MAX));
	set_long(object, "memoryLimitMb", clamp(memory_limit_mb, ALTAIR_EVAL_MEMORY_MB_MIN, ALTAIR_EVAL_MEMORY_MB_MAX));
	set_bool(object, "allowWrites", allow_writes);
	set_bool(object, "allowNetwork", allow_network);
	if (bootstrap) {
		set_string(object, "bootstrap", bootstrap);
		zend_string_release(bootstrap);
	} else {
		zend_update_property_null(altair_eval_request_ce, object, "bootstrap", strlen("bootstrap"));
	}
	set_bool(object, "unsafe", unsafe);
	zend_string_release(root);
}

static zval *property(zend_object *object, const char *name, uint8_t type)
{
	zval rv, *value = zend_read_property(altair_eval_request_ce, object, name, strlen(name), true, &rv);
	bool matches = type == _IS_BOOL
		? (Z_TYPE_P(value) == IS_TRUE || Z_TYPE_P(value) == IS_FALSE)
		: (Z_TYPE_P(value) == type || (type == IS_NULL && Z_TYPE_P(value) == IS_STRING));

	if (EG(exception)) {
		return NULL;
	}
	if (!matches) {
		zend_throw_exception_ex(altair_eval_exception_ce, ALTAIR_EVAL_ERROR_SPAWN,
			"EvalRequest::$%s is not initialized: construct requests with new EvalRequest(...)", name);
		return NULL;
	}
	return value;
}

/* Returns FAILURE with an exception thrown when the object was not built by the constructor. */
zend_result altair_eval_request_read(zend_object *object, altair_eval_request *request)
{
	zval *snippet, *root, *timeout, *memory, *writes, *network, *bootstrap, *unsafe;

	if (!(snippet = property(object, "snippet", IS_STRING))
		|| !(root = property(object, "projectRoot", IS_STRING))
		|| !(timeout = property(object, "timeoutMs", IS_LONG))
		|| !(memory = property(object, "memoryLimitMb", IS_LONG))
		|| !(writes = property(object, "allowWrites", _IS_BOOL))
		|| !(network = property(object, "allowNetwork", _IS_BOOL))
		|| !(bootstrap = property(object, "bootstrap", IS_NULL))
		|| !(unsafe = property(object, "unsafe", _IS_BOOL))) {
		return FAILURE;
	}
	request->snippet = Z_STR_P(snippet);
	request->project_root = Z_STR_P(root);
	request->timeout_ms = Z_LVAL_P(timeout);
	request->memory_limit_mb = Z_LVAL_P(memory);
	request->allow_writes = Z_TYPE_P(writes) == IS_TRUE;
	request->allow_network = Z_TYPE_P(network) == IS_TRUE;
	request->bootstrap = Z_TYPE_P(bootstrap) == IS_STRING ? Z_STR_P(bootstrap) : NULL;
	request->unsafe = Z_TYPE_P(unsafe) == IS_TRUE;
	return SUCCESS;
}
