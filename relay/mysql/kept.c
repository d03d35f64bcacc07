/*
 * Kept MySQL / MariaDB connections (relay/engine.h: keep, kept_settled, resume;
 * docs/ARCHITECTURE.md, "The database relay", kept connections).
 *
 * A server connection costs a MariaDB server about 0.2 ms to start (a thread, a session, the
 * login) and the relay a round trip more before the client's greeting. When a client is done
 * between commands, the relay ends its transaction (ROLLBACK) and its session state
 * (COM_RESET_CONNECTION: temporary tables, user variables, prepared statements, locks, session
 * variables) and the core keeps the connection. The next client of that server and mode gets the
 * greeting the first one got, and its login becomes a COM_CHANGE_USER: the server checks the new
 * credentials against that greeting's scramble, as it does for a client's own change of user, and
 * starts a new session for them. The guard transaction is opened again, as on any login.
 *
 * A login that does not fit the kept connection (other capabilities, an old client) is logged in
 * on a fresh server connection instead (ALTAIR_RELAY_RECONNECT): its auth data answered the kept
 * scramble, so the relay names an authentication plugin no server has, and the server asks the
 * client for a new answer to its own scramble with an auth switch request.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"

/* Capabilities that only shape the login packet or the idle timeout: a resumed client may differ
 * there. Everything else changes what a session's packets look like or mean. */
#define LOGIN_ONLY \
	(ALTAIR_MYSQL_CLIENT_CONNECT_WITH_DB | ALTAIR_MYSQL_CLIENT_INTERACTIVE | ALTAIR_MYSQL_CLIENT_CONNECT_ATTRS \
		| ALTAIR_MYSQL_CLIENT_PLUGIN_AUTH_LENENC | ALTAIR_MYSQL_CLIENT_EXPIRED_PASSWORDS)

/* The plugin name a replayed login carries so that the server asks for an auth switch. */
static const char switch_plugin[] = "altair_eval_relay_auth_switch";

static bool nul_terminated(const unsigned char *p, size_t n, size_t *at, const unsigned char **start, size_t *length)
{
	const unsigned char *end = *at < n ? memchr(p + *at, '\0', n - *at) : NULL;
	if (!end) {
		return false;
	}
	*start = p + *at;
	*length = (size_t) (end - (p + *at));
	*at += *length + 1;
	return true;
}

bool altair_mysql_login_parse(const unsigned char *p, size_t n, altair_mysql_login *login)
{
	size_t at = 32;
	uint64_t value;
	memset(login, 0, sizeof(*login));
	if (n < 32) {
		return false;
	}
	login->capabilities = altair_mysql_u32(p);
	login->max_packet = altair_mysql_u32(p + 4);
	login->charset = p[8];
	if (!nul_terminated(p, n, &at, &login->user, &login->user_length)) {
		return false;
	}
	if (login->capabilities & ALTAIR_MYSQL_CLIENT_PLUGIN_AUTH_LENENC) {
		if (!altair_mysql_lenenc(p, n, &at, &value) || value > n - at) {
			return false;
		}
		login->auth = p + at;
		login->auth_length = (size_t) value;
		at += (size_t) value;
	} else if (login->capabilities & ALTAIR_MYSQL_CLIENT_SECURE_CONNECTION) {
		if (at >= n || p[at] > n - at - 1) {
			return false;
		}
		login->auth = p + at + 1;
		login->auth_length = p[at];
		at += 1 + (size_t) p[at];
	} else if (!nul_terminated(p, n, &at, &login->auth, &login->auth_length)) {
		return false;
	}
	if ((login->capabilities & ALTAIR_MYSQL_CLIENT_CONNECT_WITH_DB) && at < n
		&& !nul_terminated(p, n, &at, &login->database, &login->database_length)) {
		return false;
	}
	if ((login->capabilities & ALTAIR_MYSQL_CLIENT_PLUGIN_AUTH) && at < n
		&& !nul_terminated(p, n, &at, &login->plugin, &login->plugin_length)) {
		return false;
	}
	if ((login->capabilities & ALTAIR_MYSQL_CLIENT_CONNECT_ATTRS) && at < n) {
		size_t start = at;
		if (!altair_mysql_lenenc(p, n, &at, &value) || value > n - at) {
			return false;
		}
		login->attributes = p + start;
		login->attributes_size = at - start + (size_t) value;
		at += (size_t) value;
	}
	return at == n;
}

