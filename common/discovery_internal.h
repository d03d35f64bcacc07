/*
 * What the parts of the discovery reader share (common/discovery.c: files, declarations, Symfony;
 * common/discovery_laravel.c: Laravel). Not for other concerns: they use common/discovery.h.
 */
#ifndef ALTAIR_EVAL_COMMON_DISCOVERY_INTERNAL_H
#define ALTAIR_EVAL_COMMON_DISCOVERY_INTERNAL_H

#include "discovery.h"
#include "dotenv.h"
#include "php_literal.h"

#define DISCOVERY_ORIGINS_MAX 12
/* An APP_ENV that names a file (.env.<APP_ENV>): letters, digits, '-', '_', at most this long. */
#define DISCOVERY_APP_ENV_MAX 32

/* Where the real environment's values come from, in declared_by. */
#define DISCOVERY_SOURCE_ENVIRONMENT "environment"

typedef struct {
	const char *source; /* a file, or DISCOVERY_SOURCE_ENVIRONMENT */
	const char *name;   /* a key's name, never its value */
} discovery_origin;

typedef struct {
	discovery_origin origins[DISCOVERY_ORIGINS_MAX];
	size_t count;
} discovery_origins;

typedef struct {
	int root_fd;
	altair_eval_env_lookup lookup;
	void *context;
	altair_eval_dotenv files;      /* what the project's dotenv files set */
	char file_names[4][64];        /* .env.<APP_ENV>… as sources, alive for the whole discovery */
	altair_eval_discovered *out;
	size_t max;
	size_t count;
	altair_eval_discovery_memo *record; /* altair_eval_discover_memo: what is read goes here; or NULL */
} discovery;

/* The file's bytes (NUL-terminated, length without it), or NULL: missing, not a regular file, a
 * link anywhere on the way, a ".." component, or over ALTAIR_EVAL_DISCOVERY_FILE_MAX. */
char *discovery_read(const discovery *d, const char *relative, size_t *length);

/* Reads a dotenv file into d->files; false when it could not be read. */
bool discovery_load_dotenv(discovery *d, const char *relative);

/* A value: the real environment first, then the dotenv files; NULL when neither sets it.
 * *source says which. */
const char *discovery_value(const discovery *d, const char *name, const char **source);

/* APP_ENV as a file name suffix, or NULL when unset or not a plain name. */
const char *discovery_app_env(const discovery *d, const char **source);

void discovery_note(discovery_origins *origins, const char *source, const char *name);

/* Adds found (declared by origins) unless an identical endpoint is there already. */
void discovery_emit(discovery *d, altair_eval_discovered *found, const discovery_origins *origins);

/* A URL under a variable's name: declared when it names a server the relay speaks. */
void discovery_url_variable(discovery *d, const char *name);

/* Laravel: the config cache, or .env / .env.<APP_ENV> and config/database.php. */
void discovery_laravel(discovery *d);

#endif
