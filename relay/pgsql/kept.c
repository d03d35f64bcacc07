/*
 * Kept PostgreSQL connections (relay/engine.h: keep, kept_settled, attach; docs/ARCHITECTURE.md,
 * "The database relay", kept connections; docs/relay.md, "PostgreSQL").
 *
 * A new PostgreSQL session costs its server a backend (a fork, its caches: ~6 ms here), so a
 * server connection is kept between evaluations as MySQL's are. PostgreSQL has no change of user
 * on a connection, so only a login the relay answers itself is kept (relay/pgsql/login.c: the host
 * knows that user's password from the app's configuration): the next client with the same user,
 * database, startup settings and password (the key, a digest) is checked by the relay against that
 * password and given the kept connection, whose session the relay reset when the last client left:
 *
 *   ROLLBACK      the guard, or the client's own transaction in writes mode
 *   DISCARD ALL   what pgbouncer's server_reset_query does: CLOSE ALL, SET SESSION AUTHORIZATION
 *                 DEFAULT, RESET ALL, DEALLOCATE ALL (SQL and protocol prepared statements),
 *                 UNLISTEN *, pg_advisory_unlock_all(), DISCARD PLANS, TEMP, SEQUENCES
 *
 * The server's replies to both are checked before the connection is given to anyone
 * (kept_settled: two ReadyForQuery 'I', no error). The client then gets what the server said at
 * its own login (ParameterStatus, BackendKeyData: the same backend, so a CancelRequest still
 * names it), and its ReadyForQuery with the guard, as a fresh login's. While kept, the connection
 * is outside any transaction: it holds no snapshot and no lock.
 */
#include "session.h"

#include <stdio.h>
#include <string.h>

#include <openssl/evp.h>

#define KEPT_RESET_ROLLBACK "ROLLBACK"
#define KEPT_RESET_DISCARD "DISCARD ALL"

/* A kept connection's record (relay/engine.h's bytes). */
typedef struct {
	uint8_t mode;
	bool guard_owed;         /* the guard's replies were still to come when the client left: first its ReadyForQuery */
	int32_t method;          /* what the server asked the relay for: the child is asked the same */
	char user[64];
	uint16_t messages_length;
	unsigned char messages[ALTAIR_PGSQL_LOGIN_MESSAGES_MAX]; /* the login's ParameterStatus and BackendKeyData */
} pgsql_kept;

_Static_assert(sizeof(pgsql_kept) <= ALTAIR_RELAY_KEPT_BYTES, "a kept connection's record fits the core's bytes");

void altair_pgsql_kept_key(pgsql_session *s, const unsigned char *packet, size_t length)
{
	static const char hex[] = "0123456789abcdef";
	unsigned char digest[EVP_MAX_MD_SIZE];
	unsigned int size = 0;
	EVP_MD_CTX *context;
	unsigned char mode = (unsigned char) s->mode;

	s->key[0] = '\0';
	if (!s->password || !(context = EVP_MD_CTX_new())) {
		return;
	}
	/* the startup packet as the server got it: user, database, every setting the session starts with */
	if (EVP_DigestInit_ex(context, EVP_sha256(), NULL) == 1 && EVP_DigestUpdate(context, &mode, 1) == 1
		&& EVP_DigestUpdate(context, packet, length) == 1 && EVP_DigestUpdate(context, s->password, strlen(s->password) + 1) == 1
		&& EVP_DigestFinal_ex(context, digest, &size) == 1 && 2 * (size_t) size < sizeof(s->key)) {
		for (unsigned int i = 0; i < size; i++) {
			s->key[2 * i] = hex[digest[i] >> 4];
			s->key[2 * i + 1] = hex[digest[i] & 0xf];
		}
		s->key[2 * size] = '\0';
	}
	EVP_MD_CTX_free(context);
}

void altair_pgsql_kept_start(pgsql_session *s)
{
	pgsql_kept k;
	size_t used = 0;

	memcpy(&k, s->kept.bytes, sizeof(k));
	while (used < k.messages_length) {
		altair_pgsql_message m;
		if (altair_pgsql_next(k.messages + used, k.messages_length - used, false, &m) != ALTAIR_PGSQL_MESSAGE) {
			break;
		}
		used += m.total;
		if (m.type == 'S' && !altair_pgsql_track_parameter(s, &m)) {
			return;
		}
		if (m.type == 'K' && m.length == sizeof(s->backend_key)) {
			memcpy(s->backend_key, m.body, sizeof(s->backend_key));
			s->backend_key_known = true;
		}
		altair_pgsql_put(&s->io->to_client, m.type, m.body, m.length);
	}
	altair_relay_buf_append(&s->login_messages, k.messages, k.messages_length);
	altair_pgsql_session_ready(s);
}

