/*
 * TLS on the legs of a relayed connection (docs/relay.md, "TLS"; relay/tls.h does the records).
 *
 * An engine asks for TLS on a leg when its protocol says so (io->tls_start, after the bytes that
 * go as they are: PostgreSQL's SSLRequest and its 'S', MySQL's SSLRequest packet) and this file
 * starts it: toward the server as a TLS client with the app's own settings (the declaration's CA
 * file or the system's store, the chain and the name checked as its mode says), toward the child
 * as a TLS server presenting the certificate the relay's CA issued for the names this evaluation
 * declares (relay/tls_cert.h). From then on the leg's bytes are records: what is read is
 * decrypted before the engine sees it, what the engine queues is sealed before it is written.
 *
 * The relay's CA, what it issued and the contexts for servers are kept per process (a threaded PHP
 * keeps none: a child that asks for TLS is then refused it, and each server context is made per
 * connection).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "../php_altair_eval.h"
#include "internal.h"
#include "relay_internal.h"
#include "../relay/tls_cert.h"
#include "../common/fdio.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <openssl/x509.h>

/* A CA older than this is replaced (its certificates were valid for ALTAIR_RELAY_TLS_CA_DAYS). */
#define RELAY_TLS_CA_RENEW_SECONDS (24L * 3600L)
#define RELAY_TLS_ISSUED_MAX 4
#define RELAY_TLS_SERVER_CONTEXTS_MAX 8

#ifndef ZTS
static altair_relay_tls_ca *relay_ca;
static struct {
	char names[1024];
	altair_relay_tls_context *context;
	uint64_t used;
} issued[RELAY_TLS_ISSUED_MAX];
static struct {
	char key[900];
	dev_t dev;
	ino_t ino;
	struct timespec mtime;
	altair_relay_tls_context *context;
	uint64_t used;
} server_contexts[RELAY_TLS_SERVER_CONTEXTS_MAX];
static uint64_t relay_tls_uses;

static void forget_issued(void)
{
	for (size_t i = 0; i < RELAY_TLS_ISSUED_MAX; i++) {
		altair_relay_tls_context_free(issued[i].context);
		memset(&issued[i], 0, sizeof(issued[i]));
	}
}
#endif

/* The relay's CA, made on first use and renewed daily; NULL when there is none (a threaded PHP). */
static altair_relay_tls_ca *relay_tls_ca(void)
{
#ifdef ZTS
	return NULL;
#else
	if (relay_ca && time(NULL) - altair_relay_tls_ca_made(relay_ca) > RELAY_TLS_CA_RENEW_SECONDS) {
		forget_issued();
		altair_relay_tls_ca_free(relay_ca);
		relay_ca = NULL;
	}
	if (!relay_ca) {
		relay_ca = altair_relay_tls_ca_new();
	}
	return relay_ca;
#endif
}

const char *altair_eval_relay_tls_ca_pem(size_t *length)
{
	altair_relay_tls_ca *ca = relay_tls_ca();

	*length = 0;
	return ca ? altair_relay_tls_ca_pem(ca, length) : NULL;
}

const char *altair_eval_relay_tls_default_ca(void)
{
	return X509_get_default_cert_file();
}

const char *altair_eval_relay_tls_ca_identity(void)
{
	size_t length;
	const char *pem = altair_eval_relay_tls_ca_pem(&length);

	return pem ? pem : "";
}

/* The host's file at path (its certificates, as the app's driver would read them), appended. */
static bool append_file(int to, const char *path)
{
	char buffer[16384];
	size_t total = 0;
	ssize_t length;
	int from = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	struct stat info;
	bool ok = true;

	if (from < 0) {
		return true; /* none on the host: the relay's CA alone */
	}
	if (fstat(from, &info) != 0 || !S_ISREG(info.st_mode)) {
		close(from);
		return true;
	}
	while (ok && (length = read(from, buffer, sizeof(buffer))) != 0) {
		if (length < 0 && errno == EINTR) {
			continue;
		}
		ok = length > 0 && (total += (size_t) length) <= ALTAIR_EVAL_RELAY_CA_FILE_MAX
			&& altair_eval_fdio_write_all(to, buffer, (size_t) length);
	}
	close(from);
	return ok && altair_eval_fdio_write_all(to, "\n", 1);
}

