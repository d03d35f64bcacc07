/*
 * Platforms without the process and kernel primitives the runner needs (Windows): the classes
 * exist, so code that type-hints them loads, and evaluating says plainly that it cannot be done
 * here. Built by config.w32 instead of the POSIX runner and guest; never by config.m4.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "../php_altair_eval.h"
#include "runner.h"
#include "../guest/guest.h"
#include "ext/spl/spl_exceptions.h"
#include "runner_arginfo.h"

zend_class_entry *altair_eval_request_ce;
zend_class_entry *altair_eval_result_ce;
zend_class_entry *altair_eval_evaluator_ce;
zend_class_entry *altair_eval_exception_ce;

#define ALTAIR_EVAL_UNSUPPORTED() \
	zend_throw_exception(altair_eval_exception_ce, \
		"altair_eval cannot evaluate on this platform: it needs POSIX processes (and Linux for the kernel guards)", \
		ALTAIR_EVAL_ERROR_PLATFORM)

void altair_eval_runner_minit(void)
{
	altair_eval_request_ce = register_class_Altair_Eval_EvalRequest();
	altair_eval_result_ce = register_class_Altair_Eval_EvalResult();
	altair_eval_evaluator_ce = register_class_Altair_Eval_Evaluator();
	altair_eval_exception_ce = register_class_Altair_Eval_EvalException(spl_ce_RuntimeException);
}
void altair_eval_guest_minit(int type, int module_number) {}
void altair_eval_guest_rshutdown(void) {}
const char *altair_eval_guest_features(void) { return "none (unsupported platform)"; }

ZEND_METHOD(Altair_Eval_EvalRequest, __construct) { ALTAIR_EVAL_UNSUPPORTED(); }
ZEND_METHOD(Altair_Eval_EvalResult, __construct) { ALTAIR_EVAL_UNSUPPORTED(); }
ZEND_METHOD(Altair_Eval_EvalResult, ok) { ALTAIR_EVAL_UNSUPPORTED(); }
ZEND_METHOD(Altair_Eval_EvalResult, toArray) { ALTAIR_EVAL_UNSUPPORTED(); }
ZEND_METHOD(Altair_Eval_Evaluator, __construct) { ALTAIR_EVAL_UNSUPPORTED(); }
ZEND_METHOD(Altair_Eval_Evaluator, evaluate) { ALTAIR_EVAL_UNSUPPORTED(); }
ZEND_METHOD(Altair_Eval_Evaluator, close) { ALTAIR_EVAL_UNSUPPORTED(); }
