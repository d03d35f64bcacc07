/*
 * The discovery reader's entry (common/discovery.h): which framework, the files read beneath the
 * root (fd-relative, never through a link, size-capped), the values by precedence (the real
 * environment, then the files), Symfony's .env chain, and the list of declarations, each endpoint
 * once. Laravel's rules are in common/discovery_laravel.c.
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif

#include "discovery_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* Symfony's variables that hold a URL or DSN of a server the relay may speak. */
static const char *const symfony_url_variables[] = {
	"DATABASE_URL", "REDIS_URL", "REDIS_DSN", "CACHE_DSN", "MESSENGER_TRANSPORT_DSN", "LOCK_DSN",
};

static int open_directory_beneath(int dir, const char *name)
{
	return openat(dir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

/* The whole regular file behind fd, sized by fstat; NULL when it is no regular file, over the
 * cap, or changed size while read. */
static char *read_capped(int fd, size_t *length)
{
	struct stat info;
	if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size > ALTAIR_EVAL_DISCOVERY_FILE_MAX) {
		return NULL;
	}
	size_t size = (size_t) info.st_size;
	char *text = malloc(size + 2);
	size_t used = 0;
	if (!text) {
		return NULL;
	}
	while (used <= size) {
		ssize_t got = read(fd, text + used, size + 1 - used);
		if (got < 0 && errno == EINTR) {
			continue;
		}
		if (got <= 0) {
			break;
		}
		used += (size_t) got;
	}
	if (used != size) {
		free(text); /* it changed while read */
		return NULL;
	}
	text[used] = '\0';
	*length = used;
	return text;
}

/* The identity of relative beneath the root (or its absence), into the record: taken before the
 * file is read, so a change after this is seen by the next check. */
static void record_path(const discovery *d, const char *relative, size_t length)
{
	altair_eval_discovery_memo *memo = d->record;
	altair_eval_discovery_memo_file *file;
	struct stat info;

	if (!memo || memo->overflow) {
		return;
	}
	if (memo->file_count >= ALTAIR_EVAL_DISCOVERY_MEMO_FILES || length >= sizeof(memo->files[0].path)) {
		memo->overflow = true;
		return;
	}
	file = &memo->files[memo->file_count++];
	memset(file, 0, sizeof(*file));
	memcpy(file->path, relative, length);
	file->path[length] = '\0';
	if (fstatat(d->root_fd, file->path, &info, AT_SYMLINK_NOFOLLOW) == 0) {
		file->present = true;
		file->dev = (unsigned long long) info.st_dev;
		file->ino = (unsigned long long) info.st_ino;
		file->size = (unsigned long long) info.st_size;
		file->mode = (unsigned int) info.st_mode;
		file->mtime_sec = (long long) info.st_mtim.tv_sec;
		file->mtime_nsec = (long long) info.st_mtim.tv_nsec;
		file->ctime_sec = (long long) info.st_ctim.tv_sec;
		file->ctime_nsec = (long long) info.st_ctim.tv_nsec;
	}
}

char *discovery_read(const discovery *d, const char *relative, size_t *length)
{
	char component[256];
	const char *whole = relative;
	int dir = d->root_fd;
	char *text = NULL;

	while (dir >= 0) {
		size_t size = strcspn(relative, "/");
		if (size == 0 || size >= sizeof(component) || (size == 1 && relative[0] == '.')
			|| (size == 2 && relative[0] == '.' && relative[1] == '.')) {
			break;
		}
		memcpy(component, relative, size);
		component[size] = '\0';
		record_path(d, whole, (size_t) (relative - whole) + size);
		if (relative[size] == '/') {
			int next = open_directory_beneath(dir, component);
			if (dir != d->root_fd) {
				close(dir);
			}
			dir = next;
			relative += size + 1;
			continue;
		}
		int fd = openat(dir, component, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
		if (fd >= 0) {
			text = read_capped(fd, length);
			close(fd);
		}
		break;
	}
	if (dir >= 0 && dir != d->root_fd) {
		close(dir);
	}
	return text;
}

static bool file_exists(const discovery *d, const char *relative)
{
	struct stat info;

	for (const char *slash = strchr(relative, '/'); slash; slash = strchr(slash + 1, '/')) {
		record_path(d, relative, (size_t) (slash - relative));
	}
	record_path(d, relative, strlen(relative));
	return fstatat(d->root_fd, relative, &info, AT_SYMLINK_NOFOLLOW) == 0;
}

bool discovery_load_dotenv(discovery *d, const char *relative)
{
	size_t length;
	char *text = discovery_read(d, relative, &length);
	if (!text) {
		return false;
	}
	altair_eval_dotenv_parse(&d->files, text, length, relative);
	free(text);
	return true;
}

const char *discovery_value(const discovery *d, const char *name, const char **source)
{
	const char *real = d->lookup ? d->lookup(d->context, name) : NULL;
	if (real) {
		*source = DISCOVERY_SOURCE_ENVIRONMENT;
		return real;
	}
	const altair_eval_dotenv_entry *entry = altair_eval_dotenv_find(&d->files, name);
	if (entry) {
		*source = entry->source;
		return entry->value;
	}
	return NULL;
}

const char *discovery_app_env(const discovery *d, const char **source)
{
	const char *env = discovery_value(d, "APP_ENV", source);
	size_t length = env ? strlen(env) : 0;
	if (length == 0 || length > DISCOVERY_APP_ENV_MAX || strspn(env,
			"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") != length) {
		return NULL;
	}
	return env;
}

void discovery_note(discovery_origins *origins, const char *source, const char *name)
{
	for (size_t i = 0; i < origins->count; i++) {
		if (strcmp(origins->origins[i].source, source) == 0 && strcmp(origins->origins[i].name, name) == 0) {
			return;
		}
	}
	if (origins->count < DISCOVERY_ORIGINS_MAX) {
		origins->origins[origins->count++] = (discovery_origin) {source, name};
	}
}

/* Appends to out (size bytes) at *used; past the end only *used grows. */
static void append(char *out, size_t size, size_t *used, const char *a, const char *b)
{
	int wrote = *used < size ? snprintf(out + *used, size - *used, "%s%s", a, b) : 0;
	*used += wrote > 0 ? (size_t) wrote : strlen(a) + strlen(b);
}

/* ".env: DB_CONNECTION, DB_HOST; environment: DB_PORT": each source once, in order of first use;
 * what does not fit ends in "…". */
static void format_origins(const discovery_origins *origins, char *out, size_t size)
{
	size_t used = 0;
	bool done[DISCOVERY_ORIGINS_MAX] = {false};
	out[0] = '\0';
	for (size_t i = 0; i < origins->count; i++) {
		if (done[i]) {
			continue;
		}
		const char *source = origins->origins[i].source;
		append(out, size, &used, used ? "; " : "", source);
		append(out, size, &used, ": ", "");
		for (size_t j = i, first = 1; j < origins->count; j++) {
			if (!done[j] && strcmp(origins->origins[j].source, source) == 0) {
				done[j] = true;
				append(out, size, &used, first ? "" : ", ", origins->origins[j].name);
				first = 0;
			}
		}
	}
	if (used >= size && size > 4) {
		strcpy(out + size - 4, "\xe2\x80\xa6"); /* … */
	}
}

/* The same server and, where both name one, the same user: another user of the same server is a
 * declaration of its own here (runner/databases.c gathers the users of one address). */
static bool same_endpoint(const altair_eval_discovered *a, const altair_eval_discovered *b)
{
	int port_a = a->port ? a->port : altair_eval_discovery_default_port(a->protocol);
	int port_b = b->port ? b->port : altair_eval_discovery_default_port(b->protocol);
	return strcmp(a->protocol, b->protocol) == 0 && strcasecmp(a->host, b->host) == 0
		&& strcmp(a->socket, b->socket) == 0 && (a->socket[0] || port_a == port_b)
		&& (!a->user[0] || !b->user[0] || strcmp(a->user, b->user) == 0);
}

/* What a second declaration of the same endpoint adds: a stricter TLS setting with its files, the
 * credentials when the first had none. */
static void merge(altair_eval_discovered *into, const altair_eval_discovered *found)
{
	into->tls = into->tls || found->tls;
	if (altair_eval_discovery_tls_level(found->tls_mode) > altair_eval_discovery_tls_level(into->tls_mode)) {
		memcpy(into->tls_mode, found->tls_mode, sizeof(into->tls_mode));
	}
	if (!into->tls_ca[0]) {
		memcpy(into->tls_ca, found->tls_ca, sizeof(into->tls_ca));
	}
	if (!into->tls_cert[0]) {
		memcpy(into->tls_cert, found->tls_cert, sizeof(into->tls_cert));
		memcpy(into->tls_key, found->tls_key, sizeof(into->tls_key));
	}
	if (!into->user[0]) {
		memcpy(into->user, found->user, sizeof(into->user));
		memcpy(into->password, found->password, sizeof(into->password));
	}
}

void discovery_emit(discovery *d, altair_eval_discovered *found, const discovery_origins *origins)
{
	format_origins(origins, found->declared_by, sizeof(found->declared_by));
	for (size_t i = 0; i < d->count; i++) {
		if (same_endpoint(&d->out[i], found)) {
			char *declared = d->out[i].declared_by;
			size_t used = strlen(declared);
			merge(&d->out[i], found);
			if (!strstr(declared, found->declared_by) && used + 2 + strlen(found->declared_by) < sizeof(d->out[i].declared_by)) {
				append(declared, sizeof(d->out[i].declared_by), &used, "; ", found->declared_by);
			}
			return;
		}
	}
	if (d->count < d->max) {
		d->out[d->count++] = *found;
	}
}

void discovery_url_variable(discovery *d, const char *name)
{
	const char *source;
	const char *url = discovery_value(d, name, &source);
	altair_eval_discovered found;
	if (url && altair_eval_discovery_parse_url(url, strlen(url), &found)) {
		discovery_origins origins = {0};
		discovery_note(&origins, source, name);
		discovery_emit(d, &found, &origins);
	}
}

/* .env.local.php (composer dump-env) replaces the .env chain unless the real APP_ENV differs. */
static bool symfony_load_dumped(discovery *d)
{
	static const char source[] = ".env.local.php";
	altair_eval_php_literal doc;
	size_t length;
	char *text = discovery_read(d, source, &length);
	bool used = false;

	if (text && altair_eval_php_literal_parse(&doc, text, length)) {
		const char *dumped_env = altair_eval_php_literal_string(&doc, altair_eval_php_literal_child(&doc, 0, "APP_ENV"));
		const char *real_env = d->lookup ? d->lookup(d->context, "APP_ENV") : NULL;
		used = !real_env || !dumped_env || strcmp(real_env, dumped_env) == 0;
		for (int node = doc.nodes[0].first_child; used && node >= 0; node = doc.nodes[node].next_sibling) {
			const char *value = altair_eval_php_literal_string(&doc, node);
			if (value) {
				altair_eval_dotenv_set(&d->files, doc.nodes[node].key, value, source);
			}
		}
		altair_eval_php_literal_free(&doc);
	}
	free(text);
	return used;
}

/* symfony/dotenv's loadEnv(): .env (or .env.dist), .env.local (not in test), .env.<env>,
 * .env.<env>.local; later files win over earlier ones, the real environment over all. */
static void symfony_load(discovery *d)
{
	const char *source;
	const char *env;

	if (symfony_load_dumped(d)) {
		return;
	}
	if (!discovery_load_dotenv(d, ".env")) {
		discovery_load_dotenv(d, ".env.dist");
	}
	env = discovery_app_env(d, &source);
	if (!env || strcmp(env, "test") != 0) {
		discovery_load_dotenv(d, ".env.local");
		env = discovery_app_env(d, &source);
	}
	env = env ? env : "dev";
	if (strcmp(env, "local") == 0) {
		return;
	}
	snprintf(d->file_names[0], sizeof(d->file_names[0]), ".env.%s", env);
	snprintf(d->file_names[1], sizeof(d->file_names[1]), ".env.%s.local", env);
	discovery_load_dotenv(d, d->file_names[0]);
	discovery_load_dotenv(d, d->file_names[1]);
}

static void discover_symfony_urls(discovery *d)
{
	for (size_t i = 0; i < sizeof(symfony_url_variables) / sizeof(symfony_url_variables[0]); i++) {
		discovery_url_variable(d, symfony_url_variables[i]);
	}
}

static size_t discover(const char *root, altair_eval_env_lookup lookup, void *context,
	altair_eval_discovered *out, size_t max, altair_eval_discovery_memo *record)
{
	discovery d;

	memset(&d, 0, sizeof(d));
	d.root_fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (d.root_fd < 0) {
		return 0;
	}
	d.record = record;
	d.lookup = lookup;
	d.context = context;
	d.out = out;
	d.max = max;
	altair_eval_dotenv_init(&d.files, lookup, context);
	if (file_exists(&d, "artisan")) {
		discovery_laravel(&d);
	} else if (file_exists(&d, "bin/console") || file_exists(&d, "symfony.lock")) {
		d.files.bare_variables = true;
		symfony_load(&d);
		discover_symfony_urls(&d);
	} else {
		/* Neither: .env, read for both frameworks' names. */
		discovery_laravel(&d);
		discover_symfony_urls(&d);
	}
	altair_eval_dotenv_free(&d.files);
	close(d.root_fd);
	return d.count;
}

size_t altair_eval_discover(const char *root, altair_eval_env_lookup lookup, void *context,
	altair_eval_discovered *out, size_t max)
{
	return discover(root, lookup, context, out, max, NULL);
}

/* ---- the memo --------------------------------------------------------------------------------- */

static void memo_reset(altair_eval_discovery_memo *memo)
{
	for (size_t i = 0; i < memo->name_count; i++) {
		free(memo->names[i].value);
	}
	free(memo->root);
	memset(memo, 0, sizeof(*memo));
}

void altair_eval_discovery_memo_free(altair_eval_discovery_memo *memo)
{
	memo_reset(memo);
}

/* The caller's lookup, each name and what it answered kept (once: the first answer is what the
 * discovery used). */
static const char *memo_lookup(void *context, const char *name)
{
	altair_eval_discovery_memo *memo = context;
	const char *value = memo->lookup ? memo->lookup(memo->context, name) : NULL;

	for (size_t i = 0; i < memo->name_count; i++) {
		if (strcmp(memo->names[i].name, name) == 0) {
			return value;
		}
	}
	if (memo->name_count >= ALTAIR_EVAL_DISCOVERY_MEMO_NAMES || strlen(name) >= sizeof(memo->names[0].name)) {
		memo->overflow = true;
		return value;
	}
	altair_eval_discovery_memo_name *kept = &memo->names[memo->name_count++];
	snprintf(kept->name, sizeof(kept->name), "%s", name);
	kept->value = value ? strdup(value) : NULL;
	if (value && !kept->value) {
		memo->overflow = true;
	}
	return value;
}

static bool same_identity(const altair_eval_discovery_memo_file *file, const struct stat *info)
{
	return file->dev == (unsigned long long) info->st_dev && file->ino == (unsigned long long) info->st_ino
		&& file->size == (unsigned long long) info->st_size && file->mode == (unsigned int) info->st_mode
		&& file->mtime_sec == (long long) info->st_mtim.tv_sec && file->mtime_nsec == (long long) info->st_mtim.tv_nsec
		&& file->ctime_sec == (long long) info->st_ctim.tv_sec && file->ctime_nsec == (long long) info->st_ctim.tv_nsec;
}

/* Would a discovery now read what the recorded one read and be told what it was told? */
static bool memo_holds(const altair_eval_discovery_memo *memo, const char *root, altair_eval_env_lookup lookup,
	void *context)
{
	struct stat info;
	bool holds = true;
	int root_fd;

	if (!memo->valid || strcmp(memo->root, root) != 0 || (root_fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
		return false;
	}
	holds = fstat(root_fd, &info) == 0 && memo->root_dev == (unsigned long long) info.st_dev
		&& memo->root_ino == (unsigned long long) info.st_ino;
	for (size_t i = 0; holds && i < memo->file_count; i++) {
		const altair_eval_discovery_memo_file *file = &memo->files[i];
		bool present = fstatat(root_fd, file->path, &info, AT_SYMLINK_NOFOLLOW) == 0;
		holds = present == file->present && (!present || same_identity(file, &info));
	}
	close(root_fd);
	for (size_t i = 0; holds && i < memo->name_count; i++) {
		const char *value = lookup ? lookup(context, memo->names[i].name) : NULL;
		holds = (value == NULL) == (memo->names[i].value == NULL) && (!value || strcmp(value, memo->names[i].value) == 0);
	}
	return holds;
}

size_t altair_eval_discover_memo(altair_eval_discovery_memo *memo, const char *root, altair_eval_env_lookup lookup,
	void *context, altair_eval_discovered *out, size_t max)
{
	struct stat info;
	size_t count;

	if (max > ALTAIR_EVAL_DISCOVERY_MEMO_OUT) {
		return altair_eval_discover(root, lookup, context, out, max);
	}
	if (memo_holds(memo, root, lookup, context)) {
		count = memo->count < max ? memo->count : max;
		memcpy(out, memo->out, count * sizeof(*out));
		return count;
	}
	memo_reset(memo);
	memo->lookup = lookup;
	memo->context = context;
	/* The root's identity first: a directory swapped in its place after this is another. */
	if (stat(root, &info) != 0 || !(memo->root = strdup(root))) {
		memo_reset(memo);
		return altair_eval_discover(root, lookup, context, out, max);
	}
	memo->root_dev = (unsigned long long) info.st_dev;
	memo->root_ino = (unsigned long long) info.st_ino;
	count = discover(root, memo_lookup, memo, out, max, memo);
	memo->lookup = NULL;
	memo->context = NULL;
	if (memo->overflow) {
		memo_reset(memo);
		return count;
	}
	memcpy(memo->out, out, count * sizeof(*out));
	memo->count = count;
	memo->valid = true;
	return count;
}
