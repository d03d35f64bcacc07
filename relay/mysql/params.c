/*
 * A COM_STMT_EXECUTE's bound parameters as a JSON array, for the queries a relayed connection
 * reports (relay/mysql/session.h). Plain C over the packet: malformed input gives NULL, never a
 * read past it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"

/* The longest string value reported; longer ones are cut and end with "…". */
#define PARAM_STRING_MAX 4096
#define EXECUTE_HEADER 10 /* command, statement id (4), flags, iteration count (4) */

enum {
	TYPE_DECIMAL = 0x00, TYPE_TINY = 0x01, TYPE_SHORT = 0x02, TYPE_LONG = 0x03, TYPE_FLOAT = 0x04,
	TYPE_DOUBLE = 0x05, TYPE_NULL = 0x06, TYPE_TIMESTAMP = 0x07, TYPE_LONGLONG = 0x08, TYPE_INT24 = 0x09,
	TYPE_DATE = 0x0a, TYPE_TIME = 0x0b, TYPE_DATETIME = 0x0c, TYPE_YEAR = 0x0d,
};

static size_t utf8_sequence(const unsigned char *p, size_t left)
{
	size_t need = p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : p[0] >= 0xe0 ? 3 : p[0] >= 0xc2 && p[0] <= 0xdf ? 2 : 0;
	if (need == 0 || need > left) {
		return 0;
	}
	for (size_t i = 1; i < need; i++) {
		if ((p[i] & 0xc0) != 0x80) {
			return 0;
		}
	}
	return need;
}

static bool json_string(altair_relay_buf *out, const unsigned char *p, size_t length)
{
	bool cut = length > PARAM_STRING_MAX;
	if (cut) {
		length = PARAM_STRING_MAX;
	}
	altair_relay_buf_append(out, "\"", 1);
	for (size_t i = 0; i < length;) {
		unsigned char c = p[i];
		char escape[8];
		if (c == '"' || c == '\\') {
			escape[0] = '\\', escape[1] = (char) c;
			altair_relay_buf_append(out, escape, 2);
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			snprintf(escape, sizeof(escape), "\\u%04x", c);
			altair_relay_buf_append(out, escape, 6);
			i++;
		} else if (c < 0x80) {
			altair_relay_buf_append(out, &c, 1);
			i++;
		} else {
			size_t sequence = utf8_sequence(p + i, length - i);
			if (sequence) {
				altair_relay_buf_append(out, p + i, sequence);
				i += sequence;
			} else {
				/* not UTF-8: the byte as its Latin-1 character */
				snprintf(escape, sizeof(escape), "\\u%04x", c);
				altair_relay_buf_append(out, escape, 6);
				i++;
			}
		}
	}
	if (cut) {
		altair_relay_buf_append(out, "\xe2\x80\xa6", 3);
	}
	return altair_relay_buf_append(out, "\"", 1);
}

static uint64_t little_endian(const unsigned char *p, size_t width)
{
	uint64_t v = 0;
	for (size_t i = 0; i < width; i++) {
		v |= (uint64_t) p[i] << (8 * i);
	}
	return v;
}

/* An integer of width bytes, signed unless the type says unsigned. */
static void integer(altair_relay_buf *out, const unsigned char *p, size_t width, bool is_unsigned)
{
	uint64_t v = little_endian(p, width);
	char text[32];
	if (is_unsigned) {
		snprintf(text, sizeof(text), "%llu", (unsigned long long) v);
	} else {
		int64_t sv = width == 8 ? (int64_t) v : (int64_t) (v ^ (1ull << (8 * width - 1))) - (int64_t) (1ull << (8 * width - 1));
		snprintf(text, sizeof(text), "%lld", (long long) sv);
	}
	altair_relay_buf_append(out, text, strlen(text));
}

static void floating(altair_relay_buf *out, const unsigned char *p, bool is_double)
{
	char text[40];
	double d;
	if (is_double) {
		uint64_t bits = little_endian(p, 8);
		memcpy(&d, &bits, sizeof(d));
	} else {
		uint32_t bits = (uint32_t) little_endian(p, 4);
		float f;
		memcpy(&f, &bits, sizeof(f));
		d = f;
	}
	if (d != d || d > 1.7976931348623157e308 || d < -1.7976931348623157e308) {
		snprintf(text, sizeof(text), "\"%s\"", d != d ? "NaN" : d > 0 ? "Infinity" : "-Infinity");
	} else {
		snprintf(text, sizeof(text), "%.17g", d);
	}
	altair_relay_buf_append(out, text, strlen(text));
}

