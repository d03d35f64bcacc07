/*
 * Directories outside the project root that the child may read: only what Composer itself
 * installed there (docs/ARCHITECTURE.md, "The data path", step 3). Computed here, in the host,
 * before spawning, never by running project code, from vendor/composer/installed.json (JSON,
 * parsed): each package it records, at its install path (Composer 1, which records none:
 * vendor/<name>), resolved (symlinks followed: path repositories are symlinked into vendor/),
 * kept when it lies outside the root and is
 *  - "package": a Composer package, its composer.json naming the package installed.json records
 *    (a path repository, a monorepo sibling), or
 *  - "include_path": a library tree beneath an absolute directory of the runtime's include_path
 *    (Debian's /usr/share/php has no composer.json; the child's view has it read-only already).
 * Anything else the project's files name is refused, whatever they say: a planted
 * autoload_psr4.php or a record whose install path is not that package (a secret directory in the
 * user's home) opens nothing, since a --writes evaluation may write those files. Never "/" nor an
 * ancestor of the root; nested paths folded into their parent; at most
 * ALTAIR_EVAL_PACKAGE_PATHS_MAX. Each kept path travels to the guest with the package and the
 * reason (altair_eval.guest_package_paths: "path;name;reason" entries, ':'-separated), which
 * sandbox.outside_paths reports.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "ext/json/php_json.h"
#include "zend_smart_str.h"
#include "../php_altair_eval.h"
#include "internal.h"

#define ALTAIR_EVAL_INSTALLED_JSON "/vendor/composer/installed.json"
#define ALTAIR_EVAL_INSTALLED_JSON_DIR "/vendor/composer/"
#define ALTAIR_EVAL_INSTALLED_JSON_MAX_BYTES (16 * 1024 * 1024)
#define ALTAIR_EVAL_INSTALLED_JSON_DEPTH 64
#define ALTAIR_EVAL_PACKAGE_MARKER "/composer.json"
/* What the child's ':'-separated ini values cannot carry (as for the root, runner/request.c). */
#define ALTAIR_EVAL_PACKAGE_FORBIDDEN_CHARS "\"\n\r:;"
/* Each is a Landlock rule and a bind in the child's view (guest/lockdown/lockdown.h caps all read paths). */
#define ALTAIR_EVAL_PACKAGE_PATHS_MAX 32
/* A Composer package name, vendor/project: what may travel in the guest's list beside a path. */
#define ALTAIR_EVAL_PACKAGE_NAME_CHARS "abcdefghijklmnopqrstuvwxyz0123456789_.-"
#define ALTAIR_EVAL_PACKAGE_NAME_MAX 200
#define ALTAIR_EVAL_PACKAGE_REASON_PACKAGE "package"
#define ALTAIR_EVAL_PACKAGE_REASON_INCLUDE_PATH "include_path"

static bool is_beneath(const char *path, const char *root)
{
	size_t length = strlen(root);

	return strncmp(path, root, length) == 0 && (path[length] == '/' || path[length] == '\0');
}

/* installed.json, decoded; false when there is none or it is not what Composer writes. */
static bool read_installed(zend_string *root, zval *installed)
{
	char path[MAXPATHLEN];
	php_stream *stream;
	zend_string *contents;
	zend_stat_t info;
	bool decoded;

	snprintf(path, sizeof(path), "%s" ALTAIR_EVAL_INSTALLED_JSON, ZSTR_VAL(root));
	/* A regular file only: a fifo planted there would block the caller in open(). */
	if (VCWD_STAT(path, &info) != 0 || !S_ISREG(info.st_mode)) {
		return false;
	}
	stream = php_stream_open_wrapper(path, "rb", 0, NULL);
	if (!stream) {
		return false;
	}
	contents = php_stream_copy_to_mem(stream, ALTAIR_EVAL_INSTALLED_JSON_MAX_BYTES, 0);
	php_stream_close(stream);
	if (!contents) {
		return false;
	}
	decoded = php_json_decode_ex(installed, ZSTR_VAL(contents), ZSTR_LEN(contents), PHP_JSON_OBJECT_AS_ARRAY,
		ALTAIR_EVAL_INSTALLED_JSON_DEPTH) == SUCCESS && Z_TYPE_P(installed) == IS_ARRAY;
	zend_string_release(contents);
	if (!decoded) {
		zval_ptr_dtor(installed);
	}
	return decoded;
}

