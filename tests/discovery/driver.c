/*
 * Prints what the discovery reader finds, one JSON object a line, for tests/discovery/run.sh:
 *   driver ROOT [NAME=VALUE…]   the databases of the project at ROOT; the NAME=VALUE pairs are the
 *                               real environment (the driver's own is not consulted)
 *   driver --url URL            what altair_eval_discovery_parse_url() reads from URL, or "null"
 *   driver --dotenv[-bare] FILE [NAME=VALUE…]
 *                               every definition the dotenv reader takes from FILE, in order
 *                               (-bare: $NAME interpolated as symfony/dotenv does)
 */
#include "common/discovery.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
