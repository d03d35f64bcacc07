/*
 * EvalRequest: what to evaluate, where, under which policy. A value, as univeros/framework's is:
 * numbers are clamped, paths resolved when they exist. altair_eval_request_read() checks the paths
 * when the request is evaluated, so the runner can trust it: the root and the bootstrap are real
 * paths, the bootstrap inside the root.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "../php_altair_eval.h"
#include "runner.h"
#include "internal.h"

#include <ctype.h>
#include <errno.h>
#include <sys/stat.h>
#include <sys/un.h>

zend_class_entry *altair_eval_request_ce;

/* The constructor's argument numbers its errors name (the stub's order: univeros's eight first). */
#define ALTAIR_EVAL_REQUEST_ARG_ENDPOINTS 9
#define ALTAIR_EVAL_REQUEST_ARG_ENV 10
#define ALTAIR_EVAL_REQUEST_ARG_ENV_ALLOW 11
#define ALTAIR_EVAL_REQUEST_ARG_DATABASES 12
#define ALTAIR_EVAL_REQUEST_ARG_FAKE_HTTP 13
#define ALTAIR_EVAL_REQUEST_ARG_WRITES 5
#define ALTAIR_EVAL_WRITES_ROLLBACK "rollback"

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

/* The real path when there is one, else the path as given (checked by evaluate(), not here). */
static zend_string *resolved_or_given(zend_string *path)
{
	zend_string *real = real_path_or_null(ZSTR_VAL(path));

	return real ? real : zend_string_copy(path);
}

/* A bootstrap relative to the root; resolved, or as given. */
static zend_string *resolve_bootstrap(zend_string *given, zend_string *root)
{
	zend_string *joined, *bootstrap;

	joined = ZSTR_VAL(given)[0] == '/'
		? zend_string_copy(given)
		: zend_strpprintf(0, "%s/%s", ZSTR_VAL(root), ZSTR_VAL(given));
	bootstrap = real_path_or_null(ZSTR_VAL(joined));
	zend_string_release(joined);
	return bootstrap ? bootstrap : zend_string_copy(given);
}

/* path is a real path (as the constructor stored it when it resolved) of the given type. */
static bool is_real(zend_string *path, mode_t type)
{
	zend_stat_t info;
	zend_string *real = real_path_or_null(ZSTR_VAL(path));
	bool same = real && zend_string_equals(real, path);

	if (real) {
		zend_string_release(real);
	}
	return same && VCWD_STAT(ZSTR_VAL(path), &info) == 0 && (info.st_mode & S_IFMT) == type;
}

/* What the child can be given: an existing root, a bootstrap inside it, no character that would
 * break the -d values. Checked when the request is evaluated (univeros builds requests for roots
 * that do not exist, to test its own classes); a ValueError on evaluate()'s $request. */
static zend_result check_paths(zend_string *root, zend_string *bootstrap)
{
	if (!is_real(root, S_IFDIR)) {
		zend_argument_value_error(1, "must have an existing directory as $projectRoot, \"%s\" is not", ZSTR_VAL(root));
		return FAILURE;
	}
	if (strpbrk(ZSTR_VAL(root), ALTAIR_EVAL_PATH_FORBIDDEN_CHARS)) {
		zend_argument_value_error(1, "must not have any of the characters \" : ; or a line break in $projectRoot (\"%s\")",
			ZSTR_VAL(root));
		return FAILURE;
	}
	if (bootstrap && (!is_real(bootstrap, S_IFREG) || !is_inside(bootstrap, root)
			|| strpbrk(ZSTR_VAL(bootstrap), ALTAIR_EVAL_PATH_FORBIDDEN_CHARS))) {
		zend_argument_value_error(1, "must have an existing file inside the project root \"%s\" as $bootstrap, \"%s\" is not",
			ZSTR_VAL(root), ZSTR_VAL(bootstrap));
		return FAILURE;
	}
	return SUCCESS;
}

/* Characters an endpoint cannot carry into the comma-separated -d altair_eval.guest_endpoints="..." */
#define ALTAIR_EVAL_ENDPOINT_FORBIDDEN_CHARS "\"\n\r;,$\\"
#define ALTAIR_EVAL_ENDPOINT_UNIX_PREFIX "unix:"
#define ALTAIR_EVAL_ENDPOINT_TCP_PREFIX "tcp://"
#define ALTAIR_EVAL_PORT_MAX 65535