/* vendor/project, lowercase, as Composer requires: nothing that could split the guest's list. */
static bool valid_name(zval *name)
{
	const char *slash;

	if (!name || Z_TYPE_P(name) != IS_STRING || Z_STRLEN_P(name) == 0 || Z_STRLEN_P(name) > ALTAIR_EVAL_PACKAGE_NAME_MAX
		|| !(slash = strchr(Z_STRVAL_P(name), '/')) || slash == Z_STRVAL_P(name) || slash[1] == '\0'
		|| strchr(slash + 1, '/')) {
		return false;
	}
	for (const char *c = Z_STRVAL_P(name); *c; c++) {
		if (*c != '/' && !strchr(ALTAIR_EVAL_PACKAGE_NAME_CHARS, *c)) {
			return false;
		}
	}
	return true;
}

/* Does real/composer.json name this package? Read as JSON, never run. */
static bool is_named_package(const char *real, zend_string *name)
{
	char marker[MAXPATHLEN];
	zend_stat_t info;
	php_stream *stream;
	zend_string *contents = NULL;
	zval manifest, *declared;
	bool named = false;

	if ((size_t) snprintf(marker, sizeof(marker), "%s" ALTAIR_EVAL_PACKAGE_MARKER, real) >= sizeof(marker)
		|| VCWD_STAT(marker, &info) != 0 || !S_ISREG(info.st_mode)
		|| !(stream = php_stream_open_wrapper(marker, "rb", 0, NULL))) {
		return false;
	}
	contents = php_stream_copy_to_mem(stream, ALTAIR_EVAL_INSTALLED_JSON_MAX_BYTES, 0);
	php_stream_close(stream);
	if (!contents) {
		return false;
	}
	if (php_json_decode_ex(&manifest, ZSTR_VAL(contents), ZSTR_LEN(contents), PHP_JSON_OBJECT_AS_ARRAY,
			ALTAIR_EVAL_INSTALLED_JSON_DEPTH) == SUCCESS) {
		named = Z_TYPE(manifest) == IS_ARRAY
			&& (declared = zend_hash_str_find(Z_ARRVAL(manifest), "name", strlen("name")))
			&& Z_TYPE_P(declared) == IS_STRING && zend_string_equals(Z_STR_P(declared), name);
		zval_ptr_dtor(&manifest);
	}
	zend_string_release(contents);
	return named;
}

/* Is real beneath an absolute directory of the runtime's include_path that lies outside the root
 * (and is not "/")? The child's view holds those read-only already (guest/guest.c). */
static bool in_include_path(const char *real, zend_string *root)
{
	char *copy, *entry, *state = NULL, resolved[MAXPATHLEN];
	bool found = false;

	if (!PG(include_path) || !*PG(include_path)) {
		return false;
	}
	copy = estrdup(PG(include_path));
	for (entry = php_strtok_r(copy, ":", &state); entry && !found; entry = php_strtok_r(NULL, ":", &state)) {
		found = entry[0] == '/' && VCWD_REALPATH(entry, resolved) && strcmp(resolved, "/") != 0
			&& !is_beneath(resolved, ZSTR_VAL(root)) && !is_beneath(ZSTR_VAL(root), resolved)
			&& is_beneath(real, resolved);
	}
	efree(copy);
	return found;
}

/* One package installed.json records: its install path kept, with why, when it lies outside the
 * root and is that package or a library of the runtime's include_path. */
