/*
 * A Query's statements as PostgreSQL's own parser reads them (relay/pgsql/sql.h; docs/relay.md,
 * "PostgreSQL"): libpg_query (Debian's libpg-query-dev: the server's scan.l and gram.y, PostgreSQL
 * 15) parses the text, and each top-level statement is classified by its parse tree, read from the
 * JSON libpg_query writes (relay/pgsql/json.c): a TransactionStmt's kind, options and savepoint
 * name as the server decodes it; a VariableSetStmt's setting; COPY's file; and every function the
 * statement calls (FuncCall nodes, wherever they are). A text the parser refuses is answered with
 * its syntax error, never sent: what the relay cannot read does not reach the server.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "json.h"
#include "sql.h"

size_t altair_pgsql_split(const char *text, size_t length, const altair_pgsql_lexing *lexing, altair_pgsql_statement **out,
	altair_pgsql_syntax_error *error)
{
#ifdef HAVE_PG_QUERY
	return altair_pgsql_grammar_split(text, length, lexing, out, error);
#else
	return altair_pgsql_lexer_split(text, length, lexing, out, error); /* built without libpg_query */
#endif
}


#ifdef HAVE_PG_QUERY

#include <pg_query.h>

#define NAME_MAX_BYTES 128

static void refuse(altair_pgsql_statement *st, const char *what)
{
	st->kind = ALTAIR_PGSQL_REFUSED;
	st->refused_what = what;
}

static long get(const altair_pgsql_json *j, long object, const char *key)
{
	return altair_pgsql_json_get(j, object, key);
}

/* An integer member (A_Const's ival {"ival": n}, or a bare number); fallback when absent. */
static long integer(const altair_pgsql_json *j, long value, long fallback)
{
	if (value < 0) {
		return fallback;
	}
	if (j->tokens[value].type == JSON_OBJECT) {
		long inner = get(j, value, "ival");
		return inner < 0 ? 0 : integer(j, inner, 0); /* {"ival": {}} is 0: libpg_query leaves zero out */
	}
	if (j->tokens[value].type != JSON_PRIMITIVE) {
		return fallback;
	}
	return strtol(j->text + j->tokens[value].start, NULL, 10);
}

static bool string_is(const altair_pgsql_json *j, long token, const char *word)
{
	return altair_pgsql_json_is(j, token, word);
}

static bool name_starts_altair(const altair_pgsql_json *j, long token)
{
	char name[NAME_MAX_BYTES];
	altair_pgsql_json_string(j, token, name, sizeof(name));
	return strncasecmp(name, "altair_", 7) == 0;
}

/* The DefElem list of a TransactionStmt or SET SESSION CHARACTERISTICS: whether it asks for READ
 * WRITE (transaction_read_only false). */
static bool asks_read_write(const altair_pgsql_json *j, long options)
{
	for (size_t i = 0;; i++) {
		long item = altair_pgsql_json_at(j, options, i);
		if (item < 0) {
			return false;
		}
		long def = get(j, item, "DefElem");
		if (string_is(j, get(j, def, "defname"), "transaction_read_only")) {
			long constant = get(j, get(j, def, "arg"), "A_Const");
			if (integer(j, constant, 1) == 0) {
				return true;
			}
		}
	}
}

