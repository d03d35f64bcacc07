/*
 * Prints what the discovery reader finds, one JSON object a line, for tests/discovery/run.sh:
 *   driver ROOT [NAME=VALUE…]   the databases of the project at ROOT; the NAME=VALUE pairs are the
 *                               real environment (the driver's own is not consulted)
 *   driver --url URL            what altair_eval_discovery_parse_url() reads from URL, or "null"
 *   driver --dotenv[-bare] FILE [NAME=VALUE…]
 *                               every definition the dotenv reader takes from FILE, in order
 *                               (-bare: $NAME interpolated as symfony/dotenv does)
 *   driver --memo ROOT < COMMANDS
 *                               altair_eval_discover_memo() between changes to the project and
 *                               to the real environment, one command a line:
 *                                 discover             what the memo answers, then "memo: same as
 *                                                      a fresh discovery" or both answers
 *                                 env NAME=VALUE       the real environment sets NAME (VALUE may
 *                                                      be empty); "unset NAME" unsets it
 *                                 write PATH TEXT      PATH (beneath ROOT) holds TEXT and a newline
 *                                                      ("\n" in TEXT: a newline)
 *                                 remove PATH | link PATH TARGET | rename FROM TO | mkdir PATH
 */
#include "common/discovery.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DRIVER_FOUND_MAX 16

typedef struct {
	char **pairs;
	int count;
} pairs_env;

static const char *lookup(void *context, const char *name)
{
	const pairs_env *env = context;
	size_t length = strlen(name);
	for (int i = 0; i < env->count; i++) {
		if (strncmp(env->pairs[i], name, length) == 0 && env->pairs[i][length] == '=') {
			return env->pairs[i] + length + 1;
		}
	}
	return NULL;
}

static void print_string(const char *text)
{
	putchar('"');
	for (const unsigned char *c = (const unsigned char *) text; *c; c++) {
		if (*c == '"' || *c == '\\') {
			printf("\\%c", *c);
		} else if (*c < 0x20) {
			printf("\\u%04x", *c);
		} else {
			putchar(*c);
		}
	}
	putchar('"');
}

static void print_found(const altair_eval_discovered *found, bool with_origin)
{
	printf("{\"protocol\":");
	print_string(found->protocol);
	printf(",\"host\":");
	print_string(found->host);
	printf(",\"port\":%d,\"socket\":", found->port);
	print_string(found->socket);
	printf(",\"tls\":%s", found->tls ? "true" : "false");
	if (with_origin) {
		printf(",\"declared_by\":");
		print_string(found->declared_by);
	}
	printf("}\n");
}

static int print_dotenv(const char *path, bool bare, pairs_env *env)
{
	static char text[1 << 20];
	FILE *file = fopen(path, "rb");
	size_t length;
	altair_eval_dotenv parsed;

	if (!file) {
		perror(path);
		return 2;
	}
	length = fread(text, 1, sizeof(text), file);
	fclose(file);
	altair_eval_dotenv_init(&parsed, lookup, env);
	parsed.bare_variables = bare;
	altair_eval_dotenv_parse(&parsed, text, length, "file");
	for (size_t i = 0; i < parsed.count; i++) {
		printf("{\"name\":");
		print_string(parsed.entries[i].name);
		printf(",\"value\":");
		print_string(parsed.entries[i].value);
		printf("}\n");
	}
	altair_eval_dotenv_free(&parsed);
	return 0;
}

static bool same_found(const altair_eval_discovered *a, const altair_eval_discovered *b, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		if (strcmp(a[i].protocol, b[i].protocol) != 0 || strcmp(a[i].host, b[i].host) != 0 || a[i].port != b[i].port
			|| strcmp(a[i].socket, b[i].socket) != 0 || a[i].tls != b[i].tls
			|| strcmp(a[i].declared_by, b[i].declared_by) != 0) {
			return false;
		}
	}
	return true;
}

