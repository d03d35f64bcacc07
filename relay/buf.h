/*
 * A growable byte buffer for the database relay (docs/ARCHITECTURE.md, "The database relay"):
 * what one side of a relayed connection has received but not yet handed on. Plain C, no Zend
 * API, so that the protocol engines and their fuzzers build without PHP.
 */
#ifndef ALTAIR_RELAY_BUF_H
#define ALTAIR_RELAY_BUF_H

#include <stdbool.h>
#include <stddef.h>

typedef struct altair_relay_buf {
	unsigned char *data;
	size_t length;
	size_t capacity;
	bool failed; /* an allocation failed: the connection must be closed */
} altair_relay_buf;

/* Appends; on allocation failure sets failed and returns false (the buffer keeps what it had). */
bool altair_relay_buf_append(altair_relay_buf *buf, const void *bytes, size_t length);
/* Drops the first length bytes (all of them when length >= buf->length). */
void altair_relay_buf_consume(altair_relay_buf *buf, size_t length);
void altair_relay_buf_reset(altair_relay_buf *buf);
void altair_relay_buf_free(altair_relay_buf *buf);

#endif
