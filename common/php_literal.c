/*
 * The PHP array literal reader (common/php_literal.h): a lexer for the few tokens a configuration
 * array is made of (strings, numbers, names, =>, brackets; comments and open tags skipped) and a
 * recursive reader of values, bounded by ALTAIR_EVAL_PHP_LITERAL_DEPTH_MAX. Anything that is not a
 * literal, an array or env('NAME', literal) is skipped as one OTHER node up to its `,` or closing
 * bracket, so `extension_loaded('pdo_mysql') ? array_filter([...]) : []` costs nothing and breaks
 * nothing.
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif

#include "php_literal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef enum {
	TOKEN_END,
	TOKEN_STRING,          /* a quoted string without interpolation */
	TOKEN_DYNAMIC_STRING,  /* "…$name…": not a literal */
	TOKEN_NUMBER,
	TOKEN_NAME,
	TOKEN_ARROW,
	TOKEN_PUNCT
} token_kind;

typedef struct {
	token_kind kind;
	const char *start; /* for strings, the opening quote */
	size_t length;
} token;

typedef struct {
	const char *at;
	const char *end;
	token current;
	altair_eval_php_literal *doc;
	bool full; /* a cap or memory ended the read */
} reader;

static bool is_name_byte(unsigned char c, bool first)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == '\\' || c >= 0x80
		|| (!first && c >= '0' && c <= '9');
}

static void skip_space_and_comments(reader *r)
{
	while (r->at < r->end) {
		size_t left = (size_t) (r->end - r->at);
		if (*r->at == ' ' || *r->at == '\t' || *r->at == '\n' || *r->at == '\r') {
			r->at++;
		} else if ((*r->at == '#' && !(left > 1 && r->at[1] == '[')) || (left > 1 && r->at[0] == '/' && r->at[1] == '/')) {
			const char *eol = memchr(r->at, '\n', left);
			r->at = eol ? eol + 1 : r->end;
		} else if (left > 1 && r->at[0] == '/' && r->at[1] == '*') {
			const char *close = r->at + 2;
			while (close + 1 < r->end && !(close[0] == '*' && close[1] == '/')) {
				close++;
			}
			r->at = close + 1 < r->end ? close + 2 : r->end;
		} else if (left >= 5 && strncasecmp(r->at, "<?php", 5) == 0) {
			r->at += 5;
		} else if (left >= 2 && r->at[0] == '?' && r->at[1] == '>') {
			r->at += 2;
		} else {
			return;
		}
	}
}

static void scan_string(reader *r, token *t)
{
	char quote = *r->at;
	const char *c = r->at + 1;
	t->kind = TOKEN_STRING;
	while (c < r->end && *c != quote) {
		if (*c == '\\' && c + 1 < r->end) {
			c += 2;
			continue;
		}
		if (quote == '"' && *c == '$') {
			t->kind = TOKEN_DYNAMIC_STRING;
		}
		c++;
	}
	if (c >= r->end) {
		t->kind = TOKEN_END; /* unterminated: the rest of the file is not read */
		r->at = r->end;
		return;
	}
	r->at = c + 1;
}

static void advance(reader *r)
{
	token *t = &r->current;

	skip_space_and_comments(r);
	t->start = r->at;
	if (r->at >= r->end) {
		t->kind = TOKEN_END;
		t->length = 0;
		return;
	}
	unsigned char c = (unsigned char) *r->at;
	if (c == '\'' || c == '"') {
		scan_string(r, t);
	} else if (c >= '0' && c <= '9') {
		t->kind = TOKEN_NUMBER;
		while (r->at < r->end && (is_name_byte((unsigned char) *r->at, false) || *r->at == '.')) {
			r->at++;
		}
	} else if (is_name_byte(c, true)) {
		t->kind = TOKEN_NAME;
		while (r->at < r->end && is_name_byte((unsigned char) *r->at, false)) {
			r->at++;
		}
	} else if (c == '=' && r->at + 1 < r->end && r->at[1] == '>') {
		t->kind = TOKEN_ARROW;
		r->at += 2;
	} else {
		t->kind = TOKEN_PUNCT;
		r->at++;
	}
	t->length = (size_t) (r->at - t->start);
}

