/* See classify.h. */
#include "classify.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "lex.h"

/* The statements that pass as they are: they cannot end the guard transaction (the server refuses
 * the writes among them inside a READ ONLY one). */
static const char *const passing[] = {
	"SELECT", "WITH", "TABLE", "VALUES", "SHOW", "DESCRIBE", "DESC", "EXPLAIN", "DO",
	"INSERT", "UPDATE", "DELETE", "REPLACE", "USE", "CHECKSUM", "HELP",
};

/* Session variables a client may set: none ends a transaction, changes its characteristics or
 * reaches past the session. autocommit and the character sets are handled apart. */
static const char *const settable[] = {
	"time_zone", "sql_mode", "collation_connection", "lc_time_names", "lc_messages", "group_concat_max_len",
	"sql_select_limit", "max_join_size", "sql_big_selects", "sql_safe_updates", "foreign_key_checks",
	"unique_checks", "sql_auto_is_null", "sql_notes", "sql_warnings", "sql_quote_show_create",
	"div_precision_increment", "default_week_format", "max_execution_time", "max_statement_time",
	"lock_wait_timeout", "innodb_lock_wait_timeout", "wait_timeout", "interactive_timeout", "net_read_timeout",
	"net_write_timeout", "optimizer_switch", "optimizer_search_depth", "sort_buffer_size", "join_buffer_size",
	"tmp_table_size", "max_heap_table_size", "max_sort_length", "big_tables", "sql_buffer_result", "profiling",
	"profiling_history_size", "explicit_defaults_for_timestamp", "innodb_strict_mode", "timestamp", "insert_id",
	"last_insert_id", "cte_max_recursion_depth", "max_recursive_iterations", "character_set_results",
	"character_set_client", "character_set_connection", "names",
};

/* Character sets in which every byte below 0x80 is a character (see altair_mysql_charset_id_safe). */
static const char *const safe_charsets[] = {"utf8", "utf8mb3", "utf8mb4", "latin1", "ascii", "binary"};

typedef struct {
	altair_mysql_lexer lexer;
	altair_mysql_token token;
	altair_mysql_verdict *verdict;
} reader;

static void advance(reader *r)
{
	altair_mysql_lex_next(&r->lexer, &r->token);
	if (altair_mysql_token_punct(&r->token, ';')) {
		/* The scan (scan_whole) refused anything after a top-level ';'. */
		r->token.kind = ALTAIR_MYSQL_TOKEN_END;
	}
}

static bool at_end(const reader *r)
{
	return r->token.kind == ALTAIR_MYSQL_TOKEN_END;
}

static bool accept(reader *r, const char *keyword)
{
	if (altair_mysql_token_is(&r->token, keyword)) {
		advance(r);
		return true;
	}
	return false;
}

static altair_mysql_action refuse(reader *r, const char *kind)
{
	snprintf(r->verdict->kind, sizeof(r->verdict->kind), "%s", kind);
	return ALTAIR_MYSQL_REFUSE;
}

/* Refuses, naming the statement by its current token (a word, upper-cased). */
static altair_mysql_action refuse_word(reader *r, const char *prefix)
{
	char word[32];
	size_t n = 0;
	if (r->token.kind == ALTAIR_MYSQL_TOKEN_WORD) {
		for (; n < r->token.length && n < sizeof(word) - 1; n++) {
			char c = r->token.start[n];
			word[n] = (char) (c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
		}
	}
	word[n] = '\0';
	char kind[ALTAIR_MYSQL_KIND_MAX];
	snprintf(kind, sizeof(kind), "%s%s%s", prefix, *prefix && n ? " " : "", n ? word : (*prefix ? "" : "this statement"));
	return refuse(r, kind);
}

static bool in_list(const char *text, size_t length, const char *const *list, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		if (strlen(list[i]) == length && strncasecmp(list[i], text, length) == 0) {
			return true;
		}
	}
	return false;
}

/* COMMIT / ROLLBACK's tail: [WORK] [AND [NO] CHAIN] [[NO] RELEASE]. */
static altair_mysql_action transaction_end(reader *r, altair_mysql_action plain, altair_mysql_action chain, const char *kind)
{
	accept(r, "WORK");
	bool chained = false;
	if (accept(r, "AND")) {
		chained = !accept(r, "NO");
		if (!accept(r, "CHAIN")) {
			return refuse(r, kind);
		}
	}
	bool no = accept(r, "NO");
	if (accept(r, "RELEASE")) {
		if (!no) {
			return refuse(r, "COMMIT or ROLLBACK … RELEASE");
		}
	} else if (no) {
		return refuse(r, kind);
	}
	return at_end(r) ? (chained ? chain : plain) : refuse(r, kind);
}