bool altair_eval_relay_tls_write_ca(const char *paths, const char *dir)
{
	size_t length, n = 0;
	const char *pem = altair_eval_relay_tls_ca_pem(&length);
	bool ok = pem != NULL;

	for (const char *p = paths; ok && p && *p && n < ALTAIR_EVAL_RELAY_CA_MAX; n++) {
		const char *comma = strchr(p, ',');
		size_t size = comma ? (size_t) (comma - p) : strlen(p);
		char source[MAXPATHLEN], target[MAXPATHLEN];
		int to;

		if (size >= sizeof(source)) {
			return false;
		}
		memcpy(source, p, size);
		source[size] = '\0';
		snprintf(target, sizeof(target), ALTAIR_EVAL_RELAY_CA_FORMAT, dir, n);
		to = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
		ok = to >= 0 && append_file(to, source) && altair_eval_fdio_write_all(to, pem, length);
		if (to >= 0 && close(to) != 0) {
			ok = false;
		}
		p = comma ? comma + 1 : NULL;
	}
	return ok;
}

void altair_eval_relay_tls_shutdown(void)
{
#ifndef ZTS
	forget_issued();
	for (size_t i = 0; i < RELAY_TLS_SERVER_CONTEXTS_MAX; i++) {
		altair_relay_tls_context_free(server_contexts[i].context);
		memset(&server_contexts[i], 0, sizeof(server_contexts[i]));
	}
	altair_relay_tls_ca_free(relay_ca);
	relay_ca = NULL;
#endif
}

/* A declaration's server name as the app names it: what its certificate must carry. */
static void server_name(const altair_eval_database *declared, char *out, size_t size)
{
	const char *host = declared->socket[0] || !declared->host[0] ? "localhost" : declared->host;

	snprintf(out, size, "%s", host[0] == '[' ? host + 1 : host);
	if (host[0] == '[' && strlen(out) > 0) {
		out[strlen(out) - 1] = '\0';
	}
}

/* The names a child may reach this evaluation's databases by: each TLS declaration's host as the
 * app names it, the loopback addresses and localhost, and where it listens. */
static size_t child_names(const altair_eval_relay *relay, const char **names, char (*storage)[260], size_t room)
{
	size_t count = 0;
	static const char *const loopback[] = { "localhost", "127.0.0.1", "::1" };

	for (size_t i = 0; i < sizeof(loopback) / sizeof(loopback[0]) && count < room; i++) {
		names[count++] = loopback[i];
	}
	for (size_t i = 0; i < relay->databases->count && count + 2 <= room; i++) {
		const altair_eval_database *declared = &relay->databases->list[i];
		char *colon;
		bool seen = false;

		if (!declared->tls_child) {
			continue;
		}
		server_name(declared, storage[count], sizeof(storage[0]));
		for (size_t k = 0; k < count; k++) {
			seen |= strcmp(names[k], storage[count]) == 0;
		}
		if (!seen && storage[count][0]) {
			names[count] = storage[count];
			count++;
		}
		snprintf(storage[count], sizeof(storage[0]), "%s", declared->listen[0] == '[' ? declared->listen + 1 : declared->listen);
		if ((colon = strrchr(storage[count], ':')) != NULL) {
			*colon = '\0';
		}
		if (storage[count][0] && storage[count][strlen(storage[count]) - 1] == ']') {
			storage[count][strlen(storage[count]) - 1] = '\0';
		}
		seen = !storage[count][0];
		for (size_t k = 0; k < count; k++) {
			seen |= strcmp(names[k], storage[count]) == 0;
		}
		if (!seen) {
			names[count] = storage[count];
			count++;
		}
	}
	return count;
}

/* The relay's certificate for this evaluation's names (issued once per set of names and CA). */
static altair_relay_tls_context *child_context(altair_eval_relay *relay)
{
#ifdef ZTS
	(void) relay;
	return NULL;
#else
	const char *names[3 + 2 * ALTAIR_EVAL_RELAY_MAX_ADDRESSES];
	char storage[3 + 2 * ALTAIR_EVAL_RELAY_MAX_ADDRESSES][260];
	char key[sizeof(issued[0].names)];
	size_t count, used = 0, slot = 0;

	if (relay->tls_issued) {
		return relay->tls_issued;
	}
	if (!relay_tls_ca()) {
		return NULL;
	}
	count = child_names(relay, names, storage, sizeof(names) / sizeof(names[0]));
	key[0] = '\0';
	for (size_t i = 0; i < count && used < sizeof(key); i++) {
		used += (size_t) snprintf(key + used, sizeof(key) - used, "%s,", names[i]);
	}
	for (size_t i = 0; i < RELAY_TLS_ISSUED_MAX; i++) {
		if (issued[i].context && strcmp(issued[i].names, key) == 0) {
			issued[i].used = ++relay_tls_uses;
			return relay->tls_issued = issued[i].context;
		}
		slot = issued[i].used < issued[slot].used ? i : slot;
	}
	altair_relay_tls_context_free(issued[slot].context);
	issued[slot].context = altair_relay_tls_ca_issue(relay_ca, names, count);
	snprintf(issued[slot].names, sizeof(issued[slot].names), "%s", key);
	issued[slot].used = ++relay_tls_uses;
	return relay->tls_issued = issued[slot].context;
#endif
}

