/*
 * What the Redis relay engine says about a command (docs/ARCHITECTURE.md, "The database relay"):
 * the text it reports to on_query (the words, space-joined, secrets masked) and the refusal the
 * client reads. Plain C, no Zend API.
 */
#ifndef ALTAIR_RELAY_REDIS_REPORT_H
#define ALTAIR_RELAY_REDIS_REPORT_H

#include <stddef.h>

#include "../engine.h"
#include "resp.h"

/* The reported text of one command is cut past this many bytes (then ends with "..."). */
#define ALTAIR_REDIS_QUERY_TEXT_MAX 1024
/* What a masked word reads as: AUTH's and HELLO's credentials, MIGRATE's, a password in CONFIG SET
 * or ACL SETUSER. */
#define ALTAIR_REDIS_MASK "***"

/* The command's words space-joined with its secrets masked, into out (ALTAIR_REDIS_QUERY_TEXT_MAX
 * + 4 bytes); returns the length. */
size_t altair_redis_query_text(const altair_redis_word *words, size_t count, char *out);

/* The refusal of a command as an error reply ("-altair_eval: SET refused: ...\r\n") into out;
 * returns the length. subcommand: name the second word too (CONFIG SET). */
size_t altair_redis_refusal(const altair_redis_word *words, size_t count, int subcommand, altair_relay_mode mode,
	char *out, size_t size);

#endif