static bool has_prefix(const char *value, const char *prefix)
{
	return strncmp(value, prefix, strlen(prefix)) == 0;
}

/* "unix:/abs/path" (also "unix:///abs/path"): a path that fits in sockaddr_un. */
static zend_string *normalize_unix_endpoint(const char *path, size_t length)
{
	struct sockaddr_un address;

	if (length >= 3 && path[0] == '/' && path[1] == '/' && path[2] == '/') {
		path += 2;
		length -= 2;
	}
	if (length < 2 || path[0] != '/' || length >= sizeof(address.sun_path) || memchr(path, '\0', length)
		|| strpbrk(path, ALTAIR_EVAL_ENDPOINT_FORBIDDEN_CHARS)) {
		return NULL;
	}
	return zend_strpprintf(0, ALTAIR_EVAL_ENDPOINT_UNIX_PREFIX "%.*s", (int) length, path);
}

/* "host:port", "[v6]:port", optionally "tcp://"-prefixed; the host lower-cased, the port a number. */
static zend_string *normalize_tcp_endpoint(const char *value, size_t length)
{
	const char *colon, *host_end, *port;
	char *digits_end;
	bool bracketed;
	zend_string *host;
	long number;

	if (has_prefix(value, ALTAIR_EVAL_ENDPOINT_TCP_PREFIX)) {
		value += strlen(ALTAIR_EVAL_ENDPOINT_TCP_PREFIX);
		length -= strlen(ALTAIR_EVAL_ENDPOINT_TCP_PREFIX);
	}
	colon = zend_memrchr(value, ':', length);
	if (!colon || colon == value || memchr(value, '\0', length)) {
		return NULL;
	}
	bracketed = value[0] == '[';
	host_end = colon;
	if (bracketed) {
		if (colon - value < 3 || colon[-1] != ']') {
			return NULL;
		}
		value++;
		host_end = colon - 1;
	}
	for (const char *c = value; c < host_end; c++) {
		bool ok = bracketed
			? (isxdigit((unsigned char) *c) || *c == ':' || *c == '.')
			: (isalnum((unsigned char) *c) || *c == '.' || *c == '-' || *c == '_');
		if (!ok) {
			return NULL;
		}
	}
	if (host_end == value) {
		return NULL;
	}
	port = colon + 1;
	errno = 0;
	number = strtol(port, &digits_end, 10);
	if (!isdigit((unsigned char) *port) || *digits_end != '\0' || errno != 0 || number < 1 || number > ALTAIR_EVAL_PORT_MAX) {
		return NULL;
	}
	host = zend_string_tolower(zend_string_init(value, (size_t) (host_end - value), 0));
	zend_string *normalized = zend_strpprintf(0, bracketed ? "[%s]:%ld" : "%s:%ld", ZSTR_VAL(host), number);
	zend_string_release(host);
	return normalized;
}

/* The validated, normalized list; NULL with a ValueError thrown. */
static zend_array *normalize_endpoints(HashTable *given, uint32_t argument)
{
	zend_array *list;
	zval *entry, normalized;

	if (zend_hash_num_elements(given) > ALTAIR_EVAL_ENDPOINTS_MAX) {
		zend_argument_value_error(argument, "must not have more than %d entries", ALTAIR_EVAL_ENDPOINTS_MAX);
		return NULL;
	}
	list = zend_new_array(zend_hash_num_elements(given));
	ZEND_HASH_FOREACH_VAL(given, entry) {
		zend_string *endpoint = NULL;

		ZVAL_DEREF(entry);
		if (Z_TYPE_P(entry) == IS_STRING) {
			endpoint = has_prefix(Z_STRVAL_P(entry), ALTAIR_EVAL_ENDPOINT_UNIX_PREFIX)
				? normalize_unix_endpoint(Z_STRVAL_P(entry) + strlen(ALTAIR_EVAL_ENDPOINT_UNIX_PREFIX),
					Z_STRLEN_P(entry) - strlen(ALTAIR_EVAL_ENDPOINT_UNIX_PREFIX))
				: normalize_tcp_endpoint(Z_STRVAL_P(entry), Z_STRLEN_P(entry));
		}
		if (!endpoint) {
			if (Z_TYPE_P(entry) == IS_STRING) {
				zend_argument_value_error(argument, "must hold \"host:port\" (port 1-65535) or \"unix:/absolute/path\" entries, \"%s\" is neither",
					Z_STRVAL_P(entry));
			} else {
				zend_argument_value_error(argument, "must hold strings, %s given", zend_zval_type_name(entry));
			}
			zend_array_destroy(list);
			return NULL;
		}
		ZVAL_STR(&normalized, endpoint);
		zend_hash_next_index_insert_new(list, &normalized);
	} ZEND_HASH_FOREACH_END();
	return list;
}