/* The context for a declaration's server: its CA file (kept while the file is the same), its
 * verification, its client certificate. *owned: the caller frees it (a threaded PHP). */
static altair_relay_tls_context *server_context(const altair_eval_database *declared, char *error, size_t size, bool *owned)
{
	*owned = true;
#ifndef ZTS
	char key[sizeof(server_contexts[0].key)];
	struct stat info;
	size_t slot = 0;

	memset(&info, 0, sizeof(info));
	if (declared->tls_ca[0] && stat(declared->tls_ca, &info) != 0) {
		snprintf(error, size, "the CA file %s the app names cannot be read: %s", declared->tls_ca, strerror(errno));
		return NULL;
	}
	snprintf(key, sizeof(key), "%d\n%s\n%s\n%s", declared->tls_verify, declared->tls_ca, declared->tls_cert, declared->tls_key);
	for (size_t i = 0; i < RELAY_TLS_SERVER_CONTEXTS_MAX; i++) {
		if (server_contexts[i].context && strcmp(server_contexts[i].key, key) == 0 && server_contexts[i].dev == info.st_dev
			&& server_contexts[i].ino == info.st_ino && server_contexts[i].mtime.tv_sec == info.st_mtim.tv_sec
			&& server_contexts[i].mtime.tv_nsec == info.st_mtim.tv_nsec) {
			server_contexts[i].used = ++relay_tls_uses;
			*owned = false;
			return server_contexts[i].context;
		}
		slot = server_contexts[i].used < server_contexts[slot].used ? i : slot;
	}
	altair_relay_tls_context *context = altair_relay_tls_client_context(declared->tls_ca, (altair_relay_tls_verify) declared->tls_verify,
		declared->tls_cert, declared->tls_key, error, size);
	if (context) {
		altair_relay_tls_context_free(server_contexts[slot].context);
		snprintf(server_contexts[slot].key, sizeof(server_contexts[slot].key), "%s", key);
		server_contexts[slot].context = context;
		server_contexts[slot].dev = info.st_dev;
		server_contexts[slot].ino = info.st_ino;
		server_contexts[slot].mtime = info.st_mtim;
		server_contexts[slot].used = ++relay_tls_uses;
		*owned = false;
	}
	return context;
#else
	return altair_relay_tls_client_context(declared->tls_ca, (altair_relay_tls_verify) declared->tls_verify, declared->tls_cert,
		declared->tls_key, error, size);
#endif
}

/* A TLS leg could not be started or failed: the engine tells its client, the connection ends. */
static void leg_failed(relay_connection *c, altair_relay_leg leg, const char *why)
{
	if (leg == ALTAIR_RELAY_SERVER) {
		snprintf(c->relay->tls_failure[c->database], sizeof(c->relay->tls_failure[0]), "%s", why);
	}
	if (c->session && c->engine->tls_failed) {
		c->engine->tls_failed(c->session, leg, why);
	}
}

static bool start_leg(relay_connection *c, altair_relay_leg leg)
{
	const altair_eval_database *declared = &c->relay->databases->list[c->database];
	altair_relay_buf *queued = leg == ALTAIR_RELAY_SERVER ? &c->io.to_server : &c->io.to_client;
	size_t plain = MIN(c->io.tls_plain[leg], queued->length);
	char error[256] = "";

	c->io.tls_start[leg] = false;
	if (c->tls[leg]) {
		leg_failed(c, leg, "TLS was asked for twice on one connection");
		return false;
	}
	/* What goes as it is (the request for TLS, its answer), before the first record. */
	if (plain > 0) {
		if (!altair_relay_buf_append(&c->wire[leg], queued->data, plain)) {
			return false;
		}
		altair_relay_buf_consume(queued, plain);
	}
	if (leg == ALTAIR_RELAY_SERVER) {
		char name[260];
		bool owned;
		altair_relay_tls_context *context = server_context(declared, error, sizeof(error), &owned);

		server_name(declared, name, sizeof(name));
		c->tls[leg] = context ? altair_relay_tls_connect(context, (altair_relay_tls_verify) declared->tls_verify, name) : NULL;
		if (owned) {
			altair_relay_tls_context_free(context); /* the connection holds its own reference */
		}
		if (!c->tls[leg]) {
			leg_failed(c, leg, error[0] ? error : "the relay could not start TLS to the server");
			return false;
		}
		c->relay->tls_server[c->database] = MAX(c->relay->tls_server[c->database], 1 + declared->tls_verify);
		return true;
	}
	altair_relay_tls_context *context = child_context(c->relay);
	c->tls[leg] = context ? altair_relay_tls_accept(context) : NULL;
	if (!c->tls[leg]) {
		leg_failed(c, leg, "the relay has no certificate to present");
		return false;
	}
	c->relay->tls_client[c->database] = true;
	return true;
}

