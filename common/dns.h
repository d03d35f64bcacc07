/*
 * The host's answers to the child's resolver where the child has no view of its own to hold the
 * declared host names (docs/ARCHITECTURE.md, "The database relay", where the child finds it): a
 * container's child asks DNS for `mysql`, over TCP (RES_OPTIONS=use-vc, runner/argv.c), its
 * connect() to port 53 is answered with a connection to the host (runner/intercept.c), and these
 * answers give each declared name its relay address and every other name NXDOMAIN: with the
 * network off nothing else is reachable, and no query leaves the machine.
 *
 * Plain C over a byte buffer, no allocation: the query is hostile input (tests/dns/fuzz).
 */
#ifndef ALTAIR_EVAL_DNS_H
#define ALTAIR_EVAL_DNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One message of DNS over TCP is at most 65535 bytes behind its two-byte length. */
#define ALTAIR_EVAL_DNS_MESSAGE_MAX 65535
/* A name is at most 255 bytes on the wire (RFC 1035, 3.1). */
#define ALTAIR_EVAL_DNS_NAME_MAX 255
/* How long the child's resolver may keep an answer: a name's relay address is the evaluation's. */
#define ALTAIR_EVAL_DNS_TTL 0

typedef struct {
	const char *name;     /* as the app names it, e.g. "mysql" (compared without case, a final dot ignored) */
	uint8_t address[4];   /* the IPv4 address it is given */
} altair_eval_dns_name;

/*
 * The answer to one query message (without the TCP length prefix) into out (at most out_size
 * bytes): an A record for a declared name asked for its A record; no record (NOERROR) for another
 * type of a declared name; NXDOMAIN for any other name; FORMERR for a message that is not one
 * question in the IN class (NOTIMP for another opcode). Returns the answer's length, or 0 when
 * nothing can be answered (shorter than a header, a response, or out too small): the caller then
 * closes the connection, as a server does.
 */
size_t altair_eval_dns_answer(const uint8_t *query, size_t length, const altair_eval_dns_name *names, size_t name_count,
	uint8_t *out, size_t out_size);

#endif
