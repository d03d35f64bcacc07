/*
 * PostgreSQL's SQL text as the relay needs it (docs/ARCHITECTURE.md, "The database relay";
 * docs/relay.md, "PostgreSQL"): a Query string split into statements and each statement
 * classified: transaction control (which the relay maps onto savepoints), what is refused, and
 * what passes.
 *
 * Built with libpg_query (HAVE_PG_QUERY, relay/pgsql/grammar.c), the server's own scanner and
 * grammar do both: a statement is what PostgreSQL 15's parser says it is, its kind its parse
 * tree's node (a savepoint's name as the server reads it, U&"…" and all; the functions it calls).
 * Without it (a build configured --without-altair-eval-pg-query) the relay's own lexer does
 * (relay/pgsql/lexer.c), with PostgreSQL's lexical rules (scan.l). What both share is in
 * relay/pgsql/sql.c. Either way the server gets each statement as its own
 * extended-protocol message (relay/pgsql/query.c), so a text the relay took for one statement that
 * the server reads as several is refused by the server ("cannot insert multiple commands into a
 * prepared statement"), never run.
 */
#ifndef ALTAIR_RELAY_PGSQL_SQL_H
#define ALTAIR_RELAY_PGSQL_SQL_H

#include <stdbool.h>
#include <stddef.h>

#include "../engine.h"

/* What a statement's reading depends on. */
typedef struct {
	bool standard_strings;   /* standard_conforming_strings = on (the relay keeps it on in guarded modes) */
	altair_relay_mode mode;  /* READ WRITE asked for in read-only mode is refused */
} altair_pgsql_lexing;

typedef enum {
	ALTAIR_PGSQL_PASS = 0,
	ALTAIR_PGSQL_EMPTY, /* only blanks and comments */
	ALTAIR_PGSQL_BEGIN, /* BEGIN / START TRANSACTION (not READ WRITE) */
	ALTAIR_PGSQL_COMMIT, /* COMMIT / END */
	ALTAIR_PGSQL_ROLLBACK, /* ROLLBACK / ABORT (not TO) */
	ALTAIR_PGSQL_SAVEPOINT, /* SAVEPOINT, RELEASE, ROLLBACK TO: only inside the client's transaction */
	ALTAIR_PGSQL_SET_TRANSACTION, /* SET TRANSACTION …: the current transaction's characteristics,
	                               * which the guard keeps its own of: the relay answers SET */
	ALTAIR_PGSQL_REFUSED,
} altair_pgsql_kind;

typedef struct {
	size_t start, end; /* the statement's bytes in the text, without its ';' */
	altair_pgsql_kind kind;
	const char *refused_what; /* static: what a refusal names, e.g. "COMMIT PREPARED" */
	const char *tag; /* static: the command tag of a transaction statement ("BEGIN", "COMMIT"...) */
} altair_pgsql_statement;

/* A text the relay could not read: the server's parser would refuse it too (a syntax error). */
typedef struct {
	char message[256];
	int position; /* 1-based, in characters of the text; 0 when none */
} altair_pgsql_syntax_error;

/* At most this many statements in one text (more: refused, as a syntax error saying so). */
#define ALTAIR_PGSQL_MAX_STATEMENTS 4096

/* relay/pgsql/grammar.c. Splits text (text[length] must be readable: a NUL there or not, it is not read past) into
 * statements, malloc'd into *out (the caller frees it; NULL when none). Returns the count (0 for a
 * text of blanks and comments); 0 with error->message set when the text cannot be read (a syntax
 * error, too many statements, no memory). */
size_t altair_pgsql_split(const char *text, size_t length, const altair_pgsql_lexing *lexing, altair_pgsql_statement **out,
	altair_pgsql_syntax_error *error);

/* Whether the relay reads text in a client encoding (as ParameterStatus and the startup packet name
 * it): no multibyte character of it may hold an ASCII byte (SJIS, BIG5, GBK, UHC, GB18030 and
 * JOHAB can: a quote or a backslash may be half of a character there). */
bool altair_pgsql_encoding_safe(const char *name, size_t length);

/* relay/pgsql/sql.c: what both readings share. */
/* The refusal's words when a function of this name is called in a guarded mode (its effects are
 * outside any transaction, or it runs SQL the relay cannot read), or NULL. */
const char *altair_pgsql_function_refused(const char *name, size_t length, altair_relay_mode mode);
/* The refusal's words for SET (reset: RESET) of a setting the relay keeps, or NULL. */
const char *altair_pgsql_setting_refused(const char *name, size_t length, bool reset);

/* relay/pgsql/lexer.c: the relay's own reading (scan.l's rules), which altair_pgsql_split uses
 * without libpg_query. */
size_t altair_pgsql_lexer_split(const char *text, size_t length, const altair_pgsql_lexing *lexing, altair_pgsql_statement **out,
	altair_pgsql_syntax_error *error);

#ifdef HAVE_PG_QUERY
/* relay/pgsql/grammar.c: the same, by libpg_query. */
size_t altair_pgsql_grammar_split(const char *text, size_t length, const altair_pgsql_lexing *lexing, altair_pgsql_statement **out,
	altair_pgsql_syntax_error *error);
#endif

#endif
