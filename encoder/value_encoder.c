/* PLACEHOLDER: replaced by the real ValueEncoder. */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif
#include "php.h"
#include "../php_altair_eval.h"
#include "encoder.h"

zend_class_entry *altair_eval_value_encoder_ce;

void altair_eval_encoder_value(zval *out, zval *value)
{
	array_init(out);
	add_assoc_string(out, "type", zend_zval_type_name(value));
	Z_TRY_ADDREF_P(value);
	add_assoc_zval(out, "value", value);
}

ZEND_METHOD(Altair_Eval_Encoder_ValueEncoder, __construct) { ZEND_PARSE_PARAMETERS_NONE(); }

ZEND_METHOD(Altair_Eval_Encoder_ValueEncoder, encode)
{
	zval *value;
	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ZVAL(value)
	ZEND_PARSE_PARAMETERS_END();
	altair_eval_encoder_value(return_value, value);
}
