/*
 * The dotenv reader (common/dotenv.h). One pass over the bytes, one definition at a time:
 *   [export ]NAME[ ]=[ ]VALUE
 * where VALUE is 'raw' (may span lines), "with escapes and ${NAME}" (may span lines), or unquoted
 * up to the end of the line or a ` #` comment, with ${NAME} interpolated. ${NAME:-default} takes
 * the default when NAME is unset or empty (symfony/dotenv). A definition that does not parse is
 * skipped up to the end of its line; nothing here can fail the caller.
 */
#include "dotenv.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
	char *bytes;
	size_t length;
	size_t cap;
	bool broken; /* over the cap, out of memory, or a NUL byte: the value is dropped */
} value_buffer;

typedef struct {
	const char *at;
	const char *end;
} cursor;

static void value_push(value_buffer *value, char c)
{
	if (value->broken) {
		return;
	}
	if (c == '\0' || value->length + 1 >= ALTAIR_EVAL_DOTENV_VALUE_MAX) {
		value->broken = true;
		return;
	}
	if (value->length + 1 >= value->cap) {
		size_t cap = value->cap ? value->cap * 2 : 64;
		char *bytes = realloc(value->bytes, cap);
		if (!bytes) {
			value->broken = true;
			return;
		}
		value->bytes = bytes;
		value->cap = cap;
	}
	value->bytes[value->length++] = c;
	value->bytes[value->length] = '\0';
}

static void value_append(value_buffer *value, const char *text)
{
	while (text && *text) {
		value_push(value, *text++);
	}
}

static bool is_name_start(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}

