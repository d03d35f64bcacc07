/*
 * Which MySQL / MariaDB statements may pass the relay in read-only and rollback modes
 * (docs/ARCHITECTURE.md, "The database relay"; docs/relay.md, "MySQL"). Plain C over a byte
 * buffer, no allocation: the text is hostile input.
 *
 * An allowlist over MySQL's lexical rules: `--`, `#` and C comments, executable comments
 * (`/\*! … *\/`, `/\*!50700 … *\/`, `/\*M! … *\/`) whose contents are code, quotes with backslash
 * escapes and doubled quotes, backticks. The relay cannot know the session's sql_mode
 * (NO_BACKSLASH_ESCAPES, ANSI_QUOTES) nor which versioned comments the server runs, so a statement
 * is read under each of those readings and passes only when every reading gives the same answer.
 */
#ifndef ALTAIR_RELAY_MYSQL_CLASSIFY_H
#define ALTAIR_RELAY_MYSQL_CLASSIFY_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
	ALTAIR_MYSQL_PASS = 0,         /* forwarded as it is */
	ALTAIR_MYSQL_BEGIN,            /* BEGIN, START TRANSACTION: becomes a savepoint */
	ALTAIR_MYSQL_COMMIT,           /* COMMIT: releases the savepoint */
	ALTAIR_MYSQL_COMMIT_CHAIN,     /* COMMIT AND CHAIN */
	ALTAIR_MYSQL_ROLLBACK,         /* ROLLBACK (not TO SAVEPOINT): back to the savepoint */
	ALTAIR_MYSQL_ROLLBACK_CHAIN,   /* ROLLBACK AND CHAIN */
	ALTAIR_MYSQL_AUTOCOMMIT_ON,    /* SET autocommit = 1, alone */
	ALTAIR_MYSQL_AUTOCOMMIT_OFF,   /* SET autocommit = 0, alone */
	/* SET TRANSACTION ISOLATION LEVEL … / READ ONLY: the next transaction's characteristics; the
	 * client's next transaction is a savepoint of the guard, which keeps its own (the relay answers
	 * OK; the server would refuse it inside a transaction) */
	ALTAIR_MYSQL_NEXT_TRANSACTION,
	ALTAIR_MYSQL_REFUSE,
} altair_mysql_action;

#define ALTAIR_MYSQL_KIND_MAX 96

typedef struct {
	altair_mysql_action action;
	/* For a refusal: what the statement is, as the refusal names it ("DROP", "SET GLOBAL", "CALL"). */
	char kind[ALTAIR_MYSQL_KIND_MAX];
} altair_mysql_verdict;

void altair_mysql_classify(const char *text, size_t length, altair_mysql_verdict *verdict);

/* Whether a character set (by the collation id of the handshake) leaves every byte below 0x80 a
 * character of its own, so that a backslash or a quote is never the tail of a multi-byte character
 * (big5, sjis, gbk, cp932 and gb18030 are refused). */
bool altair_mysql_charset_id_safe(unsigned id);

#endif
