/*
 * The subset of PHP's serialize() format the server's client needs (php/src/Serve/Wire.php): it
 * writes arrays of strings and ints, and reads one array whose values it knows by key. The reader
 * is a bounded parser over a byte buffer: never past `length`, nested arrays skipped up to a depth.
 */
#ifndef ALTAIR_CLIENT_WIRE_H
#define ALTAIR_CLIENT_WIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

typedef struct {
	char *data;
	size_t length;
	size_t size;
	bool failed; /* out of memory: nothing more is appended */
} altair_client_buffer;

void altair_client_buffer_append(altair_client_buffer *buffer, const char *data, size_t length);
void altair_client_put_array(altair_client_buffer *buffer, size_t count);
void altair_client_put_end(altair_client_buffer *buffer);
void altair_client_put_string(altair_client_buffer *buffer, const char *data, size_t length);
void altair_client_put_int(altair_client_buffer *buffer, long value);
#define altair_client_put_key(buffer, name) altair_client_put_string((buffer), (name), strlen(name))
#define altair_client_put_index(buffer, index) altair_client_put_int((buffer), (long) (index))

/* What a message of the server says; strings point into the parsed buffer. */
typedef struct {
	long protocol;       /* the greeting's; -1 when absent */
	bool has_exit;       /* an answer: exit, stdout, stderr */
	long exit_code;
	const char *out, *err;
	size_t out_length, err_length;
	bool fallback;       /* the server runs nothing: the PHP front-end takes the call */
	const char *message; /* a failure's words */
	size_t message_length;
} altair_client_reply;

/* False when the payload is not one well-formed array (anything after it included). */
bool altair_client_parse(const char *payload, size_t length, altair_client_reply *reply);

#endif