/* START TRANSACTION [READ ONLY | READ WRITE | WITH CONSISTENT SNAPSHOT] [, …] */
static altair_mysql_action start_transaction(reader *r)
{
	if (!accept(r, "TRANSACTION")) {
		return refuse_word(r, "START");
	}
	while (!at_end(r)) {
		if (accept(r, "READ")) {
			if (!accept(r, "ONLY") && !accept(r, "WRITE")) {
				return refuse(r, "START TRANSACTION");
			}
		} else if (accept(r, "WITH")) {
			if (!accept(r, "CONSISTENT") || !accept(r, "SNAPSHOT")) {
				return refuse(r, "START TRANSACTION");
			}
		} else {
			return refuse(r, "START TRANSACTION");
		}
		if (!at_end(r) && !altair_mysql_token_punct(&r->token, ',')) {
			return refuse(r, "START TRANSACTION");
		}
		if (!at_end(r)) {
			advance(r);
		}
	}
	return ALTAIR_MYSQL_BEGIN;
}

/* A one-token value's text, its quotes stripped. */
static bool single_value(const altair_mysql_token *token, const char **text, size_t *length)
{
	switch (token->kind) {
		case ALTAIR_MYSQL_TOKEN_WORD:
		case ALTAIR_MYSQL_TOKEN_NUMBER:
			*text = token->start;
			*length = token->length;
			return true;
		case ALTAIR_MYSQL_TOKEN_STRING:
			*text = token->start + 1;
			*length = token->length - 2;
			return true;
		default:
			return false;
	}
}

/* The value of one assignment, up to a top-level ',' or the end; checks what the variable needs. */
typedef enum { VALUE_ANY, VALUE_CHARSET, VALUE_SQL_MODE, VALUE_AUTOCOMMIT } value_rule;

static bool value(reader *r, value_rule rule, int *autocommit)
{
	altair_mysql_token first = r->token;
	int depth = 0, count = 0;
	while (!at_end(r) && r->token.kind != ALTAIR_MYSQL_TOKEN_ERROR) {
		if (depth == 0 && altair_mysql_token_punct(&r->token, ',')) {
			break;
		}
		depth += altair_mysql_token_punct(&r->token, '(') - altair_mysql_token_punct(&r->token, ')');
		count++;
		advance(r);
	}
	if (rule == VALUE_ANY) {
		return count > 0 && depth == 0;
	}
	const char *text;
	size_t length;
	if (count != 1 || !single_value(&first, &text, &length)) {
		return false;
	}
	switch (rule) {
		case VALUE_CHARSET:
			return in_list(text, length, safe_charsets, sizeof(safe_charsets) / sizeof(*safe_charsets));
		case VALUE_SQL_MODE:
			/* MariaDB's ORACLE mode changes the grammar the classifier relies on. Mode names only
			 * (a number is a bit mask, and 'ORA\CLE' is ORACLE once its escape is read). */
			if (first.kind == ALTAIR_MYSQL_TOKEN_NUMBER) {
				return false;
			}
			for (size_t i = 0; i < length; i++) {
				char c = text[i];
				if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == ',')) {
					return false;
				}
			}
			for (size_t i = 0; i + 6 <= length; i++) {
				if (strncasecmp(text + i, "ORACLE", 6) == 0) {
					return false;
				}
			}
			return true;
		case VALUE_AUTOCOMMIT:
			if ((length == 1 && text[0] == '1') || (length == 2 && strncasecmp(text, "ON", 2) == 0)
				|| (length == 4 && strncasecmp(text, "TRUE", 4) == 0)) {
				*autocommit = 1;
				return true;
			}
			if ((length == 1 && text[0] == '0') || (length == 3 && strncasecmp(text, "OFF", 3) == 0)
				|| (length == 5 && strncasecmp(text, "FALSE", 5) == 0)) {
				*autocommit = 0;
				return true;
			}
			return false;
		default:
			return false;
	}
}

