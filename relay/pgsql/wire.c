/* See wire.h. */
#include "wire.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

uint32_t altair_pgsql_u32(const unsigned char *p)
{
	return (uint32_t) p[0] << 24 | (uint32_t) p[1] << 16 | (uint32_t) p[2] << 8 | (uint32_t) p[3];
}

static uint16_t u16(const unsigned char *p)
{
	return (uint16_t) (p[0] << 8 | p[1]);
}

altair_pgsql_frame altair_pgsql_next(const unsigned char *data, size_t available, bool startup, altair_pgsql_message *out)
{
	size_t header = startup ? 4 : 5;
	if (available < header) {
		return ALTAIR_PGSQL_INCOMPLETE;
	}
	uint32_t length = altair_pgsql_u32(data + header - 4);
	if (length < 4 || length > (startup ? ALTAIR_PGSQL_MAX_STARTUP : ALTAIR_PGSQL_MAX_MESSAGE) || (startup && length < 8)) {
		return ALTAIR_PGSQL_INVALID;
	}
	if (available - (header - 4) < length) {
		return ALTAIR_PGSQL_INCOMPLETE;
	}
	out->type = startup ? 0 : data[0];
	out->body = data + header;
	out->length = length - 4;
	out->total = header - 4 + length;
	return ALTAIR_PGSQL_MESSAGE;
}

const char *altair_pgsql_cstring(const altair_pgsql_message *m, size_t *offset)
{
	if (*offset >= m->length) {
		return NULL;
	}
	const unsigned char *start = m->body + *offset;
	const unsigned char *nul = memchr(start, 0, m->length - *offset);
	if (!nul) {
		return NULL;
	}
	*offset += (size_t) (nul - start) + 1;
	return (const char *) start;
}

void altair_pgsql_put(altair_relay_buf *buf, unsigned char type, const void *body, size_t length)
{
	unsigned char header[5] = {type};
	uint32_t n = (uint32_t) length + 4;
	header[1] = (unsigned char) (n >> 24);
	header[2] = (unsigned char) (n >> 16);
	header[3] = (unsigned char) (n >> 8);
	header[4] = (unsigned char) n;
	altair_relay_buf_append(buf, header, 5);
	altair_relay_buf_append(buf, body, length);
}

/* Appends a message whose body is the given NUL-terminated parts, each with its NUL. */
static void put_strings(altair_relay_buf *buf, unsigned char type, const char *const *parts, size_t count, const void *tail, size_t tail_length)
{
	size_t length = tail_length;
	for (size_t i = 0; i < count; i++) {
		length += strlen(parts[i]) + 1;
	}
	unsigned char header[5] = {type, (unsigned char) ((length + 4) >> 24), (unsigned char) ((length + 4) >> 16),
		(unsigned char) ((length + 4) >> 8), (unsigned char) (length + 4)};
	altair_relay_buf_append(buf, header, 5);
	for (size_t i = 0; i < count; i++) {
		altair_relay_buf_append(buf, parts[i], strlen(parts[i]) + 1);
	}
	altair_relay_buf_append(buf, tail, tail_length);
}

/* ErrorResponse or NoticeResponse: severity (S and V), SQLSTATE, message, and the position when
 * there is one. */
static void put_error_fields(altair_relay_buf *buf, unsigned char type, const char *severity, const char *sqlstate, const char *message,
	const char *position)
{
	altair_relay_buf body = {0};
	const char *fields[][2] = {{"S", severity}, {"V", severity}, {"C", sqlstate}, {"M", message}, {"P", position}};
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		if (fields[i][1]) {
			altair_relay_buf_append(&body, fields[i][0], 1);
			altair_relay_buf_append(&body, fields[i][1], strlen(fields[i][1]) + 1);
		}
	}
	altair_relay_buf_append(&body, "", 1);
	if (body.failed) {
		buf->failed = true;
	} else {
		altair_pgsql_put(buf, type, body.data, body.length);
	}
	altair_relay_buf_free(&body);
}

