/*
 * A growable byte buffer for the database relay (docs/ARCHITECTURE.md, "The database relay"):
 * what one side of a relayed connection has received but not yet handed on. Plain C, no Zend
 * API, so that the protocol engines and their fuzzers build without PHP.
 *
 * Taking bytes off the front costs O(1): data moves forward inside the allocation, and the live
 * bytes are moved back to its start only when the room in front is at least as large as they are
 * (so each byte is moved at most once per time it is appended, however many messages a backlog
 * holds: a client that pipelines 2,000,000 Redis commands no longer moves its whole backlog once
 * per command).
 */
#ifndef ALTAIR_RELAY_BUF_H
#define ALTAIR_RELAY_BUF_H

#include <stdbool.h>
#include <stddef.h>

typedef struct altair_relay_buf {
	unsigned char *data;  /* the first live byte (inside the allocation, base) */
	size_t length;        /* live bytes from data */
	size_t capacity;      /* the allocation's size, from base */
	bool failed;          /* an allocation failed: the connection must be closed */
	unsigned char *base;  /* the allocation (data - base bytes were consumed) */
} altair_relay_buf;

/* Appends; on allocation failure sets failed and returns false (the buffer keeps what it had). */
bool altair_relay_buf_append(altair_relay_buf *buf, const void *bytes, size_t length);
/* Drops the first length bytes (all of them when length >= buf->length). */
void altair_relay_buf_consume(altair_relay_buf *buf, size_t length);
void altair_relay_buf_reset(altair_relay_buf *buf);
void altair_relay_buf_free(altair_relay_buf *buf);
/* The bytes as one malloc'd block the caller frees (NULL when empty); the buffer is left empty. */
unsigned char *altair_relay_buf_take(altair_relay_buf *buf, size_t *length);

#endif