bool altair_eval_relay_tls_apply(relay_connection *c)
{
	bool ok = true;

	for (int leg = ALTAIR_RELAY_SERVER; leg <= ALTAIR_RELAY_CLIENT && ok; leg++) {
		if (c->io.tls_start[leg]) {
			ok = start_leg(c, (altair_relay_leg) leg);
		}
	}
	return ok;
}

altair_relay_verdict altair_eval_relay_tls_input(relay_connection *c, altair_relay_leg leg, const unsigned char *bytes, size_t length)
{
	altair_relay_buf plain = {0}, carried = {0};
	altair_relay_verdict verdict = ALTAIR_RELAY_CONTINUE;

	for (;;) {
		if (!c->tls[leg]) {
			verdict = leg == ALTAIR_RELAY_CLIENT ? c->engine->from_client(c->session, bytes, length)
			                                     : c->engine->from_server(c->session, bytes, length);
			if (!altair_eval_relay_tls_apply(c)) {
				verdict = ALTAIR_RELAY_CLOSE;
			}
			if (verdict != ALTAIR_RELAY_CONTINUE || !c->tls[leg] || leg != ALTAIR_RELAY_CLIENT || c->io.tls_carry.length == 0) {
				break;
			}
			/* what came behind the request for TLS: the client's first records */
			altair_relay_buf_free(&carried);
			carried = c->io.tls_carry;
			memset(&c->io.tls_carry, 0, sizeof(c->io.tls_carry));
			bytes = carried.data;
			length = carried.length;
			continue;
		}
		altair_relay_tls_result result = altair_relay_tls_receive(c->tls[leg], bytes, length, &plain, &c->wire[leg]);
		if (plain.length > 0) {
			verdict = leg == ALTAIR_RELAY_CLIENT ? c->engine->from_client(c->session, plain.data, plain.length)
			                                     : c->engine->from_server(c->session, plain.data, plain.length);
			if (!altair_eval_relay_tls_apply(c)) {
				verdict = ALTAIR_RELAY_CLOSE;
			}
		}
		if (result == ALTAIR_RELAY_TLS_FAILED) {
			leg_failed(c, leg, altair_relay_tls_failure(c->tls[leg]));
			verdict = ALTAIR_RELAY_CLOSE;
		} else if (result == ALTAIR_RELAY_TLS_CLOSED && verdict == ALTAIR_RELAY_CONTINUE) {
			verdict = ALTAIR_RELAY_CLOSE; /* the peer's close_notify: as its end of the connection */
		}
		break;
	}
	altair_relay_buf_free(&plain);
	altair_relay_buf_free(&carried);
	return verdict;
}

altair_relay_buf *altair_eval_relay_tls_output(relay_connection *c, altair_relay_leg leg)
{
	altair_relay_buf *queued = leg == ALTAIR_RELAY_SERVER ? &c->io.to_server : &c->io.to_client;

	if (!c->tls[leg]) {
		if (c->wire[leg].length == 0) {
			return queued;
		}
		/* TLS was asked for and could not start: only what went before it is written */
		return &c->wire[leg];
	}
	if (altair_relay_tls_send(c->tls[leg], queued, &c->wire[leg]) == ALTAIR_RELAY_TLS_FAILED) {
		leg_failed(c, leg, altair_relay_tls_failure(c->tls[leg]));
		return NULL;
	}
	return &c->wire[leg];
}

bool altair_eval_relay_tls_pending(const relay_connection *c, altair_relay_leg leg)
{
	const altair_relay_buf *queued = leg == ALTAIR_RELAY_SERVER ? &c->io.to_server : &c->io.to_client;

	return c->wire[leg].length > 0 || (queued->length > 0 && (!c->tls[leg] || altair_relay_tls_established(c->tls[leg])));
}

size_t altair_eval_relay_tls_queued(const relay_connection *c, altair_relay_leg leg)
{
	return c->wire[leg].length + (leg == ALTAIR_RELAY_SERVER ? c->io.to_server.length : c->io.to_client.length);
}

void altair_eval_relay_tls_free(relay_connection *c)
{
	altair_relay_buf_free(&c->io.tls_carry);
	for (int leg = ALTAIR_RELAY_SERVER; leg <= ALTAIR_RELAY_CLIENT; leg++) {
		altair_relay_tls_free(c->tls[leg]);
		c->tls[leg] = NULL;
		altair_relay_buf_free(&c->wire[leg]);
	}
}
