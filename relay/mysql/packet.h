/*
 * MySQL / MariaDB wire protocol: framing and the few packets the relay reads or writes
 * (docs/ARCHITECTURE.md, "The database relay"). Plain C over byte buffers, no Zend API.
 *
 * A packet is a 3-byte little-endian payload length, a sequence number and the payload; a payload
 * of 0xffffff bytes continues in the next packet (one logical message of several packets).
 */
#ifndef ALTAIR_RELAY_MYSQL_PACKET_H
#define ALTAIR_RELAY_MYSQL_PACKET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../buf.h"

#define ALTAIR_MYSQL_HEADER 4
#define ALTAIR_MYSQL_PAYLOAD_MAX 0xffffffu
/* The largest client message (all its packets joined) the relay holds; past it, the connection is
 * closed (the server's own max_allowed_packet is usually far lower). */
#define ALTAIR_MYSQL_MESSAGE_MAX (64u * 1024u * 1024u)

/* Capability flags (the handshake). */
#define ALTAIR_MYSQL_CLIENT_LONG_PASSWORD 0x00000001u /* MariaDB: CLIENT_MYSQL */
#define ALTAIR_MYSQL_CLIENT_CONNECT_WITH_DB 0x00000008u
#define ALTAIR_MYSQL_CLIENT_COMPRESS 0x00000020u
#define ALTAIR_MYSQL_CLIENT_LOCAL_FILES 0x00000080u
#define ALTAIR_MYSQL_CLIENT_PROTOCOL_41 0x00000200u
#define ALTAIR_MYSQL_CLIENT_SSL 0x00000800u
#define ALTAIR_MYSQL_CLIENT_SECURE_CONNECTION 0x00008000u
#define ALTAIR_MYSQL_CLIENT_MULTI_STATEMENTS 0x00010000u
#define ALTAIR_MYSQL_CLIENT_MULTI_RESULTS 0x00020000u
#define ALTAIR_MYSQL_CLIENT_INTERACTIVE 0x00000400u
#define ALTAIR_MYSQL_CLIENT_PLUGIN_AUTH 0x00080000u
#define ALTAIR_MYSQL_CLIENT_CONNECT_ATTRS 0x00100000u
#define ALTAIR_MYSQL_CLIENT_PLUGIN_AUTH_LENENC 0x00200000u
#define ALTAIR_MYSQL_CLIENT_EXPIRED_PASSWORDS 0x00400000u
#define ALTAIR_MYSQL_CLIENT_SESSION_TRACK 0x00800000u
#define ALTAIR_MYSQL_CLIENT_DEPRECATE_EOF 0x01000000u
/* The capabilities a relayed connection may negotiate, whatever the mode: no TLS (the client side
 * is local plaintext), no compression, none of the extensions that change how a command or a
 * result is framed (query attributes, optional metadata, EOF deprecation, multi-factor auth). */
#define ALTAIR_MYSQL_CAPABILITIES_RELAYED 0x00fff7dfu
/* ... and what read-only and rollback modes also take away. */
#define ALTAIR_MYSQL_CAPABILITIES_GUARDED_OFF (ALTAIR_MYSQL_CLIENT_LOCAL_FILES | ALTAIR_MYSQL_CLIENT_MULTI_STATEMENTS)

/* Server status flags (OK and EOF packets). */
#define ALTAIR_MYSQL_STATUS_IN_TRANS 0x0001u
#define ALTAIR_MYSQL_STATUS_AUTOCOMMIT 0x0002u
#define ALTAIR_MYSQL_STATUS_MORE_RESULTS 0x0008u
#define ALTAIR_MYSQL_STATUS_CURSOR_EXISTS 0x0040u
#define ALTAIR_MYSQL_STATUS_IN_TRANS_READONLY 0x2000u

/* Commands (the first byte of a command packet). */
enum {
	ALTAIR_MYSQL_COM_QUIT = 0x01,
	ALTAIR_MYSQL_COM_INIT_DB = 0x02,
	ALTAIR_MYSQL_COM_QUERY = 0x03,
	ALTAIR_MYSQL_COM_FIELD_LIST = 0x04,
	ALTAIR_MYSQL_COM_REFRESH = 0x07,
	ALTAIR_MYSQL_COM_STATISTICS = 0x09,
	ALTAIR_MYSQL_COM_PROCESS_KILL = 0x0c,
	ALTAIR_MYSQL_COM_PING = 0x0e,
	ALTAIR_MYSQL_COM_CHANGE_USER = 0x11,
	ALTAIR_MYSQL_COM_STMT_PREPARE = 0x16,
	ALTAIR_MYSQL_COM_STMT_EXECUTE = 0x17,
	ALTAIR_MYSQL_COM_STMT_SEND_LONG_DATA = 0x18,
	ALTAIR_MYSQL_COM_STMT_CLOSE = 0x19,
	ALTAIR_MYSQL_COM_STMT_RESET = 0x1a,
	ALTAIR_MYSQL_COM_SET_OPTION = 0x1b,
	ALTAIR_MYSQL_COM_STMT_FETCH = 0x1c,
	ALTAIR_MYSQL_COM_RESET_CONNECTION = 0x1f,
};

