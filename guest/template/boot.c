/*
 * A booted warm template (see template/template.h; docs/ARCHITECTURE.md, "Booted templates"): after its
 * lockdown, the template runs vendor/autoload.php and the project's boot once, exactly as a cold
 * child would, and keeps what came of it in its memory: the boot's output, the host frame, and the
 * failure (an exception, or an exit). Each worker, a fork, replays those and runs its snippet.
 *
 * Before it serves, the template closes what the frameworks opened at boot (boot/core.c,
 * release_connections) and refuses to serve booted when a socket is still open: two workers would
 * share one connection, or any other descriptor a worker could not reopen for itself. What the boot
 * opened and listed is recorded from before it starts (template/deps.c), and what of it PHP itself
 * read (template/reads.c); it also stats every file the boot loaded, and watches its scratch
 * (template/watch.c).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_ini.h"
#include "main/php_output.h"
#include "main/php_open_temporary_file.h"
#include "zend_exceptions.h"
#include "../../php_altair_eval.h"
#include "../boot/boot.h"
#include "template.h"
#include "watch.h"
#include "deps.h"
#include "reads.h"
#include "../engine.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#define BOOT_AUTOLOAD_FILE "/vendor/autoload.php"
/* More than the template's RLIMIT_NOFILE (lockdown/rlimits.c). */
#define BOOT_FD_SCAN ALTAIR_EVAL_RLIMIT_NOFILE
/* Files recorded beneath the project's config dirs, at most (a config tree is a few dozen). */
#define BOOT_TREE_MAX_FILES 4096
#define BOOT_TREE_MAX_DEPTH 8

static bool booted;
static zend_string *output;
static zval host;
static zend_object *failure;
static bool failure_compiled = true;
static bool exited;
static int exit_status;
static char note[ALTAIR_EVAL_TEMPLATE_NOTE_MAX];

bool altair_eval_guest_template_booted(void)
{
	return booted;
}

void altair_eval_guest_template_set_note(const char *text)
{
	snprintf(note, sizeof(note), "%s", text ? text : "");
}

const char *altair_eval_guest_template_note(void)
{
	return note[0] ? note : NULL;
}

/* PHP keeps the first answer of sys_get_temp_dir() for the whole process (a static in main/, with
 * no way to reset it from an extension), and the boot may ask: a worker would then get the
 * template's scratch, shared by all of them. So the template asks first, with its scratch padded
 * by slashes (the same directory), and each worker writes its own dir into that answer. */
static char *temp_dir;
static size_t temp_dir_size;
#define BOOT_TEMP_DIR_ROOM 256

void altair_eval_guest_template_prime_temp_dir(void)
{
	char padded[MAXPATHLEN];
	const char *base = ALTAIR_EVAL_G(guest_scratch);
	size_t length = strlen(base);
	const char *answer;

	if (length + BOOT_TEMP_DIR_ROOM + 1 >= sizeof(padded)) {
		return;
	}
	memcpy(padded, base, length);
	memset(padded + length, '/', BOOT_TEMP_DIR_ROOM);
	padded[length + BOOT_TEMP_DIR_ROOM] = '\0';
	altair_eval_guest_engine_set_ini("sys_temp_dir", padded);
	answer = php_get_temporary_directory();
	altair_eval_guest_engine_set_ini("sys_temp_dir", base);
	/* (Unless something asked before us: then the worker gets what it got, and writing there makes
	 * the template retire, see template/watch.h.) */
	if (answer && strncmp(answer, base, length) == 0 && strlen(answer) >= length + BOOT_TEMP_DIR_ROOM / 2) {
		temp_dir = (char *) answer;
		temp_dir_size = strlen(answer) + 1;
	}
}

void altair_eval_guest_template_retarget_temp_dir(const char *scratch)
{
	size_t length = strlen(scratch);

	if (temp_dir && length < temp_dir_size) {
		memcpy(temp_dir, scratch, length + 1);
	}
}

/* The descriptors open now, as a bitmap of BOOT_FD_SCAN bits. */
static void open_descriptors(unsigned char open[BOOT_FD_SCAN / 8 + 1])
{
	memset(open, 0, BOOT_FD_SCAN / 8 + 1);
	for (int fd = 0; fd < BOOT_FD_SCAN; fd++) {
		if (fcntl(fd, F_GETFD) >= 0) {
			open[fd / 8] |= (unsigned char) (1u << (fd % 8));
		}
	}
}

/* What the boot left open. A socket is a connection every worker would share: refused. Anything
 * else must be a file each worker can reopen for itself (template/deps.c): never an empty stand-in.
 * false (why filled in) when the template must not serve booted. */