void altair_pgsql_put_error(altair_relay_buf *buf, unsigned char type, const char *severity, const char *sqlstate, const char *message)
{
	put_error_fields(buf, type, severity, sqlstate, message, NULL);
}

long altair_pgsql_characters(const unsigned char *bytes, size_t length)
{
	long n = 0;
	for (size_t i = 0; i < length; i++) {
		n += (bytes[i] & 0xc0) != 0x80;
	}
	return n;
}

void altair_pgsql_put_error_shifted(altair_relay_buf *buf, const altair_pgsql_message *m, long shift, const char *append)
{
	if (shift == 0 && !append) {
		altair_pgsql_put(buf, m->type, m->body, m->length);
		return;
	}
	altair_relay_buf body = {0};
	size_t offset = 0;
	while (offset < m->length && m->body[offset] != 0) {
		char code = (char) m->body[offset++];
		const char *value = altair_pgsql_cstring(m, &offset);
		if (!value) {
			break;
		}
		if (code == 'P') {
			long position = strtol(value, NULL, 10);
			if (position <= shift || position - shift > 0x3fffffff) {
				continue;
			}
			char shifted[24];
			snprintf(shifted, sizeof(shifted), "P%ld", position - shift);
			altair_relay_buf_append(&body, shifted, strlen(shifted) + 1);
			continue;
		}
		altair_relay_buf_append(&body, &code, 1);
		if (code == 'M' && append) {
			altair_relay_buf_append(&body, value, strlen(value));
			altair_relay_buf_append(&body, append, strlen(append) + 1);
			continue;
		}
		altair_relay_buf_append(&body, value, strlen(value) + 1);
	}
	altair_relay_buf_append(&body, "", 1);
	if (body.failed) {
		buf->failed = true;
	} else {
		altair_pgsql_put(buf, m->type, body.data, body.length);
	}
	altair_relay_buf_free(&body);
}

void altair_pgsql_put_complete(altair_relay_buf *buf, const char *tag)
{
	put_strings(buf, 'C', &tag, 1, NULL, 0);
}

void altair_pgsql_put_ready(altair_relay_buf *buf, char status)
{
	altair_pgsql_put(buf, 'Z', &status, 1);
}

void altair_pgsql_put_query(altair_relay_buf *buf, const char *sql, size_t length)
{
	unsigned char header[5] = {'Q', (unsigned char) ((length + 5) >> 24), (unsigned char) ((length + 5) >> 16),
		(unsigned char) ((length + 5) >> 8), (unsigned char) (length + 5)};
	altair_relay_buf_append(buf, header, 5);
	altair_relay_buf_append(buf, sql, length);
	altair_relay_buf_append(buf, "", 1);
}

#define INTERNAL_NAME "altair_relay"

void altair_pgsql_put_internal(altair_relay_buf *buf, const char *sql)
{
	static const unsigned char no_params[2] = {0, 0};
	static const unsigned char bind_tail[6] = {0, 0, 0, 0, 0, 0}; /* no formats, no params, no result formats */
	static const unsigned char all_rows[4] = {0, 0, 0, 0};
	const char *close_statement[] = {"S" INTERNAL_NAME};
	const char *close_portal[] = {"P" INTERNAL_NAME};
	put_strings(buf, 'C', close_statement, 1, NULL, 0);
	put_strings(buf, 'C', close_portal, 1, NULL, 0);
	const char *parse[] = {INTERNAL_NAME, sql};
	put_strings(buf, 'P', parse, 2, no_params, sizeof(no_params));
	const char *bind[] = {INTERNAL_NAME, INTERNAL_NAME};
	put_strings(buf, 'B', bind, 2, bind_tail, sizeof(bind_tail));
	const char *execute[] = {INTERNAL_NAME};
	put_strings(buf, 'E', execute, 1, all_rows, sizeof(all_rows));
}

void altair_pgsql_put_sync(altair_relay_buf *buf)
{
	altair_pgsql_put(buf, 'S', NULL, 0);
}