void altair_pgsql_attach(altair_relay_session *s, const altair_relay_kept *kept)
{
	pgsql_kept k;

	if (!kept) {
		/* a new server connection: the startup (or the cancel request) held until now */
		if (s->client == CLIENT_CANCEL) {
			altair_relay_buf_append(&s->io->to_server, s->startup_packet.data, s->startup_packet.length);
		} else {
			altair_pgsql_send_startup(s);
		}
		return;
	}
	if (kept->length != sizeof(k)) {
		altair_pgsql_fatal(s, "altair_eval: the relay's kept connection has no record");
		return;
	}
	memcpy(&k, kept->bytes, sizeof(k));
	s->kept = *kept;
	s->resumed = true;
	s->tls_settled = true; /* its leg's TLS, if any, was made when it was new */
	if (altair_pgsql_login_resumed(s, k.method)) {
		altair_pgsql_kept_start(s); /* asked no password (the server asks none of this user) */
	}
}

bool altair_pgsql_keep(altair_relay_session *s, altair_relay_kept *kept)
{
	pgsql_kept k;

	/* A client that leaves at once may leave before the guard's answer came (SERVER_GUARDING): the
	 * reset follows it, and kept_settled reads the guard's replies first. */
	if (!s->key[0] || (s->server != SERVER_READY && s->server != SERVER_GUARDING) || s->client == CLIENT_AUTH || s->unit_pending || s->copy_in
		|| s->batch_open || altair_pgsql_head(s) || s->server_in.length != 0 || s->close || s->finished
		|| s->login_messages_lost || s->login_messages.length > sizeof(k.messages) || s->io->to_server.length != 0) {
		return false;
	}
	memset(&k, 0, sizeof(k));
	k.mode = (uint8_t) s->mode;
	k.guard_owed = s->server == SERVER_GUARDING;
	k.method = s->server_method;
	snprintf(k.user, sizeof(k.user), "%s", s->user);
	k.messages_length = (uint16_t) s->login_messages.length;
	memcpy(k.messages, s->login_messages.data, s->login_messages.length);
	/* each as a Query of its own: DISCARD ALL cannot run inside a transaction block, which a
	 * string of two statements is */
	altair_pgsql_put_query(&s->io->to_server, KEPT_RESET_ROLLBACK, strlen(KEPT_RESET_ROLLBACK));
	altair_pgsql_put_query(&s->io->to_server, KEPT_RESET_DISCARD, strlen(KEPT_RESET_DISCARD));
	if (s->io->to_server.failed) {
		return false;
	}
	memcpy(kept->bytes, &k, sizeof(k));
	kept->length = sizeof(k);
	snprintf(kept->key, sizeof(kept->key), "%s", s->key);
	s->finished = true;
	return true;
}

int altair_pgsql_kept_settled(const altair_relay_kept *kept, const unsigned char *bytes, size_t length)
{
	pgsql_kept k;
	size_t used = 0;
	int ready = 0;

	if (kept->length != sizeof(k)) {
		return -1;
	}
	memcpy(&k, kept->bytes, sizeof(k));
	if (k.guard_owed) {
		/* the guard's replies first, up to its ReadyForQuery (in its transaction: 'T') */
		for (;;) {
			altair_pgsql_message m;
			altair_pgsql_frame frame = altair_pgsql_next(bytes + used, length - used, false, &m);
			if (frame == ALTAIR_PGSQL_INCOMPLETE) {
				return 0;
			}
			if (frame == ALTAIR_PGSQL_INVALID || m.type == 'E' || (m.type == 'Z' && (m.length != 1 || m.body[0] != 'T'))) {
				return -1;
			}
			used += m.total;
			if (m.type == 'Z') {
				break;
			}
		}
	}
	while (used < length) {
		altair_pgsql_message m;
		altair_pgsql_frame frame = altair_pgsql_next(bytes + used, length - used, false, &m);
		if (frame == ALTAIR_PGSQL_INCOMPLETE) {
			return 0;
		}
		if (frame == ALTAIR_PGSQL_INVALID || m.type == 'E' || ready == 2) {
			return -1; /* an error, or anything after the reset's answers */
		}
		if (m.type == 'Z' && (m.length != 1 || m.body[0] != 'I')) {
			return -1; /* not outside a transaction */
		}
		ready += m.type == 'Z';
		used += m.total;
	}
	return ready == 2 ? 1 : 0;
}

void altair_pgsql_kept_goodbye(altair_relay_buf *to_server)
{
	altair_pgsql_put(to_server, 'X', NULL, 0);
}
