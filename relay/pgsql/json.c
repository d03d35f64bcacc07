/* See json.h. Iterative (a parse tree nests as deep as the statement): the open containers
 * are found through the tokens' parent links, so no stack but the token array. */
#include "json.h"

#include <string.h>

typedef enum { EXPECT_VALUE, EXPECT_VALUE_OR_CLOSE, EXPECT_KEY, EXPECT_KEY_OR_CLOSE, EXPECT_COLON, EXPECT_COMMA_OR_CLOSE, EXPECT_END } expect;

typedef struct {
	const char *text;
	size_t length, at, count, room;
	altair_pgsql_json_token *tokens; /* NULL: count only */
	long open;                       /* the innermost open container */
	/* counting has no tokens to follow parent links through: the open containers' types */
	unsigned char kinds[4096];
	size_t depth;
} reader;

static bool push(reader *r, altair_pgsql_json_type type, size_t start, size_t end)
{
	if (r->tokens) {
		if (r->count >= r->room) {
			return false;
		}
		r->tokens[r->count] = (altair_pgsql_json_token) {.type = type, .start = start, .end = end, .parent = r->open};
		if (r->open >= 0 && r->tokens[r->open].type == JSON_ARRAY) {
			r->tokens[r->open].size++;
		}
	}
	r->count++;
	return true;
}

/* A string from its opening quote: its end past the closing quote; false when malformed. */
static bool string_end(reader *r, size_t *end)
{
	size_t i = r->at + 1;
	while (i < r->length) {
		unsigned char c = (unsigned char) r->text[i];
		if (c == '"') {
			*end = i;
			return true;
		}
		if (c < 0x20) {
			return false;
		}
		if (c == '\\') {
			if (i + 1 >= r->length) {
				return false;
			}
			char e = r->text[i + 1];
			if (e == 'u') {
				if (i + 6 > r->length) {
					return false;
				}
				for (size_t k = i + 2; k < i + 6; k++) {
					if (!strchr("0123456789abcdefABCDEF", r->text[k]) || !r->text[k]) {
						return false;
					}
				}
				i += 6;
				continue;
			}
			if (!strchr("\"\\/bfnrt", e) || !e) {
				return false;
			}
			i += 2;
			continue;
		}
		i++;
	}
	return false;
}

static bool primitive_end(reader *r, size_t *end)
{
	size_t i = r->at;
	while (i < r->length && (strchr("0123456789+-.eE", r->text[i]) || (r->text[i] >= 'a' && r->text[i] <= 'z')) && r->text[i]) {
		i++;
	}
	size_t n = i - r->at;
	const char *p = r->text + r->at;
	bool word = (n == 4 && memcmp(p, "true", 4) == 0) || (n == 5 && memcmp(p, "false", 5) == 0) || (n == 4 && memcmp(p, "null", 4) == 0);
	bool number = n > 0 && (p[0] == '-' || (p[0] >= '0' && p[0] <= '9'));
	for (size_t k = 0; number && k < n; k++) {
		number = strchr("0123456789+-.eE", p[k]) != NULL;
	}
	*end = i;
	return word || number;
}

static bool open_container(reader *r, altair_pgsql_json_type type)
{
	if (r->depth >= sizeof(r->kinds) || !push(r, type, r->at, r->at + 1)) {
		return false;
	}
	r->kinds[r->depth++] = (unsigned char) type;
	r->open = r->tokens ? (long) r->count - 1 : r->open;
	r->at++;
	return true;
}

static expect after_value(const reader *r)
{
	return r->depth == 0 ? EXPECT_END : EXPECT_COMMA_OR_CLOSE;
}

static bool close_container(reader *r, char c, expect *next)
{
	altair_pgsql_json_type type = c == '}' ? JSON_OBJECT : JSON_ARRAY;
	if (r->depth == 0 || r->kinds[r->depth - 1] != type) {
		return false;
	}
	r->depth--;
	if (r->tokens) {
		r->tokens[r->open].end = r->at + 1;
		r->open = r->tokens[r->open].parent;
	}
	r->at++;
	*next = after_value(r);
	return true;
}

