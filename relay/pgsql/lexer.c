/* The relay's own reading of a Query (relay/pgsql/sql.h, altair_pgsql_lexer_split), for a build
 * without libpg_query: the lexical rules are those of PostgreSQL's src/backend/parser/scan.l. */
#include "sql.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef enum { TOK_END, TOK_WORD, TOK_QIDENT, TOK_UIDENT, TOK_STRING, TOK_SEMI, TOK_OPEN, TOK_CLOSE, TOK_OTHER } tok_type;

typedef struct {
	tok_type type;
	size_t start, end; /* TOK_QIDENT: the name between the quotes */
} token;

typedef struct {
	const unsigned char *s;
	size_t length, pos;
	const altair_pgsql_lexing *lexing;
} scanner;

static bool is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static bool is_ident_start(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
}

static bool is_ident_char(unsigned char c)
{
	return is_ident_start(c) || (c >= '0' && c <= '9') || c == '$';
}

/* The width of the character at i: one byte in every client encoding the relay reads (a
 * multibyte character there holds no ASCII byte; the others are refused: altair_pgsql_encoding_safe). */
static size_t width(const scanner *sc, size_t i)
{
	(void) sc;
	(void) i;
	return 1;
}

/* Skips blanks, "--" comments and nested block comments. */
static void skip_blank(scanner *sc)
{
	while (sc->pos < sc->length) {
		unsigned char c = sc->s[sc->pos];
		if (is_space(c)) {
			sc->pos++;
		} else if (c == '-' && sc->pos + 1 < sc->length && sc->s[sc->pos + 1] == '-') {
			while (sc->pos < sc->length && sc->s[sc->pos] != '\n' && sc->s[sc->pos] != '\r') {
				sc->pos += width(sc, sc->pos);
			}
		} else if (c == '/' && sc->pos + 1 < sc->length && sc->s[sc->pos + 1] == '*') {
			size_t depth = 1;
			sc->pos += 2;
			while (sc->pos < sc->length && depth > 0) {
				if (sc->s[sc->pos] == '/' && sc->pos + 1 < sc->length && sc->s[sc->pos + 1] == '*') {
					depth++;
					sc->pos += 2;
				} else if (sc->s[sc->pos] == '*' && sc->pos + 1 < sc->length && sc->s[sc->pos + 1] == '/') {
					depth--;
					sc->pos += 2;
				} else {
					sc->pos += width(sc, sc->pos);
				}
			}
		} else {
			return;
		}
	}
}

/* After a closing quote at i: the position of the next part's opening quote when the string
 * continues (blanks holding a newline, then a quote), else 0. */
static size_t continuation(const scanner *sc, size_t i)
{
	bool newline = false;
	while (i < sc->length && (sc->s[i] == ' ' || sc->s[i] == '\t' || sc->s[i] == '\f' || sc->s[i] == '\v')) {
		i++;
	}
	while (i < sc->length) {
		if (sc->s[i] == '\n' || sc->s[i] == '\r') {
			newline = true;
			i++;
		} else if (newline && is_space(sc->s[i])) {
			i++;
		} else if (newline && sc->s[i] == '-' && i + 1 < sc->length && sc->s[i + 1] == '-') {
			while (i < sc->length && sc->s[i] != '\n' && sc->s[i] != '\r') {
				i++;
			}
			if (i >= sc->length) {
				return 0;
			}
		} else {
			break;
		}
	}
	return newline && i < sc->length && sc->s[i] == '\'' ? i : 0;
}

/* From just after an opening quote: to just after the closing one (continuations included). */
static void skip_string(scanner *sc, bool backslash)
{
	for (;;) {
		while (sc->pos < sc->length) {
			unsigned char c = sc->s[sc->pos];
			if (backslash && c == '\\') {
				sc->pos += sc->pos + 1 < sc->length ? 1 + width(sc, sc->pos + 1) : 1;
			} else if (c == '\'') {
				if (sc->pos + 1 < sc->length && sc->s[sc->pos + 1] == '\'') {
					sc->pos += 2;
				} else {
					break;
				}
			} else {
				sc->pos += width(sc, sc->pos);
			}
		}
		if (sc->pos >= sc->length) {
			return;
		}
		sc->pos++;
		size_t next = continuation(sc, sc->pos);
		if (!next) {
			return;
		}
		sc->pos = next + 1;
	}
}