void altair_pgsql_put_statement(altair_relay_buf *buf, const char *sql, size_t length)
{
	static const unsigned char no_params[2] = {0, 0};
	static const unsigned char bind_tail[6] = {0, 0, 0, 0, 0, 0}; /* no formats, no params, no result formats */
	static const unsigned char all_rows[4] = {0, 0, 0, 0};
	unsigned char header[5] = {'P'};
	uint32_t n = (uint32_t) (length + 1 + 1 + 2 + 4); /* "" name, sql, NUL, no parameter types, the length word */
	header[1] = (unsigned char) (n >> 24);
	header[2] = (unsigned char) (n >> 16);
	header[3] = (unsigned char) (n >> 8);
	header[4] = (unsigned char) n;
	altair_relay_buf_append(buf, header, 5);
	altair_relay_buf_append(buf, "", 1);
	altair_relay_buf_append(buf, sql, length);
	altair_relay_buf_append(buf, "", 1);
	altair_relay_buf_append(buf, no_params, sizeof(no_params));
	const char *bind[] = {"", ""};
	put_strings(buf, 'B', bind, 2, bind_tail, sizeof(bind_tail));
	altair_pgsql_put(buf, 'D', "P", 2); /* the unnamed portal: 'P' then its empty name's NUL */
	const char *execute[] = {""};
	put_strings(buf, 'E', execute, 1, all_rows, sizeof(all_rows));
	altair_pgsql_put_sync(buf);
}

void altair_pgsql_put_error_at(altair_relay_buf *buf, const char *sqlstate, const char *message, const char *position)
{
	put_error_fields(buf, 'E', "ERROR", sqlstate, message, position);
}

const char *altair_pgsql_error_field(const altair_pgsql_message *m, char field, size_t *length)
{
	size_t offset = 0;
	while (offset < m->length && m->body[offset] != 0) {
		char code = (char) m->body[offset++];
		size_t start = offset;
		const char *value = altair_pgsql_cstring(m, &offset);
		if (!value) {
			return NULL;
		}
		if (code == field) {
			*length = offset - start - 1;
			return value;
		}
	}
	return NULL;
}

int64_t altair_pgsql_tag_rows(const unsigned char *tag, size_t length)
{
	static const char *const counted[] = {"SELECT ", "INSERT ", "UPDATE ", "DELETE ", "MERGE ", "FETCH ", "MOVE ", "COPY "};
	bool known = false;
	for (size_t i = 0; i < sizeof(counted) / sizeof(counted[0]) && !known; i++) {
		known = length > strlen(counted[i]) && memcmp(tag, counted[i], strlen(counted[i])) == 0;
	}
	size_t end = length;
	while (end > 0 && tag[end - 1] == 0) {
		end--;
	}
	size_t start = end;
	while (start > 0 && tag[start - 1] >= '0' && tag[start - 1] <= '9') {
		start--;
	}
	if (!known || start == end || end - start > 18) {
		return -1;
	}
	int64_t rows = 0;
	for (size_t i = start; i < end; i++) {
		rows = rows * 10 + (tag[i] - '0');
	}
	return rows;
}

/* The startup parameters a client may set: none touches transactions or read-only settings. */
static const char *const allowed_parameters[] = {
	"user", "database", "application_name", "client_encoding", "datestyle", "timezone",
	"extra_float_digits", "search_path", "intervalstyle", "bytea_output",
};

static bool allowed(const char *name, size_t length)
{
	for (size_t i = 0; i < sizeof(allowed_parameters) / sizeof(allowed_parameters[0]); i++) {
		if (strlen(allowed_parameters[i]) == length && strncasecmp(allowed_parameters[i], name, length) == 0) {
			return true;
		}
	}
	return false;
}

static void put_pair(altair_relay_buf *out, const char *name, size_t name_length, const char *value, size_t value_length)
{
	altair_relay_buf_append(out, name, name_length);
	altair_relay_buf_append(out, "", 1);
	altair_relay_buf_append(out, value, value_length);
	altair_relay_buf_append(out, "", 1);
}

