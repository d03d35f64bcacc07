/*
 * The result channel, guest side. See report.h; the frame format is described in
 * docs/ARCHITECTURE.md ("The result channel").
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_smart_str.h"
#include "ext/json/php_json.h"
#include "ext/standard/html.h"
#include "../php_altair_eval.h"
#include "report.h"
#include "session.h"
#include "../common/fdio.h"
#include "../common/proc_status.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

static unsigned char token[ALTAIR_EVAL_TOKEN_BYTES];
static int attached_fds[ALTAIR_EVAL_FDIO_MAX_FDS];
static size_t attached_count;
static bool channel_open;
static bool final_sent;
/* /proc/self/status, opened before the lockdown hides /proc: the child's own peak RSS (VmHWM). */
static int status_fd = -1;

/* A booted template's worker: forked, never exec'd, and without a /proc entry of its own. */
static bool forked;

/* Formatting buffer for fatal errors: static, so a frame can be written with the heap exhausted. */
static char fatal_frame[ALTAIR_EVAL_FATAL_FRAME_MAX];

/* The request block the host wrote after the token (runner/channel.c), NUL-terminated. */
static char *request_block;
static size_t request_length;

/* A frame the guest sends right before its status frame, in the same write (guest/effects.c): what
 * shutdown functions and destructors did after the final frame counts too. Its maker is given,
 * never asked for: NULL when there is none. */
static const char *(*before_status)(size_t *length);

static void open_status(void);

zend_result altair_eval_guest_report_open(void)
{
	unsigned char length[4];

	if (!altair_eval_fdio_read_all(ALTAIR_EVAL_CHANNEL_FD, token, sizeof(token))
		|| !altair_eval_fdio_read_all(ALTAIR_EVAL_CHANNEL_FD, length, sizeof(length))) {
		return FAILURE;
	}
	request_length = (size_t) length[0] | ((size_t) length[1] << 8) | ((size_t) length[2] << 16) | ((size_t) length[3] << 24);
	if (request_length > ALTAIR_EVAL_REQUEST_BLOCK_MAX) {
		return FAILURE;
	}
	request_block = pemalloc(request_length + 1, 1);
	if (!altair_eval_fdio_read_all(ALTAIR_EVAL_CHANNEL_FD, request_block, request_length)) {
		return FAILURE;
	}
	request_block[request_length] = '\0';
	shutdown(ALTAIR_EVAL_CHANNEL_FD, SHUT_RD);
	channel_open = true;
	open_status();
	return SUCCESS;
}

/* /proc/self/status for the peak RSS of the status frame, if not open yet: a cold child opens it
 * before the lockdown; a warm worker has its own /proc entry only once its view step attached it,
 * so it takes the lockdown's (altair_eval_guest_report_adopt_status). */
static void open_status(void)
{
	/* A booted template's worker has no /proc entry of its own: the open is refused (Landlock),
	 * and getrusage() answers instead (peak_rss). */
	if (status_fd < 0 && !forked) {
		status_fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
	}
}

const char *altair_eval_guest_report_request(size_t *length)
{
	*length = request_length;
	return request_block;
}

void altair_eval_guest_report_before_status(const char *(*maker)(size_t *length))
{
	before_status = maker;
}

void altair_eval_guest_report_forked(void)
{
	forked = true;
}

void altair_eval_guest_report_adopt_status(int fd)
{
	if (fd < 0) {
		return;
	}
	if (status_fd >= 0) {
		close(fd);
		return;
	}
	status_fd = fd;
}

/* Frames written before any PHP file runs (sandbox, relay, host) wait here and go in one write
 * with the next frame that may not wait (the final one, the status, a fatal error) or at
 * altair_eval_guest_report_flush(), which the guest calls before it runs a file: each write to the
 * channel wakes the host, onto this CPU (a Unix socket's send is a "sync" wake-up), where it took
 * the CPU from this process for each frame's header and each frame's JSON (nine wake-ups in a warm
 * `1+1`, three now). Static, as the fatal frame: flushed when the heap may be exhausted. */
static char corked[ALTAIR_EVAL_CORKED_MAX];
static size_t corked_length;
static bool cork_open = true;

