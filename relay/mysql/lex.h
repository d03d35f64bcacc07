/*
 * MySQL / MariaDB lexical rules for the relay's classifier (relay/mysql/classify.h): tokens of one
 * statement under one reading (backslash escapes on or off, ANSI_QUOTES on or off, versioned
 * executable comments run or not). Plain C over a byte buffer, no allocation.
 */
#ifndef ALTAIR_RELAY_MYSQL_LEX_H
#define ALTAIR_RELAY_MYSQL_LEX_H

#include <stdbool.h>
#include <stddef.h>

/* The readings. */
#define ALTAIR_MYSQL_LEX_BACKSLASH 0x1u      /* backslash escapes in strings (no NO_BACKSLASH_ESCAPES) */
#define ALTAIR_MYSQL_LEX_ANSI_QUOTES 0x2u    /* "…" is an identifier */
#define ALTAIR_MYSQL_LEX_VERSIONED_CODE 0x4u /* /\*!NNNNN … *\/ and /\*M! … *\/ are code */

typedef enum {
	ALTAIR_MYSQL_TOKEN_END = 0,
	ALTAIR_MYSQL_TOKEN_WORD,   /* a keyword or an unquoted identifier */
	ALTAIR_MYSQL_TOKEN_NUMBER,
	ALTAIR_MYSQL_TOKEN_STRING, /* '…' (and "…" without ANSI_QUOTES), quotes included */
	ALTAIR_MYSQL_TOKEN_IDENT,  /* `…` (and "…" with ANSI_QUOTES), quotes included */
	ALTAIR_MYSQL_TOKEN_VAR,    /* @name, @@name, @@session.name, @'quoted' */
	ALTAIR_MYSQL_TOKEN_PUNCT,  /* one other byte */
	ALTAIR_MYSQL_TOKEN_ERROR,  /* the text cannot be read safely: lexer.error says why */
} altair_mysql_token_kind;

typedef struct {
	altair_mysql_token_kind kind;
	const char *start;
	size_t length;
} altair_mysql_token;

typedef struct {
	const char *at, *end;
	unsigned reading;
	bool in_code_comment;  /* inside /\*! … *\/ (or a versioned one read as code) */
	int conditional;       /* versioned comments seen */
	const char *error;
} altair_mysql_lexer;

void altair_mysql_lex_start(altair_mysql_lexer *lexer, const char *text, size_t length, unsigned reading);
/* The next token; END and ERROR repeat once reached. */
void altair_mysql_lex_next(altair_mysql_lexer *lexer, altair_mysql_token *token);

/* A WORD equal to keyword (upper case ASCII), ignoring case. */
bool altair_mysql_token_is(const altair_mysql_token *token, const char *keyword);
bool altair_mysql_token_punct(const altair_mysql_token *token, char c);

#endif