static void add_package(HashTable *paths, zend_string *root, zval *package)
{
	char joined[MAXPATHLEN], real[MAXPATHLEN];
	zval *name, *install_path;
	const char *reason;
	zend_stat_t info;
	size_t length;

	if (Z_TYPE_P(package) != IS_ARRAY
		|| !valid_name(name = zend_hash_str_find(Z_ARRVAL_P(package), "name", strlen("name")))) {
		return;
	}
	install_path = zend_hash_str_find(Z_ARRVAL_P(package), "install-path", strlen("install-path"));
	if (install_path && (Z_TYPE_P(install_path) != IS_STRING || Z_STRLEN_P(install_path) == 0)) {
		return;
	}
	/* Composer 1 records no install path: the package is vendor/<name>. */
	length = (size_t) snprintf(joined, sizeof(joined), "%s" ALTAIR_EVAL_INSTALLED_JSON_DIR "%s", ZSTR_VAL(root),
		install_path ? Z_STRVAL_P(install_path) : "../");
	if (!install_path && length < sizeof(joined)) {
		length += (size_t) snprintf(joined + length, sizeof(joined) - length, "%s", Z_STRVAL_P(name));
	}
	if (length >= sizeof(joined) || !VCWD_REALPATH(joined, real) || is_beneath(real, ZSTR_VAL(root))
		|| is_beneath(ZSTR_VAL(root), real) || strcmp(real, "/") == 0 || strpbrk(real, ALTAIR_EVAL_PACKAGE_FORBIDDEN_CHARS)
		|| VCWD_STAT(real, &info) != 0 || !S_ISDIR(info.st_mode)) {
		return;
	}
	if (is_named_package(real, Z_STR_P(name))) {
		reason = ALTAIR_EVAL_PACKAGE_REASON_PACKAGE;
	} else if (in_include_path(real, root)) {
		reason = ALTAIR_EVAL_PACKAGE_REASON_INCLUDE_PATH;
	} else {
		return;
	}
	zend_hash_str_update_ptr(paths, real, strlen(real), zend_strpprintf(0, "%s;%s", Z_STRVAL_P(name), reason));
}

static void add_installed(HashTable *paths, zend_string *root)
{
	zval installed, *packages, *package;

	if (!read_installed(root, &installed)) {
		return;
	}
	/* Composer 2: {"packages": [...]}; Composer 1: the list itself. */
	packages = zend_hash_str_find(Z_ARRVAL(installed), "packages", strlen("packages"));
	if (!packages) {
		packages = &installed;
	}
	if (Z_TYPE_P(packages) == IS_ARRAY) {
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(packages), package) {
			add_package(paths, root, package);
		} ZEND_HASH_FOREACH_END();
	}
	zval_ptr_dtor(&installed);
}

/* The kept paths, ':'-separated (with ";name;reason" after each when explained): one beneath
 * another is left to it; at most the cap. */
static zend_string *join_outermost(HashTable *paths, bool explained)
{
	smart_str list = {0};
	zend_string *path, *other, *why;
	int count = 0;

	ZEND_HASH_FOREACH_STR_KEY_PTR(paths, path, why) {
		bool nested = false;
		ZEND_HASH_FOREACH_STR_KEY(paths, other) {
			nested = nested || (other != path && is_beneath(ZSTR_VAL(path), ZSTR_VAL(other)));
		} ZEND_HASH_FOREACH_END();
		if (nested || count == ALTAIR_EVAL_PACKAGE_PATHS_MAX) {
			continue;
		}
		if (list.s) {
			smart_str_appendc(&list, ':');
		}
		smart_str_append(&list, path);
		if (explained) {
			smart_str_appendc(&list, ';');
			smart_str_append(&list, why);
		}
		count++;
	} ZEND_HASH_FOREACH_END();
	smart_str_0(&list);
	return list.s;
}

static void release_reason(zval *reason)
{
	zend_string_release((zend_string *) Z_PTR_P(reason));
}

void altair_eval_packages_outside_root(zend_string *root, zend_string **paths, zend_string **explained)
{
	HashTable found;

	zend_hash_init(&found, 8, NULL, release_reason, 0);
	add_installed(&found, root);
	*paths = join_outermost(&found, false);
	*explained = join_outermost(&found, true);
	zend_hash_destroy(&found);
}
