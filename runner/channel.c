/*
 * The result channel, host side. Before the child starts, the host puts a fresh random token into
 * the channel; the guest reads it (before any project code runs) and keeps it in C memory. Every
 * frame the guest writes carries it:
 *
 *     "AEV1" | token (ALTAIR_EVAL_TOKEN_BYTES) | length (uint32, little endian) | JSON
 *
 * A snippet that reaches the descriptor anyway cannot know the token, so anything on the channel
 * that is not an authentic frame marks the whole report as forged and nothing from it is used.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "ext/json/php_json.h"
#include "ext/standard/php_random.h"
#include "../php_altair_eval.h"
#include "internal.h"

#include <errno.h>
#include <unistd.h>

zend_result altair_eval_channel_token(unsigned char *token)
{
	return php_random_bytes_throw(token, ALTAIR_EVAL_TOKEN_BYTES);
}

/* Before the child exists: the token waits in the socket until the guest reads it. */
zend_result altair_eval_channel_send_token(int fd, const unsigned char *token)
{
	size_t done = 0;

	while (done < ALTAIR_EVAL_TOKEN_BYTES) {
		ssize_t n = write(fd, token + done, ALTAIR_EVAL_TOKEN_BYTES - done);
		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n <= 0) {
			return FAILURE;
		}
		done += (size_t) n;
	}
	return SUCCESS;
}

static bool same_token(const unsigned char *a, const unsigned char *b)
{
	unsigned char difference = 0;

	for (size_t i = 0; i < ALTAIR_EVAL_TOKEN_BYTES; i++) {
		difference |= a[i] ^ b[i];
	}
	return difference == 0;
}

static uint32_t read_length(const unsigned char *bytes)
{
	return (uint32_t) bytes[0] | ((uint32_t) bytes[1] << 8) | ((uint32_t) bytes[2] << 16) | ((uint32_t) bytes[3] << 24);
}

static void take_frame(zval *frame, altair_eval_report *report)
{
	zval *kind = zend_hash_str_find(Z_ARRVAL_P(frame), "kind", strlen("kind"));

	if (!kind || Z_TYPE_P(kind) != IS_STRING) {
		report->forged = true;
		zval_ptr_dtor(frame);
		return;
	}
	if (zend_string_equals_literal(Z_STR_P(kind), "sandbox") && Z_ISUNDEF(report->sandbox)) {
		ZVAL_COPY_VALUE(&report->sandbox, frame);
		return;
	}
	if (zend_string_equals_literal(Z_STR_P(kind), "host") && Z_ISUNDEF(report->host) && Z_ISUNDEF(report->result)) {
		ZVAL_COPY_VALUE(&report->host, frame);
		return;
	}
	if (!zend_string_equals_literal(Z_STR_P(kind), "sandbox") && !zend_string_equals_literal(Z_STR_P(kind), "host")
		&& Z_ISUNDEF(report->result)) {
		ZVAL_COPY_VALUE(&report->result, frame);
		return;
	}
	/* The guest writes each kind once; a second one is not its own. */
	report->forged = true;
	zval_ptr_dtor(frame);
}

void altair_eval_channel_parse(const altair_eval_capture *channel, const unsigned char *token, altair_eval_report *report)
{
	const unsigned char *data = channel->data.s ? (const unsigned char *) ZSTR_VAL(channel->data.s) : NULL;
	size_t length = channel->data.s ? ZSTR_LEN(channel->data.s) : 0;
	size_t offset = 0;

	ZVAL_UNDEF(&report->sandbox);
	ZVAL_UNDEF(&report->host);
	ZVAL_UNDEF(&report->result);
	report->forged = channel->truncated;

	while (!report->forged && length - offset >= ALTAIR_EVAL_FRAME_HEADER_LEN) {
		const unsigned char *header = data + offset;
		uint32_t body_length;
		zend_string *body;
		zend_result decoded;
		zval frame;

		if (memcmp(header, ALTAIR_EVAL_FRAME_MAGIC, ALTAIR_EVAL_FRAME_MAGIC_LEN) != 0
			|| !same_token(header + ALTAIR_EVAL_FRAME_MAGIC_LEN, token)) {
			report->forged = true;
			break;
		}
		body_length = read_length(header + ALTAIR_EVAL_FRAME_MAGIC_LEN + ALTAIR_EVAL_TOKEN_BYTES);
		if (body_length > length - offset - ALTAIR_EVAL_FRAME_HEADER_LEN) {
			break; /* cut short: the guest died while writing; not a forgery */
		}
		/* The JSON scanner wants its input NUL-terminated; frames follow each other. */
		body = zend_string_init((const char *) header + ALTAIR_EVAL_FRAME_HEADER_LEN, body_length, 0);
		decoded = php_json_decode_ex(&frame, ZSTR_VAL(body), ZSTR_LEN(body), PHP_JSON_OBJECT_AS_ARRAY,
			PHP_JSON_PARSER_DEFAULT_DEPTH);
		zend_string_release(body);
		if (decoded != SUCCESS || Z_TYPE(frame) != IS_ARRAY) {
			zval_ptr_dtor(&frame);
			report->forged = true;
			break;
		}
		take_frame(&frame, report);
		offset += ALTAIR_EVAL_FRAME_HEADER_LEN + body_length;
	}
	/* A partial header at the end is a guest cut short too; bytes that cannot be a header are not. */
	if (!report->forged && offset < length && length - offset < ALTAIR_EVAL_FRAME_HEADER_LEN) {
		size_t tail = length - offset;
		size_t magic = MIN(tail, (size_t) ALTAIR_EVAL_FRAME_MAGIC_LEN);
		if (memcmp(data + offset, ALTAIR_EVAL_FRAME_MAGIC, magic) != 0) {
			report->forged = true;
		}
	}
}

void altair_eval_report_free(altair_eval_report *report)
{
	zval_ptr_dtor(&report->sandbox);
	zval_ptr_dtor(&report->host);
	zval_ptr_dtor(&report->result);
	ZVAL_UNDEF(&report->sandbox);
	ZVAL_UNDEF(&report->host);
	ZVAL_UNDEF(&report->result);
}