/* One write of the parts, with the attached descriptors if any (the host takes them whatever the
 * byte they come with: runner/supervise.c); a short write goes on from where it stopped. */
static void send_parts(struct iovec *parts, int count)
{
	while (count > 0) {
		ssize_t sent = altair_eval_fdio_sendv(ALTAIR_EVAL_CHANNEL_FD, parts, (size_t) count, attached_fds, attached_count);
		if (sent <= 0) {
			break;
		}
		for (size_t i = 0; i < attached_count; i++) {
			close(attached_fds[i]);
		}
		attached_count = 0;
		while (count > 0 && (size_t) sent >= parts->iov_len) {
			sent -= (ssize_t) parts->iov_len;
			parts++;
			count--;
		}
		if (count > 0) {
			parts->iov_base = (char *) parts->iov_base + sent;
			parts->iov_len -= (size_t) sent;
		}
	}
	/* Never sent (the host is gone): not kept either. */
	for (size_t i = 0; i < attached_count; i++) {
		close(attached_fds[i]);
	}
	attached_count = 0;
}

static void make_header(char *header, size_t length)
{
	uint32_t size = (uint32_t) length;

	memcpy(header, ALTAIR_EVAL_FRAME_MAGIC, ALTAIR_EVAL_FRAME_MAGIC_LEN);
	memcpy(header + ALTAIR_EVAL_FRAME_MAGIC_LEN, token, sizeof(token));
	for (int i = 0; i < 4; i++) {
		header[ALTAIR_EVAL_FRAME_MAGIC_LEN + sizeof(token) + i] = (char) ((size >> (8 * i)) & 0xff);
	}
}

/* The corked frames, the frame that goes before the status frame (when this is the status frame),
 * then this one (NULL: none), in one write. */
static void write_out(const char *header, size_t header_length, const char *json, size_t length, bool status)
{
	struct iovec parts[5];
	char before_header[ALTAIR_EVAL_FRAME_HEADER_LEN];
	size_t before_length = 0;
	const char *before_json = status && before_status ? before_status(&before_length) : NULL;
	int count = 0;

	if (status) {
		before_status = NULL;
	}
	if (corked_length > 0) {
		parts[count++] = (struct iovec) { .iov_base = corked, .iov_len = corked_length };
	}
	if (before_json) {
		make_header(before_header, before_length);
		parts[count++] = (struct iovec) { .iov_base = before_header, .iov_len = sizeof(before_header) };
		parts[count++] = (struct iovec) { .iov_base = (void *) before_json, .iov_len = before_length };
	}
	if (header) {
		parts[count++] = (struct iovec) { .iov_base = (void *) header, .iov_len = header_length };
		parts[count++] = (struct iovec) { .iov_base = (void *) json, .iov_len = length };
	}
	if (count > 0 || attached_count > 0) {
		send_parts(parts, count);
	}
	corked_length = 0;
}

void altair_eval_guest_report_attach_fd(int fd)
{
	/* The held frames' descriptors go first when they fill a message (16 relay listeners, then the
	 * sandbox frame's seccomp listener): the frames go out with them now. */
	if (attached_count == ALTAIR_EVAL_FDIO_MAX_FDS && corked_length > 0 && channel_open) {
		write_out(NULL, 0, NULL, 0, false);
	}
	if (attached_count < ALTAIR_EVAL_FDIO_MAX_FDS) {
		attached_fds[attached_count++] = fd;
	} else {
		close(fd);
	}
}

/* A session's preamble is what came before its opener's first PHP file: sealed at the first flush. */
static bool preamble_sealed;

void altair_eval_guest_report_flush(void)
{
	cork_open = false;
	preamble_sealed = preamble_sealed || altair_eval_guest_session_active();
	if (channel_open) {
		write_out(NULL, 0, NULL, 0, false);
	}
}

/* The sandbox and host frames a session's opener sent, for each of its calls (malloc'd: a call's
 * worker is a fork of the holder, whose copy it inherits). */
static char *preamble;
static size_t preamble_length;

static void remember_preamble(const char *header, size_t header_length, const char *json, size_t length)
{
	char *grown = realloc(preamble, preamble_length + header_length + length);

	if (!grown) {
		return;
	}
	preamble = grown;
	memcpy(preamble + preamble_length, header, header_length);
	memcpy(preamble + preamble_length + header_length, json, length);
	preamble_length += header_length + length;
}

