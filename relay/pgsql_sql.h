/*
 * PostgreSQL's SQL text as the relay needs it (docs/ARCHITECTURE.md, "The database relay"): split
 * a Query string into statements with the server's own lexical rules (comments, nested comments,
 * quotes, E'' and U&'' strings, string continuation, dollar quotes, quoted identifiers,
 * BEGIN ATOMIC bodies, parentheses) and classify each statement: transaction control (which the
 * relay maps onto savepoints), what is refused, and what passes. Plain C over a byte buffer, no
 * allocation: the session owns the statement array.
 */
#ifndef ALTAIR_RELAY_PGSQL_SQL_H
#define ALTAIR_RELAY_PGSQL_SQL_H

#include <stdbool.h>
#include <stddef.h>

/* What the server lexes with, from its ParameterStatus reports. */
typedef struct {
	bool standard_strings; /* standard_conforming_strings = on: no backslash escapes in '' */
	bool ascii_trail_bytes; /* a client encoding (SJIS, BIG5, GBK, UHC, GB18030, JOHAB) whose
	                         * second byte of a character can look like ASCII ('\\') */
} altair_pgsql_lexing;

typedef enum {
	ALTAIR_PGSQL_PASS = 0,
	ALTAIR_PGSQL_EMPTY, /* only blanks and comments */
	ALTAIR_PGSQL_BEGIN, /* BEGIN / START TRANSACTION (not READ WRITE) */
	ALTAIR_PGSQL_COMMIT, /* COMMIT / END */
	ALTAIR_PGSQL_ROLLBACK, /* ROLLBACK / ABORT (not TO) */
	ALTAIR_PGSQL_SAVEPOINT, /* SAVEPOINT, RELEASE, ROLLBACK TO: only inside the client's transaction */
	ALTAIR_PGSQL_REFUSED,
} altair_pgsql_kind;

typedef struct {
	size_t start, end; /* the statement's bytes in the text, without its ';' */
	altair_pgsql_kind kind;
	const char *refused_what; /* static: what a refusal names, e.g. "COMMIT PREPARED" */
	const char *tag; /* static: the command tag of a transaction statement ("BEGIN", "COMMIT"...) */
} altair_pgsql_statement;

/* Splits text into at most max statements (more: the last one holds the rest, which is then
 * classified as a whole and refused when any part of it would be). Returns the count (0 for an
 * empty text). Every ';'-separated piece, at any nesting depth, is checked for what must be
 * refused, so that a lexer disagreement with the server can only refuse more, never less. */
size_t altair_pgsql_split(const char *text, size_t length, const altair_pgsql_lexing *lexing,
	altair_pgsql_statement *out, size_t max);

/* Whether a client encoding name (as ParameterStatus reports it) has ASCII-looking trail bytes. */
bool altair_pgsql_encoding_has_ascii_trail(const char *name, size_t length);

#endif