static void transaction(const altair_pgsql_json *j, long node, const altair_pgsql_lexing *lexing, altair_pgsql_statement *st)
{
	long kind = get(j, node, "kind");
	long chained = get(j, node, "chain");
	bool chain = chained >= 0 && j->tokens[chained].type == JSON_PRIMITIVE && j->tokens[chained].end - j->tokens[chained].start == 4
		&& memcmp(j->text + j->tokens[chained].start, "true", 4) == 0;
	if (string_is(j, kind, "TRANS_STMT_BEGIN") || string_is(j, kind, "TRANS_STMT_START")) {
		if (lexing->mode == ALTAIR_RELAY_READ_ONLY && asks_read_write(j, get(j, node, "options"))) {
			refuse(st, "BEGIN READ WRITE");
			return;
		}
		st->kind = ALTAIR_PGSQL_BEGIN;
		st->tag = string_is(j, kind, "TRANS_STMT_BEGIN") ? "BEGIN" : "START TRANSACTION";
	} else if (string_is(j, kind, "TRANS_STMT_COMMIT") || string_is(j, kind, "TRANS_STMT_ROLLBACK")) {
		bool commit = string_is(j, kind, "TRANS_STMT_COMMIT");
		if (chain) {
			refuse(st, commit ? "COMMIT AND CHAIN" : "ROLLBACK AND CHAIN");
			return;
		}
		st->kind = commit ? ALTAIR_PGSQL_COMMIT : ALTAIR_PGSQL_ROLLBACK;
		st->tag = commit ? "COMMIT" : "ROLLBACK";
	} else if (string_is(j, kind, "TRANS_STMT_SAVEPOINT") || string_is(j, kind, "TRANS_STMT_RELEASE")
		|| string_is(j, kind, "TRANS_STMT_ROLLBACK_TO")) {
		st->kind = ALTAIR_PGSQL_SAVEPOINT;
		st->tag = string_is(j, kind, "TRANS_STMT_SAVEPOINT") ? "SAVEPOINT" : string_is(j, kind, "TRANS_STMT_RELEASE") ? "RELEASE" : "ROLLBACK";
		if (name_starts_altair(j, get(j, node, "savepoint_name"))) {
			refuse(st, "a savepoint of the relay (altair_*)");
		}
	} else if (string_is(j, kind, "TRANS_STMT_PREPARE")) {
		refuse(st, "PREPARE TRANSACTION");
	} else if (string_is(j, kind, "TRANS_STMT_COMMIT_PREPARED")) {
		refuse(st, "COMMIT PREPARED");
	} else if (string_is(j, kind, "TRANS_STMT_ROLLBACK_PREPARED")) {
		refuse(st, "ROLLBACK PREPARED");
	} else {
		refuse(st, "a transaction statement the relay does not know");
	}
}

/* SET / RESET: the settings the relay keeps, the current transaction's characteristics (answered
 * by the relay), a client encoding it cannot read. */
static void variable_set(const altair_pgsql_json *j, long node, const altair_pgsql_lexing *lexing, altair_pgsql_statement *st)
{
	long kind = get(j, node, "kind");
	char name[NAME_MAX_BYTES];
	altair_pgsql_json_string(j, get(j, node, "name"), name, sizeof(name));
	bool reset = string_is(j, kind, "VAR_RESET");
	if (string_is(j, kind, "VAR_RESET_ALL")) {
		refuse(st, "RESET ALL");
		return;
	}
	if (string_is(j, kind, "VAR_SET_MULTI")) {
		bool read_write = lexing->mode == ALTAIR_RELAY_READ_ONLY && asks_read_write(j, get(j, node, "args"));
		if (strcmp(name, "TRANSACTION") == 0) {
			if (read_write) {
				refuse(st, "SET TRANSACTION READ WRITE");
			} else {
				st->kind = ALTAIR_PGSQL_SET_TRANSACTION;
				st->tag = "SET";
			}
		} else if (read_write) {
			refuse(st, "SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE");
		}
		return; /* SESSION CHARACTERISTICS: later transactions' (only the guard runs here) */
	}
	const char *what = altair_pgsql_setting_refused(name, strlen(name), reset);
	if (what) {
		refuse(st, what);
		return;
	}
	if (strcasecmp(name, "client_encoding") == 0 && string_is(j, kind, "VAR_SET_VALUE")) {
		char value[NAME_MAX_BYTES];
		long first = altair_pgsql_json_at(j, get(j, node, "args"), 0);
		long constant = get(j, get(j, first, "A_Const"), "sval");
		altair_pgsql_json_string(j, get(j, constant, "sval"), value, sizeof(value));
		if (constant < 0 || !altair_pgsql_encoding_safe(value, strlen(value))) {
			refuse(st, "a client encoding whose characters can hold an ASCII byte (SJIS, BIG5, GBK, UHC, GB18030, JOHAB)");
		}
	}
}

