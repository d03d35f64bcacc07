/* PLACEHOLDER: replaced by the real ExceptionEncoder. */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif
#include "php.h"
#include "zend_exceptions.h"
#include "../php_altair_eval.h"
#include "encoder.h"

zend_class_entry *altair_eval_exception_encoder_ce;

zend_string *altair_eval_encoder_display_path(zend_string *path, const altair_eval_encoder_context *ctx)
{
	return zend_string_copy(path);
}

void altair_eval_encoder_exception(zval *out, zend_object *throwable, const altair_eval_encoder_context *ctx)
{
	zval rv, *msg;
	array_init(out);
	add_assoc_str(out, "class", zend_string_copy(throwable->ce->name));
	msg = zend_read_property_ex(throwable->ce, throwable, ZSTR_KNOWN(ZEND_STR_MESSAGE), 1, &rv);
	Z_TRY_ADDREF_P(msg);
	add_assoc_zval(out, "message", msg);
}

ZEND_METHOD(Altair_Eval_Encoder_ExceptionEncoder, __construct) { ZEND_PARSE_PARAMETERS_NONE(); }

ZEND_METHOD(Altair_Eval_Encoder_ExceptionEncoder, encode)
{
	zval *throwable;
	zend_string *root = NULL;
	altair_eval_encoder_context ctx = {0};
	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_OBJECT_OF_CLASS(throwable, zend_ce_throwable)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(root)
	ZEND_PARSE_PARAMETERS_END();
	ctx.project_root = root;
	altair_eval_encoder_exception(return_value, Z_OBJ_P(throwable), &ctx);
}
