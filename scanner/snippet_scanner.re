/*
 * The snippet scanner (re2c source; snippet_scanner.c is generated from it, see scanner.h).
 *
 * Four small re2c lexers, one per lexical state PHP has that matters here: code, the body of a
 * double-quoted or backtick string, a heredoc line, and inline HTML. Above them, plain C follows the
 * top-level statements: brace/paren/bracket depth, where each statement starts and ends, what kind
 * it is (from its first token, with one token of lookahead), and whether "return" occurs at the top.
 *
 * Bounds: YYPEEK never reads at or past the limit (it yields 0 there) and re2c's end-of-input rule
 * ($) fires only at the real limit, so NUL bytes inside the snippet are ordinary bytes.
 */
#include "scanner.h"

#include <string.h>

typedef enum {
	TOK_EOF,
	TOK_WS,
	TOK_COMMENT,
	TOK_LINE_COMMENT,
	TOK_STRING,        /* '...' */
	TOK_DQ,            /* the opening " (the body is scanned by skip_quoted) */
	TOK_BACKTICK,      /* the opening ` */
	TOK_HEREDOC,       /* <<<ID, <<<"ID" or <<<'ID' and its newline */
	TOK_NAME,          /* identifier or qualified name */
	TOK_VARIABLE,      /* $name */
	TOK_NUMBER,
	TOK_CLOSE_TAG,     /* ?> and the one newline PHP swallows after it */
	TOK_OPEN_TAG,      /* <?php or <?= met in code */
	TOK_ATTRIBUTE,     /* #[ */
	TOK_LBRACE,
	TOK_RBRACE,
	TOK_LPAREN,
	TOK_RPAREN,
	TOK_LBRACKET,
	TOK_RBRACKET,
	TOK_SEMICOLON,
	TOK_COLON,
	TOK_DOUBLE_COLON,
	TOK_ARROW,         /* -> or ?-> */
	TOK_AMPERSAND,
	TOK_UNTERMINATED,  /* a string or comment that runs to the end */
	TOK_OTHER,
} token;

typedef struct {
	const unsigned char *base;
	const unsigned char *cur;
	const unsigned char *lim;
	const unsigned char *mar;
	const unsigned char *tok; /* start of the last token */
	int nesting;
	bool broken;
} lexer;

/*!re2c
	re2c:api = custom;
	re2c:api:style = free-form;
	re2c:define:YYCTYPE = "unsigned char";
	re2c:define:YYPEEK = "(lx->cur < lx->lim ? *lx->cur : 0)";
	re2c:define:YYSKIP = "++lx->cur;";
	re2c:define:YYBACKUP = "lx->mar = lx->cur;";
	re2c:define:YYRESTORE = "lx->cur = lx->mar;";
	re2c:define:YYLESSTHAN = "(lx->lim - lx->cur) < @@";
	re2c:eof = 0;
	re2c:yyfill:enable = 1;
	re2c:define:YYFILL = "0";
	re2c:define:YYFILL:naked = 1;
	re2c:indent:string = "\t";

	newline = "\r\n" | "\n" | "\r";
	ws = [ \t\n\r]+;
	label = [a-zA-Z_\x80-\xff][a-zA-Z0-9_\x80-\xff]*;
	name = "\\"? label ("\\" label)*;
*/

static token lex_code(lexer *lx);
static void skip_quoted(lexer *lx, unsigned char quote);
static void skip_heredoc(lexer *lx);

/* // and # comments end at a newline or just before a "?>" (which closes the PHP block). */
static void skip_line_comment(lexer *lx)
{
	while (lx->cur < lx->lim) {
		unsigned char c = *lx->cur;
		if (c == '\n' || c == '\r') {
			return;
		}
		if (c == '?' && lx->cur + 1 < lx->lim && lx->cur[1] == '>') {
			return;
		}
		lx->cur++;
	}
}

