/*
 * One number from /proc/self/status; see proc_status.h.
 */
#include "proc_status.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

long long altair_eval_proc_status_value(int fd, const char *field)
{
	char text[4096];
	size_t length = strlen(field);
	const char *line = text;
	ssize_t n;

	if (fd < 0 || (n = pread(fd, text, sizeof(text) - 1, 0)) <= 0) {
		return -1;
	}
	text[n] = '\0';
	for (; line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		if (strncmp(line, field, length) == 0 && line[length] == ':') {
			return strtoll(line + length + 1, NULL, 10);
		}
	}
	return -1;
}
