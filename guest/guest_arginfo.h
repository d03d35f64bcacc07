/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 4130c5d0c082e6d40acd0a0b3cd19fc57bcd414e */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_Altair_Eval_Guest_main, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_Altair_Eval_Guest_compile_as, 0, 2, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, code, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, file, IS_STRING, 0)
ZEND_END_ARG_INFO()


ZEND_FUNCTION(Altair_Eval_Guest_main);
ZEND_FUNCTION(Altair_Eval_Guest_compile_as);


static const zend_function_entry ext_functions[] = {
	ZEND_NS_FALIAS("Altair\\Eval\\Guest", main, Altair_Eval_Guest_main, arginfo_Altair_Eval_Guest_main)
	ZEND_NS_FALIAS("Altair\\Eval\\Guest", compile_as, Altair_Eval_Guest_compile_as, arginfo_Altair_Eval_Guest_compile_as)
	ZEND_FE_END
};