/* set_config(name, …) with a constant name that is none of the relay's settings (an app's own
 * setting, e.g. a tenant for row security, passes). */
static bool set_config_harmless(const altair_pgsql_json *j, long args)
{
	long first = altair_pgsql_json_at(j, args, 0);
	long constant = get(j, get(j, first, "A_Const"), "sval");
	char name[NAME_MAX_BYTES];
	size_t n = altair_pgsql_json_string(j, get(j, constant, "sval"), name, sizeof(name));
	return constant >= 0 && !altair_pgsql_setting_refused(name, n, false) && strcasecmp(name, "client_encoding") != 0
		&& strncasecmp(name, "transaction_", 12) != 0 && strncasecmp(name, "default_transaction_", 20) != 0;
}

/* Every FuncCall in the statement's tree: its name's last part (schema-qualified or not). */
static void calls(const altair_pgsql_json *j, long from, long to, const altair_pgsql_lexing *lexing, altair_pgsql_statement *st)
{
	for (long i = from; i < to && st->kind != ALTAIR_PGSQL_REFUSED; i++) {
		if (j->tokens[i].type != JSON_STRING || !string_is(j, i, "FuncCall") || i + 1 >= to) {
			continue;
		}
		long names = get(j, i + 1, "funcname");
		size_t count = names >= 0 ? j->tokens[names].size : 0;
		long last = count > 0 ? altair_pgsql_json_at(j, names, count - 1) : -1;
		char name[NAME_MAX_BYTES];
		size_t n = altair_pgsql_json_string(j, get(j, get(j, last, "String"), "sval"), name, sizeof(name));
		const char *what = altair_pgsql_function_refused(name, n, lexing->mode);
		if (what && strcmp(what, "set_config") == 0 && set_config_harmless(j, get(j, i + 1, "args"))) {
			what = NULL;
		}
		if (what) {
			refuse(st, what);
		}
	}
}

static void classify(const altair_pgsql_json *j, long stmt, long to, const altair_pgsql_lexing *lexing, altair_pgsql_statement *st)
{
	long key = altair_pgsql_json_node(j, stmt);
	long node = key >= 0 ? key + 1 : -1;
	st->kind = ALTAIR_PGSQL_PASS;
	st->refused_what = NULL;
	st->tag = NULL;
	if (key < 0) {
		refuse(st, "a statement the relay cannot read");
		return;
	}
	if (string_is(j, key, "TransactionStmt")) {
		transaction(j, node, lexing, st);
	} else if (string_is(j, key, "VariableSetStmt")) {
		variable_set(j, node, lexing, st);
	} else if (string_is(j, key, "DiscardStmt") && string_is(j, get(j, node, "target"), "DISCARD_ALL")) {
		refuse(st, "DISCARD ALL");
	} else if (string_is(j, key, "CopyStmt") && (get(j, node, "filename") >= 0 || get(j, node, "is_program") >= 0)) {
		refuse(st, "COPY to or from a server file or program");
	} else if ((string_is(j, key, "ExecuteStmt") || string_is(j, key, "PrepareStmt") || string_is(j, key, "DeallocateStmt"))
		&& get(j, node, "name") >= 0 && name_starts_altair(j, get(j, node, "name"))) {
		refuse(st, "a prepared statement of the relay (altair_*)");
	} else if (string_is(j, key, "DoStmt") && lexing->mode == ALTAIR_RELAY_READ_ONLY) {
		refuse(st, "DO (server-side code the relay cannot read, which could call pg_terminate_backend)");
	}
	if (st->kind != ALTAIR_PGSQL_REFUSED) {
		calls(j, node, to, lexing, st);
	}
}

