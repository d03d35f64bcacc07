/*
 * RESP framing for the Redis relay engine (docs/ARCHITECTURE.md, "The database relay"): whole
 * client requests (multibulk arrays of bulk strings, and inline commands split the way Redis's
 * sdssplitargs does) and whole server replies (RESP2 and RESP3: simple strings, errors, integers,
 * bulk, arrays, nulls, doubles, booleans, big numbers, blob errors, verbatim strings, maps, sets,
 * pushes and attributes). Plain C over a byte buffer, no Zend API; both scanners resume where the
 * last call stopped, so a large value arriving in many reads is scanned once.
 */
#ifndef ALTAIR_RELAY_REDIS_RESP_H
#define ALTAIR_RELAY_REDIS_RESP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Redis's own limits for what a client sends (PROTO_INLINE_MAX_SIZE, INT_MAX arguments and the
 * default proto-max-bulk-len), so that the relay refuses exactly what the server would. */
#define ALTAIR_REDIS_INLINE_MAX (64 * 1024)
#define ALTAIR_REDIS_ARGUMENTS_MAX 2147483647LL
#define ALTAIR_REDIS_BULK_MAX (512LL * 1024 * 1024)
/* What a server reply may declare: a header line's length, an aggregate's element count. */
#define ALTAIR_REDIS_REPLY_LINE_MAX (1024 * 1024)
#define ALTAIR_REDIS_REPLY_AGGREGATE_MAX (1LL << 32)

typedef enum {
	ALTAIR_REDIS_INCOMPLETE = 0,
	ALTAIR_REDIS_COMPLETE,
	ALTAIR_REDIS_INVALID,
} altair_redis_frame;

/* Where the scan of the request at the head of the client's buffer stands. Zero it to start. */
typedef struct {
	size_t position;
	int64_t arguments_left; /* multibulk: bulk strings still to come (0 before the header) */
	int64_t argument_count;
	bool started;
	bool is_inline;
	char error[80]; /* INVALID: the protocol error as Redis words it (no CR/LF) */
} altair_redis_request_scan;

/* Scans the request at the head of buffer; COMPLETE sets *length to its size in bytes. */
altair_redis_frame altair_redis_request_scan_next(altair_redis_request_scan *scan, const unsigned char *buffer,
	size_t available, size_t *length);

typedef struct {
	const unsigned char *data;
	size_t length;
} altair_redis_word;

/* A complete request's words; the storage is reused from one request to the next. */
typedef struct {
	altair_redis_word *words;
	size_t count;
	size_t capacity;
	unsigned char *unescaped; /* inline words, unquoted */
	size_t unescaped_capacity;
} altair_redis_command;

typedef enum {
	ALTAIR_REDIS_WORDS_OK = 0,
	ALTAIR_REDIS_WORDS_NO_MEMORY,
	ALTAIR_REDIS_WORDS_UNBALANCED_QUOTES,
} altair_redis_words_result;

/* The words of the complete request scan just framed (its first length bytes of buffer). */
altair_redis_words_result altair_redis_command_split(altair_redis_command *command, const altair_redis_request_scan *scan,
	const unsigned char *buffer, size_t length);
void altair_redis_command_free(altair_redis_command *command);

/* Where the scan of the reply at the head of the server's buffer stands. Zero it to start. */
typedef struct {
	size_t position;
	uint64_t values_left;
	bool started;
} altair_redis_reply_scan;

altair_redis_frame altair_redis_reply_scan_next(altair_redis_reply_scan *scan, const unsigned char *buffer,
	size_t available, size_t *length);

/* A walk over one complete reply: attributes are skipped, aggregates are entered. */
typedef struct {
	const unsigned char *buffer;
	size_t length;
	size_t position;
} altair_redis_reader;

typedef struct {
	unsigned char type; /* the RESP type byte: '+', '-', ':', '$', '*', '%', '~', '>', '_', ... */
	const unsigned char *data; /* strings, errors, numbers: the payload */
	size_t length;
	int64_t count; /* aggregates: the values that follow (a map's keys and values both); -1: null */
} altair_redis_item;

/* Reads the next value's header (a scalar whole); false at the end or on malformed input. */
bool altair_redis_read(altair_redis_reader *reader, altair_redis_item *item);
/* Skips the next value whole, nested values included. */
bool altair_redis_skip(altair_redis_reader *reader);
/* After altair_redis_read returned an aggregate: skips its count values. */
bool altair_redis_skip_children(altair_redis_reader *reader, const altair_redis_item *aggregate);
/* A string-like item (simple, bulk, verbatim without its "txt:" prefix) equals text, ignoring case. */
bool altair_redis_item_is(const altair_redis_item *item, const char *text);

/* A HELLO reply (a map in RESP3, a flat array of pairs in RESP2): its "version" into out, printable
 * characters only; out is left as it is when the reply names none. */
void altair_redis_hello_version(const unsigned char *reply, size_t length, char *out, size_t size);

#endif