/* now: the frame may not wait (see corked); status: the guest's last frame. */
static void write_frame(const char *json, size_t length, bool now, bool status)
{
	char header[ALTAIR_EVAL_FRAME_HEADER_LEN];

	if (!channel_open) {
		return;
	}
	make_header(header, length);
	if (!now && cork_open && !preamble_sealed && altair_eval_guest_session_active()) {
		remember_preamble(header, sizeof(header), json, length);
	}
	if (!now && cork_open && corked_length + sizeof(header) + length <= sizeof(corked)) {
		memcpy(corked + corked_length, header, sizeof(header));
		memcpy(corked + corked_length + sizeof(header), json, length);
		corked_length += sizeof(header) + length;
		return;
	}
	write_out(header, sizeof(header), json, length, status);
}

static bool is_final(zval *frame)
{
	zval *kind = zend_hash_str_find(Z_ARRVAL_P(frame), "kind", strlen("kind"));
	/* relay, sandbox and host (what was booted, guest/boot/boot.c) come before the one final frame. */
	return !kind || Z_TYPE_P(kind) != IS_STRING || (!zend_string_equals_literal(Z_STR_P(kind), "sandbox")
		&& !zend_string_equals_literal(Z_STR_P(kind), "host") && !zend_string_equals_literal(Z_STR_P(kind), "relay"));
}

void altair_eval_guest_report_send(zval *frame)
{
	smart_str json = {0};
	bool final = is_final(frame);

	if (final && final_sent) {
		return;
	}
	/* The snippet may have changed serialize_precision; the report must not depend on it. */
	PG(serialize_precision) = -1;
	php_json_encode_ex(&json, frame,
		PHP_JSON_PRESERVE_ZERO_FRACTION | PHP_JSON_UNESCAPED_SLASHES | PHP_JSON_UNESCAPED_UNICODE
		| PHP_JSON_INVALID_UTF8_SUBSTITUTE | PHP_JSON_PARTIAL_OUTPUT_ON_ERROR,
		PHP_JSON_PARSER_DEFAULT_DEPTH);
	if (json.s) {
		altair_eval_guest_report_send_json(ZSTR_VAL(json.s), ZSTR_LEN(json.s), final);
	}
	smart_str_free(&json);
}

void altair_eval_guest_report_send_json(const char *json, size_t length, bool final)
{
	if (final && final_sent) {
		return;
	}
	write_frame(json, length, final, false);
	if (final) {
		final_sent = true;
	}
}

bool altair_eval_guest_report_final_sent(void)
{
	return final_sent;
}

/* Appends to fatal_frame at *at; stops silently at the end of the buffer (minus room to close). */
static void append_raw(size_t *at, const char *text, size_t length)
{
	size_t room = sizeof(fatal_frame) - *at;

	if (length > room) {
		length = room;
	}
	memcpy(fatal_frame + *at, text, length);
	*at += length;
}

/* A JSON string: control characters escaped, invalid UTF-8 replaced by U+FFFD. */
static void append_json_string(size_t *at, const char *text, size_t length, size_t reserve)
{
	static const char hex[] = "0123456789abcdef";
	size_t cursor = 0;

	append_raw(at, "\"", 1);
	while (cursor < length && *at + reserve + 8 < sizeof(fatal_frame)) {
		unsigned char c = (unsigned char) text[cursor];
		if (c < 0x80) {
			char escaped[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 0xf] };
			if (c == '"' || c == '\\') {
				char pair[2] = { '\\', (char) c };
				append_raw(at, pair, 2);
			} else if (c < 0x20) {
				append_raw(at, escaped, sizeof(escaped));
			} else {
				append_raw(at, (const char *) &c, 1);
			}
			cursor++;
			continue;
		}
		size_t start = cursor;
		zend_result status;
		php_next_utf8_char((const unsigned char *) text, length, &cursor, &status);
		if (status == SUCCESS) {
			append_raw(at, text + start, cursor - start);
		} else {
			append_raw(at, "\\ufffd", 6);
			if (cursor == start) {
				cursor++;
			}
		}
	}
	append_raw(at, "\"", 1);
}