static bool is_name_char(char c)
{
	return is_name_start(c) || (c >= '0' && c <= '9') || c == '.';
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static void skip_line(cursor *in)
{
	while (in->at < in->end && *in->at != '\n') {
		in->at++;
	}
}

/* The real environment first, then what earlier definitions set; "" when neither has it. */
static const char *resolve(const altair_eval_dotenv *env, const char *name)
{
	const char *real = env->lookup ? env->lookup(env->context, name) : NULL;
	if (real) {
		return real;
	}
	const altair_eval_dotenv_entry *entry = altair_eval_dotenv_find(env, name);
	return entry ? entry->value : "";
}

/* At a '$': appends ${NAME}, ${NAME:-default} or (bare_variables) $NAME resolved, or the '$'. */
static void interpolate(const altair_eval_dotenv *env, cursor *in, value_buffer *value)
{
	char name[ALTAIR_EVAL_DOTENV_NAME_MAX];
	size_t length = 0;
	const char *at = in->at + 1;
	bool braced = at < in->end && *at == '{';

	if (braced) {
		at++;
	}
	if (at >= in->end || !is_name_start(*at) || (!braced && !env->bare_variables)) {
		value_push(value, '$');
		in->at++;
		return;
	}
	while (at < in->end && (is_name_start(*at) || (*at >= '0' && *at <= '9')) && length + 1 < sizeof(name)) {
		name[length++] = *at++;
	}
	name[length] = '\0';
	const char *resolved = resolve(env, name);
	if (braced) {
		const char *fallback = NULL, *fallback_end = NULL;
		if (at + 1 < in->end && at[0] == ':' && (at[1] == '-' || at[1] == '=')) {
			fallback = at + 2;
			fallback_end = memchr(fallback, '}', (size_t) (in->end - fallback));
			at = fallback_end ? fallback_end : at;
		}
		if (at >= in->end || *at != '}') {
			value_push(value, '$'); /* not an interpolation after all: keep the text */
			in->at++;
			return;
		}
		at++;
		if (fallback && !*resolved) {
			for (const char *c = fallback; c < fallback_end; c++) {
				value_push(value, *c);
			}
			in->at = at;
			return;
		}
	}
	value_append(value, resolved);
	in->at = at;
}

static bool read_single_quoted(cursor *in, value_buffer *value)
{
	in->at++;
	while (in->at < in->end && *in->at != '\'') {
		value_push(value, *in->at++);
	}
	if (in->at >= in->end) {
		return false;
	}
	in->at++;
	return true;
}

static char escaped(char c)
{
	switch (c) {
		case 'n': return '\n';
		case 'r': return '\r';
		case 't': return '\t';
		case 'f': return '\f';
		case 'v': return '\v';
		case '"': case '\\': case '$': case '\'': return c;
		default: return 0;
	}
}

static bool read_double_quoted(const altair_eval_dotenv *env, cursor *in, value_buffer *value)
{
	in->at++;
	while (in->at < in->end && *in->at != '"') {
		if (*in->at == '\\' && in->at + 1 < in->end) {
			char c = escaped(in->at[1]);
			if (!c) {
				value_push(value, '\\'); /* unknown escape: kept as written */
				c = in->at[1];
			}
			value_push(value, c);
			in->at += 2;
		} else if (*in->at == '$') {
			interpolate(env, in, value);
		} else {
			value_push(value, *in->at++);
		}
	}
	if (in->at >= in->end) {
		return false;
	}
	in->at++;
	return true;
}

static void read_unquoted(const altair_eval_dotenv *env, cursor *in, value_buffer *value)
{
	while (in->at < in->end && *in->at != '\n' && *in->at != '\r') {
		if (*in->at == '#' && (value->length == 0 || is_blank(in->at[-1]))) {
			break;
		}
		if (*in->at == '$') {
			interpolate(env, in, value);
		} else {
			value_push(value, *in->at++);
		}
	}
	while (value->length && is_blank(value->bytes[value->length - 1])) {
		value->bytes[--value->length] = '\0';
	}
}

/* After a quoted value only blanks and a comment may follow on its line. */
static bool rest_of_line_is_empty(cursor *in)
{
	while (in->at < in->end && is_blank(*in->at)) {
		in->at++;
	}
	return in->at >= in->end || *in->at == '\n' || *in->at == '\r' || *in->at == '#';
}

static bool read_name(cursor *in, char *name)
{
	size_t length = 0;
	if (in->end - in->at > 7 && memcmp(in->at, "export", 6) == 0 && is_blank(in->at[6])) {
		in->at += 7;
		while (in->at < in->end && is_blank(*in->at)) {
			in->at++;
		}
	}
	if (in->at >= in->end || !is_name_start(*in->at)) {
		return false;
	}
	while (in->at < in->end && is_name_char(*in->at)) {
		if (length + 1 >= ALTAIR_EVAL_DOTENV_NAME_MAX) {
			return false;
		}
		name[length++] = *in->at++;
	}
	name[length] = '\0';
	while (in->at < in->end && is_blank(*in->at)) {
		in->at++;
	}
	if (in->at >= in->end || *in->at != '=') {
		return false;
	}
	in->at++;
	while (in->at < in->end && is_blank(*in->at)) {
		in->at++;
	}
	return true;
}

/* One definition from in->at (at a name); false when it does not parse. */
static bool read_definition(altair_eval_dotenv *env, cursor *in, const char *source)
{
	char name[ALTAIR_EVAL_DOTENV_NAME_MAX];
	value_buffer value = {0};
	bool ok;

	if (!read_name(in, name)) {
		return false;
	}
	const char *start = in->at;
	if (in->at < in->end && *in->at == '\'') {
		ok = read_single_quoted(in, &value) && rest_of_line_is_empty(in);
	} else if (in->at < in->end && *in->at == '"') {
		ok = read_double_quoted(env, in, &value) && rest_of_line_is_empty(in);
	} else {
		read_unquoted(env, in, &value);
		ok = true;
	}
	if (!ok) {
		in->at = start; /* an unterminated quote: skip only this line */
	}
	ok = ok && !value.broken && altair_eval_dotenv_set(env, name, value.bytes ? value.bytes : "", source);
	free(value.bytes);
	return ok;
}

size_t altair_eval_dotenv_parse(altair_eval_dotenv *env, const char *text, size_t length, const char *source)
{
	cursor in = {text, text + length};
	size_t taken = 0;

	while (in.at < in.end) {
		if (*in.at == '\n' || *in.at == '\r' || is_blank(*in.at)) {
			in.at++;
			continue;
		}
		if (*in.at != '#' && read_definition(env, &in, source)) {
			taken++;
		}
		skip_line(&in);
	}
	return taken;
}

void altair_eval_dotenv_init(altair_eval_dotenv *env, altair_eval_env_lookup lookup, void *context)
{
	memset(env, 0, sizeof(*env));
	env->lookup = lookup;
	env->context = context;
}

const altair_eval_dotenv_entry *altair_eval_dotenv_find(const altair_eval_dotenv *env, const char *name)
{
	for (size_t i = 0; i < env->count; i++) {
		if (strcmp(env->entries[i].name, name) == 0) {
			return &env->entries[i];
		}
	}
	return NULL;
}

bool altair_eval_dotenv_set(altair_eval_dotenv *env, const char *name, const char *value, const char *source)
{
	char *copy = strdup(value);
	if (!copy || strlen(name) >= ALTAIR_EVAL_DOTENV_NAME_MAX) {
		free(copy);
		return false;
	}
	altair_eval_dotenv_entry *entry = (altair_eval_dotenv_entry *) altair_eval_dotenv_find(env, name);
	if (entry) {
		free(entry->value);
		entry->value = copy;
		entry->source = source;
		return true;
	}
	if (env->count == env->cap) {
		size_t cap = env->cap ? env->cap * 2 : 32;
		altair_eval_dotenv_entry *entries;
		if (cap > ALTAIR_EVAL_DOTENV_ENTRIES_MAX
			|| !(entries = realloc(env->entries, cap * sizeof(*entries)))) {
			free(copy);
			return false;
		}
		env->entries = entries;
		env->cap = cap;
	}
	entry = &env->entries[env->count];
	entry->name = strdup(name);
	if (!entry->name) {
		free(copy);
		return false;
	}
	entry->value = copy;
	entry->source = source;
	env->count++;
	return true;
}

void altair_eval_dotenv_free(altair_eval_dotenv *env)
{
	for (size_t i = 0; i < env->count; i++) {
		free(env->entries[i].name);
		free(env->entries[i].value);
	}
	free(env->entries);
	memset(env, 0, sizeof(*env));
}
