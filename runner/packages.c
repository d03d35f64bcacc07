/*
 * Packages outside the project root that its own autoloader resolves to: Composer path
 * repositories (symlinked into vendor/ by default), monorepo siblings, packages a system package
 * manager installed. The child must read them (open_basedir and the lockdown's read paths), and
 * only them: computed here, in the host, before spawning, never by running project code, from
 *  - vendor/composer/installed.json (JSON, parsed): install paths that are packages (a composer.json);
 *  - the maps Composer generates next to it (autoload_psr4.php, autoload_namespaces.php,
 *    autoload_classmap.php, autoload_files.php), read by a strict reader that accepts only the
 *    forms Composer writes ('key' => $vendorDir . '/x', $baseDir . '/x', a literal, or array() of
 *    those): their directories, or the directory of a file, whatever they hold (Debian's
 *    /usr/share/php libraries have no composer.json).
 * Every path is resolved (symlinks followed); kept only outside the root, never "/" nor an ancestor
 * of the root, nested ones folded into their parent, at most ALTAIR_EVAL_PACKAGE_PATHS_MAX.
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
#define ALTAIR_EVAL_AUTOLOAD_MAP_MAX_BYTES (32 * 1024 * 1024)
/* The two lines every map Composer generates starts with: what $vendorDir and $baseDir mean. */
#define ALTAIR_EVAL_AUTOLOAD_MAP_VENDOR_DIR "\n$vendorDir = dirname(__DIR__);\n"
#define ALTAIR_EVAL_AUTOLOAD_MAP_BASE_DIR "\n$baseDir = dirname($vendorDir);\n"

typedef struct {
	const char *name;
	bool files; /* values are files: their directory is what is read */
} autoload_map;

static const autoload_map autoload_maps[] = {
	{"autoload_psr4.php", false},
	{"autoload_namespaces.php", false},
	{"autoload_classmap.php", true},
	{"autoload_files.php", true},
	{NULL, false},
};

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
	bool decoded;

	snprintf(path, sizeof(path), "%s" ALTAIR_EVAL_INSTALLED_JSON, ZSTR_VAL(root));
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

/* A resolved path, kept when it lies outside the root, is a directory, is neither "/" nor an
 * ancestor of the root, and may be written into the child's ':'-separated ini values. */
static void add_path(HashTable *paths, zend_string *root, const char *path)
{
	char real[MAXPATHLEN];
	zend_stat_t info;

	if (!VCWD_REALPATH(path, real) || is_beneath(real, ZSTR_VAL(root)) || is_beneath(ZSTR_VAL(root), real)
		|| strcmp(real, "/") == 0 || strpbrk(real, ALTAIR_EVAL_PACKAGE_FORBIDDEN_CHARS)
		|| VCWD_STAT(real, &info) != 0 || !S_ISDIR(info.st_mode)) {
		return;
	}
	zend_hash_str_add_empty_element(paths, real, strlen(real));
}

/* One package's install-path: kept when it is a package (a composer.json), not whatever a symlink
 * in vendor/ happens to point at. */
