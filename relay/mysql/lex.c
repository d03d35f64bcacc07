/* See lex.h. Anything the lexer cannot read the way every server would is an ERROR: the
 * classifier refuses it, never guesses. */
#include "lex.h"

#include <string.h>

/* Digits a versioned comment's version may have (MySQL: 5, MariaDB and MySQL 8: 6). */
#define VERSION_DIGITS_MAX 6

void altair_mysql_lex_start(altair_mysql_lexer *lexer, const char *text, size_t length, unsigned reading)
{
	memset(lexer, 0, sizeof(*lexer));
	lexer->at = text;
	lexer->end = text + length;
	lexer->reading = reading;
}

static bool is_space(unsigned char c)
{
	/* Control characters too, DEL included: after "--" MariaDB and MySQL take every one of them
	 * (iscntrl) as the start of a comment; elsewhere the server reads them as junk and the
	 * statement fails there. */
	return c <= 0x20 || c == 0x7f;
}

/* A no-break space: a space to the server on a latin1 connection (between tokens, and after "--"),
 * part of a character on a UTF-8 one. */
#define LATIN1_SPACE 0xa0

/* The length of the valid UTF-8 sequence at p (2 to 4 bytes), or 0. */
static size_t utf8_sequence(const unsigned char *p, const unsigned char *end)
{
	unsigned char c = p[0];
	size_t n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
	if (n == 0 || (size_t) (end - p) < n) {
		return 0;
	}
	for (size_t i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80) {
			return 0;
		}
	}
	return n;
}

/* Whether the bytes of a word can be read one way whatever the connection's character set: a
 * no-break space in them must be inside a UTF-8 character (on latin1, "INTO\xa0OUTFILE" is two
 * words to the server). */
static bool word_unambiguous(const unsigned char *p, const unsigned char *end)
{
	while (p < end) {
		size_t n = *p >= 0x80 ? utf8_sequence(p, end) : 0;
		if (n == 0 && *p == LATIN1_SPACE) {
			return false;
		}
		p += n ? n : 1;
	}
	return true;
}

static bool is_word(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' || c >= 0x80;
}

static bool is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

static bool remaining(const altair_mysql_lexer *lexer, size_t count)
{
	return (size_t) (lexer->end - lexer->at) >= count;
}

static void fail(altair_mysql_lexer *lexer, altair_mysql_token *token, const char *why)
{
	lexer->error = why;
	lexer->at = lexer->end;
	token->kind = ALTAIR_MYSQL_TOKEN_ERROR;
	token->start = lexer->end;
	token->length = 0;
}

/* Past the next "*" "/"; false when there is none. */
static bool skip_comment_body(altair_mysql_lexer *lexer)
{
	for (const char *p = lexer->at; p + 1 < lexer->end; p++) {
		if (p[0] == '*' && p[1] == '/') {
			lexer->at = p + 2;
			return true;
		}
	}
	return false;
}

static void skip_line(altair_mysql_lexer *lexer)
{
	const char *newline = memchr(lexer->at, '\n', (size_t) (lexer->end - lexer->at));
	lexer->at = newline ? newline + 1 : lexer->end;
}

/* A comment at lexer->at: skipped (or entered, for code comments). 1 skipped, 0 not a comment,
 * -1 an error (token set). */
static int comment(altair_mysql_lexer *lexer, altair_mysql_token *token)
{
	const char *p = lexer->at;
	if (remaining(lexer, 3) && p[0] == '-' && p[1] == '-' && (unsigned char) p[2] == LATIN1_SPACE) {
		fail(lexer, token, "'--' then a no-break space (a comment on a latin1 connection only)");
		return -1;
	}
	bool dash = remaining(lexer, 2) && p[0] == '-' && p[1] == '-' && (!remaining(lexer, 3) || is_space((unsigned char) p[2]));
	if (p[0] == '#' || dash) {
		if (lexer->in_code_comment) {
			fail(lexer, token, "a comment inside an executable comment");
			return -1;
		}
		skip_line(lexer);
		return 1;
	}
	if (!(remaining(lexer, 2) && p[0] == '/' && p[1] == '*')) {
		return 0;
	}
	if (lexer->in_code_comment) {
		fail(lexer, token, "a comment inside an executable comment");
		return -1;
	}
	bool mariadb = remaining(lexer, 4) && p[2] == 'M' && p[3] == '!';
	bool code = mariadb || (remaining(lexer, 3) && p[2] == '!');
	if (!code) {
		lexer->at += 2;
		if (!skip_comment_body(lexer)) {
			fail(lexer, token, "an unterminated comment");
			return -1;
		}
		return 1;
	}
	const char *body = p + (mariadb ? 4 : 3);
	bool versioned = mariadb || (body < lexer->end && is_digit((unsigned char) *body));
	if (versioned) {
		lexer->conditional++;
		if (!(lexer->reading & ALTAIR_MYSQL_LEX_VERSIONED_CODE)) {
			lexer->at = body;
			if (!skip_comment_body(lexer)) {
				fail(lexer, token, "an unterminated comment");
				return -1;
			}
			return 1;
		}
	}
	for (int digits = 0; digits < VERSION_DIGITS_MAX && body < lexer->end && is_digit((unsigned char) *body); digits++) {
		body++;
	}
	lexer->at = body;
	lexer->in_code_comment = true;
	return 1;
}

