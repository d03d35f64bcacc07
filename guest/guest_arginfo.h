/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 1cf9accc4860f3ab8bab4e0fc3751ac54c21c1bd */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_container, 0, 0, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, id, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_Altair_Eval_Guest_main, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()


ZEND_FUNCTION(container);
ZEND_FUNCTION(Altair_Eval_Guest_main);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(container, arginfo_container)
	ZEND_NS_FALIAS("Altair\\Eval\\Guest", main, Altair_Eval_Guest_main, arginfo_Altair_Eval_Guest_main)
	ZEND_FE_END
};