static bool is_punct(const token *t, char c)
{
	return t->kind == TOKEN_PUNCT && *t->start == c;
}

static bool is_name(const token *t, const char *name)
{
	return t->kind == TOKEN_NAME && t->length == strlen(name) && strncasecmp(t->start, name, t->length) == 0;
}

static char unescape(char quote, char c)
{
	if (quote == '\'') {
		return c == '\\' || c == '\'' ? c : 0;
	}
	switch (c) {
		case 'n': return '\n';
		case 't': return '\t';
		case 'r': return '\r';
		case 'v': return '\v';
		case 'f': return '\f';
		case 'e': return 27;
		case '\\': case '$': case '"': return c;
		default: return 0;
	}
}

/* The text of a string or number token, decoded; NULL when out of memory. */
static char *token_text(const token *t)
{
	char *text = malloc(t->length + 1);
	size_t length = 0;
	if (!text) {
		return NULL;
	}
	if (t->kind != TOKEN_STRING) {
		memcpy(text, t->start, t->length);
		text[t->length] = '\0';
		return text;
	}
	char quote = *t->start;
	for (const char *c = t->start + 1; c < t->start + t->length - 1; c++) {
		char plain = c[0] == '\\' && c + 1 < t->start + t->length - 1 ? unescape(quote, c[1]) : 0;
		if (plain) {
			text[length++] = plain;
			c++;
		} else {
			text[length++] = *c;
		}
	}
	text[length] = '\0';
	return text;
}

/* A new node taking key; -1 when a cap or memory says no (key is freed then). */
static int new_node(reader *r, altair_eval_php_kind kind, char *key)
{
	altair_eval_php_literal *doc = r->doc;
	if (doc->count == doc->cap) {
		size_t cap = doc->cap ? doc->cap * 2 : 64;
		altair_eval_php_node *nodes;
		if (doc->count >= ALTAIR_EVAL_PHP_LITERAL_NODES_MAX || !(nodes = realloc(doc->nodes, cap * sizeof(*nodes)))) {
			free(key);
			r->full = true;
			return -1;
		}
		doc->nodes = nodes;
		doc->cap = cap;
	}
	altair_eval_php_node *node = &doc->nodes[doc->count];
	memset(node, 0, sizeof(*node));
	node->kind = kind;
	node->key = key;
	node->first_child = -1;
	node->next_sibling = -1;
	return (int) doc->count++;
}

static bool at_value_end(const token *t)
{
	return t->kind == TOKEN_END || t->kind == TOKEN_ARROW || is_punct(t, ',') || is_punct(t, ']')
		|| is_punct(t, ')') || is_punct(t, ';');
}

/* Skips an expression up to its `,`, `=>`, closing bracket or `;` at this level. */
static void skip_expression(reader *r)
{
	int depth = 0;
	while (r->current.kind != TOKEN_END) {
		const token *t = &r->current;
		if (is_punct(t, '(') || is_punct(t, '[') || is_punct(t, '{')) {
			depth++;
		} else if (is_punct(t, ')') || is_punct(t, ']') || is_punct(t, '}')) {
			if (depth == 0) {
				return;
			}
			depth--;
		} else if (depth == 0 && at_value_end(t)) {
			return;
		}
		advance(r);
	}
}

static int read_value(reader *r, int depth, char *key);

/* The next token's first byte, without consuming anything ('\0' at the end). */
static char peek(reader *r)
{
	const char *at = r->at;
	skip_space_and_comments(r);
	char next = r->at < r->end ? *r->at : '\0';
	r->at = at;
	return next;
}

