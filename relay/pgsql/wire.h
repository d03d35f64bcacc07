/*
 * PostgreSQL's frontend/backend protocol 3.0 for the relay (docs/ARCHITECTURE.md, "The database
 * relay"): framing of whole messages from a byte buffer, the messages the relay writes itself
 * (errors, notices, command tags, ReadyForQuery, its own Query and extended-protocol statements),
 * the startup packet's parameters by allowlist, and the fields the relay reads (error text, Bind
 * parameters as JSON). Plain C, no Zend API.
 */
#ifndef ALTAIR_RELAY_PGSQL_WIRE_H
#define ALTAIR_RELAY_PGSQL_WIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../buf.h"

/* PostgreSQL's own limit on a message (1 GB); the startup packet's is 10,000 bytes. */
#define ALTAIR_PGSQL_MAX_MESSAGE 0x3fffffffu
#define ALTAIR_PGSQL_MAX_STARTUP 10000u
#define ALTAIR_PGSQL_SSL_REQUEST 80877103u
#define ALTAIR_PGSQL_GSSENC_REQUEST 80877104u
#define ALTAIR_PGSQL_CANCEL_REQUEST 80877102u
/* A bound parameter is shown up to this many bytes in the queries report. */
#define ALTAIR_PGSQL_PARAM_SHOWN 1024u

typedef struct {
	unsigned char type; /* 0 for a startup-phase packet */
	const unsigned char *body; /* after the length word */
	size_t length; /* of body */
	size_t total; /* bytes the message takes in the stream */
} altair_pgsql_message;

typedef enum { ALTAIR_PGSQL_INCOMPLETE = 0, ALTAIR_PGSQL_MESSAGE, ALTAIR_PGSQL_INVALID } altair_pgsql_frame;

/* One whole message at the start of data (startup: a packet with no type byte). */
altair_pgsql_frame altair_pgsql_next(const unsigned char *data, size_t available, bool startup, altair_pgsql_message *out);

uint32_t altair_pgsql_u32(const unsigned char *p);

/* A NUL-terminated string at *offset in the body; advances past it; NULL when it runs off. */
const char *altair_pgsql_cstring(const altair_pgsql_message *m, size_t *offset);

void altair_pgsql_put(altair_relay_buf *buf, unsigned char type, const void *body, size_t length);
/* ErrorResponse ('E') or NoticeResponse ('N') with severity, SQLSTATE and message. */
void altair_pgsql_put_error(altair_relay_buf *buf, unsigned char type, const char *severity, const char *sqlstate, const char *message);
/* An ErrorResponse passed on with its position ('P') moved back by shift characters (the relay's
 * SQL in front of or instead of the client's); a position outside the client's text is dropped.
 * append, when not NULL, is added to its message ('M'). */
void altair_pgsql_put_error_shifted(altair_relay_buf *buf, const altair_pgsql_message *m, long shift, const char *append);
/* Characters in UTF-8 bytes (continuation bytes not counted). */
long altair_pgsql_characters(const unsigned char *bytes, size_t length);
void altair_pgsql_put_complete(altair_relay_buf *buf, const char *tag);
void altair_pgsql_put_ready(altair_relay_buf *buf, char status);
void altair_pgsql_put_query(altair_relay_buf *buf, const char *sql, size_t length);
/* Runs sql through the extended protocol under a name of the relay's own (never the client's
 * unnamed statement or portal): Close, Close, Parse, Bind, Execute; five replies. */
void altair_pgsql_put_internal(altair_relay_buf *buf, const char *sql);
#define ALTAIR_PGSQL_INTERNAL_REPLIES "3312C"
void altair_pgsql_put_sync(altair_relay_buf *buf);
/* One statement alone, as the server must read it: Parse (the unnamed statement), Bind (the unnamed
 * portal), Describe, Execute (every row), Sync. The server refuses a text of more than one statement
 * there ("cannot insert multiple commands into a prepared statement"). Replies: 1, 2, T or n, the
 * rows, C (or I, or a COPY), Z. */
void altair_pgsql_put_statement(altair_relay_buf *buf, const char *sql, size_t length);
/* An ErrorResponse ERROR with SQLSTATE, message and, when not NULL, its position ('P'). */
void altair_pgsql_put_error_at(altair_relay_buf *buf, const char *sqlstate, const char *message, const char *position);

/* The 'M' (message) or 'C' (SQLSTATE) field of an ErrorResponse body, or NULL. */
const char *altair_pgsql_error_field(const altair_pgsql_message *m, char field, size_t *length);

/* The rows a command tag counts ("SELECT 3", "INSERT 0 2"...), or -1. */
int64_t altair_pgsql_tag_rows(const unsigned char *tag, size_t length);

/* A StartupMessage body rebuilt with only the allowed parameters (options' -c settings included
 * when allowed), then extra's (name, value, …, NULL); false when the packet is malformed. */
bool altair_pgsql_filter_startup(const altair_pgsql_message *m, const char *const *extra, altair_relay_buf *out);
/* The next (name, value) of a startup packet as altair_pgsql_filter_startup wrote it (its length
 * word first), from *offset (0 at the start); false past the last. */
bool altair_pgsql_startup_parameter(const unsigned char *packet, size_t length, size_t *offset, const char **name, const char **value);

/* Bind's parameter values as a JSON array (text as strings, binary as "\\x..." hex, NULL as
 * null) appended to out; the portal and statement names in *portal / *statement. False when
 * malformed. */
bool altair_pgsql_bind_params(const altair_pgsql_message *m, const char **portal, const char **statement, altair_relay_buf *out);

#endif