static bool left_open(const unsigned char before[BOOT_FD_SCAN / 8 + 1], char *why, size_t size)
{
	unsigned char after[BOOT_FD_SCAN / 8 + 1];
	struct stat info;

	open_descriptors(after);
	for (int fd = 0; fd < BOOT_FD_SCAN; fd++) {
		bool opened = (after[fd / 8] & (1u << (fd % 8))) && !(before[fd / 8] & (1u << (fd % 8)));
		if (!opened) {
			continue;
		}
		if (fd <= ALTAIR_EVAL_CHANNEL_FD) {
			snprintf(why, size, "the boot left descriptor %d open, a number each worker takes for its request", fd);
			return false;
		}
		if (fstat(fd, &info) == 0 && S_ISSOCK(info.st_mode)) {
			snprintf(why, size, "the boot left a connection open (descriptor %d), which workers would share", fd);
			return false;
		}
		if (!altair_eval_template_deps_remember_fd(fd, why, size)) {
			return false;
		}
	}
	return true;
}

/* The numbers a worker takes for its request (stdin, and its conduits on 1, 2 and 3) are never the
 * boot's: 3, free since the control socket moved away, would be the first file the boot opens (a
 * SQLite database), and each worker would find its result channel there instead. Held by a copy of
 * stdin (/dev/null) for the template's life. */
static void hold_worker_descriptors(void)
{
	for (int fd = 0; fd <= ALTAIR_EVAL_CHANNEL_FD; fd++) {
		if (fcntl(fd, F_GETFD) < 0) {
			int held = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, fd);
			if (held >= 0 && held != fd) {
				close(held);
			}
		}
	}
}

/* Composer's autoload dirs: a class file added there is a change to what the boot depended on. */
static void watch_autoload_dirs(void)
{
	zval dirs, *dir;

	zend_try {
		altair_eval_guest_boot_autoload_dirs(&dirs);
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL(dirs), dir) {
			if (Z_TYPE_P(dir) == IS_STRING) {
				altair_eval_template_deps_autoload_dir(Z_STRVAL_P(dir));
			}
		} ZEND_HASH_FOREACH_END();
		zval_ptr_dtor(&dirs);
	} zend_end_try();
}

/* The boot's outcome, taken off the engine: an exit, or a throwable kept for each worker. */
static void keep_outcome(bool compiled)
{
	zend_object *thrown = EG(exception);

	if (!thrown) {
		return;
	}
	if (zend_is_unwind_exit(thrown) || zend_is_graceful_exit(thrown)) {
		exited = true;
		exit_status = EG(exit_status);
		zend_clear_exception();
		return;
	}
	GC_ADDREF(thrown);
	zend_clear_exception();
	failure = thrown;
	failure_compiled = compiled;
}

static void run_boot(void)
{
	char path[MAXPATHLEN];
	zend_stat_t info;
	zval retval;
	bool compiled;

	snprintf(path, sizeof(path), "%s%s", ALTAIR_EVAL_G(guest_root), BOOT_AUTOLOAD_FILE);
	if (VCWD_STAT(path, &info) == 0) {
		compiled = altair_eval_guest_run_file(path, &retval, false);
		zval_ptr_dtor(&retval);
		if (EG(exception)) {
			keep_outcome(compiled);
			return;
		}
	}
	altair_eval_guest_boot_capture(&host);
	keep_outcome(true);
	if (!failure && !exited) {
		altair_eval_guest_boot_prime();
	}
}

/* The boot's output: what is left in the buffer started before it (nested ones flushed into it). */
static void keep_output(int level)
{
	zval contents;

	while (php_output_get_level() > level + 1) {
		php_output_end();
	}
	if (php_output_get_level() == level + 1) {
		if (php_output_get_contents(&contents) == SUCCESS && Z_TYPE(contents) == IS_STRING) {
			output = zend_string_copy(Z_STR(contents));
		}
		zval_ptr_dtor(&contents);
		php_output_discard();
	}
}

static void record_tree(const char *dir, int depth, size_t *budget)
{
	char child[MAXPATHLEN];
	DIR *listing;
	struct dirent *entry;

	altair_eval_template_watch_file(dir);
	if (depth > BOOT_TREE_MAX_DEPTH || (listing = opendir(dir)) == NULL) {
		return;
	}
	while ((entry = readdir(listing)) != NULL && *budget > 0) {
		if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0
			|| (size_t) snprintf(child, sizeof(child), "%s/%s", dir, entry->d_name) >= sizeof(child)) {
			continue;
		}
		(*budget)--;
		if (entry->d_type == DT_DIR) {
			record_tree(child, depth + 1, budget);
		} else {
			altair_eval_template_watch_file(child);
		}
	}
	closedir(listing);
}