static bool put(altair_relay_buf *out, const void *bytes, size_t length)
{
	return altair_relay_buf_append(out, bytes, length);
}

static bool put_string(altair_relay_buf *out, const unsigned char *text, size_t length)
{
	static const unsigned char nul = 0;
	return put(out, text, length) && put(out, &nul, 1);
}

static bool put_lenenc(altair_relay_buf *out, size_t value)
{
	unsigned char bytes[4];
	if (value < 0xfb) {
		bytes[0] = (unsigned char) value;
		return put(out, bytes, 1);
	}
	if (value <= 0xffff) {
		bytes[0] = 0xfc;
		altair_mysql_put_u16(bytes + 1, (uint16_t) value);
		return put(out, bytes, 3);
	}
	bytes[0] = 0xfd;
	bytes[1] = (unsigned char) (value & 0xff);
	bytes[2] = (unsigned char) ((value >> 8) & 0xff);
	bytes[3] = (unsigned char) ((value >> 16) & 0xff);
	return put(out, bytes, 4);
}

/* A whole packet built in a scratch buffer: its header written once the payload's size is known. */
static bool send_built(altair_relay_buf *to, altair_relay_buf *payload, uint8_t sequence)
{
	bool ok = !payload->failed && payload->length < ALTAIR_MYSQL_PAYLOAD_MAX
		&& altair_mysql_append_packet(to, sequence, payload->data, payload->length);
	altair_relay_buf_free(payload);
	return ok;
}

void altair_mysql_note_login(altair_relay_session *s, const altair_mysql_login *login)
{
	size_t n = login->user_length < sizeof(s->user) ? login->user_length : 0;
	mysql_proof *p = &s->login_proof;
	memcpy(s->user, login->user, n);
	s->user[n] = '\0';
	size_t d = login->database && login->database_length < sizeof(s->database)
		&& !memchr(login->database, '\0', login->database_length) ? login->database_length : 0;
	if (d > 0) {
		memcpy(s->database, login->database, d);
	}
	s->database[d] = '\0';
	/* Only a login whose every part fits is ever a proof (and only one with a database: a kept
	 * connection can set the database again, not unset it). */
	memset(p, 0, sizeof(*p));
	_Static_assert(sizeof(p->database) == sizeof(s->database), "the proof's database is the login's");
	p->valid = n > 0 && login->auth_length > 0 && login->auth_length <= sizeof(p->auth) && login->plugin
		&& login->plugin_length < sizeof(p->plugin) && s->database[0];
	if (p->valid) {
		p->charset = login->charset;
		p->auth_length = (uint8_t) login->auth_length;
		memcpy(p->auth, login->auth, login->auth_length);
		memcpy(p->plugin, login->plugin, login->plugin_length);
		memcpy(p->database, s->database, sizeof(p->database));
		memcpy(p->user, s->user, n + 1);
	}
}

/* The login in progress was accepted at its first round: the server checked its auth data
 * against the scramble the client got, which is the kept greeting's for every later client. */
void altair_mysql_proof_accepted(altair_relay_session *s)
{
	if (s->login_proof.valid && !s->auth_exchanged) {
		s->proof = s->login_proof;
	}
}

/* The same user, plugin and auth data for the same scramble: the same password. */
static bool proof_same_password(const mysql_proof *proof, const mysql_proof *login)
{
	return proof->valid && login->valid && proof->auth_length == login->auth_length
		&& memcmp(proof->auth, login->auth, login->auth_length) == 0 && strcmp(proof->plugin, login->plugin) == 0
		&& strcmp(proof->user, login->user) == 0;
}

/* A later client's login that the connection's proof answers: the same password, database and
 * character set. */
