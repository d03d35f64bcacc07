/*
 * The snippet scanner: plain C over a byte buffer (no Zend API, no allocation), so the fuzz harness
 * in tests/scanner/fuzz builds it on its own.
 *
 * altair_eval_scanner_scan() lexes a snippet the way PHP's own lexer splits it (open and close tags,
 * inline HTML, strings with interpolation, heredoc/nowdoc, comments, attributes, __halt_compiler)
 * and finds its last top-level statement. altair_eval_scanner_prepare() then writes the text of
 * snippet.php: the open tag when missing, "return " before a last statement that is an expression,
 * ";" where the final one is missing. It never adds or removes a line: snippet line N is file line N.
 *
 * snippet_scanner.c is generated from snippet_scanner.re by re2c (the build regenerates it when re2c
 * is installed; the generated file is committed and used as is otherwise).
 */
#ifndef ALTAIR_EVAL_SCANNER_H
#define ALTAIR_EVAL_SCANNER_H

#include <stdbool.h>
#include <stddef.h>

/* prepare() adds at most "<?php " + "return " + ";". */
#define ALTAIR_EVAL_SCANNER_GROWTH 16
/* Interpolations inside strings inside interpolations...: deeper than this, the scan gives up. */
#define ALTAIR_EVAL_SCANNER_MAX_NESTING 64

typedef enum {
	ALTAIR_EVAL_STATEMENT_EXPRESSION = 1, /* eligible for implicit return */
	ALTAIR_EVAL_STATEMENT_BLOCK,          /* if/for/while/switch/try/declarations/{ }/#[...]: may end at '}' */
	ALTAIR_EVAL_STATEMENT_SIMPLE,         /* echo, print, return, throw, exit, global, static $x, use, const... */
	ALTAIR_EVAL_STATEMENT_LABEL,          /* name: */
	ALTAIR_EVAL_STATEMENT_INLINE_HTML,    /* text outside the PHP tags (not only whitespace) */
	ALTAIR_EVAL_STATEMENT_HALT,           /* __halt_compiler(); */
} altair_eval_statement_kind;

typedef struct {
	/* A leading "<?php" (after optional whitespace): where it starts; length 0 when there is none. */
	size_t open_tag_offset;
	size_t open_tag_len;
	/* The snippet starts in inline HTML (it begins with markup, or it has an open tag later that only
	 * makes sense as such): it is written as is, with no open tag added. */
	bool inline_html;
	/* A "return" statement at the top level (brace depth 0) anywhere. */
	bool has_return;
	/* __halt_compiler() ends the code; what follows is data. */
	bool halted;
	/* Unbalanced brackets or an unterminated string or comment: PHP will report the error, so
	 * nothing is inserted (only the open tag is handled). */
	bool broken;
	/* The last top-level statement. */
	bool has_last;
	altair_eval_statement_kind last_kind;
	size_t last_start;      /* its first byte */
	size_t last_end;        /* just after its last significant token */
	bool last_terminated;   /* ended by ';', '?>' or the '}' of a block */
	/* What prepare() does. */
	bool implicit_return;   /* insert "return " at last_start */
	bool needs_semicolon;   /* insert ";" at last_end */
} altair_eval_scan_result;

/* Always succeeds (a snippet PHP cannot parse only means fewer rewrites); returns 0. */
int altair_eval_scanner_scan(const char *src, size_t len, altair_eval_scan_result *out);

/* Writes snippet.php's text into dst (at least len + ALTAIR_EVAL_SCANNER_GROWTH bytes); returns its
 * length. Same number of newlines as src, in the same places relative to the code. */
size_t altair_eval_scanner_prepare(const char *src, size_t len, const altair_eval_scan_result *scan, char *dst);

#endif