static void skip_quoted_ident(scanner *sc)
{
	while (sc->pos < sc->length) {
		if (sc->s[sc->pos] == '"') {
			if (sc->pos + 1 < sc->length && sc->s[sc->pos + 1] == '"') {
				sc->pos += 2;
				continue;
			}
			return;
		}
		sc->pos += width(sc, sc->pos);
	}
}

/* $tag$ ... $tag$ from the first '$'; false (nothing consumed) when this '$' opens no quote. */
static bool skip_dollar_quote(scanner *sc)
{
	size_t j = sc->pos + 1;
	if (j < sc->length && is_ident_start(sc->s[j])) {
		while (j < sc->length && is_ident_char(sc->s[j]) && sc->s[j] != '$') {
			j += width(sc, j);
		}
	}
	if (j >= sc->length || sc->s[j] != '$') {
		return false;
	}
	size_t tag_length = j + 1 - sc->pos;
	const unsigned char *tag = sc->s + sc->pos;
	sc->pos = j + 1;
	while (sc->pos < sc->length) {
		if (sc->s[sc->pos] == '$' && sc->length - sc->pos >= tag_length && memcmp(sc->s + sc->pos, tag, tag_length) == 0) {
			sc->pos += tag_length;
			return true;
		}
		sc->pos += width(sc, sc->pos);
	}
	return true;
}

static token next_token(scanner *sc)
{
	skip_blank(sc);
	token t = {.type = TOK_END, .start = sc->pos, .end = sc->pos};
	if (sc->pos >= sc->length) {
		return t;
	}
	unsigned char c = sc->s[sc->pos];
	if (is_ident_start(c)) {
		while (sc->pos < sc->length && is_ident_char(sc->s[sc->pos])) {
			sc->pos += width(sc, sc->pos);
		}
		t.end = sc->pos;
		unsigned char next = sc->pos < sc->length ? sc->s[sc->pos] : 0;
		if (t.end - t.start == 1 && next == '\'' && strchr("eEbBxXnN", c)) {
			sc->pos++;
			skip_string(sc, c == 'e' || c == 'E' || ((c == 'n' || c == 'N') && !sc->lexing->standard_strings));
			t.type = TOK_STRING;
		} else if (t.end - t.start == 1 && (c == 'u' || c == 'U') && next == '&' && sc->pos + 1 < sc->length
			&& (sc->s[sc->pos + 1] == '\'' || sc->s[sc->pos + 1] == '"')) {
			sc->pos += 2;
			if (sc->s[sc->pos - 1] == '\'') {
				skip_string(sc, false);
				t.type = TOK_STRING;
			} else {
				skip_quoted_ident(sc);
				t.type = TOK_UIDENT;
				t.start += 3;
				t.end = sc->pos;
				sc->pos += sc->pos < sc->length;
				return t;
			}
		} else {
			t.type = TOK_WORD;
			return t;
		}
	} else if (c == '\'') {
		sc->pos++;
		skip_string(sc, !sc->lexing->standard_strings);
		t.type = TOK_STRING;
	} else if (c == '"') {
		sc->pos++;
		skip_quoted_ident(sc);
		t.type = TOK_QIDENT;
		t.start++;
		t.end = sc->pos;
		sc->pos += sc->pos < sc->length;
		return t;
	} else if (c == '$' && skip_dollar_quote(sc)) {
		t.type = TOK_STRING;
	} else if (c >= '0' && c <= '9') {
		while (sc->pos < sc->length && (is_ident_char(sc->s[sc->pos]) || sc->s[sc->pos] == '.') && sc->s[sc->pos] < 0x80) {
			sc->pos++;
		}
		t.type = TOK_OTHER;
	} else {
		sc->pos++;
		t.type = c == ';' ? TOK_SEMI : c == '(' ? TOK_OPEN : c == ')' ? TOK_CLOSE : TOK_OTHER;
	}
	t.end = sc->pos;
	return t;
}