static bool proof_matches(const mysql_proof *proof, const mysql_proof *login)
{
	return proof_same_password(proof, login) && proof->charset == login->charset && strcmp(proof->database, login->database) == 0;
}

static altair_relay_verdict reconnect(altair_relay_session *s, const altair_mysql_packet *packet, const unsigned char *raw)
{
	s->pending_login = malloc(packet->size);
	if (!s->pending_login) {
		return ALTAIR_RELAY_CLOSE;
	}
	memcpy(s->pending_login, raw, packet->size);
	s->pending_login_size = packet->size;
	s->resumed = false;
	s->upstream_tls = false; /* the fresh connection's leg starts in plaintext, as any login's */
	s->greeting_size = 0; /* the client got the kept connection's; never offered again from here */
	s->phase = PHASE_GREETING;
	return ALTAIR_RELAY_RECONNECT;
}

altair_relay_verdict altair_mysql_resumed_login(altair_relay_session *s, const altair_mysql_packet *packet, const unsigned char *raw,
	uint32_t capabilities)
{
	altair_mysql_login login;
	const mysql_kept *k = &s->kept;
	uint32_t needed = ALTAIR_MYSQL_CLIENT_SECURE_CONNECTION | ALTAIR_MYSQL_CLIENT_PLUGIN_AUTH;
	/* Another user than the one the connection was logged in as gets a connection of its own: what
	 * COM_RESET_CONNECTION leaves of a session (SHOW PROFILES, some status counters) is never
	 * another user's to read (issue 35). */
	/* A client that asked for TLS, or a configuration that requires it, on a plaintext connection
	 * gets a fresh one too (TLS starts before a login, never in a session). */
	if (packet->size != packet->length + ALTAIR_MYSQL_HEADER || !altair_mysql_login_parse(packet->payload, packet->length, &login)
		|| ((capabilities ^ k->agreed) & ~LOGIN_ONLY) != 0 || (capabilities & needed) != needed || login.auth_length > 0xff
		|| !k->user[0] || login.user_length != strlen(k->user) || memcmp(login.user, k->user, login.user_length) != 0
		|| ((s->client_tls_started || s->tls_policy == ALTAIR_RELAY_TLS_REQUIRED) && !s->upstream_tls)) {
		return reconnect(s, packet, raw);
	}
	altair_mysql_note_login(s, &login);
	s->proof = k->proof;
	bool matches = proof_matches(&k->proof, &s->login_proof);
	if (k->prepared && strcmp(k->user, k->proof.user) == 0 && matches) {
		/* Logged in already, as this user, with this database and character set, its session
		 * reset and the guard open (keep()): nothing to ask the server. */
		s->capabilities = k->agreed;
		s->superuser = k->superuser;
		s->probe_pending = s->superuser < 0;
		s->guarded = s->guard_opened = k->guard_reply > 0;
		memcpy(s->xid, k->xid, sizeof(s->xid));
		s->guard_pending = s->mode != ALTAIR_RELAY_WRITES && !s->guarded;
		s->client_autocommit = true;
		s->logged_in = true;
		s->phase = PHASE_READY;
		altair_mysql_logged_in(s);
		return altair_mysql_append_ok(&s->io->to_client, (uint8_t) (packet->sequence + 1),
			       altair_mysql_client_status(s, ALTAIR_MYSQL_STATUS_AUTOCOMMIT))
			? ALTAIR_RELAY_CONTINUE : ALTAIR_RELAY_CLOSE;
	}
	/* Other auth data for the proof's user: another password, which the server may now take
	 * instead (it was changed there); which one it takes cannot be told, so the proof goes (a
	 * first-round OK below makes this login's the proof). */
	if (!matches && strcmp(s->user, k->proof.user) == 0 && !proof_same_password(&k->proof, &s->login_proof)) {
		s->proof.valid = false;
	}
	/* COM_CHANGE_USER: user, auth data (one length byte), database, charset, plugin, attributes. */
	altair_relay_buf out = {0};
	unsigned char command = ALTAIR_MYSQL_COM_CHANGE_USER, length = (unsigned char) login.auth_length, charset[2] = {login.charset, 0};
	static const unsigned char none = 0;
	put(&out, &command, 1);
	put_string(&out, login.user, login.user_length);
	put(&out, &length, 1);
	put(&out, login.auth, login.auth_length);
	put_string(&out, login.database ? login.database : &none, login.database_length);
	put(&out, charset, 2);
	put_string(&out, login.plugin ? login.plugin : (const unsigned char *) "", login.plugin_length);
	if (k->agreed & ALTAIR_MYSQL_CLIENT_CONNECT_ATTRS) {
		if (login.attributes) {
			put(&out, login.attributes, login.attributes_size);
		} else {
			put(&out, &none, 1);
		}
	}
	if (!send_built(&s->io->to_server, &out, 0)) {
		return ALTAIR_RELAY_CLOSE;
	}
	s->capabilities = k->agreed;
	if (k->superuser >= 0 && strcmp(k->user, s->user) == 0) {
		s->superuser = k->superuser; /* asked on this connection for this user already */
	}
	s->shift = packet->sequence; /* its COM_CHANGE_USER is numbered from 0 */
	s->phase = PHASE_AUTH;
	return ALTAIR_RELAY_CONTINUE;
}