/* EvalRequest databases: URLs normalized by runner/databases.c; NULL with a ValueError thrown. */
static zend_array *normalize_databases(HashTable *given, uint32_t argument)
{
	zend_array *list;
	zval *entry, normalized;

	if (zend_hash_num_elements(given) > ALTAIR_EVAL_DATABASES_MAX) {
		zend_argument_value_error(argument, "must not have more than %d entries", ALTAIR_EVAL_DATABASES_MAX);
		return NULL;
	}
	list = zend_new_array(zend_hash_num_elements(given));
	ZEND_HASH_FOREACH_VAL(given, entry) {
		zend_string *url = NULL;

		ZVAL_DEREF(entry);
		if (Z_TYPE_P(entry) == IS_STRING) {
			url = altair_eval_databases_normalize(Z_STRVAL_P(entry), Z_STRLEN_P(entry));
		}
		if (!url) {
			if (Z_TYPE_P(entry) == IS_STRING) {
				/* Never echoed: a URL may carry a password. */
				zend_argument_value_error(argument, "must hold database URLs (pgsql://host:port, mysql://…, redis://…, mysql+unix:///path), entry %zu is not one",
					(size_t) zend_hash_num_elements(list));
			} else {
				zend_argument_value_error(argument, "must hold strings, %s given", zend_zval_type_name(entry));
			}
			zend_array_destroy(list);
			return NULL;
		}
		ZVAL_STR(&normalized, url);
		zend_hash_next_index_insert_new(list, &normalized);
	} ZEND_HASH_FOREACH_END();
	return list;
}

/* A fakeHttp key: "[METHOD ]pattern", the method letters, the pattern printable and without
 * spaces. The method is upper-cased in place. */
static bool fake_http_key(zend_string *key)
{
	char *c = ZSTR_VAL(key), *space = memchr(c, ' ', ZSTR_LEN(key));
	char *pattern = space ? space + 1 : c;

	if (ZSTR_LEN(key) == 0 || ZSTR_LEN(key) > ALTAIR_EVAL_FAKE_HTTP_PATTERN_MAX) {
		return false;
	}
	for (char *m = c; space && m < space; m++) {
		if (!isalpha((unsigned char) *m)) {
			return false;
		}
		*m = (char) toupper((unsigned char) *m);
	}
	if (space == c || pattern == ZSTR_VAL(key) + ZSTR_LEN(key)) {
		return false;
	}
	for (char *p = pattern; p < ZSTR_VAL(key) + ZSTR_LEN(key); p++) {
		if ((unsigned char) *p <= ' ' || *p == 0x7f) {
			return false;
		}
	}
	return true;
}

/* A fakeHttp answer: "STATUS[:BODY]", the status 100-599. */
static bool fake_http_answer(zend_string *answer)
{
	const char *c = ZSTR_VAL(answer);

	return ZSTR_LEN(answer) >= 3 && ZSTR_LEN(answer) <= 4 + ALTAIR_EVAL_FAKE_HTTP_BODY_MAX
		&& c[0] >= '1' && c[0] <= '5' && isdigit((unsigned char) c[1]) && isdigit((unsigned char) c[2])
		&& (ZSTR_LEN(answer) == 3 || c[3] == ':');
}

