/* See packet.h. */
#include "packet.h"

#include <string.h>

bool altair_mysql_packet_next(const unsigned char *bytes, size_t length, altair_mysql_packet *packet)
{
	if (length < ALTAIR_MYSQL_HEADER) {
		return false;
	}
	size_t payload = (size_t) bytes[0] | ((size_t) bytes[1] << 8) | ((size_t) bytes[2] << 16);
	if (length - ALTAIR_MYSQL_HEADER < payload) {
		return false;
	}
	packet->size = ALTAIR_MYSQL_HEADER + payload;
	packet->payload = bytes + ALTAIR_MYSQL_HEADER;
	packet->length = payload;
	packet->sequence = bytes[3];
	return true;
}

bool altair_mysql_message_next(const unsigned char *bytes, size_t length, size_t *size, size_t *payload_length)
{
	size_t at = 0, total = 0;
	altair_mysql_packet packet;
	for (;;) {
		if (!altair_mysql_packet_next(bytes + at, length - at, &packet)) {
			return false;
		}
		at += packet.size;
		total += packet.length;
		if (packet.length < ALTAIR_MYSQL_PAYLOAD_MAX) {
			*size = at;
			*payload_length = total;
			return true;
		}
	}
}

void altair_mysql_message_join(const unsigned char *bytes, size_t size, unsigned char *out)
{
	size_t at = 0;
	altair_mysql_packet packet;
	while (at < size && altair_mysql_packet_next(bytes + at, size - at, &packet)) {
		memcpy(out, packet.payload, packet.length);
		out += packet.length;
		at += packet.size;
	}
}

bool altair_mysql_lenenc(const unsigned char *bytes, size_t length, size_t *at, uint64_t *value)
{
	if (*at >= length) {
		return false;
	}
	unsigned char first = bytes[*at];
	size_t width;
	if (first < 0xfb) {
		*value = first;
		*at += 1;
		return true;
	}
	if (first == 0xfc) {
		width = 2;
	} else if (first == 0xfd) {
		width = 3;
	} else if (first == 0xfe) {
		width = 8;
	} else {
		return false; /* 0xfb: NULL; 0xff: an error marker */
	}
	if (length - *at - 1 < width) {
		return false;
	}
	uint64_t v = 0;
	for (size_t i = 0; i < width; i++) {
		v |= (uint64_t) bytes[*at + 1 + i] << (8 * i);
	}
	*value = v;
	*at += 1 + width;
	return true;
}

bool altair_mysql_is_eof(const unsigned char *payload, size_t length)
{
	return length > 0 && length < 9 && payload[0] == 0xfe;
}

size_t altair_mysql_status_offset(const unsigned char *payload, size_t length)
{
	if (altair_mysql_is_eof(payload, length)) {
		return length >= 5 ? 3 : 0;
	}
	if (length == 0 || payload[0] != 0x00) {
		return 0;
	}
	size_t at = 1;
	uint64_t ignored;
	if (!altair_mysql_lenenc(payload, length, &at, &ignored) || !altair_mysql_lenenc(payload, length, &at, &ignored)) {
		return 0;
	}
	return length - at >= 2 ? at : 0;
}

bool altair_mysql_append_packet(altair_relay_buf *out, uint8_t sequence, const void *payload, size_t length)
{
	const unsigned char *bytes = payload;
	do {
		size_t chunk = length < ALTAIR_MYSQL_PAYLOAD_MAX ? length : ALTAIR_MYSQL_PAYLOAD_MAX;
		unsigned char header[ALTAIR_MYSQL_HEADER] = {
			(unsigned char) (chunk & 0xff), (unsigned char) ((chunk >> 8) & 0xff), (unsigned char) ((chunk >> 16) & 0xff),
			sequence++};
		if (!altair_relay_buf_append(out, header, sizeof(header)) || !altair_relay_buf_append(out, bytes, chunk)) {
			return false;
		}
		bytes += chunk;
		length -= chunk;
		if (chunk < ALTAIR_MYSQL_PAYLOAD_MAX) {
			return true;
		}
	} while (true);
}

bool altair_mysql_append_ok(altair_relay_buf *out, uint8_t sequence, uint16_t status)
{
	unsigned char ok[7] = {0x00, 0x00, 0x00, 0, 0, 0x00, 0x00};
	altair_mysql_put_u16(ok + 3, status);
	return altair_mysql_append_packet(out, sequence, ok, sizeof(ok));
}

bool altair_mysql_append_error(altair_relay_buf *out, uint8_t sequence, uint16_t code, const char *sqlstate,
	const char *message, size_t message_length)
{
	unsigned char head[9] = {0xff, 0, 0, '#'};
	altair_mysql_put_u16(head + 1, code);
	memcpy(head + 4, sqlstate, 5);
	size_t length = sizeof(head) + message_length;
	unsigned char header[ALTAIR_MYSQL_HEADER] = {
		(unsigned char) (length & 0xff), (unsigned char) ((length >> 8) & 0xff), (unsigned char) ((length >> 16) & 0xff),
		sequence};
	return altair_relay_buf_append(out, header, sizeof(header)) && altair_relay_buf_append(out, head, sizeof(head))
		&& altair_relay_buf_append(out, message, message_length);
}

bool altair_mysql_append_command(altair_relay_buf *out, uint8_t command, const char *text)
{
	size_t length = text ? strlen(text) : 0;
	unsigned char header[ALTAIR_MYSQL_HEADER + 1] = {
		(unsigned char) ((length + 1) & 0xff), (unsigned char) (((length + 1) >> 8) & 0xff), 0, 0, command};
	return altair_relay_buf_append(out, header, sizeof(header)) && altair_relay_buf_append(out, text, length);
}
