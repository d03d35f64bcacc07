/* See resp.h. */
#include "resp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A decimal integer as RESP writes one: an optional '-', then digits; false on anything else. */
static bool parse_integer(const unsigned char *text, size_t length, int64_t *value)
{
	bool negative = length > 0 && text[0] == '-';
	size_t i = negative ? 1 : 0;
	if (i == length || length - i > 18) {
		return false;
	}
	int64_t result = 0;
	for (; i < length; i++) {
		if (text[i] < '0' || text[i] > '9') {
			return false;
		}
		result = result * 10 + (text[i] - '0');
	}
	*value = negative ? -result : result;
	return true;
}

/* ---- client requests ---------------------------------------------------------------------- */

/* A '*' or '$' header line at position: INCOMPLETE, COMPLETE (*value, *next set) or INVALID. */
static altair_redis_frame request_header(const unsigned char *buffer, size_t available, size_t position,
	int64_t *value, size_t *next)
{
	const unsigned char *cr = memchr(buffer + position, '\r', available - position);
	if (!cr) {
		return available - position > ALTAIR_REDIS_INLINE_MAX ? ALTAIR_REDIS_INVALID : ALTAIR_REDIS_INCOMPLETE;
	}
	size_t end = (size_t) (cr - buffer);
	if (end + 2 > available) {
		return ALTAIR_REDIS_INCOMPLETE;
	}
	/* Redis skips the two bytes after the count without looking at them; the relay insists on
	 * CRLF, so it never frames a request differently from what it re-encodes. */
	if (buffer[end + 1] != '\n' || !parse_integer(buffer + position + 1, end - position - 1, value)) {
		*value = -2;
	}
	*next = end + 2;
	return ALTAIR_REDIS_COMPLETE;
}

static altair_redis_frame request_invalid(altair_redis_request_scan *scan, const char *message)
{
	snprintf(scan->error, sizeof(scan->error), "Protocol error: %s", message);
	return ALTAIR_REDIS_INVALID;
}

static altair_redis_frame request_not_bulk(altair_redis_request_scan *scan, unsigned char got)
{
	snprintf(scan->error, sizeof(scan->error), "Protocol error: expected '$', got '%c'", got >= 0x20 && got < 0x7f ? got : '?');
	return ALTAIR_REDIS_INVALID;
}

static altair_redis_frame request_inline(altair_redis_request_scan *scan, const unsigned char *buffer,
	size_t available, size_t *length)
{
	const unsigned char *newline = memchr(buffer + scan->position, '\n', available - scan->position);
	if (!newline) {
		scan->position = available;
		return available > ALTAIR_REDIS_INLINE_MAX ? request_invalid(scan, "too big inline request")
		                                           : ALTAIR_REDIS_INCOMPLETE;
	}
	*length = (size_t) (newline - buffer) + 1;
	return ALTAIR_REDIS_COMPLETE;
}

altair_redis_frame altair_redis_request_scan_next(altair_redis_request_scan *scan, const unsigned char *buffer,
	size_t available, size_t *length)
{
	if (available == 0) {
		return ALTAIR_REDIS_INCOMPLETE;
	}
	if (!scan->started) {
		scan->started = true;
		scan->is_inline = buffer[0] != '*';
		scan->position = 0;
	}
	if (scan->is_inline) {
		return request_inline(scan, buffer, available, length);
	}
	int64_t value;
	size_t next;
	if (scan->position == 0) {
		altair_redis_frame frame = request_header(buffer, available, 0, &value, &next);
		if (frame == ALTAIR_REDIS_INVALID) {
			return request_invalid(scan, "too big mbulk count string");
		}
		if (frame == ALTAIR_REDIS_INCOMPLETE) {
			return frame;
		}
		if (value == -2 || value > ALTAIR_REDIS_ARGUMENTS_MAX) {
			return request_invalid(scan, "invalid multibulk length");
		}
		scan->argument_count = scan->arguments_left = value > 0 ? value : 0;
		scan->position = next;
	}
	while (scan->arguments_left > 0) {
		if (scan->position >= available) {
			return ALTAIR_REDIS_INCOMPLETE;
		}
		if (buffer[scan->position] != '$') {
			return request_not_bulk(scan, buffer[scan->position]);
		}
		altair_redis_frame frame = request_header(buffer, available, scan->position, &value, &next);
		if (frame == ALTAIR_REDIS_INVALID) {
			return request_invalid(scan, "too big bulk count string");
		}
		if (frame == ALTAIR_REDIS_INCOMPLETE) {
			return frame;
		}
		if (value < 0 || value > ALTAIR_REDIS_BULK_MAX) {
			return request_invalid(scan, "invalid bulk length");
		}
		if (available - next < (size_t) value + 2) {
			return ALTAIR_REDIS_INCOMPLETE;
		}
		if (buffer[next + value] != '\r' || buffer[next + value + 1] != '\n') {
			return request_invalid(scan, "bulk string not followed by CRLF");
		}
		scan->position = next + (size_t) value + 2;
		scan->arguments_left--;
	}
	*length = scan->position;
	return ALTAIR_REDIS_COMPLETE;
}

