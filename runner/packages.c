/*
 * Packages outside the project root that its own autoloader resolves to: Composer path
 * repositories (symlinked into vendor/ by default), monorepo siblings, packages a system package
 * manager installed. The child must read them (open_basedir and the lockdown's read paths), and
 * only them: computed here, in the host, before spawning, from vendor/composer/installed.json — a
 * JSON file, parsed, never project code run — and only for directories that are packages.
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

/* One package's install-path, resolved: kept when it lies outside the root, is a directory with a
 * composer.json (a package, not whatever a symlink happens to point at), is not "/" and may be
 * written into the child's ':'-separated ini values. */
static void add_package(smart_str *list, zend_string *root, zval *package)
{
	char joined[MAXPATHLEN], real[MAXPATHLEN], marker[MAXPATHLEN];
	zval *install_path;
	zend_stat_t info;

	if (Z_TYPE_P(package) != IS_ARRAY
		|| !(install_path = zend_hash_str_find(Z_ARRVAL_P(package), "install-path", strlen("install-path")))
		|| Z_TYPE_P(install_path) != IS_STRING || Z_STRLEN_P(install_path) == 0) {
		return;
	}
	snprintf(joined, sizeof(joined), "%s" ALTAIR_EVAL_INSTALLED_JSON_DIR "%s", ZSTR_VAL(root), Z_STRVAL_P(install_path));
	if (!VCWD_REALPATH(joined, real) || is_beneath(real, ZSTR_VAL(root)) || strcmp(real, "/") == 0
		|| strpbrk(real, ALTAIR_EVAL_PACKAGE_FORBIDDEN_CHARS)) {
		return;
	}
	snprintf(marker, sizeof(marker), "%s" ALTAIR_EVAL_PACKAGE_MARKER, real);
	if (VCWD_STAT(real, &info) != 0 || !S_ISDIR(info.st_mode) || VCWD_STAT(marker, &info) != 0 || !S_ISREG(info.st_mode)) {
		return;
	}
	if (list->s) {
		smart_str_appendc(list, ':');
	}
	smart_str_appends(list, real);
}

zend_string *altair_eval_packages_outside_root(zend_string *root)
{
	smart_str list = {0};
	zval installed, *packages, *package;

	if (!read_installed(root, &installed)) {
		return NULL;
	}
	/* Composer 2: {"packages": [...]}; Composer 1: the list itself. */
	packages = zend_hash_str_find(Z_ARRVAL(installed), "packages", strlen("packages"));
	if (!packages) {
		packages = &installed;
	}
	if (Z_TYPE_P(packages) == IS_ARRAY) {
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(packages), package) {
			add_package(&list, root, package);
		} ZEND_HASH_FOREACH_END();
	}
	zval_ptr_dtor(&installed);
	smart_str_0(&list);
	return list.s;
}