/* The variable a token names, without @@ and its session scope; false for a global scope. */
static bool variable_name(const altair_mysql_token *token, const char **name, size_t *length)
{
	if (token->length < 3 || token->start[1] != '@') {
		return false;
	}
	const char *text = token->start + 2;
	size_t n = token->length - 2;
	if (n > 8 && strncasecmp(text, "session.", 8) == 0) {
		text += 8, n -= 8;
	} else if (n > 6 && strncasecmp(text, "local.", 6) == 0) {
		text += 6, n -= 6;
	}
	if (memchr(text, '.', n)) {
		return false; /* @@global.…, structured variables */
	}
	*name = text;
	*length = n;
	return true;
}

static bool value_charset_then_collate(reader *r)
{
	const char *text;
	size_t length;
	if (!single_value(&r->token, &text, &length)
		|| !in_list(text, length, safe_charsets, sizeof(safe_charsets) / sizeof(*safe_charsets))) {
		return false;
	}
	advance(r);
	if (accept(r, "COLLATE")) {
		if (!single_value(&r->token, &text, &length)) {
			return false;
		}
		advance(r);
	}
	return at_end(r) || altair_mysql_token_punct(&r->token, ',');
}

/* The variable one assignment names; its value's rule. */
static value_rule rule_for(const char *name, size_t length)
{
	if (!name) {
		return VALUE_ANY; /* a user variable */
	}
	if (length == 10 && strncasecmp(name, "autocommit", 10) == 0) {
		return VALUE_AUTOCOMMIT;
	}
	if (length > 14 && strncasecmp(name, "character_set_", 14) == 0) {
		return VALUE_CHARSET;
	}
	return length == 8 && strncasecmp(name, "sql_mode", 8) == 0 ? VALUE_SQL_MODE : VALUE_ANY;
}

/* One assignment of a SET: PASS or REFUSE. */
static altair_mysql_action assignment(reader *r, int *autocommit)
{
	const char *name = NULL;
	size_t length = 0;
	if (accept(r, "GLOBAL") || accept(r, "PERSIST") || accept(r, "PERSIST_ONLY")) {
		return refuse(r, "SET GLOBAL");
	}
	if ((accept(r, "SESSION") || accept(r, "LOCAL"))
		&& (r->token.kind != ALTAIR_MYSQL_TOKEN_WORD || altair_mysql_token_is(&r->token, "TRANSACTION"))) {
		return refuse_word(r, "SET");
	}
	if (accept(r, "NAMES") || (accept(r, "CHARACTER") && accept(r, "SET")) || accept(r, "CHARSET")) {
		return value_charset_then_collate(r) ? ALTAIR_MYSQL_PASS
		                                     : refuse(r, "SET NAMES or CHARACTER SET (only utf8, utf8mb4, latin1, ascii, binary)");
	}
	if (r->token.kind == ALTAIR_MYSQL_TOKEN_VAR && r->token.length >= 2 && r->token.start[1] == '@') {
		if (!variable_name(&r->token, &name, &length)) {
			return refuse(r, "SET GLOBAL");
		}
	} else if (r->token.kind == ALTAIR_MYSQL_TOKEN_WORD) {
		name = r->token.start, length = r->token.length;
	} else if (r->token.kind != ALTAIR_MYSQL_TOKEN_VAR) {
		return refuse(r, "SET");
	}
	value_rule rule = rule_for(name, length);
	if (name && rule != VALUE_AUTOCOMMIT && !in_list(name, length, settable, sizeof(settable) / sizeof(*settable))) {
		return refuse_word(r, "SET");
	}
	advance(r);
	if (altair_mysql_token_punct(&r->token, ':')) {
		advance(r);
	}
	if (!altair_mysql_token_punct(&r->token, '=')) {
		return refuse(r, "SET");
	}
	advance(r);
	return value(r, rule, autocommit) ? ALTAIR_MYSQL_PASS : refuse(r, rule == VALUE_AUTOCOMMIT ? "SET autocommit" : "SET");
}

/* SET [SESSION] TRANSACTION's characteristics: ISOLATION LEVEL …, READ ONLY (READ WRITE is refused:
 * in read-only mode it asks for what the guard refuses, and nothing needs it in rollback mode). A
 * session's pass (they apply to later transactions: the guard opened again sets its own); the next
 * transaction's are answered by the relay. */
