/*
 * Removal of a directory tree (common/remove_tree.h): iterative, depth-first, one descriptor open
 * at a time, fd-relative, never following a symbolic link. Plain C (malloc): the host removes
 * scratch dirs with it, a booted warm template its workers' dirs.
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif

#include "remove_tree.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
	char *name;  /* the entry's name in its parent */
	dev_t dev;   /* to check that ".." leads back where we came from */
	ino_t ino;
} remove_level;

typedef struct {
	remove_level *levels;
	size_t depth;
	size_t cap;
} remove_stack;

static bool stack_push(remove_stack *stack, const char *name, const struct stat *info)
{
	if (stack->depth == stack->cap) {
		size_t cap = stack->cap ? stack->cap * 2 : 32;
		remove_level *levels = realloc(stack->levels, cap * sizeof(remove_level));
		if (!levels) {
			return false;
		}
		stack->levels = levels;
		stack->cap = cap;
	}
	stack->levels[stack->depth].name = strdup(name);
	if (!stack->levels[stack->depth].name) {
		return false;
	}
	stack->levels[stack->depth].dev = info->st_dev;
	stack->levels[stack->depth].ino = info->st_ino;
	stack->depth++;
	return true;
}

static void stack_free(remove_stack *stack)
{
	for (size_t i = 0; i < stack->depth; i++) {
		free(stack->levels[i].name);
	}
	free(stack->levels);
}

/* Opens a directory entry for removal; a directory the snippet made unwritable is made ours again. */
static int open_directory_at(int parent_fd, const char *name, struct stat *info)
{
	int fd = openat(parent_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0) {
		return -1;
	}
	if (fstat(fd, info) != 0) {
		close(fd);
		return -1;
	}
	if ((info->st_mode & S_IRWXU) != S_IRWXU) {
		fchmod(fd, S_IRWXU);
	}
	return fd;
}

/* Removes every non-directory in dir_fd; *subdir gets the first directory found (malloc'd).
 * false when something could not be removed. */
static bool clear_files(int dir_fd, char **subdir)
{
	int listing = dup(dir_fd);
	struct dirent *entry;
	struct stat info;
	bool all = true;
	DIR *dir;

	*subdir = NULL;
	if (listing < 0 || (dir = fdopendir(listing)) == NULL) {
		if (listing >= 0) {
			close(listing);
		}
		return false;
	}
	rewinddir(dir);
	while ((entry = readdir(dir)) != NULL) {
		if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) {
			continue;
		}
		if (fstatat(dir_fd, entry->d_name, &info, AT_SYMLINK_NOFOLLOW) != 0) {
			continue;
		}
		if (S_ISDIR(info.st_mode)) {
			if (!*subdir && (*subdir = strdup(entry->d_name)) == NULL) {
				all = false;
			}
		} else if (unlinkat(dir_fd, entry->d_name, 0) != 0) {
			all = false;
		}
	}
	closedir(dir);
	return all;
}

/* Back from an emptied directory to its parent through "..", checked against the recorded
 * identity (nothing may have moved it; nothing runs any more that could). */
static int climb(int fd, const remove_level *parent)
{
	struct stat info;
	int up = openat(fd, "..", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	close(fd);
	if (up < 0) {
		return -1;
	}
	if (fstat(up, &info) != 0 || info.st_dev != parent->dev || info.st_ino != parent->ino) {
		close(up);
		return -1;
	}
	return up;
}

bool altair_eval_remove_tree_at(int parent_fd, const char *name)
{
	remove_stack stack = { NULL, 0, 0 };
	struct stat info;
	char *subdir;
	bool removed = false;
	int fd = open_directory_at(parent_fd, name, &info);

	if (fd < 0) {
		return unlinkat(parent_fd, name, 0) == 0 || errno == ENOENT;
	}
	if (!stack_push(&stack, name, &info)) {
		close(fd);
		return false;
	}
	while (fd >= 0) {
		bool cleared = clear_files(fd, &subdir);
		if (subdir) {
			int child = open_directory_at(fd, subdir, &info);
			bool pushed = child >= 0 && stack_push(&stack, subdir, &info);
			free(subdir);
			if (!pushed) {
				if (child >= 0) {
					close(child);
				}
				break;
			}
			close(fd);
			fd = child;
			continue;
		}
		if (!cleared) {
			break;
		}
		if (stack.depth == 1) {
			close(fd);
			fd = -1;
			removed = unlinkat(parent_fd, name, AT_REMOVEDIR) == 0;
			break;
		}
		fd = climb(fd, &stack.levels[stack.depth - 2]);
		if (fd < 0 || unlinkat(fd, stack.levels[stack.depth - 1].name, AT_REMOVEDIR) != 0) {
			break;
		}
		free(stack.levels[--stack.depth].name);
	}
	if (fd >= 0) {
		close(fd);
	}
	stack_free(&stack);
	return removed;
}
