/*
 * The text of snippet.php from a snippet and its scan (see scanner.h). Plain C, like the scanner.
 *
 * Edits, in order of position, none of which adds or removes a newline:
 *   no open tag (and not inline HTML)  "<?php " before byte 0
 *   whitespace, then "<?php"           "<?php " before byte 0, the original tag blanked to spaces
 *   implicit return                    "return " at the start of the last statement
 *   missing final ';'                  ";" just after the last statement's last token
 */
#include "scanner.h"

#include <string.h>

#define OPEN_TAG "<?php "
#define RETURN_KEYWORD "return "

static char *put(char *dst, const char *text, size_t len)
{
	memcpy(dst, text, len);
	return dst + len;
}

size_t altair_eval_scanner_prepare(const char *src, size_t len, const altair_eval_scan_result *scan, char *dst)
{
	char *out = dst;
	size_t at = 0;

	if (!scan->inline_html && (scan->open_tag_len == 0 || scan->open_tag_offset > 0)) {
		out = put(out, OPEN_TAG, strlen(OPEN_TAG));
	}
	if (scan->open_tag_len > 0 && scan->open_tag_offset > 0) {
		out = put(out, src, scan->open_tag_offset);
		memset(out, ' ', scan->open_tag_len);
		out += scan->open_tag_len;
		at = scan->open_tag_offset + scan->open_tag_len;
	}
	if (scan->implicit_return && scan->last_start >= at && scan->last_start <= len) {
		out = put(out, src + at, scan->last_start - at);
		out = put(out, RETURN_KEYWORD, strlen(RETURN_KEYWORD));
		at = scan->last_start;
	}
	if (scan->needs_semicolon && scan->last_end >= at && scan->last_end <= len) {
		out = put(out, src + at, scan->last_end - at);
		*out++ = ';';
		at = scan->last_end;
	}
	out = put(out, src + at, len - at);
	return (size_t) (out - dst);
}
