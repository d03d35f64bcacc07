/*
 * libFuzzer harness for the snippet scanner (scanner/snippet_scanner.c, scanner/snippet_prepare.c):
 * plain C, built alone with clang -fsanitize=fuzzer,address,undefined by run.sh.
 *
 * Besides "no crash, no hang, no out-of-bounds read", it checks the rewrite's promises:
 *   - the output fits in len + ALTAIR_EVAL_SCANNER_GROWTH and is exactly the input plus the edits
 *   - it has as many newlines as the input (snippet line N is file line N)
 *   - it starts with an open tag unless the snippet is inline HTML
 *   - the last statement's offsets lie inside the input, in order
 */
#include "../../../scanner/scanner.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static size_t count_newlines(const char *text, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++) {
		n += text[i] == '\n';
	}
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	altair_eval_scan_result scan;
	/* an exact-size copy, so ASAN catches a read one past the end */
	char *src = malloc(size ? size : 1);
	char *dst;
	size_t len, expected;

	memcpy(src, data, size);
	altair_eval_scanner_scan(src, size, &scan);
	if (scan.has_last && (scan.last_start > scan.last_end || scan.last_end > size)) {
		abort();
	}
	if (scan.open_tag_len && scan.open_tag_offset + scan.open_tag_len > size) {
		abort();
	}

	dst = malloc(size + ALTAIR_EVAL_SCANNER_GROWTH);
	len = altair_eval_scanner_prepare(src, size, &scan, dst);
	expected = size
		+ ((!scan.inline_html && (scan.open_tag_len == 0 || scan.open_tag_offset > 0)) ? strlen("<?php ") : 0)
		+ (scan.implicit_return ? strlen("return ") : 0)
		+ (scan.needs_semicolon ? 1 : 0);
	if (len != expected || len > size + ALTAIR_EVAL_SCANNER_GROWTH) {
		abort();
	}
	if (count_newlines(dst, len) != count_newlines(src, size)) {
		abort();
	}
	if (!scan.inline_html && (len < 5 || strncasecmp(dst, "<?php", 5) != 0)) {
		abort();
	}
	free(dst);
	free(src);
	return 0;
}