altair_relay_verdict altair_mysql_replay_login(altair_relay_session *s)
{
	altair_mysql_packet packet;
	altair_mysql_login login;
	altair_relay_buf out = {0};
	unsigned char head[32] = {0};
	unsigned char *held = s->pending_login; /* login's pointers are into it: freed at the end */
	bool parsed = altair_mysql_packet_next(held, s->pending_login_size, &packet) && packet.size == packet.length + ALTAIR_MYSQL_HEADER
		&& altair_mysql_login_parse(packet.payload, packet.length, &login) && (login.capabilities & ALTAIR_MYSQL_CLIENT_PLUGIN_AUTH);
	uint8_t sequence = parsed ? packet.sequence : 1;
	s->pending_login = NULL;
	s->pending_login_size = 0;
	if (!parsed) {
		free(held);
		static const char message[] = "altair_eval: the relay cannot log this client in (it needs a client with plugin authentication)";
		altair_mysql_append_error(&s->io->to_client, (uint8_t) (sequence + 1), ALTAIR_MYSQL_ER_NOT_SUPPORTED_YET, "08004", message,
			sizeof(message) - 1);
		s->phase = PHASE_DONE;
		return ALTAIR_RELAY_CLOSE;
	}
	uint32_t capabilities = login.capabilities & s->capabilities;
	s->capabilities = capabilities;
	memcpy(head, packet.payload, 9);
	sequence = altair_mysql_upstream_tls(s, head, sequence); /* the fresh server's leg as the client's */
	altair_mysql_put_u32(head, capabilities | (s->upstream_tls ? ALTAIR_MYSQL_CLIENT_SSL : 0));
	put(&out, head, sizeof(head));
	put_string(&out, login.user, login.user_length);
	if (capabilities & ALTAIR_MYSQL_CLIENT_PLUGIN_AUTH_LENENC) {
		put_lenenc(&out, login.auth_length);
		put(&out, login.auth, login.auth_length);
	} else if (capabilities & ALTAIR_MYSQL_CLIENT_SECURE_CONNECTION) {
		unsigned char length = (unsigned char) (login.auth_length > 0xff ? 0xff : login.auth_length);
		put(&out, &length, 1);
		put(&out, login.auth, length);
	} else {
		put_string(&out, (const unsigned char *) "", 0);
	}
	if (capabilities & ALTAIR_MYSQL_CLIENT_CONNECT_WITH_DB) {
		static const unsigned char none = 0;
		put_string(&out, login.database ? login.database : &none, login.database_length);
	}
	if (capabilities & ALTAIR_MYSQL_CLIENT_PLUGIN_AUTH) {
		put_string(&out, (const unsigned char *) switch_plugin, sizeof(switch_plugin) - 1);
	}
	if ((capabilities & ALTAIR_MYSQL_CLIENT_CONNECT_ATTRS) && login.attributes) {
		put(&out, login.attributes, login.attributes_size);
	}
	altair_mysql_note_login(s, &login);
	free(held);
	if (!send_built(&s->io->to_server, &out, sequence)) {
		return ALTAIR_RELAY_CLOSE;
	}
	s->auth_exchanged = true; /* the switch: a scramble of the server's own */
	s->phase = PHASE_AUTH;
	return ALTAIR_RELAY_CONTINUE;
}

