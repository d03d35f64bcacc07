/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: eb15172ba9ad1b589230ae0ec642cc20b7603ef5 */

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Altair_Eval_EvalRequest___construct, 0, 0, 2)
	ZEND_ARG_TYPE_INFO(0, snippet, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, projectRoot, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeoutMs, IS_LONG, 0, "5000")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, memoryLimitMb, IS_LONG, 0, "128")
	ZEND_ARG_TYPE_MASK(0, allowWrites, MAY_BE_BOOL|MAY_BE_STRING, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, allowNetwork, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, unsafe, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, bootstrap, IS_STRING, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, allowEndpoints, IS_ARRAY, 0, "[]")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, env, IS_STRING, 0, "\'inherit\'")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, envAllow, IS_ARRAY, 0, "[]")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, databases, IS_ARRAY, 0, "[]")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, fakeHttp, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Altair_Eval_EvalResult___construct, 0, 0, 8)
	ZEND_ARG_TYPE_INFO(0, result, IS_ARRAY, 1)
	ZEND_ARG_TYPE_INFO(0, stdout, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, stderr, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, exception, IS_ARRAY, 1)
	ZEND_ARG_TYPE_INFO(0, durationMs, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, memoryPeakBytes, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, exitCode, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, timedOut, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, signal, IS_LONG, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, limitExceeded, IS_STRING, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, error, IS_ARRAY, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, stdoutTruncated, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, stderrTruncated, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, sandbox, IS_ARRAY, 0, "[]")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, queries, IS_ARRAY, 0, "[]")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, effects, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Altair_Eval_EvalResult_ok, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Altair_Eval_EvalResult_toArray, 0, 0, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Altair_Eval_Evaluator___construct, 0, 0, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, runner, IS_OBJECT, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, builder, IS_OBJECT, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, phpBinary, IS_STRING, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, warm, _IS_BOOL, 0, "false")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, resultMaxBytes, IS_LONG, 0, "Altair\\Eval\\Evaluator::RESULT_MAX_BYTES")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_Altair_Eval_Evaluator_evaluate, 0, 1, Altair\\Eval\\EvalResult, 0)
	ZEND_ARG_OBJ_INFO(0, request, Altair\\Eval\\EvalRequest, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_Altair_Eval_Evaluator_openSession, 0, 1, Altair\\Eval\\EvalSession, 0)
	ZEND_ARG_OBJ_INFO(0, defaults, Altair\\Eval\\EvalRequest, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, idleTimeoutMs, IS_LONG, 0, "Altair\\Eval\\EvalSession::DEFAULT_IDLE_TIMEOUT_MS")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Altair_Eval_Evaluator_close, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Altair_Eval_EvalSession___construct, 0, 0, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_Altair_Eval_EvalSession_evaluate, 0, 1, Altair\\Eval\\EvalResult, 0)
	ZEND_ARG_TYPE_INFO(0, snippet, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, timeoutMs, IS_LONG, 1, "null")
ZEND_END_ARG_INFO()

#define arginfo_class_Altair_Eval_EvalSession_isOpen arginfo_class_Altair_Eval_EvalResult_ok

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Altair_Eval_EvalSession_endedBecause, 0, 0, IS_STRING, 1)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Altair_Eval_EvalSession_calls, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_Altair_Eval_EvalSession_close arginfo_class_Altair_Eval_Evaluator_close


ZEND_METHOD(Altair_Eval_EvalRequest, __construct);
ZEND_METHOD(Altair_Eval_EvalResult, __construct);
ZEND_METHOD(Altair_Eval_EvalResult, ok);
ZEND_METHOD(Altair_Eval_EvalResult, toArray);
ZEND_METHOD(Altair_Eval_Evaluator, __construct);
ZEND_METHOD(Altair_Eval_Evaluator, evaluate);
ZEND_METHOD(Altair_Eval_Evaluator, openSession);
ZEND_METHOD(Altair_Eval_Evaluator, close);
ZEND_METHOD(Altair_Eval_EvalSession, __construct);
ZEND_METHOD(Altair_Eval_EvalSession, evaluate);
ZEND_METHOD(Altair_Eval_EvalSession, isOpen);
ZEND_METHOD(Altair_Eval_EvalSession, endedBecause);
ZEND_METHOD(Altair_Eval_EvalSession, calls);
ZEND_METHOD(Altair_Eval_EvalSession, close);