static bool is_word(const scanner *sc, token t, const char *word)
{
	size_t n = strlen(word);
	if (t.type != TOK_WORD || t.end - t.start != n) {
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		unsigned char c = sc->s[t.start + i];
		if ((c >= 'A' && c <= 'Z' ? c + 32 : c) != (unsigned char) word[i]) {
			return false;
		}
	}
	return true;
}

/* A name (word or quoted identifier) that case-insensitively starts with prefix. */
static bool name_starts(const scanner *sc, token t, const char *prefix)
{
	size_t n = strlen(prefix);
	if ((t.type != TOK_WORD && t.type != TOK_QIDENT) || t.end - t.start < n) {
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		unsigned char c = sc->s[t.start + i];
		if ((c >= 'A' && c <= 'Z' ? c + 32 : c) != (unsigned char) prefix[i]) {
			return false;
		}
	}
	return true;
}

/* The refusal's words for a guarded setting's SET or RESET, or NULL. */
static const char *guarded_setting(const scanner *sc, token t, bool reset)
{
	if (t.type != TOK_WORD && t.type != TOK_QIDENT) {
		return NULL;
	}
	return altair_pgsql_setting_refused((const char *) sc->s + t.start, t.end - t.start, reset);
}

/* Whether the tokens from sc's position to end hold the words "read write" in a row. */
static bool has_read_write(scanner *sc, size_t end)
{
	bool read = false;
	for (token t = next_token(sc); t.type != TOK_END && t.start < end; t = next_token(sc)) {
		if (read && is_word(sc, t, "write")) {
			return true;
		}
		read = is_word(sc, t, "read");
	}
	return false;
}

static bool has_and_chain(scanner *sc, size_t end)
{
	bool and_seen = false;
	for (token t = next_token(sc); t.type != TOK_END && t.start < end; t = next_token(sc)) {
		if (and_seen && is_word(sc, t, "chain")) {
			return true;
		}
		and_seen = is_word(sc, t, "and");
	}
	return false;
}

static void refuse(altair_pgsql_statement *st, const char *what)
{
	st->kind = ALTAIR_PGSQL_REFUSED;
	st->refused_what = what;
}

/* COPY passes only to STDOUT or from STDIN: a file or a PROGRAM is the server's, not the client's. */
static void classify_copy(scanner *sc, size_t end, altair_pgsql_statement *st)
{
	int depth = 0;
	for (token t = next_token(sc); t.type != TOK_END && t.start < end; t = next_token(sc)) {
		depth += t.type == TOK_OPEN ? 1 : t.type == TOK_CLOSE && depth > 0 ? -1 : 0;
		if (depth == 0 && (is_word(sc, t, "from") || is_word(sc, t, "to"))) {
			token target = next_token(sc);
			if (!is_word(sc, target, "stdin") && !is_word(sc, target, "stdout")) {
				refuse(st, "COPY to or from a server file or program");
			}
			return;
		}
	}
}

/* The text of a string or word token (its quotes off), for a setting's value. */
static bool value_text(const scanner *sc, token t, char *out, size_t size)
{
	size_t from = t.start, to = t.end;
	if (t.type == TOK_STRING && to - from >= 2 && sc->s[from] == '\'' && sc->s[to - 1] == '\'') {
		from++, to--;
	} else if (t.type != TOK_WORD) {
		return false;
	}
	if (to - from >= size || memchr(sc->s + from, '\\', to - from) || memchr(sc->s + from, '\'', to - from)) {
		return false;
	}
	memcpy(out, sc->s + from, to - from);
	out[to - from] = '\0';
	return true;
}

