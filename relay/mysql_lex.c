/* See mysql_lex.h. Anything the lexer cannot read the way every server would is an ERROR: the
 * classifier refuses it, never guesses. */
#include "mysql_lex.h"

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
	/* Control characters too: where the server reads them as junk, the statement fails there. */
	return c <= 0x20;
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
