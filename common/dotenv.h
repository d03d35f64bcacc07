/*
 * A strict reader of dotenv files (.env, .env.local, ...) as vlucas/phpdotenv and symfony/dotenv
 * accept them, into a small store of names and values (common/dotenv.c). Plain C over a byte
 * buffer, no Zend API: it reads the project's files in the host and is fuzzed under ASAN
 * (tests/discovery/fuzz). It never runs anything: `$(command)` stays text.
 */
#ifndef ALTAIR_EVAL_COMMON_DOTENV_H
#define ALTAIR_EVAL_COMMON_DOTENV_H

#include <stdbool.h>
#include <stddef.h>

/* The real environment: the value of name, or NULL when it is unset. */
typedef const char *(*altair_eval_env_lookup)(void *context, const char *name);

/* Caps: a longer name or value, or one more entry, is skipped (never truncated). */
#define ALTAIR_EVAL_DOTENV_NAME_MAX 128
#define ALTAIR_EVAL_DOTENV_VALUE_MAX 65536
#define ALTAIR_EVAL_DOTENV_ENTRIES_MAX 4096

typedef struct {
	char *name;
	char *value;
	const char *source; /* the file that set it last (a string the caller keeps alive) */
} altair_eval_dotenv_entry;

typedef struct {
	altair_eval_dotenv_entry *entries;
	size_t count;
	size_t cap;
	altair_eval_env_lookup lookup; /* for ${NAME}: the real environment wins over earlier files */
	void *context;
	bool bare_variables;           /* $NAME as well as ${NAME} (symfony/dotenv; phpdotenv: braces only) */
} altair_eval_dotenv;

void altair_eval_dotenv_init(altair_eval_dotenv *env, altair_eval_env_lookup lookup, void *context);

/* Reads one file's text; a later definition replaces an earlier one (in this file or an earlier
 * one). A line that does not parse is skipped. Returns how many definitions were taken. */
size_t altair_eval_dotenv_parse(altair_eval_dotenv *env, const char *text, size_t length, const char *source);

/* Sets name to value (both copied); false when a cap or memory says no. */
bool altair_eval_dotenv_set(altair_eval_dotenv *env, const char *name, const char *value, const char *source);

/* The entry for name, or NULL. */
const altair_eval_dotenv_entry *altair_eval_dotenv_find(const altair_eval_dotenv *env, const char *name);

void altair_eval_dotenv_free(altair_eval_dotenv *env);

#endif