static token lex_code(lexer *lx)
{
	/* the token's start, kept across the nested lexing of interpolations */
	const unsigned char *start = lx->cur;

	lx->tok = start;
	/*!re2c
		$ { return TOK_EOF; }
		ws { return TOK_WS; }
		"#[" { return TOK_ATTRIBUTE; }
		"#" | "//" { skip_line_comment(lx); return TOK_LINE_COMMENT; }
		"/*" ([^*] | "*"+ [^*/])* "*"+ "/" { return TOK_COMMENT; }
		"/*" { lx->cur = lx->lim; return TOK_UNTERMINATED; }
		"'" ([^'\\] | "\\" [^])* "'" { return TOK_STRING; }
		"'" { lx->cur = lx->lim; return TOK_UNTERMINATED; }
		"\"" { skip_quoted(lx, '"'); lx->tok = start; return TOK_DQ; }
		"`" { skip_quoted(lx, '`'); lx->tok = start; return TOK_BACKTICK; }
		"<<<" [ \t]* (label | "\"" label "\"" | "'" label "'") newline { skip_heredoc(lx); lx->tok = start; return TOK_HEREDOC; }
		"?>" newline? { return TOK_CLOSE_TAG; }
		'<?php' [ \t\n\r] | "<?=" { return TOK_OPEN_TAG; }
		name { return TOK_NAME; }
		"$" label { return TOK_VARIABLE; }
		[0-9] [0-9a-zA-Z_.]* { return TOK_NUMBER; }
		"{" { return TOK_LBRACE; }
		"}" { return TOK_RBRACE; }
		"(" { return TOK_LPAREN; }
		")" { return TOK_RPAREN; }
		"[" { return TOK_LBRACKET; }
		"]" { return TOK_RBRACKET; }
		";" { return TOK_SEMICOLON; }
		":" { return TOK_COLON; }
		"::" { return TOK_DOUBLE_COLON; }
		"->" | "?->" { return TOK_ARROW; }
		"&" { return TOK_AMPERSAND; }
		* { return TOK_OTHER; }
	*/
}

/* The code of a "{$...}" or "${...}" interpolation, up to its matching '}'. */
static void skip_interpolation(lexer *lx)
{
	int depth = 1;

	if (++lx->nesting > ALTAIR_EVAL_SCANNER_MAX_NESTING) {
		lx->broken = true;
		lx->cur = lx->lim;
		return;
	}
	for (;;) {
		token t = lex_code(lx);
		if (t == TOK_EOF || t == TOK_UNTERMINATED) {
			lx->broken = true;
			break;
		}
		if (t == TOK_LBRACE) {
			depth++;
		} else if (t == TOK_RBRACE && --depth == 0) {
			break;
		}
	}
	lx->nesting--;
}

/* After the opening quote: up to and including the closing one. */
static void skip_quoted(lexer *lx, unsigned char quote)
{
	for (;;) {
		/*!re2c
			$ { lx->broken = true; return; }
			"\\" [^] { continue; }
			"{$" { lx->cur--; skip_interpolation(lx); continue; }
			"${" { skip_interpolation(lx); continue; }
			[^\\{$"`]+ { continue; }
			["`] { if (lx->cur[-1] == quote) { return; } continue; }
			* { continue; }
		*/
	}
}

static bool is_label_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c >= 0x80;
}

/* At the start of a heredoc line: is this the closing marker (PHP 7.3: indented, and followed by
 * anything but a label byte)? If so, move past it. */
static bool at_closing_marker(lexer *lx, const unsigned char *marker, size_t marker_len)
{
	const unsigned char *p = lx->cur;

	while (p < lx->lim && (*p == ' ' || *p == '\t')) {
		p++;
	}
	if ((size_t) (lx->lim - p) < marker_len || memcmp(p, marker, marker_len) != 0) {
		return false;
	}
	p += marker_len;
	if (p < lx->lim && is_label_byte(*p)) {
		return false;
	}
	lx->cur = p;
	return true;
}

