/* PLACEHOLDER: replaced by the real guest role. */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif
#include "php.h"
#include "../php_altair_eval.h"
#include "guest.h"
#include "lockdown.h"
#include "guest_arginfo.h"

void altair_eval_guest_minit(int type, int module_number)
{
	zend_register_functions(NULL, ext_functions, NULL, type);
}

const char *altair_eval_guest_features(void) { return altair_eval_lockdown_features(); }
ZEND_FUNCTION(container) {}
ZEND_FUNCTION(Altair_Eval_Guest_main) {}
