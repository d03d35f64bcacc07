/*
 * The child's resolver, answered by the host (docs/ARCHITECTURE.md, "The database relay", where
 * the child finds it). A child with no view of its own (a container) cannot be given a hosts file
 * that names the declared databases, and with the network off no query may leave the machine. So
 * its resolver speaks DNS over TCP (RES_OPTIONS=use-vc, runner/argv.c), its connect() to port 53
 * is answered with a connection to the host (runner/intercept.c), and each query gets the answer
 * common/dns.c gives: a declared name its relay address (127.0.0.<n>, which the interception then
 * relays), every other name NXDOMAIN. Served in supervision's poll with the relay's connections.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "../php_altair_eval.h"
#include "internal.h"
#include "relay_internal.h"
#include "../common/dns.h"

#include <arpa/inet.h>
#include <errno.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

/* DNS over TCP: each message behind its length, two bytes, big-endian (RFC 1035, 4.2.2). */
#define RESOLVER_LENGTH_BYTES 2

bool altair_eval_relay_attach_resolver(altair_eval_relay *relay, int client)
{
	for (size_t i = 0; relay && i < ALTAIR_EVAL_RELAY_RESOLVER_MAX; i++) {
		relay_resolver *r = &relay->resolvers[i];
		if (r->fd < 0) {
			memset(r, 0, sizeof(*r));
			r->fd = client;
			return true;
		}
	}
	return false;
}

static void resolver_drop(relay_resolver *r)
{
	if (r->fd >= 0) {
		close(r->fd);
	}
	r->fd = -1;
	altair_relay_buf_free(&r->in);
	altair_relay_buf_free(&r->out);
}

/* The declared names with their relay addresses (runner/databases.c gives the n-th name
 * ALTAIR_EVAL_RELAY_NAME_ADDRESS_FIRST + n). */
static size_t declared_names(const altair_eval_relay *relay, altair_eval_dns_name *names)
{
	size_t count = 0;

	for (size_t i = 0; i < relay->databases->name_count && count < ALTAIR_EVAL_RELAY_MAX_ADDRESSES; i++) {
		char text[INET_ADDRSTRLEN];
		struct in_addr address;

		snprintf(text, sizeof(text), ALTAIR_EVAL_RELAY_NAME_ADDRESS_FORMAT, ALTAIR_EVAL_RELAY_NAME_ADDRESS_FIRST + (int) i);
		if (inet_pton(AF_INET, text, &address) == 1) {
			names[count].name = relay->databases->names[i];
			memcpy(names[count++].address, &address, sizeof(names[0].address));
		}
	}
	return count;
}

/* Every whole query in, answered; false when the connection must end (a message nobody answers). */
static bool resolver_answer(const altair_eval_relay *relay, relay_resolver *r)
{
	altair_eval_dns_name names[ALTAIR_EVAL_RELAY_MAX_ADDRESSES];
	size_t count = declared_names(relay, names);

	while (r->in.length >= RESOLVER_LENGTH_BYTES) {
		size_t length = ((size_t) r->in.data[0] << 8) | r->in.data[1];
		uint8_t answer[RESOLVER_LENGTH_BYTES + 512 + ALTAIR_EVAL_DNS_NAME_MAX];
		size_t answered;

		if (r->in.length < RESOLVER_LENGTH_BYTES + length) {
			return true;
		}
		answered = altair_eval_dns_answer(r->in.data + RESOLVER_LENGTH_BYTES, length, names, count,
			answer + RESOLVER_LENGTH_BYTES, sizeof(answer) - RESOLVER_LENGTH_BYTES);
		altair_relay_buf_consume(&r->in, RESOLVER_LENGTH_BYTES + length);
		if (answered == 0) {
			return false;
		}
		answer[0] = (uint8_t) (answered >> 8);
		answer[1] = (uint8_t) answered;
		if (!altair_relay_buf_append(&r->out, answer, RESOLVER_LENGTH_BYTES + answered)) {
			return false;
		}
	}
	return true;
}

struct pollfd altair_eval_relay_resolver_pollfd(const relay_resolver *r)
{
	return (struct pollfd) { .fd = r->fd, .events = (short) (POLLIN | (r->out.length > 0 ? POLLOUT : 0)) };
}

void altair_eval_relay_resolver_serve(altair_eval_relay *relay, size_t slot, short events)
{
	relay_resolver *r = &relay->resolvers[slot];
	unsigned char bytes[4096];

	if (r->fd < 0) {
		return;
	}
	if (events & (POLLIN | POLLHUP | POLLERR)) {
		ssize_t n = recv(r->fd, bytes, sizeof(bytes), MSG_DONTWAIT);
		if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
			resolver_drop(r);
			return;
		}
		/* A query is at most 64 KiB: more unanswered than two of them is not a resolver. */
		if (n > 0 && (!altair_relay_buf_append(&r->in, bytes, (size_t) n)
				|| r->in.length > 2 * (RESOLVER_LENGTH_BYTES + ALTAIR_EVAL_DNS_MESSAGE_MAX) || !resolver_answer(relay, r))) {
			resolver_drop(r);
			return;
		}
	}
	while (r->out.length > 0) {
		ssize_t n = send(r->fd, r->out.data, r->out.length, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n > 0) {
			altair_relay_buf_consume(&r->out, (size_t) n);
			continue;
		}
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
			return;
		}
		resolver_drop(r);
		return;
	}
}

void altair_eval_relay_resolver_close(altair_eval_relay *relay)
{
	for (size_t i = 0; i < ALTAIR_EVAL_RELAY_RESOLVER_MAX; i++) {
		resolver_drop(&relay->resolvers[i]);
	}
}