/* One line of a heredoc (interpolating) body, through its newline. */
static void skip_heredoc_line(lexer *lx)
{
	for (;;) {
		/*!re2c
			$ { return; }
			newline { return; }
			"\\" [^\r\n] { continue; }
			"{$" { lx->cur--; skip_interpolation(lx); continue; }
			"${" { skip_interpolation(lx); continue; }
			[^\\{$\r\n]+ { continue; }
			* { continue; }
		*/
	}
}

/* One line of a nowdoc body, through its newline. */
static void skip_nowdoc_line(lexer *lx)
{
	while (lx->cur < lx->lim) {
		unsigned char c = *lx->cur++;
		if (c == '\n') {
			return;
		}
		if (c == '\r') {
			if (lx->cur < lx->lim && *lx->cur == '\n') {
				lx->cur++;
			}
			return;
		}
	}
}

/* lx->tok .. lx->cur is "<<<", the marker (maybe quoted) and a newline. */
static void skip_heredoc(lexer *lx)
{
	const unsigned char *marker = lx->tok + 3;
	const unsigned char *end;
	bool nowdoc = false;

	while (*marker == ' ' || *marker == '\t') {
		marker++;
	}
	if (*marker == '\'' || *marker == '"') {
		nowdoc = *marker == '\'';
		marker++;
	}
	end = marker;
	while (is_label_byte(*end)) {
		end++;
	}
	while (lx->cur < lx->lim) {
		if (at_closing_marker(lx, marker, (size_t) (end - marker))) {
			return;
		}
		if (nowdoc) {
			skip_nowdoc_line(lx);
		} else {
			skip_heredoc_line(lx);
		}
	}
	lx->broken = true;
}

typedef enum { HTML_EOF, HTML_TEXT, HTML_SPACE, HTML_OPEN_TAG, HTML_OPEN_TAG_ECHO } html_token;

static html_token lex_html(lexer *lx)
{
	lx->tok = lx->cur;
	/*!re2c
		$ { return HTML_EOF; }
		'<?php' [ \t\n\r] { return HTML_OPEN_TAG; }
		"<?=" { return HTML_OPEN_TAG_ECHO; }
		[ \t\n\r]+ { return HTML_SPACE; }
		[^< \t\n\r]+ { return HTML_TEXT; }
		* { return HTML_TEXT; }
	*/
}

/* ---- statements ------------------------------------------------------------------------------ */

typedef struct {
	lexer lx;
	altair_eval_scan_result *out;
	int braces;
	int parens;
	int brackets;
	bool in_statement;
	altair_eval_statement_kind kind;
	size_t start;
	size_t last_end;
	token previous; /* the previous significant token */
	bool implicit_code; /* no open tag at the start: code from byte 0 */
	bool saw_close_tag;
} scanner;

static bool significant(token t)
{
	return t != TOK_WS && t != TOK_COMMENT && t != TOK_LINE_COMMENT;
}

/* The next significant token after the current position, without consuming it. */
static token peek(scanner *s, const unsigned char **text, size_t *text_len)
{
	lexer saved = s->lx;
	token t;

	do {
		t = lex_code(&s->lx);
	} while (significant(t) == false);
	if (text) {
		*text = s->lx.tok;
		*text_len = (size_t) (s->lx.cur - s->lx.tok);
	}
	s->lx = saved;
	return t;
}

static bool name_is(const unsigned char *text, size_t len, const char *keyword)
{
	size_t i;

	for (i = 0; i < len && keyword[i]; i++) {
		unsigned char c = text[i];
		if (c >= 'A' && c <= 'Z') {
			c = (unsigned char) (c - 'A' + 'a');
		}
		if (c != (unsigned char) keyword[i]) {
			return false;
		}
	}
	return i == len && keyword[i] == '\0';
}