static void add_package(HashTable *paths, zend_string *root, zval *package)
{
	char joined[MAXPATHLEN], marker[MAXPATHLEN];
	zval *install_path;
	zend_stat_t info;

	if (Z_TYPE_P(package) != IS_ARRAY
		|| !(install_path = zend_hash_str_find(Z_ARRVAL_P(package), "install-path", strlen("install-path")))
		|| Z_TYPE_P(install_path) != IS_STRING || Z_STRLEN_P(install_path) == 0) {
		return;
	}
	snprintf(joined, sizeof(joined), "%s" ALTAIR_EVAL_INSTALLED_JSON_DIR "%s", ZSTR_VAL(root), Z_STRVAL_P(install_path));
	snprintf(marker, sizeof(marker), "%s" ALTAIR_EVAL_PACKAGE_MARKER, joined);
	if (VCWD_STAT(marker, &info) == 0 && S_ISREG(info.st_mode)) {
		add_path(paths, root, joined);
	}
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

/* ---- the strict reader of Composer's generated maps ------------------------------------------- */

typedef struct {
	const char *at;
	const char *end;
} cursor;

static void skip_spaces(cursor *c)
{
	while (c->at < c->end && (*c->at == ' ' || *c->at == '\t')) {
		c->at++;
	}
}

static bool take(cursor *c, const char *word)
{
	size_t length = strlen(word);

	skip_spaces(c);
	if ((size_t) (c->end - c->at) < length || memcmp(c->at, word, length) != 0) {
		return false;
	}
	c->at += length;
	return true;
}

/* A single-quoted literal as var_export() writes it (escapes: \\ and \'), into out. */
static bool take_literal(cursor *c, char *out, size_t size)
{
	size_t length = 0;

	if (!take(c, "'")) {
		return false;
	}
	while (c->at < c->end && *c->at != '\'' && *c->at != '\n') {
		if (*c->at == '\\' && c->at + 1 < c->end && (c->at[1] == '\\' || c->at[1] == '\'')) {
			c->at++;
		}
		if (length + 1 >= size) {
			return false;
		}
		out[length++] = *c->at++;
	}
	out[length] = '\0';
	return c->at < c->end && *c->at++ == '\'';
}

/* $vendorDir . 'x' | $baseDir . 'x' | 'x' (absolute): the path, joined. */
static bool take_path(cursor *c, zend_string *root, char *out, size_t size)
{
	char literal[MAXPATHLEN];
	const char *base = NULL;

	if (take(c, "$vendorDir")) {
		base = "/vendor";
	} else if (take(c, "$baseDir")) {
		base = "";
	}
	if (base && !take(c, ".")) {
		return false;
	}
	if (!take_literal(c, literal, sizeof(literal)) || (!base && literal[0] != '/')) {
		return false;
	}
	if (base) {
		return (size_t) snprintf(out, size, "%s%s%s", ZSTR_VAL(root), base, literal) < size;
	}
	return (size_t) snprintf(out, size, "%s", literal) < size;
}

static void add_map_path(HashTable *paths, zend_string *root, char *path, bool file)
{
	char *slash = file ? strrchr(path, '/') : NULL;

	if (slash && slash != path) {
		*slash = '\0';
	}
	add_path(paths, root, path);
}

/* One line: 'key' => PATH, | 'key' => array(PATH, PATH...), — anything else is not an entry. */
static void read_map_line(HashTable *paths, zend_string *root, cursor *line, bool files)
{
	char key[MAXPATHLEN], path[MAXPATHLEN];

	if (!take_literal(line, key, sizeof(key)) || !take(line, "=>")) {
		return;
	}
	if (!take(line, "array(")) {
		if (take_path(line, root, path, sizeof(path)) && take(line, ",")) {
			add_map_path(paths, root, path, files);
		}
		return;
	}
	do {
		if (!take_path(line, root, path, sizeof(path))) {
			return;
		}
		add_map_path(paths, root, path, files);
	} while (take(line, ","));
}

static void read_map(HashTable *paths, zend_string *root, const autoload_map *map)
{
	char path[MAXPATHLEN];
	php_stream *stream;
	zend_string *contents;
	const char *at, *end, *newline;

	snprintf(path, sizeof(path), "%s" ALTAIR_EVAL_INSTALLED_JSON_DIR "%s", ZSTR_VAL(root), map->name);
	if (!(stream = php_stream_open_wrapper(path, "rb", 0, NULL))) {
		return;
	}
	contents = php_stream_copy_to_mem(stream, ALTAIR_EVAL_AUTOLOAD_MAP_MAX_BYTES, 0);
	php_stream_close(stream);
	if (!contents) {
		return;
	}
	if (strstr(ZSTR_VAL(contents), ALTAIR_EVAL_AUTOLOAD_MAP_VENDOR_DIR) && strstr(ZSTR_VAL(contents), ALTAIR_EVAL_AUTOLOAD_MAP_BASE_DIR)) {
		end = ZSTR_VAL(contents) + ZSTR_LEN(contents);
		for (at = ZSTR_VAL(contents); at < end; at = newline + 1) {
			newline = memchr(at, '\n', end - at);
			newline = newline ? newline : end;
			cursor line = {at, newline};
			read_map_line(paths, root, &line, map->files);
		}
	}
	zend_string_release(contents);
}

/* The kept paths, ':'-separated: one beneath another is left to it; at most the cap. */
static zend_string *join_outermost(HashTable *paths)
{
	smart_str list = {0};
	zend_string *path, *other;
	int count = 0;

	ZEND_HASH_FOREACH_STR_KEY(paths, path) {
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
		count++;
	} ZEND_HASH_FOREACH_END();
	smart_str_0(&list);
	return list.s;
}

zend_string *altair_eval_packages_outside_root(zend_string *root)
{
	HashTable paths;
	zend_string *list;

	zend_hash_init(&paths, 8, NULL, NULL, 0);
	add_installed(&paths, root);
	for (const autoload_map *map = autoload_maps; map->name; map++) {
		read_map(&paths, root, map);
	}
	list = join_outermost(&paths);
	zend_hash_destroy(&paths);
	return list;
}