static bool command_reserve(altair_redis_command *command, size_t count)
{
	if (count <= command->capacity) {
		return true;
	}
	size_t capacity = command->capacity ? command->capacity : 8;
	while (capacity < count) {
		capacity *= 2;
	}
	altair_redis_word *words = realloc(command->words, capacity * sizeof(*words));
	if (!words) {
		return false;
	}
	command->words = words;
	command->capacity = capacity;
	return true;
}

static bool is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static int hex_digit(unsigned char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* One quoted or bare word of an inline line starting at *at (Redis's sdssplitargs rules: a NUL
 * ends the line, "..." takes \n \r \t \b \a \xHH escapes, '...' takes \' only, and a closing
 * quote must be followed by a space or the end). Unescaped bytes are appended at out. */
static bool inline_word(const unsigned char *line, size_t length, size_t *at, unsigned char *out, size_t *out_length)
{
	size_t p = *at, n = 0;
	bool in_double = false, in_single = false;
	for (;;) {
		unsigned char c = p < length ? line[p] : 0;
		unsigned char next = p + 1 < length ? line[p + 1] : 0;
		if (in_double) {
			if (c == 0) {
				return false;
			}
			if (c == '\\' && next == 'x' && p + 3 < length && hex_digit(line[p + 2]) >= 0 && hex_digit(line[p + 3]) >= 0) {
				out[n++] = (unsigned char) (hex_digit(line[p + 2]) * 16 + hex_digit(line[p + 3]));
				p += 3;
			} else if (c == '\\' && next) {
				p++;
				out[n++] = next == 'n' ? '\n' : next == 'r' ? '\r' : next == 't' ? '\t' : next == 'b' ? '\b' : next == 'a' ? '\a' : next;
			} else if (c == '"') {
				if (next && !is_space(next)) {
					return false;
				}
				p++;
				break;
			} else {
				out[n++] = c;
			}
		} else if (in_single) {
			if (c == 0) {
				return false;
			}
			if (c == '\\' && next == '\'') {
				p++;
				out[n++] = '\'';
			} else if (c == '\'') {
				if (next && !is_space(next)) {
					return false;
				}
				p++;
				break;
			} else {
				out[n++] = c;
			}
		} else if (c == 0 || is_space(c)) {
			break;
		} else if (c == '"') {
			in_double = true;
		} else if (c == '\'') {
			in_single = true;
		} else {
			out[n++] = c;
		}
		p++;
	}
	*at = p;
	*out_length = n;
	return true;
}

static altair_redis_words_result split_inline(altair_redis_command *command, const unsigned char *line, size_t length)
{
	/* Redis drops the line's "\r\n" (or "\n") before splitting. */
	length -= (length >= 2 && line[length - 2] == '\r') ? 2 : 1;
	if (length + 1 > command->unescaped_capacity) {
		unsigned char *grown = realloc(command->unescaped, length + 1);
		if (!grown) {
			return ALTAIR_REDIS_WORDS_NO_MEMORY;
		}
		command->unescaped = grown;
		command->unescaped_capacity = length + 1;
	}
	size_t at = 0, used = 0;
	for (;;) {
		while (at < length && line[at] && is_space(line[at])) {
			at++;
		}
		if (at >= length || line[at] == 0) {
			return ALTAIR_REDIS_WORDS_OK;
		}
		size_t word_length;
		if (!inline_word(line, length, &at, command->unescaped + used, &word_length)) {
			command->count = 0;
			return ALTAIR_REDIS_WORDS_UNBALANCED_QUOTES;
		}
		if (!command_reserve(command, command->count + 1)) {
			return ALTAIR_REDIS_WORDS_NO_MEMORY;
		}
		command->words[command->count++] = (altair_redis_word) {command->unescaped + used, word_length};
		used += word_length;
	}
}

altair_redis_words_result altair_redis_command_split(altair_redis_command *command, const altair_redis_request_scan *scan,
	const unsigned char *buffer, size_t length)
{
	command->count = 0;
	if (scan->is_inline) {
		return split_inline(command, buffer, length);
	}
	if (!command_reserve(command, (size_t) scan->argument_count)) {
		return ALTAIR_REDIS_WORDS_NO_MEMORY;
	}
	/* The request is complete and was checked by the scan: walk its bulk headers again. */
	size_t at = (const unsigned char *) memchr(buffer, '\n', length) - buffer + 1;
	for (int64_t i = 0; i < scan->argument_count; i++) {
		size_t header_end = (const unsigned char *) memchr(buffer + at, '\n', length - at) - buffer;
		int64_t size = 0;
		parse_integer(buffer + at + 1, header_end - 1 - at - 1, &size);
		command->words[command->count++] = (altair_redis_word) {buffer + header_end + 1, (size_t) size};
		at = header_end + 1 + (size_t) size + 2;
	}
	return ALTAIR_REDIS_WORDS_OK;
}

void altair_redis_command_free(altair_redis_command *command)
{
	free(command->words);
	free(command->unescaped);
	memset(command, 0, sizeof(*command));
}

/* ---- server replies ----------------------------------------------------------------------- */

altair_redis_frame altair_redis_reply_scan_next(altair_redis_reply_scan *scan, const unsigned char *buffer,
	size_t available, size_t *length)
{
	if (!scan->started) {
		scan->started = true;
		scan->position = 0;
		scan->values_left = 1;
	}
	while (scan->values_left > 0) {
		size_t at = scan->position;
		if (at >= available) {
			return ALTAIR_REDIS_INCOMPLETE;
		}
		const unsigned char *lf = memchr(buffer + at, '\n', available - at);
		if (!lf) {
			return available - at > ALTAIR_REDIS_REPLY_LINE_MAX ? ALTAIR_REDIS_INVALID : ALTAIR_REDIS_INCOMPLETE;
		}
		size_t end = (size_t) (lf - buffer); /* the '\n' */
		if (end == at || buffer[end - 1] != '\r') {
			return ALTAIR_REDIS_INVALID;
		}
		const unsigned char *text = buffer + at + 1;
		size_t text_length = end - 1 - at - 1;
		size_t next = end + 1;
		int64_t count = 0;
		unsigned char type = buffer[at];
		switch (type) {
			case '+': case '-': case ':': case '_': case ',': case '#': case '(':
				scan->values_left--;
				break;
			case '$': case '!': case '=':
				if (!parse_integer(text, text_length, &count) || count < -1 || (count == -1 && type != '$')
					|| count > ALTAIR_REDIS_BULK_MAX) {
					return ALTAIR_REDIS_INVALID;
				}
				if (count >= 0) {
					if (available - next < (size_t) count + 2) {
						return ALTAIR_REDIS_INCOMPLETE;
					}
					if (buffer[next + count] != '\r' || buffer[next + count + 1] != '\n') {
						return ALTAIR_REDIS_INVALID;
					}
					next += (size_t) count + 2;
				}
				scan->values_left--;
				break;
			case '*': case '%': case '~': case '>': case '|':
				if (!parse_integer(text, text_length, &count) || count < -1 || (count == -1 && type != '*')
					|| count > ALTAIR_REDIS_REPLY_AGGREGATE_MAX) {
					return ALTAIR_REDIS_INVALID;
				}
				if (count > 0) {
					uint64_t more = (uint64_t) count * (type == '%' || type == '|' ? 2 : 1);
					if (scan->values_left > UINT64_MAX / 4 - more) {
						return ALTAIR_REDIS_INVALID;
					}
					scan->values_left += more;
				}
				/* An attribute is not a value: the value it describes still follows. */
				if (type != '|') {
					scan->values_left--;
				}
				break;
			default:
				return ALTAIR_REDIS_INVALID;
		}
		scan->position = next;
	}
	*length = scan->position;
	return ALTAIR_REDIS_COMPLETE;
}

bool altair_redis_skip(altair_redis_reader *reader)
{
	altair_redis_reply_scan scan = {0};
	size_t length;
	if (reader->position >= reader->length
		|| altair_redis_reply_scan_next(&scan, reader->buffer + reader->position, reader->length - reader->position, &length)
			!= ALTAIR_REDIS_COMPLETE) {
		return false;
	}
	reader->position += length;
	return true;
}

bool altair_redis_skip_children(altair_redis_reader *reader, const altair_redis_item *aggregate)
{
	for (int64_t i = 0; i < aggregate->count; i++) {
		if (!altair_redis_skip(reader)) {
			return false;
		}
	}
	return true;
}

bool altair_redis_read(altair_redis_reader *reader, altair_redis_item *item)
{
	for (;;) {
		size_t at = reader->position;
		if (at >= reader->length) {
			return false;
		}
		const unsigned char *lf = memchr(reader->buffer + at, '\n', reader->length - at);
		if (!lf || lf == reader->buffer + at) {
			return false;
		}
		size_t end = (size_t) (lf - reader->buffer);
		item->type = reader->buffer[at];
		item->data = reader->buffer + at + 1;
		item->length = end - 1 - at - 1;
		item->count = 0;
		reader->position = end + 1;
		switch (item->type) {
			case '$': case '!': case '=': {
				int64_t size;
				if (!parse_integer(item->data, item->length, &size) || size < -1
					|| (size >= 0 && reader->length - reader->position < (size_t) size + 2)) {
					return false;
				}
				item->data = reader->buffer + reader->position;
				item->length = size < 0 ? 0 : (size_t) size;
				item->count = size < 0 ? -1 : 0;
				reader->position += size < 0 ? 0 : (size_t) size + 2;
				return true;
			}
			case '*': case '%': case '~': case '>': case '|': {
				int64_t count;
				if (!parse_integer(item->data, item->length, &count) || count < -1) {
					return false;
				}
				item->count = count < 0 ? -1 : count * (item->type == '%' || item->type == '|' ? 2 : 1);
				if (item->type != '|') {
					return true;
				}
				if (!altair_redis_skip_children(reader, item)) {
					return false;
				}
				continue; /* the described value follows */
			}
			default:
				return true;
		}
	}
}

bool altair_redis_item_is(const altair_redis_item *item, const char *text)
{
	const unsigned char *data = item->data;
	size_t length = item->length;
	if (item->type == '=' && length >= 4) {
		data += 4;
		length -= 4;
	} else if (item->type != '+' && item->type != '$') {
		return false;
	}
	size_t text_length = strlen(text);
	if (length != text_length) {
		return false;
	}
	for (size_t i = 0; i < length; i++) {
		unsigned char a = data[i], b = (unsigned char) text[i];
		if ((a >= 'A' && a <= 'Z' ? a + 32 : a) != (b >= 'A' && b <= 'Z' ? b + 32 : b)) {
			return false;
		}
	}
	return true;
}

void altair_redis_hello_version(const unsigned char *reply, size_t length, char *out, size_t size)
{
	altair_redis_reader reader = {reply, length, 0};
	altair_redis_item top, key, value;
	if (size == 0 || !altair_redis_read(&reader, &top) || (top.type != '%' && top.type != '*') || top.count < 0) {
		return;
	}
	for (int64_t i = 0; i + 1 < top.count; i += 2) {
		if (!altair_redis_read(&reader, &key) || (key.count > 0 && !altair_redis_skip_children(&reader, &key))
			|| !altair_redis_read(&reader, &value) || (value.count > 0 && !altair_redis_skip_children(&reader, &value))) {
			return;
		}
		if (altair_redis_item_is(&key, "version") && value.count == 0 && (value.type == '$' || value.type == '+')) {
			size_t kept = value.length < size - 1 ? value.length : size - 1;
			for (size_t j = 0; j < kept; j++) {
				unsigned char c = value.data[j];
				out[j] = (char) (c >= 0x20 && c < 0x7f ? c : '?');
			}
			out[kept] = '\0';
			return;
		}
	}
}
