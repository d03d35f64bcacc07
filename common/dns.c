/* See dns.h. RFC 1035 sections 4.1.1 (header), 4.1.2 (question), 4.1.3 (resource record). */
#include "dns.h"

#include <string.h>

#define DNS_HEADER_BYTES 12
#define DNS_FLAG_QR 0x8000u
#define DNS_FLAG_RD 0x0100u
#define DNS_FLAG_RA 0x0080u
#define DNS_OPCODE(flags) (((flags) >> 11) & 0xfu)
#define DNS_LABEL_MAX 63
#define DNS_TYPE_A 1
#define DNS_CLASS_IN 1
#define DNS_POINTER_TO_QUESTION 0xc00cu

enum { DNS_NOERROR = 0, DNS_FORMERR = 1, DNS_NXDOMAIN = 3, DNS_NOTIMP = 4, DNS_REFUSED = 5 };

static uint16_t get16(const uint8_t *p)
{
	return (uint16_t) ((p[0] << 8) | p[1]);
}

static uint8_t *put16(uint8_t *p, uint16_t value)
{
	p[0] = (uint8_t) (value >> 8);
	p[1] = (uint8_t) value;
	return p + 2;
}

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char) (c - 'A' + 'a') : c;
}

/* The question's name (labels from qname, ending with its root label) against a dotted name,
 * label by label, ASCII case ignored, a final dot of the declared name ignored. */
static bool name_matches(const uint8_t *qname, const char *declared)
{
	const char *part = declared;

	for (;;) {
		size_t label = *qname++;
		const char *dot = strchr(part, '.');
		size_t part_length = dot ? (size_t) (dot - part) : strlen(part);

		if (label == 0) {
			return part_length == 0 && (!dot || dot[1] == '\0');
		}
		if (part_length != label) {
			return false;
		}
		for (size_t i = 0; i < label; i++) {
			if (lower((char) qname[i]) != lower(part[i])) {
				return false;
			}
		}
		qname += label;
		if (!dot) {
			return *qname == 0;
		}
		part = dot + 1;
	}
}

/* The length of the question's name on the wire (labels and the root label), or 0 when it is not
 * a plain name inside the message (a compression pointer, a label over 63 bytes, past 255). */
static size_t name_length(const uint8_t *at, const uint8_t *end)
{
	const uint8_t *p = at;

	while (p < end) {
		uint8_t label = *p;
		if (label == 0) {
			return (size_t) (p + 1 - at) <= ALTAIR_EVAL_DNS_NAME_MAX ? (size_t) (p + 1 - at) : 0;
		}
		if (label > DNS_LABEL_MAX || (size_t) (end - p) <= label) {
			return 0;
		}
		p += 1 + label;
	}
	return 0;
}

/* A header-only answer: the query's id and recursion wish, this code, no question. */
static size_t answer_header_only(const uint8_t *query, uint16_t flags, unsigned code, uint8_t *out, size_t out_size)
{
	uint8_t *p = out;

	if (out_size < DNS_HEADER_BYTES) {
		return 0;
	}
	memcpy(p, query, 2);
	p = put16(p + 2, (uint16_t) (DNS_FLAG_QR | (flags & (0xfu << 11)) | (flags & DNS_FLAG_RD) | DNS_FLAG_RA | code));
	memset(p, 0, 8);
	return DNS_HEADER_BYTES;
}

size_t altair_eval_dns_answer(const uint8_t *query, size_t length, const altair_eval_dns_name *names, size_t name_count,
	uint8_t *out, size_t out_size)
{
	const uint8_t *end = query + length;
	const altair_eval_dns_name *found = NULL;
	size_t qname, question, answer;
	uint16_t flags, type, klass;
	unsigned code;
	uint8_t *p;

	if (length < DNS_HEADER_BYTES || length > ALTAIR_EVAL_DNS_MESSAGE_MAX) {
		return 0;
	}
	flags = get16(query + 2);
	if (flags & DNS_FLAG_QR) {
		return 0;
	}
	if (DNS_OPCODE(flags) != 0) {
		return answer_header_only(query, flags, DNS_NOTIMP, out, out_size);
	}
	if (get16(query + 4) != 1 || (qname = name_length(query + DNS_HEADER_BYTES, end)) == 0
		|| (size_t) (end - (query + DNS_HEADER_BYTES)) < qname + 4) {
		return answer_header_only(query, flags, DNS_FORMERR, out, out_size);
	}
	type = get16(query + DNS_HEADER_BYTES + qname);
	klass = get16(query + DNS_HEADER_BYTES + qname + 2);
	if (klass != DNS_CLASS_IN) {
		return answer_header_only(query, flags, DNS_REFUSED, out, out_size);
	}
	for (size_t i = 0; i < name_count && !found; i++) {
		if (names[i].name && name_matches(query + DNS_HEADER_BYTES, names[i].name)) {
			found = &names[i];
		}
	}
	code = found ? DNS_NOERROR : DNS_NXDOMAIN;
	question = qname + 4;
	answer = found && type == DNS_TYPE_A ? 2 + 2 + 2 + 4 + 2 + 4 : 0;
	if (out_size < DNS_HEADER_BYTES + question + answer) {
		return 0;
	}
	p = out;
	memcpy(p, query, 2);
	p = put16(p + 2, (uint16_t) (DNS_FLAG_QR | (flags & DNS_FLAG_RD) | DNS_FLAG_RA | code));
	p = put16(p, 1);
	p = put16(p, answer ? 1 : 0);
	p = put16(p, 0);
	p = put16(p, 0);
	memcpy(p, query + DNS_HEADER_BYTES, question);
	p += question;
	if (answer) {
		p = put16(p, DNS_POINTER_TO_QUESTION);
		p = put16(p, DNS_TYPE_A);
		p = put16(p, DNS_CLASS_IN);
		p = put16(p, (uint16_t) (ALTAIR_EVAL_DNS_TTL >> 16));
		p = put16(p, (uint16_t) ALTAIR_EVAL_DNS_TTL);
		p = put16(p, 4);
		memcpy(p, found->address, 4);
		p += 4;
	}
	return (size_t) (p - out);
}