void altair_eval_guest_report_fatal(const char *type, zend_string *message, const char *file, uint32_t line,
	const char *limit)
{
	char number[24];
	size_t at = 0;
	/* Enough room kept back for the rest of the frame after the message. */
	const size_t reserve = 512;

	if (final_sent) {
		return;
	}
	final_sent = true;
	append_raw(&at, "{\"kind\":\"error\",\"error\":{\"type\":", strlen("{\"kind\":\"error\",\"error\":{\"type\":"));
	append_json_string(&at, type, strlen(type), reserve);
	append_raw(&at, ",\"message\":", strlen(",\"message\":"));
	append_json_string(&at, ZSTR_VAL(message), ZSTR_LEN(message), reserve);
	append_raw(&at, ",\"file\":", strlen(",\"file\":"));
	if (file) {
		append_json_string(&at, file, strlen(file), reserve / 2);
	} else {
		append_raw(&at, "null", 4);
	}
	snprintf(number, sizeof(number), ",\"line\":%u}", line);
	append_raw(&at, number, strlen(number));
	append_raw(&at, ",\"limit\":", strlen(",\"limit\":"));
	if (limit) {
		append_json_string(&at, limit, strlen(limit), 0);
	} else {
		append_raw(&at, "null", 4);
	}
	append_raw(&at, "}", 1);
	write_frame(fatal_frame, at, true, false);
}

/* VmHWM of this process in bytes, or -1. getrusage() will not do: after posix_spawn's
 * CLONE_VM|CLONE_VFORK, the exec folded the caller's peak into this process's ru_maxrss. */
static long long peak_rss(void)
{
	long long kb = altair_eval_proc_status_value(status_fd, "VmHWM");
	struct rusage usage;

	/* A booted template's worker has no /proc entry; it was forked, not spawned, so its
	 * ru_maxrss is its own high-water mark (counted from the pages it shares with the template). */
	if (kb < 0 && forked && getrusage(RUSAGE_SELF, &usage) == 0) {
		kb = usage.ru_maxrss;
	}

	return kb < 0 ? -1 : kb * 1024;
}

void altair_eval_guest_report_exit(int exit_status)
{
	/* Static, as for fatal errors: this runs after the heap may have been exhausted. */
	static char frame[ALTAIR_EVAL_STATUS_FRAME_MAX];
	int length = snprintf(frame, sizeof(frame),
		"{\"kind\":\"status\",\"exit_status\":%d,\"memory_peak\":%zu,\"rss_peak\":%lld}",
		exit_status, zend_memory_peak_usage(true), peak_rss());

	if (length > 0 && (size_t) length < sizeof(frame)) {
		write_frame(frame, (size_t) length, true, true);
	}
}

zend_result altair_eval_guest_report_session_call(void)
{
	char *header;
	size_t at = 0;

	channel_open = false;
	final_sent = false;
	cork_open = true;
	corked_length = 0;
	if (altair_eval_guest_report_open() != SUCCESS) {
		return FAILURE;
	}
	/* The opener's frames, signed anew with this call's token: each begins with its header. */
	while (at + ALTAIR_EVAL_FRAME_HEADER_LEN <= preamble_length) {
		uint32_t length = 0;
		header = preamble + at;
		memcpy(header + ALTAIR_EVAL_FRAME_MAGIC_LEN, token, sizeof(token));
		for (int i = 0; i < 4; i++) {
			length |= (uint32_t) (unsigned char) header[ALTAIR_EVAL_FRAME_MAGIC_LEN + sizeof(token) + i] << (8 * i);
		}
		if (at + ALTAIR_EVAL_FRAME_HEADER_LEN + length > preamble_length) {
			break;
		}
		if (corked_length + ALTAIR_EVAL_FRAME_HEADER_LEN + length <= sizeof(corked)) {
			memcpy(corked + corked_length, header, ALTAIR_EVAL_FRAME_HEADER_LEN + length);
			corked_length += ALTAIR_EVAL_FRAME_HEADER_LEN + length;
		}
		at += ALTAIR_EVAL_FRAME_HEADER_LEN + length;
	}
	return SUCCESS;
}