static bool name_in(const unsigned char *text, size_t len, const char *const *keywords)
{
	for (; *keywords; keywords++) {
		if (name_is(text, len, *keywords)) {
			return true;
		}
	}
	return false;
}

static const char *const block_keywords[] = {
	"if", "else", "elseif", "for", "foreach", "while", "do", "switch", "try", "catch", "finally",
	"class", "interface", "trait", "abstract", "final", "namespace", "declare", NULL
};
static const char *const simple_keywords[] = {
	"echo", "print", "return", "endif", "endfor", "endforeach", "endwhile", "endswitch", "enddeclare",
	"global", "const", "use", "unset", "goto", "break", "continue", "exit", "die", "throw", "case",
	"default", "var", NULL
};

/* What a statement is, from its first token (a name) and one or two tokens of lookahead. */
static altair_eval_statement_kind classify_name(scanner *s, const unsigned char *text, size_t len)
{
	const unsigned char *next_text;
	size_t next_len;
	token next = peek(s, &next_text, &next_len);

	if (name_in(text, len, block_keywords)) {
		return ALTAIR_EVAL_STATEMENT_BLOCK;
	}
	if (name_in(text, len, simple_keywords)) {
		return ALTAIR_EVAL_STATEMENT_SIMPLE;
	}
	if (name_is(text, len, "__halt_compiler")) {
		return ALTAIR_EVAL_STATEMENT_HALT;
	}
	if (name_is(text, len, "function")) {
		/* function foo() / function &foo(): a declaration; function () / function &(): a closure */
		if (next == TOK_AMPERSAND) {
			lexer saved = s->lx;
			token t;
			do {
				t = lex_code(&s->lx);
			} while (!significant(t));
			next = peek(s, NULL, NULL);
			s->lx = saved;
		}
		return next == TOK_NAME ? ALTAIR_EVAL_STATEMENT_BLOCK : ALTAIR_EVAL_STATEMENT_EXPRESSION;
	}
	if (name_is(text, len, "static")) {
		/* static $x = 1; declares; static::f(), static fn, static function are expressions */
		return next == TOK_VARIABLE ? ALTAIR_EVAL_STATEMENT_SIMPLE : ALTAIR_EVAL_STATEMENT_EXPRESSION;
	}
	if (name_is(text, len, "enum")) {
		return next == TOK_NAME ? ALTAIR_EVAL_STATEMENT_BLOCK : ALTAIR_EVAL_STATEMENT_EXPRESSION;
	}
	if (name_is(text, len, "readonly")) {
		/* readonly class Foo {} declares; readonly(...) is a call since PHP 8.2 */
		return next == TOK_LPAREN ? ALTAIR_EVAL_STATEMENT_EXPRESSION : ALTAIR_EVAL_STATEMENT_BLOCK;
	}
	if (next == TOK_COLON && memchr(text, '\\', len) == NULL) {
		return ALTAIR_EVAL_STATEMENT_LABEL;
	}
	return ALTAIR_EVAL_STATEMENT_EXPRESSION;
}

static size_t offset(const scanner *s, const unsigned char *p)
{
	return (size_t) (p - s->lx.base);
}

static void begin_statement(scanner *s, altair_eval_statement_kind kind)
{
	s->in_statement = true;
	s->kind = kind;
	s->start = offset(s, s->lx.tok);
}

static void record_statement(scanner *s, altair_eval_statement_kind kind, size_t start, size_t end, bool terminated)
{
	s->out->has_last = true;
	s->out->last_kind = kind;
	s->out->last_start = start;
	s->out->last_end = end;
	s->out->last_terminated = terminated;
}

static void end_statement(scanner *s, bool terminated)
{
	if (s->in_statement) {
		record_statement(s, s->kind, s->start, s->last_end, terminated);
		s->in_statement = false;
	}
}

static bool at_top(const scanner *s)
{
	return s->braces == 0 && s->parens == 0 && s->brackets == 0;
}

