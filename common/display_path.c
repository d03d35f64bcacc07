/*
 * How a path is shown to the user; see display_path.h.
 */
#include "display_path.h"

#include <string.h>

const char *altair_eval_display_path(const altair_eval_display_rule *rule, const char *path, size_t length,
	size_t *shown_length)
{
	size_t root = rule->root_length;

	if (rule->snippet && length == rule->snippet_length && memcmp(path, rule->snippet, length) == 0) {
		*shown_length = strlen(ALTAIR_EVAL_SNIPPET_DISPLAY_NAME);
		return ALTAIR_EVAL_SNIPPET_DISPLAY_NAME;
	}
	while (rule->root && root > 1 && rule->root[root - 1] == '/') {
		root--;
	}
	if (rule->root && length > root + 1 && memcmp(path, rule->root, root) == 0 && path[root] == '/') {
		*shown_length = length - root - 1;
		return path + root + 1;
	}
	*shown_length = length;
	return path;
}