static void classify_set(scanner *sc, size_t end, altair_pgsql_statement *st, bool reset)
{
	token t = next_token(sc);
	if (reset && is_word(sc, t, "all")) {
		refuse(st, "RESET ALL");
		return;
	}
	bool session = !reset && (is_word(sc, t, "session") || is_word(sc, t, "local"));
	if (session) {
		t = next_token(sc);
	}
	if (session && is_word(sc, t, "characteristics")) {
		/* later transactions' characteristics: only the guard's runs here */
		if (sc->lexing->mode == ALTAIR_RELAY_READ_ONLY && has_read_write(sc, end)) {
			refuse(st, "SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE");
		}
		return;
	}
	if (!reset && is_word(sc, t, "transaction")) {
		if (sc->lexing->mode == ALTAIR_RELAY_READ_ONLY && has_read_write(sc, end)) {
			refuse(st, "SET TRANSACTION READ WRITE");
		} else {
			st->kind = ALTAIR_PGSQL_SET_TRANSACTION;
			st->tag = "SET";
		}
		return;
	}
	if (!reset && (is_word(sc, t, "names") || is_word(sc, t, "client_encoding"))) {
		token value = next_token(sc);
		char name[64];
		if (is_word(sc, value, "to") || (value.type == TOK_OTHER && sc->s[value.start] == '=')) {
			value = next_token(sc);
		}
		if (!is_word(sc, value, "default") && (!value_text(sc, value, name, sizeof(name)) || !altair_pgsql_encoding_safe(name, strlen(name)))) {
			refuse(st, "a client encoding whose characters can hold an ASCII byte (SJIS, BIG5, GBK, UHC, GB18030, JOHAB)");
		}
		return;
	}
	const char *what = guarded_setting(sc, t, reset);
	if (what) {
		refuse(st, what);
	}
}

/* A call of a refused function anywhere in the statement: a name, then '('. */
static void classify_calls(scanner *sc, size_t end, altair_pgsql_statement *st)
{
	token previous = {.type = TOK_END};
	for (token t = next_token(sc); t.type != TOK_END && t.start < end && st->kind != ALTAIR_PGSQL_REFUSED; t = next_token(sc)) {
		if (t.type == TOK_OPEN && (previous.type == TOK_WORD || previous.type == TOK_QIDENT)) {
			const char *what = altair_pgsql_function_refused((const char *) sc->s + previous.start, previous.end - previous.start,
				sc->lexing->mode);
			if (what) {
				refuse(st, what);
			}
		} else if (t.type == TOK_OPEN && previous.type == TOK_UIDENT && sc->lexing->mode != ALTAIR_RELAY_WRITES) {
			refuse(st, "a call of a function named in a Unicode-escaped identifier (U&\"…\")");
		}
		previous = t;
	}
}

/* COMMIT, END, ROLLBACK, ABORT: the client's transaction end, a ROLLBACK TO, or refused. */
static void classify_end(scanner *sc, token w0, token w1, size_t after_w0, size_t end, altair_pgsql_statement *st)
{
	bool commit = is_word(sc, w0, "commit") || is_word(sc, w0, "end");
	if (is_word(sc, w1, "prepared")) {
		refuse(st, commit ? "COMMIT PREPARED" : "ROLLBACK PREPARED");
		return;
	}
	token name = w1;
	if (is_word(sc, name, "work") || is_word(sc, name, "transaction")) {
		name = next_token(sc);
	}
	if (!commit && is_word(sc, name, "to")) {
		name = next_token(sc);
		name = is_word(sc, name, "savepoint") ? next_token(sc) : name;
		st->kind = ALTAIR_PGSQL_SAVEPOINT;
		st->tag = "ROLLBACK";
		if (name_starts(sc, name, "altair_") || name.type == TOK_UIDENT) {
			refuse(st, "ROLLBACK TO a savepoint of the relay (altair_*), or one named in a Unicode-escaped identifier");
		}
		return;
	}
	sc->pos = after_w0;
	if (has_and_chain(sc, end)) {
		refuse(st, commit ? "COMMIT AND CHAIN" : "ROLLBACK AND CHAIN");
		return;
	}
	st->kind = commit ? ALTAIR_PGSQL_COMMIT : ALTAIR_PGSQL_ROLLBACK;
	st->tag = commit ? "COMMIT" : "ROLLBACK";
}