typedef enum { RUN_CODE_EOF, RUN_CODE_CLOSE_TAG, RUN_CODE_RESTART_AS_HTML, RUN_CODE_HALTED } run_end;

/* PHP mode at the top level, until the end, a "?>" or __halt_compiler(). */
static run_end run_code(scanner *s)
{
	for (;;) {
		token t = lex_code(&s->lx);

		if (t == TOK_EOF) {
			return RUN_CODE_EOF;
		}
		if (!significant(t)) {
			continue;
		}
		if (t == TOK_UNTERMINATED) {
			s->lx.broken = true;
			return RUN_CODE_EOF;
		}
		if (t == TOK_OPEN_TAG) {
			/* Never valid inside code: the snippet was markup with PHP in it after all. */
			if (s->implicit_code && !s->saw_close_tag) {
				return RUN_CODE_RESTART_AS_HTML;
			}
			s->lx.broken = true;
			continue;
		}
		if (t == TOK_CLOSE_TAG) {
			/* "?>" ends the statement like ';' (inside a block it only leaves PHP for a while) */
			s->saw_close_tag = true;
			s->previous = t;
			if (at_top(s)) {
				bool halt = s->in_statement && s->kind == ALTAIR_EVAL_STATEMENT_HALT;
				end_statement(s, true);
				if (halt) {
					s->out->halted = true;
					return RUN_CODE_HALTED;
				}
			}
			return RUN_CODE_CLOSE_TAG;
		}

		if (!s->in_statement && at_top(s) && t != TOK_SEMICOLON && t != TOK_RBRACE) {
			altair_eval_statement_kind kind = ALTAIR_EVAL_STATEMENT_EXPRESSION;
			if (t == TOK_NAME) {
				kind = classify_name(s, s->lx.tok, (size_t) (s->lx.cur - s->lx.tok));
			} else if (t == TOK_LBRACE || t == TOK_ATTRIBUTE) {
				kind = ALTAIR_EVAL_STATEMENT_BLOCK;
			}
			begin_statement(s, kind);
		}

		if (t == TOK_NAME && s->braces == 0 && s->parens == 0 && s->brackets == 0
			&& s->previous != TOK_ARROW && s->previous != TOK_DOUBLE_COLON
			&& name_is(s->lx.tok, (size_t) (s->lx.cur - s->lx.tok), "return")) {
			s->out->has_return = true;
		}
		s->last_end = offset(s, s->lx.cur);
		s->previous = t;

		switch (t) {
			case TOK_LBRACE:
				s->braces++;
				break;
			case TOK_RBRACE:
				if (--s->braces < 0) {
					s->lx.broken = true;
					s->braces = 0;
				}
				if (at_top(s) && s->in_statement && s->kind == ALTAIR_EVAL_STATEMENT_BLOCK) {
					end_statement(s, true);
				}
				break;
			case TOK_LPAREN:
				s->parens++;
				break;
			case TOK_RPAREN:
				if (--s->parens < 0) {
					s->lx.broken = true;
					s->parens = 0;
				}
				break;
			case TOK_LBRACKET:
			case TOK_ATTRIBUTE:
				s->brackets++;
				break;
			case TOK_RBRACKET:
				if (--s->brackets < 0) {
					s->lx.broken = true;
					s->brackets = 0;
				}
				break;
			case TOK_SEMICOLON:
				if (at_top(s)) {
					bool halt = s->in_statement && s->kind == ALTAIR_EVAL_STATEMENT_HALT;
					end_statement(s, true);
					if (halt) {
						s->out->halted = true;
						return RUN_CODE_HALTED;
					}
				}
				break;
			case TOK_COLON:
				if (at_top(s) && s->in_statement && s->kind == ALTAIR_EVAL_STATEMENT_LABEL) {
					end_statement(s, true);
				}
				break;
			default:
				break;
		}
	}
}

