/*
 * How a path is shown to the user, in one place (docs/ARCHITECTURE.md, "Paths as shown"): the
 * snippet's own file as "snippet.php", a path inside the project relative to it, anything else as
 * it is. Used by the exception encoder, the guest's fatal-error report and the host's excerpts.
 * Plain C, no allocation: the guest calls it after the heap is exhausted.
 */
#ifndef ALTAIR_EVAL_COMMON_DISPLAY_PATH_H
#define ALTAIR_EVAL_COMMON_DISPLAY_PATH_H

#include <stddef.h>

/* The name a snippet's own file is shown under in files, traces and errors. */
#define ALTAIR_EVAL_SNIPPET_DISPLAY_NAME "snippet.php"

typedef struct {
	const char *root;    /* the project root (trailing slashes ignored); NULL: none */
	size_t root_length;
	const char *snippet; /* the snippet's real file; NULL: none */
	size_t snippet_length;
} altair_eval_display_rule;

/* The shown form of path: a pointer into path or to ALTAIR_EVAL_SNIPPET_DISPLAY_NAME, its
 * length in *shown_length. */
const char *altair_eval_display_path(const altair_eval_display_rule *rule, const char *path, size_t length,
	size_t *shown_length);

#endif