/* The kind of the statement in [start, end). */
static void classify(const char *text, size_t start, size_t end, const altair_pgsql_lexing *lexing, altair_pgsql_statement *st)
{
	scanner sc = {.s = (const unsigned char *) text, .length = end, .pos = start, .lexing = lexing};
	st->kind = ALTAIR_PGSQL_PASS;
	st->refused_what = NULL;
	st->tag = NULL;
	token w0 = next_token(&sc);
	if (w0.type == TOK_END) {
		st->kind = ALTAIR_PGSQL_EMPTY;
		return;
	}
	size_t after_w0 = sc.pos;
	token w1 = next_token(&sc);
	if (is_word(&sc, w0, "begin") || (is_word(&sc, w0, "start") && is_word(&sc, w1, "transaction"))) {
		sc.pos = after_w0;
		if (lexing->mode == ALTAIR_RELAY_READ_ONLY && has_read_write(&sc, end)) {
			refuse(st, "BEGIN READ WRITE");
		} else {
			st->kind = ALTAIR_PGSQL_BEGIN;
			st->tag = is_word(&sc, w0, "begin") ? "BEGIN" : "START TRANSACTION";
		}
	} else if (is_word(&sc, w0, "commit") || is_word(&sc, w0, "end") || is_word(&sc, w0, "rollback") || is_word(&sc, w0, "abort")) {
		classify_end(&sc, w0, w1, after_w0, end, st);
	} else if (is_word(&sc, w0, "savepoint") || is_word(&sc, w0, "release")) {
		token name = is_word(&sc, w0, "release") && is_word(&sc, w1, "savepoint") ? next_token(&sc) : w1;
		st->kind = ALTAIR_PGSQL_SAVEPOINT;
		st->tag = is_word(&sc, w0, "savepoint") ? "SAVEPOINT" : "RELEASE";
		if (name_starts(&sc, name, "altair_") || name.type == TOK_UIDENT) {
			refuse(st, "a savepoint of the relay (altair_*), or one named in a Unicode-escaped identifier");
		}
	} else if (is_word(&sc, w0, "prepare") && is_word(&sc, w1, "transaction")) {
		refuse(st, "PREPARE TRANSACTION");
	} else if (is_word(&sc, w0, "copy")) {
		sc.pos = after_w0;
		classify_copy(&sc, end, st);
	} else if (is_word(&sc, w0, "set") || is_word(&sc, w0, "reset")) {
		sc.pos = after_w0;
		classify_set(&sc, end, st, is_word(&sc, w0, "reset"));
	} else if (is_word(&sc, w0, "discard") && is_word(&sc, w1, "all")) {
		refuse(st, "DISCARD ALL");
	} else if (is_word(&sc, w0, "execute") && name_starts(&sc, w1, "altair_")) {
		refuse(st, "EXECUTE of a statement of the relay (altair_*)");
	} else if (is_word(&sc, w0, "do") && lexing->mode == ALTAIR_RELAY_READ_ONLY) {
		refuse(st, "DO (server-side code the relay cannot read, which could call pg_terminate_backend)");
	}
	if (st->kind != ALTAIR_PGSQL_REFUSED) {
		sc.pos = start;
		classify_calls(&sc, end, st);
	}
}

/* A piece after a ';' nested in parentheses or a BEGIN ATOMIC body: anything but an ordinary
 * statement there refuses the whole statement (the server would have ended it there). */
static void check_nested(const char *text, size_t start, size_t end, const altair_pgsql_lexing *lexing,
	bool in_atomic, altair_pgsql_statement *st)
{
	altair_pgsql_statement piece;
	classify(text, start, end, lexing, &piece);
	if (piece.kind == ALTAIR_PGSQL_REFUSED) {
		refuse(st, piece.refused_what);
	} else if (piece.kind != ALTAIR_PGSQL_PASS && piece.kind != ALTAIR_PGSQL_EMPTY) {
		scanner sc = {.s = (const unsigned char *) text, .length = end, .pos = start, .lexing = lexing};
		if (!(in_atomic && is_word(&sc, next_token(&sc), "end"))) {
			refuse(st, piece.tag);
		}
	}
}

typedef struct {
	int parens, atomic;
	size_t words; /* words seen at the statement's top level, up to 4 */
	bool routine; /* CREATE [OR REPLACE] FUNCTION|PROCEDURE */
	bool begin_pending; /* the previous top-level token was BEGIN in a routine */
} nesting;

