/*
 * The result channel, host side. Before the child starts, the host puts a fresh random token into
 * the channel; the guest reads it (before any project code runs) and keeps it in C memory. Every
 * frame the guest writes carries it:
 *
 *     "AEV1" | token (ALTAIR_EVAL_TOKEN_BYTES) | length (uint32, little endian) | JSON
 *
 * A snippet that reaches the descriptor anyway cannot know the token, so anything on the channel
 * that is not an authentic frame marks the whole report as forged and nothing from it is used.
 *
 * Frames are checked as the bytes arrive (altair_eval_channel_reader_feed), and a frame longer
 * than the evaluator's result maximum is counted and dropped, never held: a large result costs
 * the caller no memory and is reported as limit_exceeded "result_size", not as a forgery.
 * The kinds of frames and their order: docs/ARCHITECTURE.md ("The result channel").
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "ext/json/php_json.h"
#include "ext/standard/php_random.h"
#include "../php_altair_eval.h"
#include "internal.h"
#include "../common/fdio.h"

#include <errno.h>
#include <poll.h>
#include <unistd.h>

zend_result altair_eval_channel_token(unsigned char *token)
{
	return php_random_bytes_throw(token, ALTAIR_EVAL_TOKEN_BYTES);
}

/* Before the child exists: the token waits in the socket until the guest reads it. */
zend_result altair_eval_channel_send_token(int fd, const unsigned char *token)
{
	return altair_eval_fdio_write_all(fd, token, ALTAIR_EVAL_TOKEN_BYTES) ? SUCCESS : FAILURE;
}

/* The request block (after the token): what only this evaluation's guest needs, which a warm
 * worker cannot take from its template's command line. */
static void request_block(smart_str *json, const altair_eval_request *request, size_t max_frame)
{
	zval block, fakes, fake;
	zend_string *pattern;
	zval *answer;

	array_init(&block);
	/* The guest's effects frame: at most a quarter of what the caller takes in per frame. */
	add_assoc_long(&block, "effects_max_bytes", (zend_long) MIN((size_t) ALTAIR_EVAL_EFFECTS_MAX_BYTES, max_frame / 4));
	array_init(&fakes);
	ZEND_HASH_FOREACH_STR_KEY_VAL(request->fake_http, pattern, answer) {
		const char *space = pattern ? memchr(ZSTR_VAL(pattern), ' ', ZSTR_LEN(pattern)) : NULL;
		const char *colon = Z_TYPE_P(answer) == IS_STRING ? memchr(Z_STRVAL_P(answer), ':', Z_STRLEN_P(answer)) : NULL;

		if (!pattern || Z_TYPE_P(answer) != IS_STRING) {
			continue;
		}
		array_init(&fake);
		if (space) {
			add_assoc_stringl(&fake, "method", ZSTR_VAL(pattern), (size_t) (space - ZSTR_VAL(pattern)));
		} else {
			add_assoc_null(&fake, "method");
		}
		add_assoc_string(&fake, "pattern", space ? space + 1 : ZSTR_VAL(pattern));
		add_assoc_long(&fake, "status", ZEND_STRTOL(Z_STRVAL_P(answer), NULL, 10));
		add_assoc_stringl(&fake, "body", colon ? colon + 1 : "", colon ? Z_STRLEN_P(answer) - (size_t) (colon + 1 - Z_STRVAL_P(answer)) : 0);
		add_next_index_zval(&fakes, &fake);
	} ZEND_HASH_FOREACH_END();
	add_assoc_zval(&block, "fake_http", &fakes);
	php_json_encode_ex(json, &block, PHP_JSON_UNESCAPED_SLASHES | PHP_JSON_UNESCAPED_UNICODE | PHP_JSON_INVALID_UTF8_SUBSTITUTE,
		PHP_JSON_PARSER_DEFAULT_DEPTH);
	smart_str_0(json);
	zval_ptr_dtor(&block);
}

zend_result altair_eval_channel_send_request(int fd, const altair_eval_request *request, size_t max_frame)
{
	smart_str json = {0};
	unsigned char length[4];
	size_t size, sent = 0;
	char *bytes;
	bool ok = true;

	request_block(&json, request, max_frame);
	size = json.s ? ZSTR_LEN(json.s) : 0;
	if (size > ALTAIR_EVAL_REQUEST_BLOCK_MAX) {
		smart_str_free(&json);
		return FAILURE;
	}
	for (int i = 0; i < 4; i++) {
		length[i] = (unsigned char) ((size >> (8 * i)) & 0xff);
	}
	/* The host's end is non-blocking: a block larger than the socket's buffer waits for the guest. */
	bytes = emalloc(sizeof(length) + size);
	memcpy(bytes, length, sizeof(length));
	memcpy(bytes + sizeof(length), json.s ? ZSTR_VAL(json.s) : "", size);
	while (ok && sent < sizeof(length) + size) {
		ssize_t n = send(fd, bytes + sent, sizeof(length) + size - sent, MSG_NOSIGNAL);
		if (n > 0) {
			sent += (size_t) n;
		} else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			struct pollfd writable = { .fd = fd, .events = POLLOUT };
			ok = poll(&writable, 1, ALTAIR_EVAL_REQUEST_BLOCK_WAIT_MS) > 0;
		} else {
			ok = n < 0 && errno == EINTR;
		}
	}
	efree(bytes);
	smart_str_free(&json);
	return ok ? SUCCESS : FAILURE;
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

