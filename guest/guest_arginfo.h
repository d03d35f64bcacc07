/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 55f994ddbec807c37971227d0a0d45b009955213 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_Altair_Eval_Guest_main, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_Altair_Eval_Guest_compile_as, 0, 2, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, code, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, file, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_Altair_Eval_Guest_record_effect, 0, 2, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, kind, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, fields, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_Altair_Eval_Guest_recording_effects, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_Altair_Eval_Guest_fake_http, 0, 0, IS_ARRAY, 0)
ZEND_END_ARG_INFO()


ZEND_FUNCTION(Altair_Eval_Guest_main);
ZEND_FUNCTION(Altair_Eval_Guest_compile_as);
ZEND_FUNCTION(Altair_Eval_Guest_record_effect);
ZEND_FUNCTION(Altair_Eval_Guest_recording_effects);
ZEND_FUNCTION(Altair_Eval_Guest_fake_http);


static const zend_function_entry ext_functions[] = {
	ZEND_NS_FALIAS("Altair\\Eval\\Guest", main, Altair_Eval_Guest_main, arginfo_Altair_Eval_Guest_main)
	ZEND_NS_FALIAS("Altair\\Eval\\Guest", compile_as, Altair_Eval_Guest_compile_as, arginfo_Altair_Eval_Guest_compile_as)
	ZEND_NS_FALIAS("Altair\\Eval\\Guest", record_effect, Altair_Eval_Guest_record_effect, arginfo_Altair_Eval_Guest_record_effect)
	ZEND_NS_FALIAS("Altair\\Eval\\Guest", recording_effects, Altair_Eval_Guest_recording_effects, arginfo_Altair_Eval_Guest_recording_effects)
	ZEND_NS_FALIAS("Altair\\Eval\\Guest", fake_http, Altair_Eval_Guest_fake_http, arginfo_Altair_Eval_Guest_fake_http)
	ZEND_FE_END
};
