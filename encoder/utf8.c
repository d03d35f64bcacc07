/*
 * UTF-8 for the encoders: every string in a payload is valid UTF-8, so it always encodes as JSON.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "ext/standard/html.h"
#include "encoder.h"

/* UTF-8 sequences are at most this long: a cut backs up at most this far minus one. */
#define ALTAIR_EVAL_UTF8_MAX_SEQUENCE 4
#define ALTAIR_EVAL_REPLACEMENT_CHARACTER "\xEF\xBF\xBD"

/* ASCII eight bytes at a time; the rest sequence by sequence. */
bool altair_eval_encoder_utf8_valid(const char *bytes, size_t length)
{
	size_t at = 0;
	uint64_t word;
	zend_result status;

	while (at + sizeof(word) <= length) {
		memcpy(&word, bytes + at, sizeof(word));
		if (word & UINT64_C(0x8080808080808080)) {
			break;
		}
		at += sizeof(word);
	}
	while (at < length) {
		if ((unsigned char) bytes[at] < 0x80) {
			at++;
			continue;
		}
		php_next_utf8_char((const unsigned char *) bytes, length, &at, &status);
		if (status != SUCCESS) {
			return false;
		}
	}
	return true;
}

zend_string *altair_eval_encoder_utf8(const char *bytes, size_t length, bool *valid)
{
	smart_str clean = {0};
	size_t cursor = 0, start;
	zend_result status;

	*valid = true;
	if (altair_eval_encoder_utf8_valid(bytes, length)) {
		return zend_string_init(bytes, length, 0);
	}
	while (cursor < length) {
		start = cursor;
		php_next_utf8_char((const unsigned char *) bytes, length, &cursor, &status);
		if (status == SUCCESS) {
			continue;
		}
		if (*valid) {
			/* First invalid sequence: copy the valid prefix once, then go on byte by byte. */
			smart_str_appendl(&clean, bytes, start);
			*valid = false;
		}
		smart_str_appendl(&clean, ALTAIR_EVAL_REPLACEMENT_CHARACTER, strlen(ALTAIR_EVAL_REPLACEMENT_CHARACTER));
		if (cursor == start) {
			cursor++;
		}
		/* Copy the valid run that follows. */
		while (cursor < length) {
			size_t run_start = cursor;
			php_next_utf8_char((const unsigned char *) bytes, length, &cursor, &status);
			if (status != SUCCESS) {
				cursor = run_start;
				break;
			}
			smart_str_appendl(&clean, bytes + run_start, cursor - run_start);
		}
	}
	if (*valid) {
		return zend_string_init(bytes, length, 0);
	}
	return smart_str_extract(&clean);
}

/* The longest prefix of at most max bytes that does not split a UTF-8 sequence. */
size_t altair_eval_encoder_utf8_cut(const char *bytes, size_t length, size_t max)
{
	size_t cut = max;

	if (length <= max) {
		return length;
	}
	for (int back = 0; back < ALTAIR_EVAL_UTF8_MAX_SEQUENCE - 1 && cut > 0
		&& (((unsigned char) bytes[cut]) & 0xC0) == 0x80; back++) {
		cut--;
	}
	return cut;
}

/* A key or name for the payload: valid UTF-8 whatever it was. */
zend_string *altair_eval_encoder_utf8_clean(zend_string *key)
{
	bool valid;
	return altair_eval_encoder_utf8_valid(ZSTR_VAL(key), ZSTR_LEN(key)) ? zend_string_copy(key)
		: altair_eval_encoder_utf8(ZSTR_VAL(key), ZSTR_LEN(key), &valid);
}