static void read_items(reader *r, int array, int depth, char closer)
{
	int last = -1;
	unsigned long index = 0;
	char number[24];

	while (!r->full && r->current.kind != TOKEN_END && !is_punct(&r->current, closer)) {
		const char *before = r->at;
		int child = read_value(r, depth + 1, NULL);
		if (child < 0) {
			return;
		}
		if (r->current.kind == TOKEN_ARROW && child == (int) r->doc->count - 1 && r->doc->nodes[child].first_child < 0) {
			/* that was the key: the node becomes the value's slot */
			altair_eval_php_node *slot = &r->doc->nodes[child];
			char *key = slot->kind == ALTAIR_EVAL_PHP_STRING ? slot->text : strdup("?");
			if (slot->kind != ALTAIR_EVAL_PHP_STRING) {
				free(slot->text);
			}
			slot->text = NULL;
			free(slot->fallback);
			free(slot->key);
			r->doc->count--;
			advance(r);
			if (!key || (child = read_value(r, depth + 1, key)) < 0) {
				r->full = true;
				return;
			}
		} else {
			snprintf(number, sizeof(number), "%lu", index++);
			free(r->doc->nodes[child].key);
			if (!(r->doc->nodes[child].key = strdup(number))) {
				r->full = true;
				return;
			}
		}
		if (last < 0) {
			r->doc->nodes[array].first_child = child;
		} else {
			r->doc->nodes[last].next_sibling = child;
		}
		last = child;
		if (!is_punct(&r->current, ',') && !is_punct(&r->current, closer)) {
			skip_expression(r);
		}
		if (is_punct(&r->current, ',') || (r->at == before && r->current.kind != TOKEN_END)) {
			advance(r);
		}
	}
	if (is_punct(&r->current, closer)) {
		advance(r);
	}
}

/* From inside a call's parentheses: up to and past its closing one. */
static void skip_call(reader *r)
{
	int depth = 1;
	while (r->current.kind != TOKEN_END && depth > 0) {
		if (is_punct(&r->current, '(') || is_punct(&r->current, '[') || is_punct(&r->current, '{')) {
			depth++;
		} else if (is_punct(&r->current, ')') || is_punct(&r->current, ']') || is_punct(&r->current, '}')) {
			depth--;
		}
		advance(r);
	}
}

/* env('NAME') or env('NAME', literal), the current token being the '(' after env. */
static bool read_env_call(reader *r, int node)
{
	advance(r);
	if (r->current.kind != TOKEN_STRING || !(r->doc->nodes[node].text = token_text(&r->current))) {
		return false;
	}
	advance(r);
	if (is_punct(&r->current, ',')) {
		advance(r);
		if (r->current.kind == TOKEN_STRING || r->current.kind == TOKEN_NUMBER) {
			r->doc->nodes[node].fallback = token_text(&r->current);
		} else if (is_name(&r->current, "true") || is_name(&r->current, "false")) {
			r->doc->nodes[node].fallback = strndup(r->current.start, r->current.length);
		} else if (!is_name(&r->current, "null")) {
			return false;
		}
		advance(r);
	}
	if (!is_punct(&r->current, ')')) {
		return false;
	}
	advance(r);
	return true;
}

