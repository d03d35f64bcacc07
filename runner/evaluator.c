/* PLACEHOLDER: replaced by the real runner. */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif
#include "php.h"
#include "zend_exceptions.h"
#include "../php_altair_eval.h"
#include "runner.h"

zend_class_entry *altair_eval_request_ce;
zend_class_entry *altair_eval_result_ce;
zend_class_entry *altair_eval_evaluator_ce;

void altair_eval_runner_minit(void) {}

#define NOT_YET() zend_throw_exception(altair_eval_exception_ce, "not built yet", ALTAIR_EVAL_ERROR_PLATFORM)
ZEND_METHOD(Altair_Eval_EvalRequest, __construct) { NOT_YET(); }
ZEND_METHOD(Altair_Eval_EvalResult, __construct) { NOT_YET(); }
ZEND_METHOD(Altair_Eval_EvalResult, ok) { NOT_YET(); }
ZEND_METHOD(Altair_Eval_EvalResult, toArray) { NOT_YET(); }
ZEND_METHOD(Altair_Eval_Evaluator, __construct) { NOT_YET(); }
ZEND_METHOD(Altair_Eval_Evaluator, evaluate) { NOT_YET(); }
