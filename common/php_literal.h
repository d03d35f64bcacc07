/*
 * A reader of the PHP array literals the project's configuration is written in, without running
 * them (common/php_literal.c): Laravel's config cache (bootstrap/cache/config.php, var_export'ed),
 * Symfony's .env.local.php (a returned array), and config/database.php read as text, where a value
 * written env('NAME', 'default') is kept as that call. Plain C over a byte buffer, no Zend API,
 * fuzzed under ASAN (tests/discovery/fuzz).
 */
#ifndef ALTAIR_EVAL_COMMON_PHP_LITERAL_H
#define ALTAIR_EVAL_COMMON_PHP_LITERAL_H

#include <stdbool.h>
#include <stddef.h>

/* Caps: deeper arrays or more nodes end the read (what was read stays). */
#define ALTAIR_EVAL_PHP_LITERAL_DEPTH_MAX 64
#define ALTAIR_EVAL_PHP_LITERAL_NODES_MAX 200000

typedef enum {
	ALTAIR_EVAL_PHP_STRING, /* 'text', "text" without $, numbers (text as written), true, false */
	ALTAIR_EVAL_PHP_NULL,
	ALTAIR_EVAL_PHP_ARRAY,
	ALTAIR_EVAL_PHP_ENV,    /* env('NAME'[, literal]): text is NAME, fallback the literal or NULL */
	ALTAIR_EVAL_PHP_OTHER   /* any other expression: not read */
} altair_eval_php_kind;

typedef struct {
	altair_eval_php_kind kind;
	char *key;      /* in its array: the key as text ("0", "1"... for a list), NULL at the top */
	char *text;
	char *fallback;
	int first_child;
	int next_sibling;
} altair_eval_php_node;

typedef struct {
	altair_eval_php_node *nodes; /* nodes[0], when count > 0: the value the file returns */
	size_t count;
	size_t cap;
} altair_eval_php_literal;

/* Reads the expression after the file's first top-level `return`. false when there is none or it
 * is not an array; doc is then empty, and must be freed either way. */
bool altair_eval_php_literal_parse(altair_eval_php_literal *doc, const char *text, size_t length);

/* The child of array node `node` under key, or -1. */
int altair_eval_php_literal_child(const altair_eval_php_literal *doc, int node, const char *key);

/* A dotted path of keys from node ("database.connections"), or -1. */
int altair_eval_php_literal_path(const altair_eval_php_literal *doc, int node, const char *path);

/* The text of a string node at node, or NULL (any other kind, or -1). */
const char *altair_eval_php_literal_string(const altair_eval_php_literal *doc, int node);

void altair_eval_php_literal_free(altair_eval_php_literal *doc);

#endif