/* Error codes the relay uses or reads. */
#define ALTAIR_MYSQL_ER_OPTION_PREVENTS_STATEMENT 1290
#define ALTAIR_MYSQL_ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION 1792
#define ALTAIR_MYSQL_ER_XAER_RMFAIL 1399 /* the command cannot be executed in the XA transaction's state */
#define ALTAIR_MYSQL_ER_XAER_OUTSIDE 1400
#define ALTAIR_MYSQL_ER_SECURE_TRANSPORT_REQUIRED 3159
#define ALTAIR_MYSQL_ER_ACCESS_DENIED 1045
#define ALTAIR_MYSQL_ER_NOT_SUPPORTED_YET 1235
#define ALTAIR_MYSQL_ER_NET_PACKET_TOO_LARGE 1153
/* The client library's own code for a failed TLS connection (libmysqlclient's, mysqlnd's). */
#define ALTAIR_MYSQL_CR_SSL_CONNECTION_ERROR 2026

/* One packet found at the start of a buffer. */
typedef struct {
	size_t size; /* header + payload: the bytes to consume */
	const unsigned char *payload;
	size_t length; /* payload length */
	uint8_t sequence;
} altair_mysql_packet;

/* Whether a whole packet starts the buffer (then fills packet). */
bool altair_mysql_packet_next(const unsigned char *bytes, size_t length, altair_mysql_packet *packet);

/* Whether a whole message (a packet and the packets continuing it) starts the buffer; *size gets
 * its bytes on the wire and *payload_length the payloads' total. */
bool altair_mysql_message_next(const unsigned char *bytes, size_t length, size_t *size, size_t *payload_length);
/* Copies a whole message's payloads, joined, into out (payload_length bytes, from message_next). */
void altair_mysql_message_join(const unsigned char *bytes, size_t size, unsigned char *out);

/* A length-encoded integer at bytes[*at]; false when it runs past length (or is the NULL marker). */
bool altair_mysql_lenenc(const unsigned char *bytes, size_t length, size_t *at, uint64_t *value);

/* EOF packet: 0xfe and fewer than 9 bytes. */
bool altair_mysql_is_eof(const unsigned char *payload, size_t length);
/* Where an OK or EOF payload keeps its status flags (offset of 2 bytes), or 0 when it has none. */
size_t altair_mysql_status_offset(const unsigned char *payload, size_t length);

/* Appends a packet (header and payload) to out. */
bool altair_mysql_append_packet(altair_relay_buf *out, uint8_t sequence, const void *payload, size_t length);
/* Appends an OK packet with these status flags. */
bool altair_mysql_append_ok(altair_relay_buf *out, uint8_t sequence, uint16_t status);
/* Appends an ERR packet (protocol 4.1: code, '#', SQLSTATE, message). */
bool altair_mysql_append_error(altair_relay_buf *out, uint8_t sequence, uint16_t code, const char *sqlstate,
	const char *message, size_t message_length);
/* Appends a one-packet command (COM_QUERY text, COM_PING, COM_QUIT: text NULL). */
bool altair_mysql_append_command(altair_relay_buf *out, uint8_t command, const char *text);

static inline uint16_t altair_mysql_u16(const unsigned char *p)
{
	return (uint16_t) (p[0] | (p[1] << 8));
}

static inline uint32_t altair_mysql_u32(const unsigned char *p)
{
	return (uint32_t) p[0] | ((uint32_t) p[1] << 8) | ((uint32_t) p[2] << 16) | ((uint32_t) p[3] << 24);
}

static inline void altair_mysql_put_u16(unsigned char *p, uint16_t value)
{
	p[0] = (unsigned char) (value & 0xff);
	p[1] = (unsigned char) (value >> 8);
}

static inline void altair_mysql_put_u32(unsigned char *p, uint32_t value)
{
	for (int i = 0; i < 4; i++) {
		p[i] = (unsigned char) ((value >> (8 * i)) & 0xff);
	}
}

#endif
