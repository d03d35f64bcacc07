/* See buf.h. */
#include "buf.h"

#include <stdlib.h>
#include <string.h>

bool altair_relay_buf_append(altair_relay_buf *buf, const void *bytes, size_t length)
{
	if (length == 0) {
		return !buf->failed;
	}
	if (buf->failed || length > (size_t) -1 / 2 - buf->length) {
		buf->failed = true;
		return false;
	}
	size_t front = buf->base ? (size_t) (buf->data - buf->base) : 0;
	if (front + buf->length + length > buf->capacity) {
		/* The consumed room in front is reused once it is as large as what is live: the move is
		 * paid for by the bytes consumed since the last one. */
		if (front > 0 && front >= buf->length && buf->length + length <= buf->capacity) {
			memmove(buf->base, buf->data, buf->length);
			buf->data = buf->base;
		} else {
			size_t capacity = buf->capacity ? buf->capacity : 4096;
			while (capacity < front + buf->length + length) {
				capacity *= 2;
			}
			unsigned char *grown = realloc(buf->base, capacity);
			if (!grown) {
				buf->failed = true;
				return false;
			}
			buf->base = grown;
			buf->data = grown + front;
			buf->capacity = capacity;
		}
	}
	memcpy(buf->data + buf->length, bytes, length);
	buf->length += length;
	return true;
}

void altair_relay_buf_consume(altair_relay_buf *buf, size_t length)
{
	if (length >= buf->length) {
		buf->data = buf->base;
		buf->length = 0;
		return;
	}
	buf->data += length;
	buf->length -= length;
}

void altair_relay_buf_reset(altair_relay_buf *buf)
{
	buf->data = buf->base;
	buf->length = 0;
}

void altair_relay_buf_free(altair_relay_buf *buf)
{
	free(buf->base);
	buf->base = buf->data = NULL;
	buf->length = buf->capacity = 0;
	buf->failed = false;
}

unsigned char *altair_relay_buf_take(altair_relay_buf *buf, size_t *length)
{
	unsigned char *bytes = NULL;
	*length = 0;
	if (buf->length > 0) {
		if (buf->data != buf->base) {
			memmove(buf->base, buf->data, buf->length);
		}
		bytes = buf->base;
		*length = buf->length;
		buf->base = buf->data = NULL;
		buf->capacity = 0;
	}
	altair_relay_buf_free(buf);
	return bytes;
}