static size_t read_all(reader *r)
{
	expect next = EXPECT_VALUE;
	r->open = -1;
	while (r->at < r->length) {
		char c = r->text[r->at];
		if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
			r->at++;
			continue;
		}
		bool in_object = r->depth > 0 && r->kinds[r->depth - 1] == JSON_OBJECT;
		size_t end;
		switch (next) {
			case EXPECT_END:
				return 0;
			case EXPECT_COLON:
				if (c != ':') {
					return 0;
				}
				r->at++;
				next = EXPECT_VALUE;
				continue;
			case EXPECT_COMMA_OR_CLOSE:
				if (c == ',') {
					r->at++;
					next = in_object ? EXPECT_KEY : EXPECT_VALUE;
					continue;
				}
				if (!((c == '}' || c == ']') && close_container(r, c, &next))) {
					return 0;
				}
				continue;
			case EXPECT_KEY:
			case EXPECT_KEY_OR_CLOSE:
				if (c == '}' && next == EXPECT_KEY_OR_CLOSE) {
					if (!close_container(r, c, &next)) {
						return 0;
					}
					continue;
				}
				if (c != '"' || !string_end(r, &end) || !push(r, JSON_STRING, r->at + 1, end)) {
					return 0;
				}
				if (r->tokens) {
					r->tokens[r->open].size++;
				}
				r->at = end + 1;
				next = EXPECT_COLON;
				continue;
			case EXPECT_VALUE:
			case EXPECT_VALUE_OR_CLOSE:
				if (c == ']' && next == EXPECT_VALUE_OR_CLOSE) {
					if (!close_container(r, c, &next)) {
						return 0;
					}
					continue;
				}
				if (c == '{' || c == '[') {
					if (!open_container(r, c == '{' ? JSON_OBJECT : JSON_ARRAY)) {
						return 0;
					}
					next = c == '{' ? EXPECT_KEY_OR_CLOSE : EXPECT_VALUE_OR_CLOSE;
					continue;
				}
				if (c == '"') {
					if (!string_end(r, &end) || !push(r, JSON_STRING, r->at + 1, end)) {
						return 0;
					}
					r->at = end + 1;
				} else {
					if (!primitive_end(r, &end) || !push(r, JSON_PRIMITIVE, r->at, end)) {
						return 0;
					}
					r->at = end;
				}
				next = after_value(r);
				continue;
		}
	}
	return next == EXPECT_END ? r->count : 0;
}

size_t altair_pgsql_json_count(const char *text, size_t length)
{
	reader r = {.text = text, .length = length};
	return read_all(&r);
}

bool altair_pgsql_json_parse(altair_pgsql_json *json, const char *text, size_t length, altair_pgsql_json_token *tokens, size_t room)
{
	reader r = {.text = text, .length = length, .tokens = tokens, .room = room};
	size_t count = read_all(&r);
	*json = (altair_pgsql_json) {.text = text, .length = length, .tokens = tokens, .count = count};
	return count > 0;
}

size_t altair_pgsql_json_skip(const altair_pgsql_json *json, size_t value)
{
	size_t end = json->tokens[value].end, i = value + 1;
	while (i < json->count && json->tokens[i].start < end) {
		i++;
	}
	return i;
}

long altair_pgsql_json_get(const altair_pgsql_json *json, long object, const char *key)
{
	if (object < 0 || (size_t) object >= json->count || json->tokens[object].type != JSON_OBJECT) {
		return -1;
	}
	size_t i = (size_t) object + 1;
	for (size_t member = 0; member < json->tokens[object].size && i + 1 < json->count; member++) {
		if (altair_pgsql_json_is(json, (long) i, key)) {
			return (long) i + 1;
		}
		i = altair_pgsql_json_skip(json, i + 1);
	}
	return -1;
}

long altair_pgsql_json_at(const altair_pgsql_json *json, long array, size_t index)
{
	if (array < 0 || (size_t) array >= json->count || json->tokens[array].type != JSON_ARRAY || index >= json->tokens[array].size) {
		return -1;
	}
	size_t i = (size_t) array + 1;
	for (size_t k = 0; k < index && i < json->count; k++) {
		i = altair_pgsql_json_skip(json, i);
	}
	return i < json->count ? (long) i : -1;
}

bool altair_pgsql_json_is(const altair_pgsql_json *json, long token, const char *word)
{
	if (token < 0 || (size_t) token >= json->count || json->tokens[token].type != JSON_STRING) {
		return false;
	}
	const altair_pgsql_json_token *t = &json->tokens[token];
	size_t n = strlen(word);
	return t->end - t->start == n && memcmp(json->text + t->start, word, n) == 0;
}

static unsigned hex(char c)
{
	return c >= '0' && c <= '9' ? (unsigned) (c - '0') : c >= 'a' && c <= 'f' ? (unsigned) (c - 'a' + 10) : (unsigned) (c - 'A' + 10);
}

size_t altair_pgsql_json_string(const altair_pgsql_json *json, long token, char *out, size_t size)
{
	size_t n = 0;
	if (size == 0) {
		return 0;
	}
	if (token >= 0 && (size_t) token < json->count && json->tokens[token].type == JSON_STRING) {
		const altair_pgsql_json_token *t = &json->tokens[token];
		for (size_t i = t->start; i < t->end && n + 1 < size;) {
			char c = json->text[i];
			if (c != '\\') {
				out[n++] = c;
				i++;
				continue;
			}
			char e = json->text[i + 1];
			if (e == 'u') {
				unsigned code = hex(json->text[i + 2]) << 12 | hex(json->text[i + 3]) << 8 | hex(json->text[i + 4]) << 4 | hex(json->text[i + 5]);
				out[n++] = code < 0x80 && code > 0 ? (char) code : '?'; /* names the relay compares are ASCII */
				i += 6;
				continue;
			}
			out[n++] = e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == 'b' ? '\b' : e == 'f' ? '\f' : e;
			i += 2;
		}
	}
	out[n] = '\0';
	return n;
}

long altair_pgsql_json_node(const altair_pgsql_json *json, long object)
{
	if (object < 0 || (size_t) object >= json->count || json->tokens[object].type != JSON_OBJECT || json->tokens[object].size != 1) {
		return -1;
	}
	return object + 1;
}
