/*
 * EvalResult effects (docs/ARCHITECTURE.md, "Effects"): the guest's list (its effects frame:
 * what the app's recording transports saw, guest/effects.c) and the host's own account of the
 * connections it refused the child (runner/intercept.c), merged in the order of their times (both
 * stamped with CLOCK_MONOTONIC, which the child shares with the host), then capped at
 * ALTAIR_EVAL_EFFECTS_MAX with a last {truncated: true}.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "../php_altair_eval.h"
#include "internal.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>

static uint64_t now_ns(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint64_t) now.tv_sec * 1000000000u + (uint64_t) now.tv_nsec;
}

/* "10.0.0.5:443", "[2001:db8::1]:443", "unix:/run/x.sock" (unnamed and abstract sockets, which
 * no database has, as "unix:" and "unix:@name"). */
static void shown(char *into, size_t size, const struct sockaddr_storage *address, size_t length)
{
	char host[INET6_ADDRSTRLEN];

	switch (address->ss_family) {
		case AF_INET: {
			const struct sockaddr_in *v4 = (const struct sockaddr_in *) address;
			inet_ntop(AF_INET, &v4->sin_addr, host, sizeof(host));
			snprintf(into, size, "%s:%u", host, (unsigned) ntohs(v4->sin_port));
			return;
		}
		case AF_INET6: {
			const struct sockaddr_in6 *v6 = (const struct sockaddr_in6 *) address;
			inet_ntop(AF_INET6, &v6->sin6_addr, host, sizeof(host));
			snprintf(into, size, "[%s]:%u", host, (unsigned) ntohs(v6->sin6_port));
			return;
		}
		case AF_UNIX: {
			const struct sockaddr_un *un = (const struct sockaddr_un *) address;
			size_t path = length > offsetof(struct sockaddr_un, sun_path) ? length - offsetof(struct sockaddr_un, sun_path) : 0;
			path = MIN(path, sizeof(un->sun_path));
			if (path > 0 && un->sun_path[0] == '\0') {
				snprintf(into, size, "unix:@%.*s", (int) MIN(path - 1, size), un->sun_path + 1);
			} else {
				snprintf(into, size, "unix:%.*s", (int) strnlen(un->sun_path, path), un->sun_path);
			}
			return;
		}
		default:
			snprintf(into, size, "family %u", (unsigned) address->ss_family);
	}
}

void altair_eval_effects_blocked(altair_eval_blocked *blocked, const struct sockaddr_storage *address, size_t length)
{
	if (blocked->count >= ALTAIR_EVAL_BLOCKED_MAX) {
		blocked->truncated = true;
		return;
	}
	blocked->list[blocked->count].at_ns = now_ns();
	shown(blocked->list[blocked->count].address, sizeof(blocked->list[0].address), address, length);
	blocked->count++;
}

/* An entry of the guest's list, checked: an array with a string kind and its time. */
static zval *guest_entry(HashTable *list, uint32_t *position, uint64_t *at)
{
	zval *entry, *kind, *stamp;

	while ((entry = zend_hash_index_find(list, *position)) != NULL) {
		(*position)++;
		if (Z_TYPE_P(entry) == IS_ARRAY && (kind = zend_hash_str_find(Z_ARRVAL_P(entry), "kind", strlen("kind")))
			&& Z_TYPE_P(kind) == IS_STRING
			&& (stamp = zend_hash_str_find(Z_ARRVAL_P(entry), "at_ns", strlen("at_ns"))) && Z_TYPE_P(stamp) == IS_LONG) {
			*at = (uint64_t) Z_LVAL_P(stamp);
			return entry;
		}
	}
	return NULL;
}

static void add_guest(zval *out, zval *entry)
{
	zval copy;

	ZVAL_DUP(&copy, entry);
	zend_hash_str_del(Z_ARRVAL(copy), "at_ns", strlen("at_ns"));
	add_next_index_zval(out, &copy);
}

static void add_blocked(zval *out, const char *address)
{
	zval entry;

	array_init(&entry);
	add_assoc_string(&entry, "kind", "blocked");
	add_assoc_string(&entry, "call", "connect");
	add_assoc_string(&entry, "address", address);
	add_next_index_zval(out, &entry);
}

void altair_eval_effects_build(zval *out, const altair_eval_outcome *outcome, const altair_eval_report *report)
{
	HashTable *list = NULL;
	zval *given, *omitted, *entry;
	uint32_t position = 0;
	uint64_t at = 0;
	size_t blocked = 0;
	bool truncated = outcome->blocked.truncated;

	array_init(out);
	if (!report->forged && !Z_ISUNDEF(report->effects)) {
		given = zend_hash_str_find(Z_ARRVAL(report->effects), "list", strlen("list"));
		list = given && Z_TYPE_P(given) == IS_ARRAY ? Z_ARRVAL_P(given) : NULL;
		omitted = zend_hash_str_find(Z_ARRVAL(report->effects), "omitted", strlen("omitted"));
		truncated = truncated || (omitted && Z_TYPE_P(omitted) == IS_LONG && Z_LVAL_P(omitted) > 0);
	}
	entry = list ? guest_entry(list, &position, &at) : NULL;
	while (entry || blocked < outcome->blocked.count) {
		if (zend_hash_num_elements(Z_ARRVAL_P(out)) >= ALTAIR_EVAL_EFFECTS_MAX) {
			truncated = true;
			break;
		}
		if (entry && (blocked == outcome->blocked.count || at <= outcome->blocked.list[blocked].at_ns)) {
			add_guest(out, entry);
			entry = guest_entry(list, &position, &at);
		} else {
			add_blocked(out, outcome->blocked.list[blocked++].address);
		}
	}
	if (truncated) {
		zval marker;
		array_init(&marker);
		add_assoc_bool(&marker, "truncated", true);
		add_next_index_zval(out, &marker);
	}
}