/* Inline HTML until an open tag or the end. Returns true at an open tag ("<?=" starts an echo). */
static bool run_html(scanner *s)
{
	size_t text_start = 0;
	size_t text_end = 0;
	bool text = false;

	for (;;) {
		html_token t = lex_html(&s->lx);
		switch (t) {
			case HTML_TEXT:
				if (!text) {
					text = true;
					text_start = offset(s, s->lx.tok);
				}
				text_end = offset(s, s->lx.cur);
				break;
			case HTML_SPACE:
				break;
			case HTML_EOF:
			case HTML_OPEN_TAG:
			case HTML_OPEN_TAG_ECHO:
				if (text && at_top(s)) {
					record_statement(s, ALTAIR_EVAL_STATEMENT_INLINE_HTML, text_start, text_end, true);
				}
				if (t == HTML_OPEN_TAG_ECHO && at_top(s) && !s->in_statement) {
					begin_statement(s, ALTAIR_EVAL_STATEMENT_SIMPLE);
					s->last_end = offset(s, s->lx.cur);
				}
				return t != HTML_EOF;
		}
	}
}

static void scan_from(scanner *s, const unsigned char *start, bool html)
{
	s->lx.cur = start;
	for (;;) {
		if (html && !run_html(s)) {
			return;
		}
		switch (run_code(s)) {
			case RUN_CODE_EOF:
			case RUN_CODE_HALTED:
				return;
			case RUN_CODE_CLOSE_TAG:
				html = true;
				break;
			case RUN_CODE_RESTART_AS_HTML:
				/* unreachable from here: handled by altair_eval_scanner_scan */
				return;
		}
	}
}

static bool is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void reset(scanner *s, const char *src, size_t len, altair_eval_scan_result *out)
{
	memset(s, 0, sizeof(*s));
	memset(out, 0, sizeof(*out));
	s->lx.base = (const unsigned char *) src;
	s->lx.cur = s->lx.base;
	s->lx.lim = s->lx.base + len;
	s->out = out;
	s->previous = TOK_SEMICOLON;
}

int altair_eval_scanner_scan(const char *src, size_t len, altair_eval_scan_result *out)
{
	scanner s;
	const unsigned char *p = (const unsigned char *) src;
	const unsigned char *end = p + len;
	run_end ended;

	reset(&s, src, len, out);
	while (p < end && is_space(*p)) {
		p++;
	}
	if (end - p >= 5 && name_is(p, 5, "<?php") && (end - p == 5 || is_space(p[5]))) {
		out->open_tag_offset = (size_t) (p - (const unsigned char *) src);
		out->open_tag_len = 5;
		s.lx.cur = p + 5;
	} else if (p < end && *p == '<' && !(end - p >= 3 && p[1] == '<' && p[2] == '<')) {
		out->inline_html = true;
	} else {
		s.implicit_code = true;
	}

	if (out->inline_html) {
		scan_from(&s, s.lx.base, true);
	} else {
		/* the first run of code decides whether the snippet was markup after all */
		ended = run_code(&s);
		if (ended == RUN_CODE_RESTART_AS_HTML) {
			reset(&s, src, len, out);
			out->inline_html = true;
			scan_from(&s, s.lx.base, true);
		} else if (ended == RUN_CODE_CLOSE_TAG) {
			scan_from(&s, s.lx.cur, true);
		}
	}
	if (s.in_statement) {
		/* the end of the snippet: the last statement has no ';' */
		end_statement(&s, false);
	}
	if (!at_top(&s)) {
		s.lx.broken = true;
	}
	out->broken = s.lx.broken;
	if (!out->broken && out->has_last) {
		out->implicit_return = out->last_kind == ALTAIR_EVAL_STATEMENT_EXPRESSION && !out->has_return;
		out->needs_semicolon = !out->last_terminated && out->last_kind != ALTAIR_EVAL_STATEMENT_LABEL;
	}
	return 0;
}
