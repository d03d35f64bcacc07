/*
 * Removes a directory tree without following links (common/remove_tree.c).
 */
#ifndef ALTAIR_EVAL_COMMON_REMOVE_TREE_H
#define ALTAIR_EVAL_COMMON_REMOVE_TREE_H

#include <stdbool.h>

/* Removes parent_fd/name and everything beneath it (a file or a link: just that entry), with no
 * depth limit and no recursion; a directory the snippet made unwritable is made its owner's again.
 * true when name is gone; what could not be removed is left in place. */
bool altair_eval_remove_tree_at(int parent_fd, const char *name);

#endif