static void track(const scanner *sc, token t, nesting *n)
{
	if (t.type == TOK_OPEN) {
		n->parens++;
	} else if (t.type == TOK_CLOSE && n->parens > 0) {
		n->parens--;
	}
	if (t.type != TOK_WORD || n->parens > 0) {
		n->begin_pending = false;
		return;
	}
	if (n->words < 4) {
		n->words++;
		if (n->words == 1 && !is_word(sc, t, "create")) {
			n->words = 4;
		} else if (n->words == 2 && is_word(sc, t, "or")) {
			n->words = 1; /* OR REPLACE: look at the word after it again */
			n->routine = false;
		} else if (n->words == 2 && is_word(sc, t, "replace")) {
			n->words = 1;
		} else if (n->words == 2) {
			n->routine = is_word(sc, t, "function") || is_word(sc, t, "procedure");
			n->words = 4;
		}
	}
	if (n->begin_pending && is_word(sc, t, "atomic")) {
		n->atomic++;
	} else if (n->atomic > 0 && is_word(sc, t, "case")) {
		n->atomic++;
	} else if (n->atomic > 0 && is_word(sc, t, "end")) {
		n->atomic--;
	}
	n->begin_pending = n->routine && n->atomic == 0 && is_word(sc, t, "begin");
}

/* One more statement in *out (grown as needed); false when there is no room or no memory. */
static bool add_statement(altair_pgsql_statement **out, size_t *count, size_t *capacity, const altair_pgsql_statement *st)
{
	if (*count == *capacity) {
		size_t grown = *capacity ? 2 * *capacity : 8;
		altair_pgsql_statement *more = *count >= ALTAIR_PGSQL_MAX_STATEMENTS ? NULL : realloc(*out, grown * sizeof(**out));
		if (!more) {
			return false;
		}
		*out = more;
		*capacity = grown;
	}
	(*out)[(*count)++] = *st;
	return true;
}

size_t altair_pgsql_lexer_split(const char *text, size_t length, const altair_pgsql_lexing *lexing, altair_pgsql_statement **out,
	altair_pgsql_syntax_error *error)
{
	scanner sc = {.s = (const unsigned char *) text, .length = length, .pos = 0, .lexing = lexing};
	size_t count = 0, capacity = 0, start = 0;
	*out = NULL;
	error->message[0] = '\0';
	error->position = 0;
	nesting n = {0};
	size_t nested[64];
	bool nested_atomic[64];
	size_t nested_count = 0;
	for (;;) {
		token t = next_token(&sc);
		bool last = t.type == TOK_END;
		if (t.type == TOK_SEMI && (n.parens > 0 || n.atomic > 0)) {
			if (nested_count < 64) {
				nested_atomic[nested_count] = n.atomic > 0;
				nested[nested_count++] = t.end;
			}
			continue;
		}
		if (t.type != TOK_SEMI && !last) {
			track(&sc, t, &n);
			continue;
		}
		size_t end = last ? length : t.start;
		altair_pgsql_statement st;
		while (start < end && is_space((unsigned char) text[start])) {
			start++;
		}
		while (end > start && is_space((unsigned char) text[end - 1])) {
			end--;
		}
		st.start = start;
		st.end = end;
		classify(text, start, end, lexing, &st);
		for (size_t i = 0; i < nested_count && st.kind != ALTAIR_PGSQL_REFUSED; i++) {
			size_t piece_end = i + 1 < nested_count ? nested[i + 1] - 1 : end;
			check_nested(text, nested[i], piece_end, lexing, nested_atomic[i], &st);
		}
		if (nested_count == 64) {
			refuse(&st, "a statement nested this deeply");
		}
		if (st.kind != ALTAIR_PGSQL_EMPTY && !add_statement(out, &count, &capacity, &st)) {
			snprintf(error->message, sizeof(error->message), "altair_eval: more than %d statements in one query", ALTAIR_PGSQL_MAX_STATEMENTS);
			free(*out);
			*out = NULL;
			return 0;
		}
		if (last) {
			return count;
		}
		start = t.end;
		n = (nesting) {0};
		nested_count = 0;
	}
}