_Static_assert(sizeof(mysql_kept) <= ALTAIR_RELAY_KEPT_BYTES, "a kept connection's record fits the core's bytes");

bool altair_mysql_keep(altair_relay_session *s, altair_relay_kept *kept)
{
	mysql_kept k;
	uint32_t needed = ALTAIR_MYSQL_CLIENT_SECURE_CONNECTION | ALTAIR_MYSQL_CLIENT_PLUGIN_AUTH;
	/* An auth switch may have replaced the scramble the server checks a COM_CHANGE_USER against.
	 * MariaDB never checks one twice: every login after a connection's first gets a new scramble,
	 * sent in an auth switch request, whatever the client answered to the greeting's. */
	bool scramble_fresh = !s->auth_exchanged || strstr(s->server_version, "MariaDB") != NULL;
	if (s->phase != PHASE_READY || s->flight.origin != ORIGIN_NONE || !scramble_fresh || s->greeting_size == 0
		|| (s->mode != ALTAIR_RELAY_WRITES && !s->guarded)
		|| s->server_in.length != 0 || (s->capabilities & needed) != needed) {
		return false;
	}
	memset(&k, 0, sizeof(k));
	k.offered = s->offered;
	k.server_tls = s->server_tls;
	k.upstream_tls = s->upstream_tls;
	k.offer_tls = s->offer_tls;
	k.agreed = s->capabilities;
	k.greeting_size = s->greeting_size;
	memcpy(k.greeting, s->greeting, s->greeting_size);
	memcpy(k.server_version, s->server_version, sizeof(k.server_version));
	memcpy(k.user, s->user, sizeof(k.user));
	k.superuser = (int8_t) (s->superuser >= 0 && s->user[0] ? s->superuser : -1);
	k.mode = (uint8_t) s->mode;
	/* The transaction first (a server without COM_RESET_CONNECTION still rolls back), SHOW
	 * PROFILES' history (the reset leaves it), then the rest. */
	const char *statements[8];
	char end[2][ALTAIR_MYSQL_GUARD_TEXT_MAX], start[ALTAIR_MYSQL_GUARD_TEXT_MAX];
	size_t n = s->mode != ALTAIR_RELAY_WRITES ? altair_mysql_guard_end(s->xid, statements, end) : 0;
	if (s->mode != ALTAIR_RELAY_WRITES && n == 0) {
		return false; /* a guarded session always has its guard's name */
	}
	n += altair_mysql_clear_profiles(statements + n);
	if (!altair_mysql_append_statements(&s->io->to_server, statements, n)
		|| !altair_mysql_append_command(&s->io->to_server, ALTAIR_MYSQL_COM_RESET_CONNECTION, NULL)) {
		return false;
	}
	k.replies = (uint8_t) (n + 1);
	/* The session a login of the proof's would start, made now, while nobody waits: its database,
	 * its character set as the handshake sets it (the collation the client named, and its
	 * character set for what the client sends and reads), the guard transaction. START
	 * TRANSACTION takes no snapshot: InnoDB's read view starts at the first read, in the next
	 * evaluation (tests/databases/016). */
	if (s->proof.valid && strcmp(s->proof.user, s->user) == 0) {
		char collation[48];
		snprintf(collation, sizeof(collation), "SET collation_connection = %u", (unsigned) s->proof.charset);
		if (!altair_mysql_append_command(&s->io->to_server, ALTAIR_MYSQL_COM_INIT_DB, s->proof.database)
			|| !altair_mysql_append_command(&s->io->to_server, ALTAIR_MYSQL_COM_QUERY, collation)
			|| !altair_mysql_append_command(&s->io->to_server, ALTAIR_MYSQL_COM_QUERY,
				"SET character_set_client = @@character_set_connection, character_set_results = @@character_set_connection")) {
			return false;
		}
		k.replies += 3;
		if (s->mode != ALTAIR_RELAY_WRITES) {
			altair_mysql_new_xid(s);
			n = altair_mysql_guard_start(s->mode, s->xid, statements, start, sizeof(start));
			if (n == 0 || !altair_mysql_append_statements(&s->io->to_server, statements, n)) {
				return false;
			}
			k.replies = (uint8_t) (k.replies + n);
			k.guard_reply = k.replies;
			memcpy(k.xid, s->xid, sizeof(k.xid));
		}
		k.prepared = true;
	}
	k.proof = s->proof; /* still true of its user, should the connection log in as it again */
	memcpy(kept->bytes, &k, sizeof(k));
	kept->length = sizeof(k);
	s->phase = PHASE_DONE;
	return true;
}

