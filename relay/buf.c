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
	if (buf->length + length > buf->capacity) {
		size_t capacity = buf->capacity ? buf->capacity : 4096;
		while (capacity < buf->length + length) {
			capacity *= 2;
		}
		unsigned char *grown = realloc(buf->data, capacity);
		if (!grown) {
			buf->failed = true;
			return false;
		}
		buf->data = grown;
		buf->capacity = capacity;
	}
	memcpy(buf->data + buf->length, bytes, length);
	buf->length += length;
	return true;
}

void altair_relay_buf_consume(altair_relay_buf *buf, size_t length)
{
	if (length >= buf->length) {
		buf->length = 0;
		return;
	}
	memmove(buf->data, buf->data + length, buf->length - length);
	buf->length -= length;
}

void altair_relay_buf_reset(altair_relay_buf *buf)
{
	buf->length = 0;
}

void altair_relay_buf_free(altair_relay_buf *buf)
{
	free(buf->data);
	buf->data = NULL;
	buf->length = buf->capacity = 0;
	buf->failed = false;
}