static altair_mysql_action transaction_characteristics(reader *r, bool session)
{
	do {
		if (altair_mysql_token_punct(&r->token, ',')) {
			advance(r);
		}
		if (accept(r, "ISOLATION")) {
			bool level = accept(r, "LEVEL")
				&& ((accept(r, "READ") && (accept(r, "UNCOMMITTED") || accept(r, "COMMITTED")))
					|| (accept(r, "REPEATABLE") && accept(r, "READ")) || accept(r, "SERIALIZABLE"));
			if (!level) {
				return refuse(r, "SET TRANSACTION");
			}
		} else if (accept(r, "READ")) {
			if (accept(r, "WRITE")) {
				return refuse(r, session ? "SET SESSION TRANSACTION READ WRITE" : "SET TRANSACTION READ WRITE");
			}
			if (!accept(r, "ONLY")) {
				return refuse(r, "SET TRANSACTION");
			}
		} else {
			return refuse(r, "SET TRANSACTION");
		}
	} while (altair_mysql_token_punct(&r->token, ','));
	if (!at_end(r)) {
		return refuse(r, "SET TRANSACTION");
	}
	return session ? ALTAIR_MYSQL_PASS : ALTAIR_MYSQL_NEXT_TRANSACTION;
}

static altair_mysql_action set_statement(reader *r)
{
	int assignments = 0, autocommit = -1;
	reader before = *r;
	bool session = accept(r, "SESSION") || accept(r, "LOCAL");
	if (accept(r, "TRANSACTION")) {
		return transaction_characteristics(r, session);
	}
	*r = before;
	do {
		if (assignments++ > 0) {
			advance(r); /* the ',' */
		}
		if (assignment(r, &autocommit) == ALTAIR_MYSQL_REFUSE) {
			return ALTAIR_MYSQL_REFUSE;
		}
	} while (altair_mysql_token_punct(&r->token, ','));
	if (!at_end(r)) {
		return refuse(r, "SET");
	}
	if (autocommit >= 0) {
		return assignments == 1 ? (autocommit ? ALTAIR_MYSQL_AUTOCOMMIT_ON : ALTAIR_MYSQL_AUTOCOMMIT_OFF)
		                        : refuse(r, "SET autocommit with other variables");
	}
	return ALTAIR_MYSQL_PASS;
}

/* The name a SAVEPOINT, RELEASE SAVEPOINT or ROLLBACK TO names: the relay's own (altair_*, its
 * guard's savepoints and its session's call marks) are refused, and so is a name outside ASCII,
 * which the server compares under utf8_general_ci, where an accented letter matches a plain one. */
static altair_mysql_action savepoint_name(reader *r, const char *kind)
{
	static const char reserved[] = "altair_";
	const char *name = r->token.start;
	size_t length = r->token.length;
	if (r->token.kind == ALTAIR_MYSQL_TOKEN_IDENT && length >= 2) {
		name++, length -= 2;
	} else if (r->token.kind != ALTAIR_MYSQL_TOKEN_WORD) {
		return ALTAIR_MYSQL_PASS; /* not a name: the server's syntax error */
	}
	for (size_t i = 0; i < length; i++) {
		if ((unsigned char) name[i] >= 0x80) {
			return refuse(r, kind);
		}
	}
	if (length >= sizeof(reserved) - 1 && strncasecmp(name, reserved, sizeof(reserved) - 1) == 0) {
		return refuse(r, kind);
	}
	return ALTAIR_MYSQL_PASS;
}

#define SAVEPOINT_RESERVED "a savepoint named altair_* (the relay's own) or outside ASCII"

static bool passes(const altair_mysql_token *token)
{
	for (size_t i = 0; i < sizeof(passing) / sizeof(*passing); i++) {
		if (altair_mysql_token_is(token, passing[i])) {
			return true;
		}
	}
	return false;
}