/* What the boot read: every included file (but the boot's own, in the scratch), and what a boot
 * reads without including it: the project root's entries (.env files), its config trees,
 * bootstrap/cache, composer.lock and Composer's installed.php. */
static void watch_loaded_files(void)
{
	static const char *const trees[] = { "config", "bootstrap/cache", NULL };
	static const char *const files[] = { "composer.lock", "composer.json", "vendor/composer/installed.php", NULL };
	const char *root = ALTAIR_EVAL_G(guest_root);
	const char *scratch = ALTAIR_EVAL_G(guest_scratch);
	size_t scratch_length = strlen(scratch);
	char path[MAXPATHLEN];
	size_t budget = BOOT_TREE_MAX_FILES;
	zend_string *file;
	DIR *listing;
	struct dirent *entry;

	ZEND_HASH_FOREACH_STR_KEY(&EG(included_files), file) {
		if (file && !(strncmp(ZSTR_VAL(file), scratch, scratch_length) == 0 && ZSTR_VAL(file)[scratch_length] == '/')) {
			altair_eval_template_watch_file(ZSTR_VAL(file));
		}
	} ZEND_HASH_FOREACH_END();

	altair_eval_template_watch_file(root);
	if ((listing = opendir(root)) != NULL) {
		while ((entry = readdir(listing)) != NULL) {
			if (strncmp(entry->d_name, ".env", strlen(".env")) == 0) {
				snprintf(path, sizeof(path), "%s/%s", root, entry->d_name);
				altair_eval_template_watch_file(path);
			}
		}
		closedir(listing);
	}
	for (const char *const *tree = trees; *tree; tree++) {
		snprintf(path, sizeof(path), "%s/%s", root, *tree);
		record_tree(path, 0, &budget);
	}
	for (const char *const *name = files; *name; name++) {
		snprintf(path, sizeof(path), "%s/%s", root, *name);
		altair_eval_template_watch_file(path);
	}
}

bool altair_eval_guest_template_boot(bool own_ipc_namespace, char *why, size_t size)
{
	unsigned char before[BOOT_FD_SCAN / 8 + 1];
	int level = php_output_get_level();
	bool fatal = false;

	ZVAL_UNDEF(&host);
	/* From before the boot's first line: what it opens and lists, and every change from then on. */
	if (!altair_eval_template_deps_start(ALTAIR_EVAL_G(guest_root), ALTAIR_EVAL_G(guest_scratch), why, size)) {
		return false;
	}
	hold_worker_descriptors();
	open_descriptors(before);
	php_output_start_default();
	altair_eval_guest_template_fresh_watch_seeding(true);
	altair_eval_template_reads_start();
	zend_try {
		run_boot();
	} zend_catch {
		fatal = true;
	} zend_end_try();
	altair_eval_template_reads_stop();
	altair_eval_guest_template_fresh_watch_seeding(false);
	altair_eval_template_deps_after_boot();
	if (fatal) {
		snprintf(why, size, "the boot ended in a fatal error");
		return false;
	}
	keep_output(level);
	zend_try {
		altair_eval_guest_boot_release_connections();
	} zend_catch {
		fatal = true;
	} zend_end_try();
	if (fatal) {
		snprintf(why, size, "closing the boot's connections ended in a fatal error");
		return false;
	}
	if (!left_open(before, why, size)) {
		return false;
	}
	watch_autoload_dirs();
	altair_eval_template_deps_serve();
	watch_loaded_files();
	altair_eval_template_watch_ipc_after_boot(own_ipc_namespace);
	if (!altair_eval_template_watch_scratch(ALTAIR_EVAL_G(guest_scratch))) {
		snprintf(why, size, "the template's scratch cannot be watched (inotify)");
		return false;
	}
	booted = true;
	return true;
}

bool altair_eval_guest_template_replay(bool *compiled)
{
	zval thrown;

	*compiled = true;
	if (output && ZSTR_LEN(output) > 0) {
		PHPWRITE(ZSTR_VAL(output), ZSTR_LEN(output));
	}
	if (Z_TYPE(host) == IS_ARRAY) {
		altair_eval_guest_boot_send_host(&host);
	}
	if (exited) {
		EG(exit_status) = exit_status;
		zend_throw_unwind_exit();
		return false;
	}
	if (failure) {
		*compiled = failure_compiled;
		ZVAL_OBJ(&thrown, failure);
		failure = NULL;
		zend_throw_exception_object(&thrown);
		return false;
	}
	return true;
}