static zend_long long_entry(zval *frame, const char *key, bool *valid)
{
	zval *entry = zend_hash_str_find(Z_ARRVAL_P(frame), key, strlen(key));

	if (!entry || Z_TYPE_P(entry) != IS_LONG) {
		*valid = false;
		return 0;
	}
	return Z_LVAL_P(entry);
}

/* {kind:"status", exit_status, memory_peak, rss_peak}: the guest's last frame. */
static void take_status(zval *frame, altair_eval_report *report)
{
	bool valid = !report->has_status;

	report->exit_status = long_entry(frame, "exit_status", &valid);
	report->memory_peak = long_entry(frame, "memory_peak", &valid);
	report->rss_peak = long_entry(frame, "rss_peak", &valid);
	report->has_status = valid;
	report->forged = report->forged || !valid;
	zval_ptr_dtor(frame);
}

static void take_frame(zval *frame, altair_eval_report *report)
{
	zval *kind = zend_hash_str_find(Z_ARRVAL_P(frame), "kind", strlen("kind"));

	if (!kind || Z_TYPE_P(kind) != IS_STRING) {
		report->forged = true;
		zval_ptr_dtor(frame);
		return;
	}
	if (zend_string_equals_literal(Z_STR_P(kind), "status")) {
		take_status(frame, report);
		return;
	}
	if (zend_string_equals_literal(Z_STR_P(kind), "sandbox") && Z_ISUNDEF(report->sandbox)) {
		ZVAL_COPY_VALUE(&report->sandbox, frame);
		return;
	}
	/* The relay's listening sockets came with it (supervise.c gave them to the relay); the host
	 * keeps its own account of them, the frame only orders them before the sandbox frame. */
	if (zend_string_equals_literal(Z_STR_P(kind), "relay") && !report->relay_seen && Z_ISUNDEF(report->sandbox)) {
		report->relay_seen = true;
		zval_ptr_dtor(frame);
		return;
	}
	if (zend_string_equals_literal(Z_STR_P(kind), "host") && Z_ISUNDEF(report->host) && Z_ISUNDEF(report->result)) {
		ZVAL_COPY_VALUE(&report->host, frame);
		return;
	}
	/* Once, right before the status frame (guest/report.c). */
	if (zend_string_equals_literal(Z_STR_P(kind), "effects")) {
		if (Z_ISUNDEF(report->effects)) {
			ZVAL_COPY_VALUE(&report->effects, frame);
			return;
		}
		report->forged = true;
		zval_ptr_dtor(frame);
		return;
	}
	if (!zend_string_equals_literal(Z_STR_P(kind), "sandbox") && !zend_string_equals_literal(Z_STR_P(kind), "host")
		&& !zend_string_equals_literal(Z_STR_P(kind), "relay") && Z_ISUNDEF(report->result)) {
		ZVAL_COPY_VALUE(&report->result, frame);
		return;
	}
	/* The guest writes each kind once; a second one is not its own. */
	report->forged = true;
	zval_ptr_dtor(frame);
}

void altair_eval_channel_reader_init(altair_eval_channel_reader *reader, const unsigned char *token, size_t max_frame)
{
	memset(reader, 0, sizeof(*reader));
	memcpy(reader->token, token, ALTAIR_EVAL_TOKEN_BYTES);
	reader->max_frame = max_frame;
}

/* The kind of a frame from the first bytes of its body, which the guest writes as {"kind":"...". */
static void note_kind(altair_eval_channel_reader *reader, const char *bytes, size_t length)
{
	static const char prefix[] = "{\"kind\":\"";
	bool at_start = reader->body_left == reader->dropped_bytes;

	if (at_start && length >= strlen(prefix) && memcmp(bytes, prefix, strlen(prefix)) == 0) {
		size_t n = 0;
		bytes += strlen(prefix);
		length -= strlen(prefix);
		while (n < length && n < sizeof(reader->dropped_kind) - 1 && bytes[n] >= 'a' && bytes[n] <= 'z') {
			n++;
		}
		memcpy(reader->dropped_kind, bytes, n);
		reader->dropped_kind[n] = '\0';
	}
}