static altair_mysql_action statement(reader *r)
{
	advance(r);
	bool parenthesised = false;
	while (altair_mysql_token_punct(&r->token, '(')) {
		parenthesised = true;
		advance(r);
	}
	if (r->token.kind == ALTAIR_MYSQL_TOKEN_ERROR) {
		return refuse(r, r->lexer.error);
	}
	if (at_end(r)) {
		return parenthesised ? refuse(r, "this statement") : ALTAIR_MYSQL_PASS;
	}
	if (parenthesised) {
		bool query = altair_mysql_token_is(&r->token, "SELECT") || altair_mysql_token_is(&r->token, "WITH")
			|| altair_mysql_token_is(&r->token, "VALUES") || altair_mysql_token_is(&r->token, "TABLE");
		return query ? ALTAIR_MYSQL_PASS : refuse_word(r, "");
	}
	if (passes(&r->token)) {
		return ALTAIR_MYSQL_PASS;
	}
	if (accept(r, "SAVEPOINT")) {
		return savepoint_name(r, SAVEPOINT_RESERVED);
	}
	if (accept(r, "RELEASE")) {
		return accept(r, "SAVEPOINT") ? savepoint_name(r, SAVEPOINT_RESERVED) : refuse(r, "RELEASE");
	}
	if (accept(r, "ROLLBACK")) {
		accept(r, "WORK");
		if (accept(r, "TO")) {
			accept(r, "SAVEPOINT");
			return savepoint_name(r, SAVEPOINT_RESERVED);
		}
		return transaction_end(r, ALTAIR_MYSQL_ROLLBACK, ALTAIR_MYSQL_ROLLBACK_CHAIN, "ROLLBACK");
	}
	if (accept(r, "COMMIT")) {
		return transaction_end(r, ALTAIR_MYSQL_COMMIT, ALTAIR_MYSQL_COMMIT_CHAIN, "COMMIT");
	}
	if (accept(r, "BEGIN")) {
		accept(r, "WORK");
		return at_end(r) ? ALTAIR_MYSQL_BEGIN : refuse(r, "BEGIN … (a compound statement)");
	}
	if (accept(r, "START")) {
		return start_transaction(r);
	}
	if (accept(r, "SET")) {
		return set_statement(r);
	}
	return refuse_word(r, "");
}

/* The whole text under one reading: lexical errors, anything after a top-level ';', SELECT … INTO
 * OUTFILE / DUMPFILE (a file written on the server, never undone). */
static altair_mysql_action scan_whole(reader *r)
{
	bool after_semicolon = false, after_into = false;
	for (;;) {
		altair_mysql_lex_next(&r->lexer, &r->token);
		switch (r->token.kind) {
			case ALTAIR_MYSQL_TOKEN_END:
				return ALTAIR_MYSQL_PASS;
			case ALTAIR_MYSQL_TOKEN_ERROR:
				return refuse(r, r->lexer.error);
			default:
				break;
		}
		if (after_semicolon) {
			return refuse(r, "several statements in one string");
		}
		if (after_into && (altair_mysql_token_is(&r->token, "OUTFILE") || altair_mysql_token_is(&r->token, "DUMPFILE"))) {
			return refuse(r, "SELECT … INTO OUTFILE or DUMPFILE");
		}
		after_into = altair_mysql_token_is(&r->token, "INTO");
		after_semicolon = altair_mysql_token_punct(&r->token, ';');
	}
}

#define READINGS_PLAIN 4 /* backslash escapes × ANSI_QUOTES; twice that with versioned comments */

void altair_mysql_classify(const char *text, size_t length, altair_mysql_verdict *verdict)
{
	altair_mysql_verdict first = {.action = ALTAIR_MYSQL_PASS};
	unsigned readings = READINGS_PLAIN;
	for (unsigned reading = 0; reading < readings; reading++) {
		altair_mysql_verdict this = {.action = ALTAIR_MYSQL_PASS};
		reader r = {.verdict = &this};
		altair_mysql_lex_start(&r.lexer, text, length, reading);
		this.action = scan_whole(&r);
		if (r.lexer.conditional > 1 && this.action != ALTAIR_MYSQL_REFUSE) {
			this.action = refuse(&r, "several versioned comments in one statement");
		}
		if (reading == 0 && r.lexer.conditional > 0) {
			readings = 2 * READINGS_PLAIN;
		}
		if (this.action != ALTAIR_MYSQL_REFUSE) {
			altair_mysql_lex_start(&r.lexer, text, length, reading);
			this.action = statement(&r);
		}
		if (this.action == ALTAIR_MYSQL_REFUSE) {
			*verdict = this;
			return;
		}
		if (reading == 0) {
			first = this;
		} else if (this.action != first.action) {
			snprintf(verdict->kind, sizeof(verdict->kind), "%s", "a statement read differently under another sql_mode or server version");
			verdict->action = ALTAIR_MYSQL_REFUSE;
			return;
		}
	}
	*verdict = first;
}

bool altair_mysql_charset_id_safe(unsigned id)
{
	/* big5 1 84, sjis 13 88, gbk 28 87, cp932 95 96, gb18030 248-250 */
	static const unsigned unsafe[] = {1, 84, 13, 88, 28, 87, 95, 96, 248, 249, 250};
	for (size_t i = 0; i < sizeof(unsafe) / sizeof(*unsafe); i++) {
		if (unsafe[i] == id) {
			return false;
		}
	}
	return true;
}