/* DATE, DATETIME, TIMESTAMP (length 0, 4, 7, 11) and TIME (0, 8, 12), as text. */
static bool temporal(altair_relay_buf *out, const unsigned char *p, size_t length, bool is_time)
{
	char text[64];
	if (is_time) {
		unsigned days = length >= 8 ? (unsigned) little_endian(p + 1, 4) : 0;
		unsigned hours = length >= 8 ? days * 24u + p[5] : 0;
		snprintf(text, sizeof(text), "\"%s%02u:%02u:%02u\"", length >= 8 && p[0] ? "-" : "", hours,
			length >= 8 ? p[6] : 0, length >= 8 ? p[7] : 0);
	} else {
		unsigned year = length >= 4 ? (unsigned) little_endian(p, 2) : 0;
		snprintf(text, sizeof(text), "\"%04u-%02u-%02u %02u:%02u:%02u\"", year, length >= 4 ? p[2] : 0,
			length >= 4 ? p[3] : 0, length >= 7 ? p[4] : 0, length >= 7 ? p[5] : 0, length >= 7 ? p[6] : 0);
	}
	return altair_relay_buf_append(out, text, strlen(text));
}

/* One value at p[*at]; false when it runs past length. */
static bool value(altair_relay_buf *out, const unsigned char *p, size_t length, size_t *at, unsigned type, bool is_unsigned)
{
	size_t width = 0;
	switch (type) {
		case TYPE_NULL:
			return altair_relay_buf_append(out, "null", 4);
		case TYPE_TINY: width = 1; break;
		case TYPE_SHORT: case TYPE_YEAR: width = 2; break;
		case TYPE_LONG: case TYPE_INT24: case TYPE_FLOAT: width = 4; break;
		case TYPE_LONGLONG: case TYPE_DOUBLE: width = 8; break;
		case TYPE_DATE: case TYPE_DATETIME: case TYPE_TIMESTAMP: case TYPE_TIME: {
			if (*at >= length || length - *at - 1 < p[*at]) {
				return false;
			}
			size_t n = p[*at];
			bool ok = temporal(out, p + *at + 1, n, type == TYPE_TIME);
			*at += 1 + n;
			return ok;
		}
		default: {
			uint64_t n;
			if (!altair_mysql_lenenc(p, length, at, &n) || n > length - *at) {
				return false;
			}
			bool ok = json_string(out, p + *at, (size_t) n);
			*at += (size_t) n;
			return ok;
		}
	}
	if (length - *at < width) {
		return false;
	}
	if (type == TYPE_FLOAT || type == TYPE_DOUBLE) {
		floating(out, p + *at, type == TYPE_DOUBLE);
	} else {
		integer(out, p + *at, width, is_unsigned);
	}
	*at += width;
	return true;
}

static bool values(altair_relay_buf *out, mysql_statement *statement, const unsigned char *p, size_t length)
{
	size_t at = EXECUTE_HEADER, bitmap = (statement->params + 7u) / 8u;
	if (length < at + bitmap + 1) {
		return false;
	}
	const unsigned char *nulls = p + at;
	at += bitmap;
	if (p[at++] == 1) {
		if (length - at < 2u * statement->params) {
			return false;
		}
		unsigned char *types = realloc(statement->types, 2u * statement->params);
		if (!types) {
			return false;
		}
		memcpy(types, p + at, 2u * statement->params);
		statement->types = types;
		at += 2u * statement->params;
	}
	if (!statement->types) {
		return false;
	}
	altair_relay_buf_append(out, "[", 1);
	for (unsigned i = 0; i < statement->params; i++) {
		if (i > 0) {
			altair_relay_buf_append(out, ",", 1);
		}
		if (nulls[i / 8] & (1u << (i % 8))) {
			altair_relay_buf_append(out, "null", 4);
		} else if (i < 64 && (statement->long_data & (1ull << i))) {
			altair_relay_buf_append(out, "\"(sent as long data)\"", 21);
		} else if (!value(out, p, length, &at, statement->types[2 * i], (statement->types[2 * i + 1] & 0x80) != 0)) {
			return false;
		}
	}
	return altair_relay_buf_append(out, "]", 1);
}

char *altair_mysql_params_json(mysql_statement *statement, const unsigned char *payload, size_t length, size_t *json_length)
{
	if (statement->params == 0) {
		return NULL;
	}
	altair_relay_buf out = {0};
	bool ok = values(&out, statement, payload, length);
	statement->long_data = 0;
	if (!ok || out.failed) {
		altair_relay_buf_free(&out);
		return NULL;
	}
	*json_length = out.length;
	return (char *) out.data;
}