bool altair_pgsql_startup_parameter(const unsigned char *packet, size_t length, size_t *offset, const char **name, const char **value)
{
	altair_pgsql_message m = {.body = packet + 4, .length = length >= 4 ? length - 4 : 0};
	size_t at = *offset < 4 ? 4 : *offset; /* past the protocol version */
	*name = altair_pgsql_cstring(&m, &at);
	*value = *name && **name ? altair_pgsql_cstring(&m, &at) : NULL;
	*offset = at;
	return *value != NULL;
}

/* The "-c name=value" and "--name=value" settings of an options string that are allowed, as
 * parameters of their own (libpq's rules: blanks separate, a backslash escapes). */
static void filter_options(const char *options, altair_relay_buf *out)
{
	char word[1024];
	bool dash_c = false;
	const char *p = options;
	while (*p) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
			p++;
		}
		size_t n = 0;
		bool overflow = false;
		while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') {
			if (*p == '\\' && p[1]) {
				p++;
			}
			overflow |= n + 1 >= sizeof(word);
			word[overflow ? 0 : n++] = *p++;
		}
		word[n] = '\0';
		if (n == 0 || overflow) {
			dash_c = false;
			continue;
		}
		const char *setting = NULL;
		if (dash_c) {
			setting = word;
		} else if (strncmp(word, "-c", 2) == 0 && word[2]) {
			setting = word + 2;
		} else if (strncmp(word, "--", 2) == 0) {
			setting = word + 2;
		}
		dash_c = strcmp(word, "-c") == 0;
		const char *equals = setting ? strchr(setting, '=') : NULL;
		if (!equals) {
			continue;
		}
		char name[64];
		size_t name_length = (size_t) (equals - setting);
		if (name_length >= sizeof(name)) {
			continue;
		}
		for (size_t i = 0; i < name_length; i++) {
			name[i] = setting[i] == '-' ? '_' : setting[i];
		}
		if (allowed(name, name_length) && strncasecmp(name, "user", name_length) != 0 && strncasecmp(name, "database", name_length) != 0) {
			put_pair(out, name, name_length, equals + 1, strlen(equals + 1));
		}
	}
}

bool altair_pgsql_filter_startup(const altair_pgsql_message *m, const char *const *extra, altair_relay_buf *out)
{
	if (m->length < 4) {
		return false;
	}
	altair_relay_buf body = {0};
	altair_relay_buf_append(&body, m->body, 4);
	size_t offset = 4;
	bool ok = false;
	for (;;) {
		if (offset < m->length && m->body[offset] == 0) {
			ok = offset + 1 == m->length;
			break;
		}
		const char *name = altair_pgsql_cstring(m, &offset);
		const char *value = name ? altair_pgsql_cstring(m, &offset) : NULL;
		if (!value) {
			break;
		}
		if (allowed(name, strlen(name))) {
			put_pair(&body, name, strlen(name), value, strlen(value));
		} else if (strcasecmp(name, "options") == 0) {
			filter_options(value, &body);
		}
	}
	for (size_t i = 0; extra && extra[i] && extra[i + 1]; i += 2) {
		put_pair(&body, extra[i], strlen(extra[i]), extra[i + 1], strlen(extra[i + 1]));
	}
	altair_relay_buf_append(&body, "", 1);
	if (ok && !body.failed) {
		uint32_t n = (uint32_t) body.length + 4;
		unsigned char length[4] = {(unsigned char) (n >> 24), (unsigned char) (n >> 16), (unsigned char) (n >> 8), (unsigned char) n};
		altair_relay_buf_append(out, length, 4);
		altair_relay_buf_append(out, body.data, body.length);
	}
	altair_relay_buf_free(&body);
	return ok;
}