int altair_mysql_kept_settled(const altair_relay_kept *kept, const unsigned char *bytes, size_t length)
{
	mysql_kept k;
	altair_mysql_packet packet;
	size_t at = 0;
	unsigned oks = 0;
	if (kept->length != sizeof(k)) {
		return -1;
	}
	memcpy(&k, kept->bytes, sizeof(k));
	while (at < length && altair_mysql_packet_next(bytes + at, length - at, &packet)) {
		if (packet.length < 7 || packet.payload[0] != 0x00 || packet.sequence != 1 || ++oks > k.replies) {
			return -1; /* an ERR (no COM_RESET_CONNECTION here), or anything else */
		}
		if (oks == k.guard_reply) {
			size_t status = altair_mysql_status_offset(packet.payload, packet.length);
			if (!status || !altair_mysql_guard_holds((altair_relay_mode) k.mode, altair_mysql_u16(packet.payload + status))) {
				return -1; /* the guard is not open */
			}
		}
		at += packet.size;
	}
	if (at < length) {
		/* An OK's session-state changes make it longer than its seven bytes, never this long. */
		return length - at >= ALTAIR_MYSQL_HEADER && altair_mysql_u32(bytes + at) % 0x1000000u > 512 ? -1 : 0;
	}
	return oks == k.replies ? 1 : 0;
}

altair_relay_session *altair_mysql_resume(const altair_relay_config *config, altair_relay_io *io, const altair_relay_kept *kept)
{
	altair_relay_session *s;
	if (kept->length != sizeof(mysql_kept) || !(s = altair_mysql_open(config, io))) {
		return NULL;
	}
	memcpy(&s->kept, kept->bytes, sizeof(s->kept));
	if (s->kept.greeting_size < ALTAIR_MYSQL_HEADER || s->kept.greeting_size > sizeof(s->kept.greeting)
		|| !altair_relay_buf_append(&io->to_client, s->kept.greeting, s->kept.greeting_size)) {
		free(s);
		return NULL;
	}
	s->resumed = true;
	/* the guard keep() opened, if any: ended before a new one is opened (a COM_CHANGE_USER ends it too) */
	memcpy(s->xid, s->kept.xid, sizeof(s->xid));
	s->xid[sizeof(s->xid) - 1] = '\0';
	s->capabilities = s->offered = s->kept.offered;
	s->server_tls = s->kept.server_tls;
	s->upstream_tls = s->kept.upstream_tls;
	s->offer_tls = s->kept.offer_tls;
	memcpy(s->greeting, s->kept.greeting, s->kept.greeting_size);
	s->greeting_size = s->kept.greeting_size;
	memcpy(s->server_version, s->kept.server_version, sizeof(s->server_version));
	s->server_version[sizeof(s->server_version) - 1] = '\0';
	s->phase = PHASE_LOGIN;
	return s;
}

void altair_mysql_kept_goodbye(altair_relay_buf *to_server)
{
	altair_mysql_append_command(to_server, ALTAIR_MYSQL_COM_QUIT, NULL);
}