static void syntax_error(altair_pgsql_syntax_error *error, const char *message, int position)
{
	snprintf(error->message, sizeof(error->message), "%s", message);
	error->position = position;
}

/* The statements of a parse tree (JSON) into *out. */
static size_t statements(const altair_pgsql_json *j, const char *text, size_t length, const altair_pgsql_lexing *lexing,
	altair_pgsql_statement **out, altair_pgsql_syntax_error *error)
{
	long list = get(j, 0, "stmts");
	size_t count = list >= 0 ? j->tokens[list].size : 0;
	if (count > ALTAIR_PGSQL_MAX_STATEMENTS) {
		snprintf(error->message, sizeof(error->message), "altair_eval: more than %d statements in one query", ALTAIR_PGSQL_MAX_STATEMENTS);
		return 0;
	}
	if (count == 0) {
		return 0;
	}
	*out = calloc(count, sizeof(**out));
	if (!*out) {
		syntax_error(error, "altair_eval: out of memory", 0);
		return 0;
	}
	long item = altair_pgsql_json_at(j, list, 0);
	for (size_t i = 0; i < count && item >= 0; i++) {
		long next = (long) altair_pgsql_json_skip(j, (size_t) item);
		altair_pgsql_statement *st = &(*out)[i];
		size_t start = (size_t) integer(j, get(j, item, "stmt_location"), 0);
		long len = integer(j, get(j, item, "stmt_len"), 0);
		size_t end = len > 0 ? start + (size_t) len : length;
		if (start > length || end > length || end < start) {
			free(*out);
			*out = NULL;
			syntax_error(error, "altair_eval: the relay could not place a statement in the text", 0);
			return 0;
		}
		while (start < end && (text[start] == ' ' || text[start] == '\t' || text[start] == '\n' || text[start] == '\r' || text[start] == '\f' || text[start] == '\v')) {
			start++;
		}
		while (end > start && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == '\n' || text[end - 1] == '\r' || text[end - 1] == '\f' || text[end - 1] == '\v')) {
			end--;
		}
		st->start = start;
		st->end = end;
		classify(j, get(j, item, "stmt"), next, lexing, st);
		item = (size_t) next < j->count ? next : -1;
	}
	return count;
}

size_t altair_pgsql_grammar_split(const char *text, size_t length, const altair_pgsql_lexing *lexing, altair_pgsql_statement **out,
	altair_pgsql_syntax_error *error)
{
	*out = NULL;
	error->message[0] = '\0';
	error->position = 0;
	const char *nul = memchr(text, '\0', length);
	length = nul ? (size_t) (nul - text) : length; /* the server reads a query as a C string */
	char *copy = malloc(length + 1);
	if (!copy) {
		syntax_error(error, "altair_eval: out of memory", 0);
		return 0;
	}
	memcpy(copy, text, length);
	copy[length] = '\0';
	PgQueryParseResult result = pg_query_parse(copy);
	size_t count = 0;
	if (result.error) {
		syntax_error(error, result.error->message ? result.error->message : "syntax error", result.error->cursorpos);
	} else if (result.parse_tree) {
		size_t tree_length = strlen(result.parse_tree);
		size_t tokens = altair_pgsql_json_count(result.parse_tree, tree_length);
		altair_pgsql_json_token *array = tokens ? malloc(tokens * sizeof(*array)) : NULL;
		altair_pgsql_json json;
		if (array && altair_pgsql_json_parse(&json, result.parse_tree, tree_length, array, tokens)) {
			count = statements(&json, copy, length, lexing, out, error);
		} else {
			syntax_error(error, "altair_eval: the relay could not read this statement's parse tree", 0);
		}
		free(array);
	}
	pg_query_free_parse_result(result);
	free(copy);
	return count;
}

#endif