static int read_value(reader *r, int depth, char *key)
{
	token *t = &r->current;
	int node;

	if (depth > ALTAIR_EVAL_PHP_LITERAL_DEPTH_MAX) {
		free(key);
		r->full = true;
		return -1;
	}
	if (is_punct(t, '[') || (is_name(t, "array") && peek(r) == '(')) {
		char closer = is_punct(t, '[') ? ']' : ')';
		if (closer == ')') {
			advance(r);
		}
		if ((node = new_node(r, ALTAIR_EVAL_PHP_ARRAY, key)) >= 0) {
			advance(r);
			read_items(r, node, depth, closer);
		}
	} else if (t->kind == TOKEN_STRING || t->kind == TOKEN_NUMBER || is_name(t, "true") || is_name(t, "false")) {
		if ((node = new_node(r, ALTAIR_EVAL_PHP_STRING, key)) >= 0) {
			r->doc->nodes[node].text = t->kind == TOKEN_NAME ? strndup(t->start, t->length) : token_text(t);
			advance(r);
		}
	} else if (is_name(t, "null")) {
		if ((node = new_node(r, ALTAIR_EVAL_PHP_NULL, key)) >= 0) {
			advance(r);
		}
	} else if (is_name(t, "env")) {
		if ((node = new_node(r, ALTAIR_EVAL_PHP_ENV, key)) >= 0) {
			advance(r);
			if (is_punct(t, '(') && !read_env_call(r, node)) {
				r->doc->nodes[node].kind = ALTAIR_EVAL_PHP_OTHER;
				skip_call(r);
			} else if (!is_punct(t, '(') && r->doc->nodes[node].kind == ALTAIR_EVAL_PHP_ENV && !r->doc->nodes[node].text) {
				r->doc->nodes[node].kind = ALTAIR_EVAL_PHP_OTHER;
			}
		}
	} else {
		node = new_node(r, ALTAIR_EVAL_PHP_OTHER, key);
	}
	if (node >= 0 && !at_value_end(t)) {
		if (r->doc->nodes[node].kind != ALTAIR_EVAL_PHP_ARRAY) {
			r->doc->nodes[node].kind = ALTAIR_EVAL_PHP_OTHER;
		}
		skip_expression(r);
	}
	return node;
}

bool altair_eval_php_literal_parse(altair_eval_php_literal *doc, const char *text, size_t length)
{
	reader r = {text, text + length, {TOKEN_END, text, 0}, doc, false};
	int depth = 0;

	memset(doc, 0, sizeof(*doc));
	for (advance(&r); r.current.kind != TOKEN_END; advance(&r)) {
		if (is_punct(&r.current, '{') || is_punct(&r.current, '(')) {
			depth++;
		} else if ((is_punct(&r.current, '}') || is_punct(&r.current, ')')) && depth > 0) {
			depth--;
		} else if (depth == 0 && is_name(&r.current, "return")) {
			advance(&r);
			read_value(&r, 0, NULL);
			break;
		}
	}
	if (doc->count == 0 || doc->nodes[0].kind != ALTAIR_EVAL_PHP_ARRAY) {
		altair_eval_php_literal_free(doc);
		return false;
	}
	return true;
}

int altair_eval_php_literal_child(const altair_eval_php_literal *doc, int node, const char *key)
{
	if (node < 0 || (size_t) node >= doc->count || doc->nodes[node].kind != ALTAIR_EVAL_PHP_ARRAY) {
		return -1;
	}
	for (int child = doc->nodes[node].first_child; child >= 0; child = doc->nodes[child].next_sibling) {
		if (doc->nodes[child].key && strcmp(doc->nodes[child].key, key) == 0) {
			return child;
		}
	}
	return -1;
}

int altair_eval_php_literal_path(const altair_eval_php_literal *doc, int node, const char *path)
{
	char key[256];
	while (node >= 0 && *path) {
		size_t length = strcspn(path, ".");
		if (length >= sizeof(key)) {
			return -1;
		}
		memcpy(key, path, length);
		key[length] = '\0';
		node = altair_eval_php_literal_child(doc, node, key);
		path += length + (path[length] == '.');
	}
	return node;
}

const char *altair_eval_php_literal_string(const altair_eval_php_literal *doc, int node)
{
	if (node < 0 || (size_t) node >= doc->count || doc->nodes[node].kind != ALTAIR_EVAL_PHP_STRING) {
		return NULL;
	}
	return doc->nodes[node].text;
}

void altair_eval_php_literal_free(altair_eval_php_literal *doc)
{
	for (size_t i = 0; i < doc->count; i++) {
		free(doc->nodes[i].key);
		free(doc->nodes[i].text);
		free(doc->nodes[i].fallback);
	}
	free(doc->nodes);
	memset(doc, 0, sizeof(*doc));
}
