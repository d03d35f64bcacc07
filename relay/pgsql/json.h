/*
 * A JSON reader for the parse trees libpg_query writes (relay/pgsql/grammar.c): one pass over a byte
 * buffer into a flat array of tokens, each knowing its parent, so that an object's members and an
 * array's elements are found by walking forward. Plain C, no allocation (the caller gives the
 * array; altair_pgsql_json_count says how big). The text comes from libpg_query, but it carries the
 * client's strings (escaped), so it is read as carefully as any input: a malformed text is an error.
 */
#ifndef ALTAIR_RELAY_PGSQL_JSON_H
#define ALTAIR_RELAY_PGSQL_JSON_H

#include <stdbool.h>
#include <stddef.h>

typedef enum { JSON_OBJECT, JSON_ARRAY, JSON_STRING, JSON_PRIMITIVE } altair_pgsql_json_type;

typedef struct {
	altair_pgsql_json_type type;
	size_t start, end; /* STRING: between the quotes (escapes as written); others: the whole value */
	size_t size;       /* OBJECT: members (each a key then its value); ARRAY: elements */
	long parent;       /* the token this one is inside, -1 for the root */
} altair_pgsql_json_token;

typedef struct {
	const char *text;
	size_t length;
	altair_pgsql_json_token *tokens;
	size_t count;
} altair_pgsql_json;

/* Tokens the text holds, or 0 when it is not one well-formed JSON value (or nests past 64). */
size_t altair_pgsql_json_count(const char *text, size_t length);
/* Reads text into tokens (room for count, from altair_pgsql_json_count); false when malformed. */
bool altair_pgsql_json_parse(altair_pgsql_json *json, const char *text, size_t length, altair_pgsql_json_token *tokens, size_t room);

/* The token just past value's last descendant (its next sibling, or json->count). */
size_t altair_pgsql_json_skip(const altair_pgsql_json *json, size_t value);
/* The value of key in an object, or -1 (the key as written: libpg_query's keys have no escapes). */
long altair_pgsql_json_get(const altair_pgsql_json *json, long object, const char *key);
/* The i-th element of an array, or -1. */
long altair_pgsql_json_at(const altair_pgsql_json *json, long array, size_t i);
/* Whether a STRING token's raw text is exactly word (no escapes in word). */
bool altair_pgsql_json_is(const altair_pgsql_json *json, long token, const char *word);
/* A STRING token's value unescaped into out (cut to size - 1, NUL-terminated); its length. */
size_t altair_pgsql_json_string(const altair_pgsql_json *json, long token, char *out, size_t size);
/* An object's only key (libpg_query's node wrapper, {"SelectStmt": {...}}): its key token, or -1. */
long altair_pgsql_json_node(const altair_pgsql_json *json, long object);

#endif