/* EvalRequest fakeHttp: "[METHOD ]pattern" => "STATUS[:BODY]"; NULL with a ValueError thrown. */
static zend_array *normalize_fake_http(HashTable *given, uint32_t argument)
{
	zend_array *map;
	zend_string *key;
	zval *entry;
	size_t bytes = 0;

	if (zend_hash_num_elements(given) > ALTAIR_EVAL_FAKE_HTTP_MAX) {
		zend_argument_value_error(argument, "must not have more than %d entries", ALTAIR_EVAL_FAKE_HTTP_MAX);
		return NULL;
	}
	map = zend_new_array(zend_hash_num_elements(given));
	ZEND_HASH_FOREACH_STR_KEY_VAL(given, key, entry) {
		zend_string *pattern;

		ZVAL_DEREF(entry);
		if (!key || Z_TYPE_P(entry) != IS_STRING) {
			zend_argument_value_error(argument, "must map \"[METHOD ]host/path*\" patterns to \"STATUS[:BODY]\" strings");
			zend_array_destroy(map);
			return NULL;
		}
		pattern = zend_string_init(ZSTR_VAL(key), ZSTR_LEN(key), 0);
		bytes += ZSTR_LEN(pattern) + Z_STRLEN_P(entry);
		if (!fake_http_key(pattern) || !fake_http_answer(Z_STR_P(entry)) || bytes > ALTAIR_EVAL_FAKE_HTTP_BYTES_MAX) {
			if (bytes > ALTAIR_EVAL_FAKE_HTTP_BYTES_MAX) {
				zend_argument_value_error(argument, "must not hold more than %d bytes of patterns and answers", ALTAIR_EVAL_FAKE_HTTP_BYTES_MAX);
			} else if (!fake_http_answer(Z_STR_P(entry))) {
				zend_argument_value_error(argument, "must map each pattern to \"STATUS[:BODY]\" (a status 100-599, a body of at most %d bytes), \"%s\" does not",
					ALTAIR_EVAL_FAKE_HTTP_BODY_MAX, ZSTR_VAL(pattern));
			} else {
				zend_argument_value_error(argument, "must have \"[METHOD ]host/path*\" keys (a pattern of at most %d bytes, no spaces)",
					ALTAIR_EVAL_FAKE_HTTP_PATTERN_MAX);
			}
			zend_string_release(pattern);
			zend_array_destroy(map);
			return NULL;
		}
		Z_TRY_ADDREF_P(entry);
		zend_hash_update(map, pattern, entry);
		zend_string_release(pattern);
	} ZEND_HASH_FOREACH_END();
	return map;
}

static bool is_variable_name(zend_string *name)
{
	const char *c = ZSTR_VAL(name);

	if (ZSTR_LEN(name) == 0 || ZSTR_LEN(name) > ALTAIR_EVAL_ENV_NAME_MAX || !(isalpha((unsigned char) *c) || *c == '_')) {
		return false;
	}
	for (size_t i = 1; i < ZSTR_LEN(name); i++) {
		if (!(isalnum((unsigned char) c[i]) || c[i] == '_')) {
			return false;
		}
	}
	return true;
}