/* --memo: the memo's answer against a fresh discovery's, after each change the commands make. */
static int run_memo(const char *root)
{
	static char storage[64][256];
	char *pairs[64];
	pairs_env env = {pairs, 0};
	altair_eval_discovery_memo memo;
	char line[4096], path[PATH_MAX], other[PATH_MAX];
	int status = 0;

	memset(&memo, 0, sizeof(memo));
	while (fgets(line, sizeof(line), stdin)) {
		char *argument;
		line[strcspn(line, "\n")] = '\0';
		argument = strchr(line, ' ');
		if (argument) {
			*argument++ = '\0';
		}
		if (strcmp(line, "discover") == 0) {
			altair_eval_discovered memoized[DRIVER_FOUND_MAX], fresh[DRIVER_FOUND_MAX];
			size_t count = altair_eval_discover_memo(&memo, root, lookup, &env, memoized, DRIVER_FOUND_MAX);
			size_t fresh_count = altair_eval_discover(root, lookup, &env, fresh, DRIVER_FOUND_MAX);
			for (size_t i = 0; i < count; i++) {
				print_found(&memoized[i], true);
			}
			if (count == fresh_count && same_found(memoized, fresh, count)) {
				printf("memo: same as a fresh discovery\n");
			} else {
				printf("memo: STALE; a fresh discovery finds:\n");
				for (size_t i = 0; i < fresh_count; i++) {
					print_found(&fresh[i], true);
				}
				status = 1;
			}
			continue;
		}
		if (!argument) {
			fprintf(stderr, "memo: %s needs an argument\n", line);
			return 2;
		}
		if (strcmp(line, "env") == 0 || strcmp(line, "unset") == 0) {
			size_t length = strcspn(argument, "=");
			int slot = env.count;
			for (int i = 0; i < env.count; i++) {
				if (strncmp(pairs[i], argument, length) == 0 && pairs[i][length] == '=') {
					slot = i;
				}
			}
			if (strcmp(line, "unset") == 0) {
				if (slot < env.count) {
					pairs[slot] = pairs[--env.count];
				}
				continue;
			}
			if (slot == env.count && env.count < 64) {
				pairs[env.count++] = storage[slot];
			}
			snprintf(storage[slot], sizeof(storage[slot]), "%s", argument);
			pairs[slot] = storage[slot];
			continue;
		}
		char *second = strchr(argument, ' ');
		if (second) {
			*second++ = '\0';
		}
		snprintf(path, sizeof(path), "%s/%s", root, argument);
		if (strcmp(line, "write") == 0) {
			FILE *file = fopen(path, "w");
			if (!file) {
				perror(path);
				return 2;
			}
			for (const char *c = second ? second : ""; *c; c++) {
				if (c[0] == '\\' && c[1] == 'n') {
					fputc('\n', file);
					c++;
				} else {
					fputc(*c, file);
				}
			}
			fputc('\n', file);
			fclose(file);
		} else if (strcmp(line, "remove") == 0) {
			unlink(path);
		} else if (strcmp(line, "mkdir") == 0) {
			mkdir(path, 0700);
		} else if (strcmp(line, "link") == 0 && second) {
			symlink(second, path);
		} else if (strcmp(line, "rename") == 0 && second) {
			snprintf(other, sizeof(other), "%s/%s", root, second);
			rename(path, other);
		} else {
			fprintf(stderr, "memo: unknown command %s\n", line);
			return 2;
		}
	}
	altair_eval_discovery_memo_free(&memo);
	return status;
}

int main(int argc, char **argv)
{
	altair_eval_discovered found[DRIVER_FOUND_MAX];

	if (argc == 3 && strcmp(argv[1], "--url") == 0) {
		if (altair_eval_discovery_parse_url(argv[2], strlen(argv[2]), &found[0])) {
			print_found(&found[0], false);
		} else {
			printf("null\n");
		}
		return 0;
	}
	if (argc >= 3 && (strcmp(argv[1], "--dotenv") == 0 || strcmp(argv[1], "--dotenv-bare") == 0)) {
		pairs_env env = {argv + 3, argc - 3};
		return print_dotenv(argv[2], strcmp(argv[1], "--dotenv-bare") == 0, &env);
	}
	if (argc == 3 && strcmp(argv[1], "--memo") == 0) {
		return run_memo(argv[2]);
	}
	if (argc < 2) {
		fprintf(stderr, "usage: driver ROOT [NAME=VALUE...] | driver --url URL\n");
		return 2;
	}
	pairs_env env = {argv + 2, argc - 2};
	size_t count = altair_eval_discover(argv[1], lookup, &env, found, DRIVER_FOUND_MAX);
	for (size_t i = 0; i < count; i++) {
		print_found(&found[i], true);
	}
	return 0;
}
