/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 60fba26ddcafa5156636827e57e906044228098d */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_Altair_Eval_Guest_main, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()


ZEND_FUNCTION(Altair_Eval_Guest_main);


static const zend_function_entry ext_functions[] = {
	ZEND_NS_FALIAS("Altair\\Eval\\Guest", main, Altair_Eval_Guest_main, arginfo_Altair_Eval_Guest_main)
	ZEND_FE_END
};