/* The length of the valid UTF-8 sequence at bytes, or 0. */
static size_t utf8_length(const unsigned char *bytes, size_t available)
{
	unsigned char c = bytes[0];
	size_t n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
	if (n == 0 || n > available) {
		return 0;
	}
	for (size_t i = 1; i < n; i++) {
		if ((bytes[i] & 0xc0) != 0x80) {
			return 0;
		}
	}
	if ((c == 0xe0 && bytes[1] < 0xa0) || (c == 0xed && bytes[1] > 0x9f) || (c == 0xf0 && bytes[1] < 0x90) || (c == 0xf4 && bytes[1] > 0x8f)) {
		return 0;
	}
	return n;
}

static void json_bytes(altair_relay_buf *out, const unsigned char *bytes, size_t length)
{
	bool cut = length > ALTAIR_PGSQL_PARAM_SHOWN;
	length = cut ? ALTAIR_PGSQL_PARAM_SHOWN : length;
	altair_relay_buf_append(out, "\"", 1);
	for (size_t i = 0; i < length; i++) {
		unsigned char c = bytes[i];
		char escaped[8];
		if (c == '"' || c == '\\') {
			escaped[0] = '\\';
			escaped[1] = (char) c;
			altair_relay_buf_append(out, escaped, 2);
		} else if (c < 0x20 || c == 0x7f) {
			snprintf(escaped, sizeof(escaped), "\\u%04x", c);
			altair_relay_buf_append(out, escaped, 6);
		} else if (c < 0x80) {
			altair_relay_buf_append(out, &c, 1);
		} else {
			size_t n = utf8_length(bytes + i, length - i);
			if (n) {
				altair_relay_buf_append(out, bytes + i, n);
				i += n - 1;
			} else {
				snprintf(escaped, sizeof(escaped), "\\u%04x", c);
				altair_relay_buf_append(out, escaped, 6);
			}
		}
	}
	if (cut) {
		altair_relay_buf_append(out, "...", 3);
	}
	altair_relay_buf_append(out, "\"", 1);
}

static void json_hex(altair_relay_buf *out, const unsigned char *bytes, size_t length)
{
	static const char digits[] = "0123456789abcdef";
	bool cut = length > ALTAIR_PGSQL_PARAM_SHOWN / 2;
	length = cut ? ALTAIR_PGSQL_PARAM_SHOWN / 2 : length;
	altair_relay_buf_append(out, "\"\\\\x", 4);
	for (size_t i = 0; i < length; i++) {
		char pair[2] = {digits[bytes[i] >> 4], digits[bytes[i] & 15]};
		altair_relay_buf_append(out, pair, 2);
	}
	if (cut) {
		altair_relay_buf_append(out, "...", 3);
	}
	altair_relay_buf_append(out, "\"", 1);
}

bool altair_pgsql_bind_params(const altair_pgsql_message *m, const char **portal, const char **statement, altair_relay_buf *out)
{
	size_t offset = 0;
	*portal = altair_pgsql_cstring(m, &offset);
	*statement = *portal ? altair_pgsql_cstring(m, &offset) : NULL;
	if (!*statement || m->length - offset < 2) {
		return false;
	}
	size_t formats = u16(m->body + offset);
	const unsigned char *format_codes = m->body + offset + 2;
	offset += 2;
	if (m->length - offset < formats * 2 + 2) {
		return false;
	}
	offset += formats * 2;
	size_t count = u16(m->body + offset);
	offset += 2;
	altair_relay_buf_append(out, "[", 1);
	for (size_t i = 0; i < count; i++) {
		if (m->length - offset < 4) {
			return false;
		}
		uint32_t length = altair_pgsql_u32(m->body + offset);
		offset += 4;
		if (i > 0) {
			altair_relay_buf_append(out, ",", 1);
		}
		if (length == 0xffffffffu) {
			altair_relay_buf_append(out, "null", 4);
			continue;
		}
		if (m->length - offset < length) {
			return false;
		}
		size_t format_index = formats == 1 ? 0 : i;
		bool binary = formats > 0 && format_index < formats && u16(format_codes + 2 * format_index) == 1;
		if (binary) {
			json_hex(out, m->body + offset, length);
		} else {
			json_bytes(out, m->body + offset, length);
		}
		offset += length;
	}
	altair_relay_buf_append(out, "]", 1);
	return true;
}
