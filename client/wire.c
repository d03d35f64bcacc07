/* See wire.h. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wire.h"

#define WIRE_DEPTH_MAX 8
#define WIRE_EXIT_MAX 255

void altair_client_buffer_append(altair_client_buffer *buffer, const char *data, size_t length)
{
	if (buffer->failed) {
		return;
	}
	if (buffer->size - buffer->length < length) {
		size_t size = buffer->size ? buffer->size : 256;
		char *grown;
		while (size - buffer->length < length) {
			if (size > SIZE_MAX / 2) {
				buffer->failed = true;
				return;
			}
			size *= 2;
		}
		if (!(grown = realloc(buffer->data, size))) {
			buffer->failed = true;
			return;
		}
		buffer->data = grown;
		buffer->size = size;
	}
	memcpy(buffer->data + buffer->length, data, length);
	buffer->length += length;
}

static void put_format(altair_client_buffer *buffer, const char *format, long value)
{
	char text[48];
	int length = snprintf(text, sizeof(text), format, value);

	altair_client_buffer_append(buffer, text, (size_t) length);
}

void altair_client_put_array(altair_client_buffer *buffer, size_t count)
{
	put_format(buffer, "a:%ld:{", (long) count);
}

void altair_client_put_end(altair_client_buffer *buffer)
{
	altair_client_buffer_append(buffer, "}", 1);
}

void altair_client_put_string(altair_client_buffer *buffer, const char *data, size_t length)
{
	put_format(buffer, "s:%ld:\"", (long) length);
	altair_client_buffer_append(buffer, data, length);
	altair_client_buffer_append(buffer, "\";", 2);
}

void altair_client_put_int(altair_client_buffer *buffer, long value)
{
	put_format(buffer, "i:%ld;", value);
}

typedef struct {
	const char *at, *end;
} cursor;

typedef enum { VALUE_NONE, VALUE_INT, VALUE_STRING, VALUE_BOOL, VALUE_OTHER } value_kind;

typedef struct {
	value_kind kind;
	long number;
	const char *text;
	size_t length;
} value;

static bool take(cursor *c, char expected)
{
	if (c->at < c->end && *c->at == expected) {
		c->at++;
		return true;
	}
	return false;
}

/* Decimal digits with an optional '-', up to `stop`, within LONG_MIN..LONG_MAX. */
static bool number(cursor *c, char stop, long *out)
{
	bool negative = take(c, '-');
	unsigned long magnitude = 0;
	const char *first = c->at;

	while (c->at < c->end && *c->at >= '0' && *c->at <= '9') {
		unsigned digit = (unsigned) (*c->at - '0');
		if (magnitude > (ULONG_MAX - digit) / 10) {
			return false;
		}
		magnitude = magnitude * 10 + digit;
		c->at++;
	}
	if (c->at == first || !take(c, stop) || magnitude > (unsigned long) LONG_MAX + (negative ? 1 : 0)) {
		return false;
	}
	*out = negative ? (long) (0 - magnitude) : (long) magnitude;
	return true;
}

static bool parse_value(cursor *c, value *out, int depth);

static bool parse_array(cursor *c, int depth)
{
	long count;

	if (depth > WIRE_DEPTH_MAX || !number(c, ':', &count) || count < 0 || !take(c, '{')) {
		return false;
	}
	for (long i = 0; i < count; i++) {
		value key, item;
		if (!parse_value(c, &key, depth + 1) || (key.kind != VALUE_INT && key.kind != VALUE_STRING)
			|| !parse_value(c, &item, depth + 1)) {
			return false;
		}
	}
	return take(c, '}');
}

static bool parse_value(cursor *c, value *out, int depth)
{
	char type;
	long length;

	out->kind = VALUE_NONE;
	if (c->at >= c->end) {
		return false;
	}
	type = *c->at++;
	if (type == 'N') {
		return take(c, ';');
	}
	if (!take(c, ':')) {
		return false;
	}
	switch (type) {
		case 'i':
			out->kind = VALUE_INT;
			return number(c, ';', &out->number);
		case 'b':
			out->kind = VALUE_BOOL;
			return number(c, ';', &out->number) && (out->number == 0 || out->number == 1);
		case 'd': /* a float: not one the client reads */
			out->kind = VALUE_OTHER;
			while (c->at < c->end && *c->at != ';') {
				c->at++;
			}
			return take(c, ';');
		case 's':
			if (!number(c, ':', &length) || length < 0 || !take(c, '"')
				|| (size_t) (c->end - c->at) < (size_t) length) {
				return false;
			}
			out->kind = VALUE_STRING;
			out->text = c->at;
			out->length = (size_t) length;
			c->at += length;
			return take(c, '"') && take(c, ';');
		case 'a':
			out->kind = VALUE_OTHER;
			return parse_array(c, depth);
		default:
			return false;
	}
}

static bool is_key(const value *key, const char *name)
{
	return key->kind == VALUE_STRING && key->length == strlen(name) && memcmp(key->text, name, key->length) == 0;
}

bool altair_client_parse(const char *payload, size_t length, altair_client_reply *reply)
{
	cursor c = { payload, payload + length };
	bool has_out = false, has_err = false;
	long count;

	memset(reply, 0, sizeof(*reply));
	reply->protocol = -1;
	if (!take(&c, 'a') || !take(&c, ':') || !number(&c, ':', &count) || count < 0 || !take(&c, '{')) {
		return false;
	}
	for (long i = 0; i < count; i++) {
		value key, item;
		if (!parse_value(&c, &key, 1) || (key.kind != VALUE_INT && key.kind != VALUE_STRING)
			|| !parse_value(&c, &item, 1)) {
			return false;
		}
		if (is_key(&key, "protocol") && item.kind == VALUE_INT) {
			reply->protocol = item.number;
		} else if (is_key(&key, "exit") && item.kind == VALUE_INT && item.number >= 0 && item.number <= WIRE_EXIT_MAX) {
			reply->has_exit = true;
			reply->exit_code = item.number;
		} else if (is_key(&key, "stdout") && item.kind == VALUE_STRING) {
			reply->out = item.text;
			reply->out_length = item.length;
			has_out = true;
		} else if (is_key(&key, "stderr") && item.kind == VALUE_STRING) {
			reply->err = item.text;
			reply->err_length = item.length;
			has_err = true;
		} else if ((is_key(&key, "fallback") && item.kind == VALUE_BOOL && item.number == 1)
			|| (is_key(&key, "refused") && item.kind == VALUE_STRING)) {
			/* refused: the server's own answer before it runs anything (another protocol, a
			 * request it does not know); the PHP front-end says it its way, or runs the call. */
			reply->fallback = true;
		} else if (is_key(&key, "failed") && item.kind == VALUE_STRING) {
			reply->message = item.text;
			reply->message_length = item.length;
		}
	}
	reply->has_exit = reply->has_exit && has_out && has_err;
	return take(&c, '}') && c.at == c.end;
}