static const zend_function_entry class_Altair_Eval_EvalRequest_methods[] = {
	ZEND_ME(Altair_Eval_EvalRequest, __construct, arginfo_class_Altair_Eval_EvalRequest___construct, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Altair_Eval_EvalResult_methods[] = {
	ZEND_ME(Altair_Eval_EvalResult, __construct, arginfo_class_Altair_Eval_EvalResult___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Altair_Eval_EvalResult, ok, arginfo_class_Altair_Eval_EvalResult_ok, ZEND_ACC_PUBLIC)
	ZEND_ME(Altair_Eval_EvalResult, toArray, arginfo_class_Altair_Eval_EvalResult_toArray, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Altair_Eval_Evaluator_methods[] = {
	ZEND_ME(Altair_Eval_Evaluator, __construct, arginfo_class_Altair_Eval_Evaluator___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(Altair_Eval_Evaluator, evaluate, arginfo_class_Altair_Eval_Evaluator_evaluate, ZEND_ACC_PUBLIC)
	ZEND_ME(Altair_Eval_Evaluator, openSession, arginfo_class_Altair_Eval_Evaluator_openSession, ZEND_ACC_PUBLIC)
	ZEND_ME(Altair_Eval_Evaluator, close, arginfo_class_Altair_Eval_Evaluator_close, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Altair_Eval_EvalSession_methods[] = {
	ZEND_ME(Altair_Eval_EvalSession, __construct, arginfo_class_Altair_Eval_EvalSession___construct, ZEND_ACC_PRIVATE)
	ZEND_ME(Altair_Eval_EvalSession, evaluate, arginfo_class_Altair_Eval_EvalSession_evaluate, ZEND_ACC_PUBLIC)
	ZEND_ME(Altair_Eval_EvalSession, isOpen, arginfo_class_Altair_Eval_EvalSession_isOpen, ZEND_ACC_PUBLIC)
	ZEND_ME(Altair_Eval_EvalSession, endedBecause, arginfo_class_Altair_Eval_EvalSession_endedBecause, ZEND_ACC_PUBLIC)
	ZEND_ME(Altair_Eval_EvalSession, calls, arginfo_class_Altair_Eval_EvalSession_calls, ZEND_ACC_PUBLIC)
	ZEND_ME(Altair_Eval_EvalSession, close, arginfo_class_Altair_Eval_EvalSession_close, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_Altair_Eval_EvalException_methods[] = {
	ZEND_FE_END
};

static zend_class_entry *register_class_Altair_Eval_EvalRequest(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Altair\\Eval", "EvalRequest", class_Altair_Eval_EvalRequest_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES;

	zval const_DEFAULT_TIMEOUT_MS_value;
	ZVAL_LONG(&const_DEFAULT_TIMEOUT_MS_value, ALTAIR_EVAL_TIMEOUT_MS_DEFAULT);
	zend_string *const_DEFAULT_TIMEOUT_MS_name = zend_string_init_interned("DEFAULT_TIMEOUT_MS", sizeof("DEFAULT_TIMEOUT_MS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_DEFAULT_TIMEOUT_MS_name, &const_DEFAULT_TIMEOUT_MS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_DEFAULT_TIMEOUT_MS_name);

	zval const_MIN_TIMEOUT_MS_value;
	ZVAL_LONG(&const_MIN_TIMEOUT_MS_value, ALTAIR_EVAL_TIMEOUT_MS_MIN);
	zend_string *const_MIN_TIMEOUT_MS_name = zend_string_init_interned("MIN_TIMEOUT_MS", sizeof("MIN_TIMEOUT_MS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MIN_TIMEOUT_MS_name, &const_MIN_TIMEOUT_MS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MIN_TIMEOUT_MS_name);

	zval const_MAX_TIMEOUT_MS_value;
	ZVAL_LONG(&const_MAX_TIMEOUT_MS_value, ALTAIR_EVAL_TIMEOUT_MS_MAX);
	zend_string *const_MAX_TIMEOUT_MS_name = zend_string_init_interned("MAX_TIMEOUT_MS", sizeof("MAX_TIMEOUT_MS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_TIMEOUT_MS_name, &const_MAX_TIMEOUT_MS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_TIMEOUT_MS_name);

	zval const_DEFAULT_MEMORY_MB_value;
	ZVAL_LONG(&const_DEFAULT_MEMORY_MB_value, ALTAIR_EVAL_MEMORY_MB_DEFAULT);
	zend_string *const_DEFAULT_MEMORY_MB_name = zend_string_init_interned("DEFAULT_MEMORY_MB", sizeof("DEFAULT_MEMORY_MB") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_DEFAULT_MEMORY_MB_name, &const_DEFAULT_MEMORY_MB_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_DEFAULT_MEMORY_MB_name);

	zval const_MIN_MEMORY_MB_value;
	ZVAL_LONG(&const_MIN_MEMORY_MB_value, ALTAIR_EVAL_MEMORY_MB_MIN);
	zend_string *const_MIN_MEMORY_MB_name = zend_string_init_interned("MIN_MEMORY_MB", sizeof("MIN_MEMORY_MB") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MIN_MEMORY_MB_name, &const_MIN_MEMORY_MB_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MIN_MEMORY_MB_name);

	zval const_MAX_MEMORY_MB_value;
	ZVAL_LONG(&const_MAX_MEMORY_MB_value, ALTAIR_EVAL_MEMORY_MB_MAX);
	zend_string *const_MAX_MEMORY_MB_name = zend_string_init_interned("MAX_MEMORY_MB", sizeof("MAX_MEMORY_MB") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_MEMORY_MB_name, &const_MAX_MEMORY_MB_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_MEMORY_MB_name);

	zval const_DEFAULT_MEMORY_LIMIT_MB_value;
	ZVAL_LONG(&const_DEFAULT_MEMORY_LIMIT_MB_value, ALTAIR_EVAL_MEMORY_MB_DEFAULT);
	zend_string *const_DEFAULT_MEMORY_LIMIT_MB_name = zend_string_init_interned("DEFAULT_MEMORY_LIMIT_MB", sizeof("DEFAULT_MEMORY_LIMIT_MB") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_DEFAULT_MEMORY_LIMIT_MB_name, &const_DEFAULT_MEMORY_LIMIT_MB_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_DEFAULT_MEMORY_LIMIT_MB_name);

	zval const_MIN_MEMORY_LIMIT_MB_value;
	ZVAL_LONG(&const_MIN_MEMORY_LIMIT_MB_value, ALTAIR_EVAL_MEMORY_MB_MIN);
	zend_string *const_MIN_MEMORY_LIMIT_MB_name = zend_string_init_interned("MIN_MEMORY_LIMIT_MB", sizeof("MIN_MEMORY_LIMIT_MB") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MIN_MEMORY_LIMIT_MB_name, &const_MIN_MEMORY_LIMIT_MB_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MIN_MEMORY_LIMIT_MB_name);

	zval const_MAX_MEMORY_LIMIT_MB_value;
	ZVAL_LONG(&const_MAX_MEMORY_LIMIT_MB_value, ALTAIR_EVAL_MEMORY_MB_MAX);
	zend_string *const_MAX_MEMORY_LIMIT_MB_name = zend_string_init_interned("MAX_MEMORY_LIMIT_MB", sizeof("MAX_MEMORY_LIMIT_MB") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_MEMORY_LIMIT_MB_name, &const_MAX_MEMORY_LIMIT_MB_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_MEMORY_LIMIT_MB_name);

	zval const_MAX_SNIPPET_BYTES_value;
	ZVAL_LONG(&const_MAX_SNIPPET_BYTES_value, ALTAIR_EVAL_SNIPPET_MAX_BYTES);
	zend_string *const_MAX_SNIPPET_BYTES_name = zend_string_init_interned("MAX_SNIPPET_BYTES", sizeof("MAX_SNIPPET_BYTES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_SNIPPET_BYTES_name, &const_MAX_SNIPPET_BYTES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_SNIPPET_BYTES_name);

	zval const_MAX_ALLOW_ENDPOINTS_value;
	ZVAL_LONG(&const_MAX_ALLOW_ENDPOINTS_value, ALTAIR_EVAL_ENDPOINTS_MAX);
	zend_string *const_MAX_ALLOW_ENDPOINTS_name = zend_string_init_interned("MAX_ALLOW_ENDPOINTS", sizeof("MAX_ALLOW_ENDPOINTS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_ALLOW_ENDPOINTS_name, &const_MAX_ALLOW_ENDPOINTS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_ALLOW_ENDPOINTS_name);

	zval const_MAX_DATABASES_value;
	ZVAL_LONG(&const_MAX_DATABASES_value, ALTAIR_EVAL_DATABASES_MAX);
	zend_string *const_MAX_DATABASES_name = zend_string_init_interned("MAX_DATABASES", sizeof("MAX_DATABASES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_DATABASES_name, &const_MAX_DATABASES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_DATABASES_name);

	zval const_MAX_FAKE_HTTP_value;
	ZVAL_LONG(&const_MAX_FAKE_HTTP_value, ALTAIR_EVAL_FAKE_HTTP_MAX);
	zend_string *const_MAX_FAKE_HTTP_name = zend_string_init_interned("MAX_FAKE_HTTP", sizeof("MAX_FAKE_HTTP") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_FAKE_HTTP_name, &const_MAX_FAKE_HTTP_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_FAKE_HTTP_name);

	zval const_ENV_INHERIT_value;
	zend_string *const_ENV_INHERIT_value_str = zend_string_init("inherit", strlen("inherit"), 1);
	ZVAL_STR(&const_ENV_INHERIT_value, const_ENV_INHERIT_value_str);
	zend_string *const_ENV_INHERIT_name = zend_string_init_interned("ENV_INHERIT", sizeof("ENV_INHERIT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_ENV_INHERIT_name, &const_ENV_INHERIT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_ENV_INHERIT_name);

	zval const_ENV_CLEAN_value;
	zend_string *const_ENV_CLEAN_value_str = zend_string_init("clean", strlen("clean"), 1);
	ZVAL_STR(&const_ENV_CLEAN_value, const_ENV_CLEAN_value_str);
	zend_string *const_ENV_CLEAN_name = zend_string_init_interned("ENV_CLEAN", sizeof("ENV_CLEAN") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_ENV_CLEAN_name, &const_ENV_CLEAN_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_ENV_CLEAN_name);

	zval property_snippet_default_value;
	ZVAL_UNDEF(&property_snippet_default_value);
	zend_string *property_snippet_name = zend_string_init("snippet", sizeof("snippet") - 1, 1);
	zend_declare_typed_property(class_entry, property_snippet_name, &property_snippet_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_snippet_name);

	zval property_projectRoot_default_value;
	ZVAL_UNDEF(&property_projectRoot_default_value);
	zend_string *property_projectRoot_name = zend_string_init("projectRoot", sizeof("projectRoot") - 1, 1);
	zend_declare_typed_property(class_entry, property_projectRoot_name, &property_projectRoot_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_projectRoot_name);

	zval property_timeoutMs_default_value;
	ZVAL_UNDEF(&property_timeoutMs_default_value);
	zend_string *property_timeoutMs_name = zend_string_init("timeoutMs", sizeof("timeoutMs") - 1, 1);
	zend_declare_typed_property(class_entry, property_timeoutMs_name, &property_timeoutMs_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_timeoutMs_name);

	zval property_memoryLimitMb_default_value;
	ZVAL_UNDEF(&property_memoryLimitMb_default_value);
	zend_string *property_memoryLimitMb_name = zend_string_init("memoryLimitMb", sizeof("memoryLimitMb") - 1, 1);
	zend_declare_typed_property(class_entry, property_memoryLimitMb_name, &property_memoryLimitMb_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_memoryLimitMb_name);

	zval property_allowWrites_default_value;
	ZVAL_UNDEF(&property_allowWrites_default_value);
	zend_string *property_allowWrites_name = zend_string_init("allowWrites", sizeof("allowWrites") - 1, 1);
	zend_declare_typed_property(class_entry, property_allowWrites_name, &property_allowWrites_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_BOOL));
	zend_string_release(property_allowWrites_name);

	zval property_databaseMode_default_value;
	ZVAL_UNDEF(&property_databaseMode_default_value);
	zend_string *property_databaseMode_name = zend_string_init("databaseMode", sizeof("databaseMode") - 1, 1);
	zend_declare_typed_property(class_entry, property_databaseMode_name, &property_databaseMode_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_databaseMode_name);

	zval property_allowNetwork_default_value;
	ZVAL_UNDEF(&property_allowNetwork_default_value);
	zend_string *property_allowNetwork_name = zend_string_init("allowNetwork", sizeof("allowNetwork") - 1, 1);
	zend_declare_typed_property(class_entry, property_allowNetwork_name, &property_allowNetwork_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_BOOL));
	zend_string_release(property_allowNetwork_name);

	zval property_unsafe_default_value;
	ZVAL_UNDEF(&property_unsafe_default_value);
	zend_string *property_unsafe_name = zend_string_init("unsafe", sizeof("unsafe") - 1, 1);
	zend_declare_typed_property(class_entry, property_unsafe_name, &property_unsafe_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_BOOL));
	zend_string_release(property_unsafe_name);

	zval property_bootstrap_default_value;
	ZVAL_UNDEF(&property_bootstrap_default_value);
	zend_string *property_bootstrap_name = zend_string_init("bootstrap", sizeof("bootstrap") - 1, 1);
	zend_declare_typed_property(class_entry, property_bootstrap_name, &property_bootstrap_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING|MAY_BE_NULL));
	zend_string_release(property_bootstrap_name);

	zval property_allowEndpoints_default_value;
	ZVAL_UNDEF(&property_allowEndpoints_default_value);
	zend_string *property_allowEndpoints_name = zend_string_init("allowEndpoints", sizeof("allowEndpoints") - 1, 1);
	zend_declare_typed_property(class_entry, property_allowEndpoints_name, &property_allowEndpoints_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY));
	zend_string_release(property_allowEndpoints_name);

	zval property_env_default_value;
	ZVAL_UNDEF(&property_env_default_value);
	zend_string *property_env_name = zend_string_init("env", sizeof("env") - 1, 1);
	zend_declare_typed_property(class_entry, property_env_name, &property_env_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_env_name);

	zval property_envAllow_default_value;
	ZVAL_UNDEF(&property_envAllow_default_value);
	zend_string *property_envAllow_name = zend_string_init("envAllow", sizeof("envAllow") - 1, 1);
	zend_declare_typed_property(class_entry, property_envAllow_name, &property_envAllow_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY));
	zend_string_release(property_envAllow_name);

	zval property_databases_default_value;
	ZVAL_UNDEF(&property_databases_default_value);
	zend_string *property_databases_name = zend_string_init("databases", sizeof("databases") - 1, 1);
	zend_declare_typed_property(class_entry, property_databases_name, &property_databases_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY));
	zend_string_release(property_databases_name);

	zval property_fakeHttp_default_value;
	ZVAL_UNDEF(&property_fakeHttp_default_value);
	zend_string *property_fakeHttp_name = zend_string_init("fakeHttp", sizeof("fakeHttp") - 1, 1);
	zend_declare_typed_property(class_entry, property_fakeHttp_name, &property_fakeHttp_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY));
	zend_string_release(property_fakeHttp_name);

	return class_entry;
}

static zend_class_entry *register_class_Altair_Eval_EvalResult(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Altair\\Eval", "EvalResult", class_Altair_Eval_EvalResult_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES;

	zval const_OUTPUT_MAX_BYTES_value;
	ZVAL_LONG(&const_OUTPUT_MAX_BYTES_value, ALTAIR_EVAL_OUTPUT_MAX_BYTES);
	zend_string *const_OUTPUT_MAX_BYTES_name = zend_string_init_interned("OUTPUT_MAX_BYTES", sizeof("OUTPUT_MAX_BYTES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OUTPUT_MAX_BYTES_name, &const_OUTPUT_MAX_BYTES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OUTPUT_MAX_BYTES_name);

	zval const_EXIT_TIMEOUT_value;
	ZVAL_LONG(&const_EXIT_TIMEOUT_value, ALTAIR_EVAL_EXIT_TIMEOUT);
	zend_string *const_EXIT_TIMEOUT_name = zend_string_init_interned("EXIT_TIMEOUT", sizeof("EXIT_TIMEOUT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EXIT_TIMEOUT_name, &const_EXIT_TIMEOUT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EXIT_TIMEOUT_name);

	zval const_QUERIES_MAX_value;
	ZVAL_LONG(&const_QUERIES_MAX_value, ALTAIR_EVAL_QUERIES_MAX);
	zend_string *const_QUERIES_MAX_name = zend_string_init_interned("QUERIES_MAX", sizeof("QUERIES_MAX") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_QUERIES_MAX_name, &const_QUERIES_MAX_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_QUERIES_MAX_name);

	zval const_QUERIES_MAX_BYTES_value;
	ZVAL_LONG(&const_QUERIES_MAX_BYTES_value, ALTAIR_EVAL_QUERIES_MAX_BYTES);
	zend_string *const_QUERIES_MAX_BYTES_name = zend_string_init_interned("QUERIES_MAX_BYTES", sizeof("QUERIES_MAX_BYTES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_QUERIES_MAX_BYTES_name, &const_QUERIES_MAX_BYTES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_QUERIES_MAX_BYTES_name);

	zval const_QUERY_TEXT_MAX_value;
	ZVAL_LONG(&const_QUERY_TEXT_MAX_value, ALTAIR_EVAL_QUERY_TEXT_MAX);
	zend_string *const_QUERY_TEXT_MAX_name = zend_string_init_interned("QUERY_TEXT_MAX", sizeof("QUERY_TEXT_MAX") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_QUERY_TEXT_MAX_name, &const_QUERY_TEXT_MAX_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_QUERY_TEXT_MAX_name);

	zval const_EFFECTS_MAX_value;
	ZVAL_LONG(&const_EFFECTS_MAX_value, ALTAIR_EVAL_EFFECTS_MAX);
	zend_string *const_EFFECTS_MAX_name = zend_string_init_interned("EFFECTS_MAX", sizeof("EFFECTS_MAX") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EFFECTS_MAX_name, &const_EFFECTS_MAX_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EFFECTS_MAX_name);

	zval const_EFFECTS_MAX_BYTES_value;
	ZVAL_LONG(&const_EFFECTS_MAX_BYTES_value, ALTAIR_EVAL_EFFECTS_MAX_BYTES);
	zend_string *const_EFFECTS_MAX_BYTES_name = zend_string_init_interned("EFFECTS_MAX_BYTES", sizeof("EFFECTS_MAX_BYTES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EFFECTS_MAX_BYTES_name, &const_EFFECTS_MAX_BYTES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EFFECTS_MAX_BYTES_name);

	zval const_EFFECT_TEXT_MAX_value;
	ZVAL_LONG(&const_EFFECT_TEXT_MAX_value, ALTAIR_EVAL_EFFECT_TEXT_MAX);
	zend_string *const_EFFECT_TEXT_MAX_name = zend_string_init_interned("EFFECT_TEXT_MAX", sizeof("EFFECT_TEXT_MAX") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EFFECT_TEXT_MAX_name, &const_EFFECT_TEXT_MAX_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EFFECT_TEXT_MAX_name);

	zval property_ok_default_value;
	ZVAL_UNDEF(&property_ok_default_value);
	zend_string *property_ok_name = zend_string_init("ok", sizeof("ok") - 1, 1);
	zend_declare_typed_property(class_entry, property_ok_name, &property_ok_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_BOOL));
	zend_string_release(property_ok_name);

	zval property_result_default_value;
	ZVAL_UNDEF(&property_result_default_value);
	zend_string *property_result_name = zend_string_init("result", sizeof("result") - 1, 1);
	zend_declare_typed_property(class_entry, property_result_name, &property_result_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY|MAY_BE_NULL));
	zend_string_release(property_result_name);

	zval property_stdout_default_value;
	ZVAL_UNDEF(&property_stdout_default_value);
	zend_string *property_stdout_name = zend_string_init("stdout", sizeof("stdout") - 1, 1);
	zend_declare_typed_property(class_entry, property_stdout_name, &property_stdout_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_stdout_name);

	zval property_stderr_default_value;
	ZVAL_UNDEF(&property_stderr_default_value);
	zend_string *property_stderr_name = zend_string_init("stderr", sizeof("stderr") - 1, 1);
	zend_declare_typed_property(class_entry, property_stderr_name, &property_stderr_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_stderr_name);

	zval property_exception_default_value;
	ZVAL_UNDEF(&property_exception_default_value);
	zend_string *property_exception_name = zend_string_init("exception", sizeof("exception") - 1, 1);
	zend_declare_typed_property(class_entry, property_exception_name, &property_exception_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY|MAY_BE_NULL));
	zend_string_release(property_exception_name);

	zval property_durationMs_default_value;
	ZVAL_UNDEF(&property_durationMs_default_value);
	zend_string *property_durationMs_name = zend_string_init("durationMs", sizeof("durationMs") - 1, 1);
	zend_declare_typed_property(class_entry, property_durationMs_name, &property_durationMs_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_durationMs_name);

	zval property_memoryPeakBytes_default_value;
	ZVAL_UNDEF(&property_memoryPeakBytes_default_value);
	zend_string *property_memoryPeakBytes_name = zend_string_init("memoryPeakBytes", sizeof("memoryPeakBytes") - 1, 1);
	zend_declare_typed_property(class_entry, property_memoryPeakBytes_name, &property_memoryPeakBytes_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_memoryPeakBytes_name);

	zval property_exitCode_default_value;
	ZVAL_UNDEF(&property_exitCode_default_value);
	zend_string *property_exitCode_name = zend_string_init("exitCode", sizeof("exitCode") - 1, 1);
	zend_declare_typed_property(class_entry, property_exitCode_name, &property_exitCode_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_exitCode_name);

	zval property_timedOut_default_value;
	ZVAL_UNDEF(&property_timedOut_default_value);
	zend_string *property_timedOut_name = zend_string_init("timedOut", sizeof("timedOut") - 1, 1);
	zend_declare_typed_property(class_entry, property_timedOut_name, &property_timedOut_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_BOOL));
	zend_string_release(property_timedOut_name);

	zval property_signal_default_value;
	ZVAL_UNDEF(&property_signal_default_value);
	zend_string *property_signal_name = zend_string_init("signal", sizeof("signal") - 1, 1);
	zend_declare_typed_property(class_entry, property_signal_name, &property_signal_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG|MAY_BE_NULL));
	zend_string_release(property_signal_name);

	zval property_limitExceeded_default_value;
	ZVAL_UNDEF(&property_limitExceeded_default_value);
	zend_string *property_limitExceeded_name = zend_string_init("limitExceeded", sizeof("limitExceeded") - 1, 1);
	zend_declare_typed_property(class_entry, property_limitExceeded_name, &property_limitExceeded_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING|MAY_BE_NULL));
	zend_string_release(property_limitExceeded_name);

	zval property_error_default_value;
	ZVAL_UNDEF(&property_error_default_value);
	zend_string *property_error_name = zend_string_init("error", sizeof("error") - 1, 1);
	zend_declare_typed_property(class_entry, property_error_name, &property_error_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY|MAY_BE_NULL));
	zend_string_release(property_error_name);

	zval property_stdoutTruncated_default_value;
	ZVAL_UNDEF(&property_stdoutTruncated_default_value);
	zend_string *property_stdoutTruncated_name = zend_string_init("stdoutTruncated", sizeof("stdoutTruncated") - 1, 1);
	zend_declare_typed_property(class_entry, property_stdoutTruncated_name, &property_stdoutTruncated_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_BOOL));
	zend_string_release(property_stdoutTruncated_name);

	zval property_stderrTruncated_default_value;
	ZVAL_UNDEF(&property_stderrTruncated_default_value);
	zend_string *property_stderrTruncated_name = zend_string_init("stderrTruncated", sizeof("stderrTruncated") - 1, 1);
	zend_declare_typed_property(class_entry, property_stderrTruncated_name, &property_stderrTruncated_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_BOOL));
	zend_string_release(property_stderrTruncated_name);

	zval property_sandbox_default_value;
	ZVAL_UNDEF(&property_sandbox_default_value);
	zend_string *property_sandbox_name = zend_string_init("sandbox", sizeof("sandbox") - 1, 1);
	zend_declare_typed_property(class_entry, property_sandbox_name, &property_sandbox_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY));
	zend_string_release(property_sandbox_name);

	zval property_host_default_value;
	ZVAL_UNDEF(&property_host_default_value);
	zend_string *property_host_name = zend_string_init("host", sizeof("host") - 1, 1);
	zend_declare_typed_property(class_entry, property_host_name, &property_host_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY|MAY_BE_NULL));
	zend_string_release(property_host_name);

	zval property_memoryPeakRssBytes_default_value;
	ZVAL_UNDEF(&property_memoryPeakRssBytes_default_value);
	zend_string *property_memoryPeakRssBytes_name = zend_string_init("memoryPeakRssBytes", sizeof("memoryPeakRssBytes") - 1, 1);
	zend_declare_typed_property(class_entry, property_memoryPeakRssBytes_name, &property_memoryPeakRssBytes_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG|MAY_BE_NULL));
	zend_string_release(property_memoryPeakRssBytes_name);

	zval property_queries_default_value;
	ZVAL_UNDEF(&property_queries_default_value);
	zend_string *property_queries_name = zend_string_init("queries", sizeof("queries") - 1, 1);
	zend_declare_typed_property(class_entry, property_queries_name, &property_queries_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY));
	zend_string_release(property_queries_name);

	zval property_effects_default_value;
	ZVAL_UNDEF(&property_effects_default_value);
	zend_string *property_effects_name = zend_string_init("effects", sizeof("effects") - 1, 1);
	zend_declare_typed_property(class_entry, property_effects_name, &property_effects_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY));
	zend_string_release(property_effects_name);

	zval property_session_default_value;
	ZVAL_UNDEF(&property_session_default_value);
	zend_string *property_session_name = zend_string_init("session", sizeof("session") - 1, 1);
	zend_declare_typed_property(class_entry, property_session_name, &property_session_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_ARRAY|MAY_BE_NULL));
	zend_string_release(property_session_name);

	return class_entry;
}

static zend_class_entry *register_class_Altair_Eval_Evaluator(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Altair\\Eval", "Evaluator", class_Altair_Eval_Evaluator_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NOT_SERIALIZABLE;

	zval const_KILL_GRACE_MS_value;
	ZVAL_LONG(&const_KILL_GRACE_MS_value, ALTAIR_EVAL_KILL_GRACE_MS);
	zend_string *const_KILL_GRACE_MS_name = zend_string_init_interned("KILL_GRACE_MS", sizeof("KILL_GRACE_MS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_KILL_GRACE_MS_name, &const_KILL_GRACE_MS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_KILL_GRACE_MS_name);

	zval const_RESULT_MAX_BYTES_value;
	ZVAL_LONG(&const_RESULT_MAX_BYTES_value, ALTAIR_EVAL_EVALUATOR_RESULT_MAX_BYTES);
	zend_string *const_RESULT_MAX_BYTES_name = zend_string_init_interned("RESULT_MAX_BYTES", sizeof("RESULT_MAX_BYTES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_RESULT_MAX_BYTES_name, &const_RESULT_MAX_BYTES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_RESULT_MAX_BYTES_name);

	zval const_MAX_WARM_TEMPLATES_value;
	ZVAL_LONG(&const_MAX_WARM_TEMPLATES_value, ALTAIR_EVAL_WARM_TEMPLATES_MAX);
	zend_string *const_MAX_WARM_TEMPLATES_name = zend_string_init_interned("MAX_WARM_TEMPLATES", sizeof("MAX_WARM_TEMPLATES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_WARM_TEMPLATES_name, &const_MAX_WARM_TEMPLATES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_WARM_TEMPLATES_name);

	zval property_phpBinary_default_value;
	ZVAL_UNDEF(&property_phpBinary_default_value);
	zend_string *property_phpBinary_name = zend_string_init("phpBinary", sizeof("phpBinary") - 1, 1);
	zend_declare_typed_property(class_entry, property_phpBinary_name, &property_phpBinary_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_phpBinary_name);

	zval property_warm_default_value;
	ZVAL_UNDEF(&property_warm_default_value);
	zend_string *property_warm_name = zend_string_init("warm", sizeof("warm") - 1, 1);
	zend_declare_typed_property(class_entry, property_warm_name, &property_warm_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_BOOL));
	zend_string_release(property_warm_name);

	zval property_resultMaxBytes_default_value;
	ZVAL_UNDEF(&property_resultMaxBytes_default_value);
	zend_string *property_resultMaxBytes_name = zend_string_init("resultMaxBytes", sizeof("resultMaxBytes") - 1, 1);
	zend_declare_typed_property(class_entry, property_resultMaxBytes_name, &property_resultMaxBytes_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_resultMaxBytes_name);

	return class_entry;
}

static zend_class_entry *register_class_Altair_Eval_EvalSession(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Altair\\Eval", "EvalSession", class_Altair_Eval_EvalSession_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES|ZEND_ACC_NOT_SERIALIZABLE;

	zval const_DEFAULT_IDLE_TIMEOUT_MS_value;
	ZVAL_LONG(&const_DEFAULT_IDLE_TIMEOUT_MS_value, ALTAIR_EVAL_SESSION_IDLE_MS);
	zend_string *const_DEFAULT_IDLE_TIMEOUT_MS_name = zend_string_init_interned("DEFAULT_IDLE_TIMEOUT_MS", sizeof("DEFAULT_IDLE_TIMEOUT_MS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_DEFAULT_IDLE_TIMEOUT_MS_name, &const_DEFAULT_IDLE_TIMEOUT_MS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_DEFAULT_IDLE_TIMEOUT_MS_name);

	zval const_MAX_OPEN_value;
	ZVAL_LONG(&const_MAX_OPEN_value, ALTAIR_EVAL_SESSIONS_MAX);
	zend_string *const_MAX_OPEN_name = zend_string_init_interned("MAX_OPEN", sizeof("MAX_OPEN") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_OPEN_name, &const_MAX_OPEN_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_OPEN_name);

	zval const_MAX_OPEN_PER_PROJECT_value;
	ZVAL_LONG(&const_MAX_OPEN_PER_PROJECT_value, ALTAIR_EVAL_SESSIONS_PER_PROJECT_MAX);
	zend_string *const_MAX_OPEN_PER_PROJECT_name = zend_string_init_interned("MAX_OPEN_PER_PROJECT", sizeof("MAX_OPEN_PER_PROJECT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_OPEN_PER_PROJECT_name, &const_MAX_OPEN_PER_PROJECT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_OPEN_PER_PROJECT_name);

	zval const_MAX_CALLS_value;
	ZVAL_LONG(&const_MAX_CALLS_value, ALTAIR_EVAL_SESSION_CALLS_MAX);
	zend_string *const_MAX_CALLS_name = zend_string_init_interned("MAX_CALLS", sizeof("MAX_CALLS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_CALLS_name, &const_MAX_CALLS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_CALLS_name);

	zval property_id_default_value;
	ZVAL_UNDEF(&property_id_default_value);
	zend_string *property_id_name = zend_string_init("id", sizeof("id") - 1, 1);
	zend_declare_typed_property(class_entry, property_id_name, &property_id_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_id_name);

	zval property_projectRoot_default_value;
	ZVAL_UNDEF(&property_projectRoot_default_value);
	zend_string *property_projectRoot_name = zend_string_init("projectRoot", sizeof("projectRoot") - 1, 1);
	zend_declare_typed_property(class_entry, property_projectRoot_name, &property_projectRoot_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_STRING));
	zend_string_release(property_projectRoot_name);

	zval property_idleTimeoutMs_default_value;
	ZVAL_UNDEF(&property_idleTimeoutMs_default_value);
	zend_string *property_idleTimeoutMs_name = zend_string_init("idleTimeoutMs", sizeof("idleTimeoutMs") - 1, 1);
	zend_declare_typed_property(class_entry, property_idleTimeoutMs_name, &property_idleTimeoutMs_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG));
	zend_string_release(property_idleTimeoutMs_name);

	zend_string *property_opening_class_Altair_Eval_EvalResult = zend_string_init("Altair\\Eval\\EvalResult", sizeof("Altair\\Eval\\EvalResult")-1, 1);
	zval property_opening_default_value;
	ZVAL_UNDEF(&property_opening_default_value);
	zend_string *property_opening_name = zend_string_init("opening", sizeof("opening") - 1, 1);
	zend_declare_typed_property(class_entry, property_opening_name, &property_opening_default_value, ZEND_ACC_PUBLIC|ZEND_ACC_READONLY, NULL, (zend_type) ZEND_TYPE_INIT_CLASS(property_opening_class_Altair_Eval_EvalResult, 0, 0));
	zend_string_release(property_opening_name);

	return class_entry;
}

static zend_class_entry *register_class_Altair_Eval_EvalException(zend_class_entry *class_entry_RuntimeException)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Altair\\Eval", "EvalException", class_Altair_Eval_EvalException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_RuntimeException);
	class_entry->ce_flags |= ZEND_ACC_FINAL;

	return class_entry;
}
