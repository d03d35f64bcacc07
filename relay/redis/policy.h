/*
 * What the Redis relay lets through in read-only and rollback modes (docs/ARCHITECTURE.md, "The
 * database relay"): a command passes when the server itself flags it read-only (learned with
 * COMMAND INFO, cached per session), or when it only sets up the connection (a short allowlist
 * below). There is no hand-written list of write commands. Plain C, no Zend API.
 */
#ifndef ALTAIR_RELAY_REDIS_POLICY_H
#define ALTAIR_RELAY_REDIS_POLICY_H

#include <stdbool.h>
#include <stddef.h>

#include "resp.h"

/* A command or "container|subcommand" name as the cache keys it: lower case, at most this long.
 * Redis's longest command name is far shorter; a longer word is never a command. */
#define ALTAIR_REDIS_NAME_MAX 63
/* Slots of one session's flag cache: Redis 7 has about 400 commands and subcommands. */
#define ALTAIR_REDIS_FLAG_SLOTS 2048

typedef struct altair_redis_flags altair_redis_flags;

altair_redis_flags *altair_redis_flags_new(void);
void altair_redis_flags_free(altair_redis_flags *flags);

typedef enum {
	ALTAIR_REDIS_LEARNED = 0,
	ALTAIR_REDIS_LEARN_SERVER_ERROR, /* the reply is an error: the server's own words are in it */
	ALTAIR_REDIS_LEARN_MALFORMED,
} altair_redis_learn_result;

/* Stores what a COMMAND INFO (or COMMAND) reply says about each command and subcommand. asked is
 * the name asked for (lower case), or NULL when the whole table was asked: a null entry then marks
 * that name as no command at all. */
altair_redis_learn_result altair_redis_flags_learn(altair_redis_flags *flags, const unsigned char *reply, size_t length,
	const char *asked);

typedef enum {
	ALTAIR_REDIS_PASS = 0, /* read-only by the server's flags, or a connection command */
	ALTAIR_REDIS_REFUSE, /* a write, an admin command, or no command the server knows */
	ALTAIR_REDIS_ASK, /* unknown yet: ask the server (COMMAND INFO name) */
} altair_redis_decision;

/* The decision for a command of this session's cache. complete: the whole table is known (an
 * unknown name is then no command). name is the command's lower-case name (at most
 * ALTAIR_REDIS_NAME_MAX bytes); words are the whole command (words[1] is a subcommand). */
altair_redis_decision altair_redis_flags_decide(const altair_redis_flags *flags, const char *name,
	const altair_redis_word *words, size_t count, bool complete);

/* The server listed subcommands for name (CONFIG, OBJECT, CLIENT...): a refusal names both words. */
bool altair_redis_flags_is_container(const altair_redis_flags *flags, const char *name);

/* Commands that only set up or describe the connection and write nothing: pass in every mode. */
bool altair_redis_is_connection_command(const char *name, const altair_redis_word *words, size_t count);

/* A word, lower-cased into out (ALTAIR_REDIS_NAME_MAX + 1 bytes); false when it is longer or
 * holds a NUL byte. */
bool altair_redis_lower_name(const altair_redis_word *word, char *out);

#endif