/* A list of variable names; NULL with a ValueError thrown. */
static zend_array *normalize_env_allow(HashTable *given, uint32_t argument)
{
	zend_array *list;
	zval *entry;

	if (zend_hash_num_elements(given) > ALTAIR_EVAL_ENV_ALLOW_MAX) {
		zend_argument_value_error(argument, "must not have more than %d entries", ALTAIR_EVAL_ENV_ALLOW_MAX);
		return NULL;
	}
	list = zend_new_array(zend_hash_num_elements(given));
	ZEND_HASH_FOREACH_VAL(given, entry) {
		ZVAL_DEREF(entry);
		if (Z_TYPE_P(entry) != IS_STRING || !is_variable_name(Z_STR_P(entry))) {
			if (Z_TYPE_P(entry) == IS_STRING) {
				zend_argument_value_error(argument, "must hold variable names ([A-Za-z_][A-Za-z0-9_]*), \"%s\" is not",
					Z_STRVAL_P(entry));
			} else {
				zend_argument_value_error(argument, "must hold strings, %s given", zend_zval_type_name(entry));
			}
			zend_array_destroy(list);
			return NULL;
		}
		Z_TRY_ADDREF_P(entry); /* an interned name lives in opcache's shared memory: never written */
		zend_hash_next_index_insert_new(list, entry);
	} ZEND_HASH_FOREACH_END();
	return list;
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

/* Takes the array over. */
static void set_array(zend_object *object, const char *name, zend_array *value)
{
	zval array;

	ZVAL_ARR(&array, value);
	zend_update_property(altair_eval_request_ce, object, name, strlen(name), &array);
	zval_ptr_dtor(&array);
}

ZEND_METHOD(Altair_Eval_EvalRequest, __construct)
{
	zend_string *snippet, *given_root, *given_bootstrap = NULL;
	zend_string *root, *bootstrap = NULL;
	zend_long timeout_ms = ALTAIR_EVAL_TIMEOUT_MS_DEFAULT;
	zend_long memory_limit_mb = ALTAIR_EVAL_MEMORY_MB_DEFAULT;
	bool allow_writes = false, allow_network = false, unsafe = false;
	zval *writes = NULL;
	const char *database_mode = "read-only";
	HashTable *given_endpoints = NULL, *given_env_allow = NULL, *given_databases = NULL, *given_fake_http = NULL;
	zend_string *env = NULL;
	zend_array *endpoints, *env_allow, *databases = NULL, *fake_http = NULL;
	zend_object *object = Z_OBJ_P(ZEND_THIS);

	ZEND_PARSE_PARAMETERS_START(2, 13)
		Z_PARAM_STR(snippet)
		Z_PARAM_PATH_STR(given_root)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(timeout_ms)
		Z_PARAM_LONG(memory_limit_mb)
		Z_PARAM_ZVAL(writes)
		Z_PARAM_BOOL(allow_network)
		Z_PARAM_BOOL(unsafe)
		Z_PARAM_PATH_STR_OR_NULL(given_bootstrap)
		Z_PARAM_ARRAY_HT(given_endpoints)
		Z_PARAM_STR(env)
		Z_PARAM_ARRAY_HT(given_env_allow)
		Z_PARAM_ARRAY_HT(given_databases)
		Z_PARAM_ARRAY_HT(given_fake_http)
	ZEND_PARSE_PARAMETERS_END();

	if (ZSTR_LEN(snippet) == 0) {
		zend_argument_value_error(1, "must not be empty");
		RETURN_THROWS();
	}
	if (ZSTR_LEN(snippet) > ALTAIR_EVAL_SNIPPET_MAX_BYTES) {
		zend_argument_value_error(1, "must not be longer than EvalRequest::MAX_SNIPPET_BYTES (%d bytes), %zu bytes given",
			ALTAIR_EVAL_SNIPPET_MAX_BYTES, ZSTR_LEN(snippet));
		RETURN_THROWS();
	}
	if (ZSTR_LEN(given_root) == 0) {
		zend_argument_value_error(2, "must not be empty");
		RETURN_THROWS();
	}
	/* true: the project and the databases are writable; "rollback": the databases' writes are
	 * undone at the end (the relay's mode), the project stays read-only. */
	if (writes && Z_TYPE_P(writes) == IS_STRING) {
		if (!zend_string_equals_literal(Z_STR_P(writes), ALTAIR_EVAL_WRITES_ROLLBACK)) {
			zend_argument_value_error(ALTAIR_EVAL_REQUEST_ARG_WRITES, "must be true, false or \"" ALTAIR_EVAL_WRITES_ROLLBACK "\"");
			RETURN_THROWS();
		}
		database_mode = "rollback";
	} else if (writes) {
		allow_writes = zend_is_true(writes);
		database_mode = allow_writes ? "writes" : "read-only";
	}
	if (env && !zend_string_equals_literal(env, "inherit") && !zend_string_equals_literal(env, "clean")) {
		zend_argument_value_error(ALTAIR_EVAL_REQUEST_ARG_ENV, "must be \"inherit\" or \"clean\", \"%s\" given", ZSTR_VAL(env));
		RETURN_THROWS();
	}
	root = resolved_or_given(given_root);
	if (given_bootstrap && ZSTR_LEN(given_bootstrap) > 0) {
		bootstrap = resolve_bootstrap(given_bootstrap, root);
	}
	endpoints = given_endpoints ? normalize_endpoints(given_endpoints, ALTAIR_EVAL_REQUEST_ARG_ENDPOINTS) : zend_new_array(0);
	env_allow = endpoints ? (given_env_allow ? normalize_env_allow(given_env_allow, ALTAIR_EVAL_REQUEST_ARG_ENV_ALLOW) : zend_new_array(0)) : NULL;
	if (env_allow) {
		databases = given_databases ? normalize_databases(given_databases, ALTAIR_EVAL_REQUEST_ARG_DATABASES) : zend_new_array(0);
	}
	if (databases) {
		fake_http = given_fake_http ? normalize_fake_http(given_fake_http, ALTAIR_EVAL_REQUEST_ARG_FAKE_HTTP) : zend_new_array(0);
	}
	if (!endpoints || !env_allow || !databases || !fake_http) {
		if (databases) {
			zend_array_destroy(databases);
		}
		if (endpoints) {
			zend_array_destroy(endpoints);
		}
		if (env_allow) {
			zend_array_destroy(env_allow);
		}
		if (bootstrap) {
			zend_string_release(bootstrap);
		}
		zend_string_release(root);
		RETURN_THROWS();
	}

	set_string(object, "snippet", snippet);
	set_string(object, "projectRoot", root);
	set_long(object, "timeoutMs", clamp(timeout_ms, ALTAIR_EVAL_TIMEOUT_MS_MIN, ALTAIR_EVAL_TIMEOUT_MS_MAX));
	set_long(object, "memoryLimitMb", clamp(memory_limit_mb, ALTAIR_EVAL_MEMORY_MB_MIN, ALTAIR_EVAL_MEMORY_MB_MAX));
	set_bool(object, "allowWrites", allow_writes);
	zend_update_property_string(altair_eval_request_ce, object, "databaseMode", strlen("databaseMode"), database_mode);
	set_bool(object, "allowNetwork", allow_network);
	set_bool(object, "unsafe", unsafe);
	if (bootstrap) {
		set_string(object, "bootstrap", bootstrap);
		zend_string_release(bootstrap);
	} else {
		zend_update_property_null(altair_eval_request_ce, object, "bootstrap", strlen("bootstrap"));
	}
	set_array(object, "allowEndpoints", endpoints);
	if (env) {
		set_string(object, "env", env);
	} else {
		zend_update_property_string(altair_eval_request_ce, object, "env", strlen("env"), "inherit");
	}
	set_array(object, "envAllow", env_allow);
	set_array(object, "databases", databases);
	set_array(object, "fakeHttp", fake_http);
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
	zval *snippet, *root, *timeout, *memory, *writes, *network, *bootstrap, *unsafe, *endpoints, *env, *env_allow;
	zval *databases, *mode, *fake_http;

	if (!(snippet = property(object, "snippet", IS_STRING))
		|| !(root = property(object, "projectRoot", IS_STRING))
		|| !(timeout = property(object, "timeoutMs", IS_LONG))
		|| !(memory = property(object, "memoryLimitMb", IS_LONG))
		|| !(writes = property(object, "allowWrites", _IS_BOOL))
		|| !(network = property(object, "allowNetwork", _IS_BOOL))
		|| !(bootstrap = property(object, "bootstrap", IS_NULL))
		|| !(unsafe = property(object, "unsafe", _IS_BOOL))
		|| !(endpoints = property(object, "allowEndpoints", IS_ARRAY))
		|| !(env = property(object, "env", IS_STRING))
		|| !(env_allow = property(object, "envAllow", IS_ARRAY))
		|| !(databases = property(object, "databases", IS_ARRAY))
		|| !(mode = property(object, "databaseMode", IS_STRING))
		|| !(fake_http = property(object, "fakeHttp", IS_ARRAY))) {
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
	request->allow_endpoints = Z_ARRVAL_P(endpoints);
	request->env_clean = zend_string_equals_literal(Z_STR_P(env), "clean");
	request->env_allow = Z_ARRVAL_P(env_allow);
	request->databases = Z_ARRVAL_P(databases);
	request->fake_http = Z_ARRVAL_P(fake_http);
	request->rollback = zend_string_equals_literal(Z_STR_P(mode), "rollback");
	request->relay_listen = NULL;
	request->relay_sockets = NULL;
	request->relay_resolve = false;
	request->relay_hosts = false;
	request->relay_ca = NULL;
	request->relayed = false;
	request->project_overlay = false;
	request->host_note = NULL;
	request->session_id = NULL;
	request->session_call = 0;
	return check_paths(request->project_root, request->bootstrap);
}