/* A quoted span from lexer->at (its opening quote); the doubled quote is always an escape, the
 * backslash only when escapes apply. */
static bool quoted(altair_mysql_lexer *lexer, bool escapes)
{
	char quote = *lexer->at;
	const char *p = lexer->at + 1;
	while (p < lexer->end) {
		if (*p == quote) {
			if (p + 1 < lexer->end && p[1] == quote) {
				p += 2;
				continue;
			}
			lexer->at = p + 1;
			return true;
		}
		if (*p == '\\' && escapes) {
			p += 2;
			continue;
		}
		p++;
	}
	return false;
}

static void variable(altair_mysql_lexer *lexer, altair_mysql_token *token)
{
	const char *p = lexer->at + 1;
	if (p < lexer->end && *p == '@') {
		p++;
	}
	lexer->at = p;
	if (p < lexer->end && (*p == '\'' || *p == '"' || *p == '`')) {
		if (!quoted(lexer, *p != '`' && (lexer->reading & ALTAIR_MYSQL_LEX_BACKSLASH))) {
			fail(lexer, token, "an unterminated quoted name");
		}
		return;
	}
	while (lexer->at < lexer->end && (is_word((unsigned char) *lexer->at) || *lexer->at == '.')) {
		lexer->at++;
	}
	if (!word_unambiguous((const unsigned char *) p, (const unsigned char *) lexer->at)) {
		fail(lexer, token, "a no-break space outside quotes (a space on a latin1 connection)");
	}
}

void altair_mysql_lex_next(altair_mysql_lexer *lexer, altair_mysql_token *token)
{
	if (lexer->error) {
		fail(lexer, token, lexer->error);
		return;
	}
	for (;;) {
		while (lexer->at < lexer->end && is_space((unsigned char) *lexer->at)) {
			lexer->at++;
		}
		if (lexer->at >= lexer->end) {
			if (lexer->in_code_comment) {
				fail(lexer, token, "an unterminated executable comment");
				return;
			}
			token->kind = ALTAIR_MYSQL_TOKEN_END;
			token->start = lexer->end;
			token->length = 0;
			return;
		}
		if (lexer->in_code_comment && remaining(lexer, 2) && lexer->at[0] == '*' && lexer->at[1] == '/') {
			lexer->in_code_comment = false;
			lexer->at += 2;
			continue;
		}
		int skipped = comment(lexer, token);
		if (skipped < 0) {
			return;
		}
		if (skipped == 0) {
			break;
		}
	}
	const char *start = lexer->at;
	unsigned char c = (unsigned char) *start;
	bool backslash = (lexer->reading & ALTAIR_MYSQL_LEX_BACKSLASH) != 0;
	if (c == '\'' || c == '"' || c == '`') {
		bool identifier = c == '`' || (c == '"' && (lexer->reading & ALTAIR_MYSQL_LEX_ANSI_QUOTES));
		if (!quoted(lexer, !identifier && backslash)) {
			fail(lexer, token, "unterminated quoted text");
			return;
		}
		token->kind = identifier ? ALTAIR_MYSQL_TOKEN_IDENT : ALTAIR_MYSQL_TOKEN_STRING;
	} else if (c == '@') {
		variable(lexer, token);
		if (lexer->error) {
			return;
		}
		token->kind = ALTAIR_MYSQL_TOKEN_VAR;
	} else if (is_word(c)) {
		while (lexer->at < lexer->end && is_word((unsigned char) *lexer->at)) {
			lexer->at++;
		}
		if (!word_unambiguous((const unsigned char *) start, (const unsigned char *) lexer->at)) {
			fail(lexer, token, "a no-break space outside quotes (a space on a latin1 connection)");
			return;
		}
		token->kind = is_digit(c) ? ALTAIR_MYSQL_TOKEN_NUMBER : ALTAIR_MYSQL_TOKEN_WORD;
	} else {
		lexer->at++;
		token->kind = ALTAIR_MYSQL_TOKEN_PUNCT;
	}
	token->start = start;
	token->length = (size_t) (lexer->at - start);
}

bool altair_mysql_token_is(const altair_mysql_token *token, const char *keyword)
{
	if (token->kind != ALTAIR_MYSQL_TOKEN_WORD || strlen(keyword) != token->length) {
		return false;
	}
	for (size_t i = 0; i < token->length; i++) {
		char c = token->start[i];
		if (c >= 'a' && c <= 'z') {
			c = (char) (c - 'a' + 'A');
		}
		if (c != keyword[i]) {
			return false;
		}
	}
	return true;
}

bool altair_mysql_token_punct(const altair_mysql_token *token, char c)
{
	return token->kind == ALTAIR_MYSQL_TOKEN_PUNCT && token->start[0] == c;
}
