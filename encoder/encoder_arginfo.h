/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 6d95c9abce25745714ee156f68c86717c33ed0e3 */

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_Altair_Eval_Encoder_ValueEncoder___construct, 0, 0, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Altair_Eval_Encoder_ValueEncoder_encode, 0, 1, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, seen, IS_ARRAY, 0, "[]")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, depth, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, maxBytes, IS_LONG, 0, "Altair\\Eval\\Encoder\\ValueEncoder::RESULT_MAX_BYTES")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Altair_Eval_Encoder_ValueEncoder_encodeJson, 0, 1, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, maxBytes, IS_LONG, 0, "Altair\\Eval\\Encoder\\ValueEncoder::RESULT_MAX_BYTES")
ZEND_END_ARG_INFO()

#define arginfo_class_Altair_Eval_Encoder_ExceptionEncoder___construct arginfo_class_Altair_Eval_Encoder_ValueEncoder___construct

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Altair_Eval_Encoder_ExceptionEncoder_encode, 0, 1, IS_ARRAY, 0)
	ZEND_ARG_OBJ_INFO(0, throwable, Throwable, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, projectRoot, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()


ZEND_METHOD(Altair_Eval_Encoder_ValueEncoder, __construct);
ZEND_METHOD(Altair_Eval_Encoder_ValueEncoder, encode);
ZEND_METHOD(Altair_Eval_Encoder_ValueEncoder, encodeJson);
ZEND_METHOD(Altair_Eval_Encoder_ExceptionEncoder, __construct);
ZEND_METHOD(Altair_Eval_Encoder_ExceptionEncoder, encode);


static const zend_function_entry class_Altair_Eval_Encoder_ValueEncoder_methods[] = {
	ZEND_ME(Altair_Eval_Encoder_ValueEncoder, __construct, arginfo_class_Altair_Eval_Encoder_ValueEncoder___construct, ZEND_ACC_PRIVATE)
	ZEND_ME(Altair_Eval_Encoder_ValueEncoder, encode, arginfo_class_Altair_Eval_Encoder_ValueEncoder_encode, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_ME(Altair_Eval_Encoder_ValueEncoder, encodeJson, arginfo_class_Altair_Eval_Encoder_ValueEncoder_encodeJson, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_FE_END
};


static const zend_function_entry class_Altair_Eval_Encoder_ExceptionEncoder_methods[] = {
	ZEND_ME(Altair_Eval_Encoder_ExceptionEncoder, __construct, arginfo_class_Altair_Eval_Encoder_ExceptionEncoder___construct, ZEND_ACC_PRIVATE)
	ZEND_ME(Altair_Eval_Encoder_ExceptionEncoder, encode, arginfo_class_Altair_Eval_Encoder_ExceptionEncoder_encode, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_FE_END
};

static zend_class_entry *register_class_Altair_Eval_Encoder_ValueEncoder(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Altair\\Eval\\Encoder", "ValueEncoder", class_Altair_Eval_Encoder_ValueEncoder_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL;

	zval const_MAX_DEPTH_value;
	ZVAL_LONG(&const_MAX_DEPTH_value, ALTAIR_EVAL_MAX_DEPTH);
	zend_string *const_MAX_DEPTH_name = zend_string_init_interned("MAX_DEPTH", sizeof("MAX_DEPTH") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_DEPTH_name, &const_MAX_DEPTH_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_DEPTH_name);

	zval const_ITERABLE_PREVIEW_value;
	ZVAL_LONG(&const_ITERABLE_PREVIEW_value, ALTAIR_EVAL_ITERABLE_PREVIEW);
	zend_string *const_ITERABLE_PREVIEW_name = zend_string_init_interned("ITERABLE_PREVIEW", sizeof("ITERABLE_PREVIEW") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_ITERABLE_PREVIEW_name, &const_ITERABLE_PREVIEW_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_ITERABLE_PREVIEW_name);

	zval const_STRING_MAX_value;
	ZVAL_LONG(&const_STRING_MAX_value, ALTAIR_EVAL_STRING_MAX);
	zend_string *const_STRING_MAX_name = zend_string_init_interned("STRING_MAX", sizeof("STRING_MAX") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_STRING_MAX_name, &const_STRING_MAX_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_STRING_MAX_name);

	zval const_MAX_WIDTH_value;
	ZVAL_LONG(&const_MAX_WIDTH_value, ALTAIR_EVAL_MAX_WIDTH);
	zend_string *const_MAX_WIDTH_name = zend_string_init_interned("MAX_WIDTH", sizeof("MAX_WIDTH") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_WIDTH_name, &const_MAX_WIDTH_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_WIDTH_name);

	zval const_RESULT_MAX_BYTES_value;
	ZVAL_LONG(&const_RESULT_MAX_BYTES_value, ALTAIR_EVAL_RESULT_MAX_BYTES);
	zend_string *const_RESULT_MAX_BYTES_name = zend_string_init_interned("RESULT_MAX_BYTES", sizeof("RESULT_MAX_BYTES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_RESULT_MAX_BYTES_name, &const_RESULT_MAX_BYTES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_RESULT_MAX_BYTES_name);

	zval const_RESULT_MIN_BYTES_value;
	ZVAL_LONG(&const_RESULT_MIN_BYTES_value, ALTAIR_EVAL_RESULT_MIN_BYTES);
	zend_string *const_RESULT_MIN_BYTES_name = zend_string_init_interned("RESULT_MIN_BYTES", sizeof("RESULT_MIN_BYTES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_RESULT_MIN_BYTES_name, &const_RESULT_MIN_BYTES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_RESULT_MIN_BYTES_name);

	zval const_BODY_PREVIEW_BYTES_value;
	ZVAL_LONG(&const_BODY_PREVIEW_BYTES_value, ALTAIR_EVAL_BODY_PREVIEW_BYTES);
	zend_string *const_BODY_PREVIEW_BYTES_name = zend_string_init_interned("BODY_PREVIEW_BYTES", sizeof("BODY_PREVIEW_BYTES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_BODY_PREVIEW_BYTES_name, &const_BODY_PREVIEW_BYTES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_BODY_PREVIEW_BYTES_name);

	return class_entry;
}

static zend_class_entry *register_class_Altair_Eval_Encoder_ExceptionEncoder(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "Altair\\Eval\\Encoder", "ExceptionEncoder", class_Altair_Eval_Encoder_ExceptionEncoder_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL;

	zval const_MAX_TRACE_FRAMES_value;
	ZVAL_LONG(&const_MAX_TRACE_FRAMES_value, ALTAIR_EVAL_MAX_TRACE_FRAMES);
	zend_string *const_MAX_TRACE_FRAMES_name = zend_string_init_interned("MAX_TRACE_FRAMES", sizeof("MAX_TRACE_FRAMES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_TRACE_FRAMES_name, &const_MAX_TRACE_FRAMES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_TRACE_FRAMES_name);

	zval const_MAX_PREVIOUS_CHAIN_value;
	ZVAL_LONG(&const_MAX_PREVIOUS_CHAIN_value, ALTAIR_EVAL_MAX_PREVIOUS_CHAIN);
	zend_string *const_MAX_PREVIOUS_CHAIN_name = zend_string_init_interned("MAX_PREVIOUS_CHAIN", sizeof("MAX_PREVIOUS_CHAIN") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_PREVIOUS_CHAIN_name, &const_MAX_PREVIOUS_CHAIN_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_PREVIOUS_CHAIN_name);

	zval const_MESSAGE_MAX_value;
	ZVAL_LONG(&const_MESSAGE_MAX_value, ALTAIR_EVAL_EXCEPTION_MESSAGE_MAX);
	zend_string *const_MESSAGE_MAX_name = zend_string_init_interned("MESSAGE_MAX", sizeof("MESSAGE_MAX") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MESSAGE_MAX_name, &const_MESSAGE_MAX_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MESSAGE_MAX_name);

	return class_entry;
}