/* A complete header: authentic, and its body kept (within the budget) or counted and dropped. */
static void take_header(altair_eval_channel_reader *reader)
{
	const unsigned char *header = reader->header;

	reader->header_have = 0;
	if (memcmp(header, ALTAIR_EVAL_FRAME_MAGIC, ALTAIR_EVAL_FRAME_MAGIC_LEN) != 0
		|| !same_token(header + ALTAIR_EVAL_FRAME_MAGIC_LEN, reader->token)) {
		reader->forged = true;
		return;
	}
	reader->body_left = read_length(header + ALTAIR_EVAL_FRAME_MAGIC_LEN + ALTAIR_EVAL_TOKEN_BYTES);
	reader->dropping = reader->body_left > reader->max_frame;
	if (reader->dropping) {
		/* One too large frame is all the guest can send; the next one is not its own. */
		reader->forged = reader->dropped_bytes > 0;
		reader->dropped_bytes = reader->body_left;
		return;
	}
	reader->frame_start = reader->kept.s ? ZSTR_LEN(reader->kept.s) : 0;
	smart_str_appendl(&reader->kept, (const char *) header, ALTAIR_EVAL_FRAME_HEADER_LEN);
}

void altair_eval_channel_reader_feed(altair_eval_channel_reader *reader, const char *bytes, size_t length)
{
	while (length > 0 && !reader->forged) {
		size_t n;
		if (reader->body_left == 0) {
			n = MIN(length, ALTAIR_EVAL_FRAME_HEADER_LEN - reader->header_have);
			memcpy(reader->header + reader->header_have, bytes, n);
			reader->header_have += n;
			/* Bytes that cannot begin a header are forged even if nothing follows them. */
			if (memcmp(reader->header, ALTAIR_EVAL_FRAME_MAGIC, MIN(reader->header_have, ALTAIR_EVAL_FRAME_MAGIC_LEN)) != 0) {
				reader->forged = true;
			} else if (reader->header_have == ALTAIR_EVAL_FRAME_HEADER_LEN) {
				take_header(reader);
			}
		} else {
			n = MIN(length, reader->body_left);
			if (reader->dropping) {
				note_kind(reader, bytes, n);
			} else {
				smart_str_appendl(&reader->kept, bytes, n);
			}
			reader->body_left -= n;
		}
		bytes += n;
		length -= n;
	}
}

/* The guest's status frame is its last write (guest.c: RSHUTDOWN writes it, then _exit): true once
 * it came whole after nothing forged, so everything the guest will ever say is in. */
bool altair_eval_channel_reader_finished(const altair_eval_channel_reader *reader)
{
	static const char status[] = "{\"kind\":\"status\"";
	size_t body = reader->frame_start + ALTAIR_EVAL_FRAME_HEADER_LEN;

	return !reader->forged && reader->body_left == 0 && reader->header_have == 0 && reader->kept.s
		&& ZSTR_LEN(reader->kept.s) >= body + strlen(status)
		&& memcmp(ZSTR_VAL(reader->kept.s) + body, status, strlen(status)) == 0;
}

void altair_eval_channel_reader_free(altair_eval_channel_reader *reader)
{
	smart_str_free(&reader->kept);
}

/* Kept frames are whole and authentic but for the last, which a guest that died while writing
 * may have cut short: that one is left out, and it is not a forgery. */
void altair_eval_channel_parse(const altair_eval_channel_reader *reader, altair_eval_report *report)
{
	const char *data = reader->kept.s ? ZSTR_VAL(reader->kept.s) : NULL;
	size_t length = reader->kept.s ? ZSTR_LEN(reader->kept.s) : 0;
	size_t offset = 0;

	ZVAL_UNDEF(&report->sandbox);
	ZVAL_UNDEF(&report->host);
	ZVAL_UNDEF(&report->result);
	ZVAL_UNDEF(&report->effects);
	report->forged = reader->forged;
	report->relay_seen = false;
	report->has_status = false;
	report->exit_status = report->memory_peak = 0;
	report->rss_peak = -1;
	report->dropped_bytes = reader->dropped_bytes;
	report->dropped_kind = reader->dropped_kind;
	if (reader->body_left > 0 && !reader->dropping) {
		length = reader->frame_start; /* the cut-short frame */
	}

	while (!report->forged && length - offset >= ALTAIR_EVAL_FRAME_HEADER_LEN) {
		uint32_t body_length = read_length((const unsigned char *) data + offset + ALTAIR_EVAL_FRAME_MAGIC_LEN
			+ ALTAIR_EVAL_TOKEN_BYTES);
		zend_string *body;
		zend_result decoded;
		zval frame;

		/* The JSON scanner wants its input NUL-terminated; frames follow each other. */
		body = zend_string_init(data + offset + ALTAIR_EVAL_FRAME_HEADER_LEN, body_length, 0);
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
}

void altair_eval_report_free(altair_eval_report *report)
{
	zval_ptr_dtor(&report->sandbox);
	zval_ptr_dtor(&report->host);
	zval_ptr_dtor(&report->result);
	zval_ptr_dtor(&report->effects);
	ZVAL_UNDEF(&report->sandbox);
	ZVAL_UNDEF(&report->host);
	ZVAL_UNDEF(&report->result);
	ZVAL_UNDEF(&report->effects);
}
