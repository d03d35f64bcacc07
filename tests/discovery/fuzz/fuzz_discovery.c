/*
 * libFuzzer harness for the discovery reader's parsers of hostile input (common/dotenv.c,
 * common/discovery_url.c, common/php_literal.c): plain C, built alone with
 * clang -fsanitize=fuzzer,address,undefined by run.sh. The first byte picks the parser, the rest
 * is its input, copied to an exact-size buffer so that ASAN catches a read one past the end.
 *
 * Besides "no crash, no hang, no leak", it checks what callers rely on:
 *   - dotenv: every entry has a name and a value, within the caps;
 *   - URL: a read URL has a known protocol, a host or a socket, a port in 0..65535, and every
 *     field NUL-terminated inside its array; a rejected one leaves the struct zeroed;
 *   - PHP literal: every node index in range, each array's children a chain that ends.
 */
#include "../../../common/discovery.h"
#include "../../../common/dotenv.h"
#include "../../../common/php_literal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *lookup(void *context, const char *name)
{
	(void) context;
	return strcmp(name, "REAL") == 0 ? "from-the-environment" : NULL;
}

static void check_dotenv(const char *text, size_t size, bool bare)
{
	altair_eval_dotenv env;
	altair_eval_dotenv_init(&env, lookup, NULL);
	env.bare_variables = bare;
	altair_eval_dotenv_parse(&env, text, size, ".env");
	altair_eval_dotenv_parse(&env, text, size, ".env.local"); /* again: replacing and interpolating */
	if (env.count > ALTAIR_EVAL_DOTENV_ENTRIES_MAX) {
		abort();
	}
	for (size_t i = 0; i < env.count; i++) {
		if (!env.entries[i].name[0] || strlen(env.entries[i].name) >= ALTAIR_EVAL_DOTENV_NAME_MAX
			|| strlen(env.entries[i].value) >= ALTAIR_EVAL_DOTENV_VALUE_MAX
			|| altair_eval_dotenv_find(&env, env.entries[i].name) != &env.entries[i]) {
			abort();
		}
	}
	altair_eval_dotenv_free(&env);
}

static bool terminated(const char *field, size_t size)
{
	return memchr(field, '\0', size) != NULL;
}

static void check_url(const char *text, size_t size)
{
	altair_eval_discovered found;
	static const altair_eval_discovered zero;
	if (!altair_eval_discovery_parse_url(text, size, &found)) {
		if (memcmp(&found, &zero, sizeof(found)) != 0) {
			abort();
		}
		return;
	}
	if (!terminated(found.protocol, sizeof(found.protocol)) || !terminated(found.host, sizeof(found.host))
		|| !terminated(found.socket, sizeof(found.socket)) || found.declared_by[0]
		|| altair_eval_discovery_default_port(found.protocol) == 0
		|| (!found.host[0] && !found.socket[0]) || found.port < 0 || found.port > 65535) {
		abort();
	}
}

static void check_php_literal(const char *text, size_t size)
{
	altair_eval_php_literal doc;
	if (altair_eval_php_literal_parse(&doc, text, size)) {
		for (size_t i = 0; i < doc.count; i++) {
			size_t steps = 0;
			for (int child = doc.nodes[i].first_child; child >= 0; child = doc.nodes[child].next_sibling) {
				if ((size_t) child >= doc.count || child <= (int) i || ++steps > doc.count || !doc.nodes[child].key) {
					abort();
				}
			}
		}
		altair_eval_php_literal_path(&doc, 0, "database.connections.mysql.host");
		altair_eval_php_literal_string(&doc, altair_eval_php_literal_path(&doc, 0, "database.default"));
	}
	altair_eval_php_literal_free(&doc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0) {
		return 0;
	}
	char *text = malloc(size - 1 ? size - 1 : 1);
	memcpy(text, data + 1, size - 1);
	switch (data[0] % 4) {
		case 0: check_dotenv(text, size - 1, false); break;
		case 1: check_dotenv(text, size - 1, true); break;
		case 2: check_url(text, size - 1); break;
		default: check_php_literal(text, size - 1); break;
	}
	free(text);
	return 0;
}
