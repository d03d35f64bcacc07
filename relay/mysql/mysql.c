/*
 * The MySQL / MariaDB engine's entry points (relay/engine.h) and the login: the server's greeting
 * and the client's handshake response lose the capabilities the relay does not pass (TLS,
 * compression, LOCAL INFILE and multi-statements outside writes mode, framing extensions), then
 * authentication passes through untouched (mysql_native_password, ed25519, caching_sha2 and its
 * RSA exchange, auth switch requests) until the server's OK.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"

static const char enforced_read_only[] =
	"the server: one XA transaction per connection, READ ONLY, under a name only the relay knows: the server refuses "
	"COMMIT, ROLLBACK and every implicit commit inside it, and every write (the client's BEGIN, COMMIT, ROLLBACK and "
	"SET autocommit become a savepoint); the relay's allowlist of statements; multi-statements and LOCAL INFILE off";
static const char enforced_rollback[] =
	"the server: one XA transaction per connection under a name only the relay knows, always rolled back: the server "
	"refuses COMMIT, ROLLBACK and every implicit commit inside it (the client's BEGIN, COMMIT, ROLLBACK and SET "
	"autocommit become a savepoint); statements a rollback cannot undo refused; multi-statements and LOCAL INFILE off";
static const char enforced_writes[] = "nothing: every statement passes (queries are reported)";
static const char residual_read_only[] =
	"functions with effects outside the transaction still run (GET_LOCK, a sequence's NEXTVAL, SLEEP); "
	"a user with the FILE privilege can read server files with LOAD_FILE()";
static const char residual_rollback[] =
	"AUTO_INCREMENT and sequence counters advance; writes to non-transactional tables (MyISAM, Aria, MEMORY) are "
	"not undone; functions with effects outside the transaction still run (GET_LOCK, NEXTVAL)";
static const char residual_writes[] = "everything: the database is writable";

static altair_relay_verdict fail(altair_relay_session *s, uint8_t sequence, const char *message)
{
	altair_mysql_append_error(&s->io->to_client, sequence, ALTAIR_MYSQL_ER_NOT_SUPPORTED_YET, "08004", message, strlen(message));
	s->phase = PHASE_DONE;
	return ALTAIR_RELAY_CLOSE;
}

static void keep_version(altair_relay_session *s, const unsigned char *text, size_t length)
{
	/* MariaDB prefixes "5.5.5-" for old replication clients. */
	if (length > 6 && memcmp(text, "5.5.5-", 6) == 0) {
		text += 6, length -= 6;
	}
	if (length >= sizeof(s->server_version)) {
		length = sizeof(s->server_version) - 1;
	}
	memcpy(s->server_version, text, length);
	s->server_version[length] = '\0';
}

/* Protocol 10 greeting: version, thread id (4), scramble (8), filler, capabilities (low 2),
 * charset, status (2), capabilities (high 2), scramble length, reserved (10: MariaDB's extended
 * capabilities in the last 4), the rest of the scramble, the plugin name. */
static altair_relay_verdict greeting(altair_relay_session *s, const altair_mysql_packet *packet, const unsigned char *raw)
{
	const unsigned char *p = packet->payload;
	size_t n = packet->length;
	/* After a reconnect the client has sent its login already: what it gets next is numbered 2. */
	uint8_t reply = s->pending_login ? 2 : 1;
	if (n > 0 && p[0] == 0xff) {
		size_t out = s->io->to_client.length;
		if (altair_relay_buf_append(&s->io->to_client, raw, packet->size) && s->pending_login) {
			s->io->to_client.data[out + 3] = reply;
		}
		s->phase = PHASE_DONE;
		return ALTAIR_RELAY_CONTINUE;
	}
	const unsigned char *end = n > 1 ? memchr(p + 1, '\0', n - 1) : NULL;
	if (n == 0 || p[0] != 10 || !end || (size_t) (end - p) + 1 + 31 > n) {
		return fail(s, reply, "altair_eval: the relay does not understand this server's greeting (MySQL protocol 10 expected)");
	}
	keep_version(s, p + 1, (size_t) (end - p - 1));
	size_t at = (size_t) (end - p) + 1;
	uint32_t capabilities = altair_mysql_u16(p + at + 13) | ((uint32_t) altair_mysql_u16(p + at + 18) << 16);
	if (!(capabilities & ALTAIR_MYSQL_CLIENT_PROTOCOL_41)) {
		return fail(s, reply, "altair_eval: the relay needs a server that speaks protocol 4.1");
	}
	s->server_tls = (capabilities & ALTAIR_MYSQL_CLIENT_SSL) != 0;
	if (s->tls_policy == ALTAIR_RELAY_TLS_REQUIRED && !s->server_tls) {
		return fail(s, reply, "altair_eval: this server does not offer TLS, which the app's configuration asks for; the relay did not log in");
	}
	capabilities &= ALTAIR_MYSQL_CAPABILITIES_RELAYED;
	if (s->mode != ALTAIR_RELAY_WRITES) {
		capabilities &= ~ALTAIR_MYSQL_CAPABILITIES_GUARDED_OFF;
	}
	s->capabilities = s->offered = capabilities;
	if (s->pending_login) {
		return altair_mysql_replay_login(s); /* the client has its greeting: the kept connection's */
	}
	/* TLS offered to the client where the server offers it and the relay can present a certificate
	 * of its own (docs/relay.md, "TLS"); the server's leg follows the client's. */
	s->offer_tls = s->client_tls && s->server_tls;
	size_t out = s->io->to_client.length;
	if (!altair_relay_buf_append(&s->io->to_client, raw, packet->size)) {
		return ALTAIR_RELAY_CLOSE;
	}
	unsigned char *copy = s->io->to_client.data + out + ALTAIR_MYSQL_HEADER;
	uint32_t shown = capabilities | (s->offer_tls ? ALTAIR_MYSQL_CLIENT_SSL : 0);
	altair_mysql_put_u16(copy + at + 13, (uint16_t) (shown & 0xffff));
	altair_mysql_put_u16(copy + at + 18, (uint16_t) (shown >> 16));
	memset(copy + at + 27, 0, 4); /* MariaDB's extended capabilities: progress reports, metadata cache, bulk */
	/* Kept for a later client should this connection be kept (relay/mysql/kept.c). */
	if (packet->size == packet->length + ALTAIR_MYSQL_HEADER && packet->size <= sizeof(s->greeting)) {
		memcpy(s->greeting, copy - ALTAIR_MYSQL_HEADER, packet->size);
		s->greeting_size = (uint16_t) packet->size;
	}
	s->phase = PHASE_LOGIN;
	return ALTAIR_RELAY_CONTINUE;
}

/* The client's handshake response: capabilities (4), max packet (4), charset, filler (23: MariaDB's
 * extended capabilities in the last 4), then user, auth data, database, plugin, attributes. */
static altair_relay_verdict login(altair_relay_session *s, const altair_mysql_packet *packet, const unsigned char *raw)
{
	const unsigned char *p = packet->payload;
	uint8_t reply = (uint8_t) (packet->sequence + 1);
	if (packet->length < 32) {
		return fail(s, reply, "altair_eval: the relay needs a client that speaks protocol 4.1");
	}
	uint32_t capabilities = altair_mysql_u32(p);
	if ((capabilities & ALTAIR_MYSQL_CLIENT_SSL) && !s->client_tls_started) {
		/* SSLRequest: the first 32 bytes of a login, nothing after; the login itself comes in TLS */
		if (!s->offer_tls || packet->length != 32) {
			return fail(s, reply, "altair_eval: the relay did not offer TLS to this client (the server does not, or the relay has no certificate for it)");
		}
		altair_relay_start_tls(s->io, ALTAIR_RELAY_CLIENT);
		s->client_tls_started = true;
		/* its ClientHello may have come with it: TLS records, for the core (io->tls_carry) */
		if (s->client_in.length > packet->size) {
			altair_relay_buf_append(&s->io->tls_carry, s->client_in.data + packet->size, s->client_in.length - packet->size);
			s->client_in.length = packet->size; /* the SSLRequest alone stays, for the caller to take */
		}
		return ALTAIR_RELAY_CONTINUE;
	}
	if (!(capabilities & ALTAIR_MYSQL_CLIENT_SSL) && s->client_tls_started) {
		return fail(s, reply, "altair_eval: the client's login in TLS does not say TLS");
	}
	capabilities &= ~ALTAIR_MYSQL_CLIENT_SSL;
	s->login_sequence = packet->sequence;
	if (!(capabilities & ALTAIR_MYSQL_CLIENT_PROTOCOL_41)) {
		return fail(s, reply, "altair_eval: the relay needs a client that speaks protocol 4.1");
	}
	if (!altair_mysql_charset_id_safe(p[8])) {
		return fail(s, reply,
			"altair_eval: the relay does not pass the big5, sjis, gbk, cp932 or gb18030 character sets (a backslash can hide in them): use utf8mb4");
	}
	capabilities &= s->capabilities;
	if (s->resumed) {
		return altair_mysql_resumed_login(s, packet, raw, capabilities);
	}
	altair_mysql_login parsed;
	if (packet->size == packet->length + ALTAIR_MYSQL_HEADER && altair_mysql_login_parse(p, packet->length, &parsed)) {
		altair_mysql_note_login(s, &parsed);
	}
	s->capabilities = capabilities;
	uint8_t sequence = altair_mysql_upstream_tls(s, p, packet->sequence);
	size_t out = s->io->to_server.length;
	if (!altair_relay_buf_append(&s->io->to_server, raw, packet->size)) {
		return ALTAIR_RELAY_CLOSE;
	}
	unsigned char *copy = s->io->to_server.data + out + ALTAIR_MYSQL_HEADER;
	altair_mysql_put_u32(copy, capabilities | (s->upstream_tls ? ALTAIR_MYSQL_CLIENT_SSL : 0));
	memset(copy + 28, 0, 4);
	copy[-1] = sequence;
	s->phase = PHASE_AUTH;
	return ALTAIR_RELAY_CONTINUE;
}

/* MariaDB refuses a plaintext login where TLS is required (require_secure_transport, a user's
 * REQUIRE SSL) as it refuses a wrong password: error 1045. When the server offers TLS and the login
 * went without it (the app's configuration did not ask), the client is told that this may be why;
 * the error stays 1045. */
static bool access_denied_over_plaintext(altair_relay_session *s, const altair_mysql_packet *packet)
{
	static const char hint[] = " (altair_eval: the relay logged in to this server without TLS, as the app's configuration "
		"asks; if the server or this user requires TLS, require_secure_transport or REQUIRE SSL, that is why)";
	char message[512];
	size_t length = packet->length - 9;
	if (length > sizeof(message) - sizeof(hint)) {
		length = sizeof(message) - sizeof(hint);
	}
	memcpy(message, packet->payload + 9, length);
	memcpy(message + length, hint, sizeof(hint) - 1);
	length += sizeof(hint) - 1;
	return altair_mysql_append_error(&s->io->to_client, (uint8_t) (packet->sequence + s->shift),
		ALTAIR_MYSQL_ER_ACCESS_DENIED, "28000", message, length);
}

/* A packet of the login's exchange, to the client; a resumed login's are numbered one higher than
 * the server's (its COM_CHANGE_USER started at 0, the client's login at 1). */
static bool auth_to_client(altair_relay_session *s, const altair_mysql_packet *packet, const unsigned char *raw, size_t *out)
{
	*out = s->io->to_client.length;
	if (!altair_relay_buf_append(&s->io->to_client, raw, packet->size)) {
		return false;
	}
	if (s->shift) {
		s->io->to_client.data[*out + 3] = (uint8_t) (packet->sequence + s->shift);
	}
	return true;
}

static altair_relay_verdict auth_reply(altair_relay_session *s, const altair_mysql_packet *packet, const unsigned char *raw)
{
	const unsigned char *p = packet->payload;
	size_t n = packet->length;
	size_t out;
	if (n > 0 && p[0] == 0xff) {
		uint16_t code = n >= 3 ? altair_mysql_u16(p + 1) : 0;
		bool insecure = code == ALTAIR_MYSQL_ER_SECURE_TRANSPORT_REQUIRED;
		for (size_t i = 0; !insecure && i + 18 <= n; i++) {
			insecure = memcmp(p + i, "insecure transport", 18) == 0;
		}
		s->phase = PHASE_DONE;
		if (insecure) {
			static const char message[] = "altair_eval: this server requires TLS, which the app's configuration does not ask for (the relay "
				"logged in without it, as the app would have; MYSQL_ATTR_SSL_CA asks for it)";
			altair_mysql_append_error(&s->io->to_client, (uint8_t) (packet->sequence + s->shift), code, "08004", message,
				sizeof(message) - 1);
			return ALTAIR_RELAY_CLOSE;
		}
		if (code == ALTAIR_MYSQL_ER_ACCESS_DENIED && s->server_tls && !s->upstream_tls && n > 9 && p[3] == '#') {
			return access_denied_over_plaintext(s, packet) ? ALTAIR_RELAY_CONTINUE : ALTAIR_RELAY_CLOSE;
		}
		return auth_to_client(s, packet, raw, &out) ? ALTAIR_RELAY_CONTINUE : ALTAIR_RELAY_CLOSE;
	}
	if (n == 0 || p[0] != 0x00) {
		/* an auth switch request (0xfe) or more auth data (0x01): the greeting's scramble may be
		 * spent (caching_sha2's fast-auth success, 0x01 0x03, leaves it as it was) */
		if (!(n == 2 && p[0] == 0x01 && p[1] == 0x03)) {
			s->auth_exchanged = true;
			s->auth_turns++; /* the client answers this one with one packet */
		}
		return auth_to_client(s, packet, raw, &out) ? ALTAIR_RELAY_CONTINUE : ALTAIR_RELAY_CLOSE;
	}
	size_t at = altair_mysql_status_offset(p, n);
	if (at) {
		s->client_autocommit = (altair_mysql_u16(p + at) & ALTAIR_MYSQL_STATUS_AUTOCOMMIT) != 0;
	}
	if (!auth_to_client(s, packet, raw, &out)) {
		return ALTAIR_RELAY_CLOSE;
	}
	if (at) {
		unsigned char *status = s->io->to_client.data + out + ALTAIR_MYSQL_HEADER + at;
		altair_mysql_put_u16(status, altair_mysql_client_status(s, altair_mysql_u16(status)));
	}
	altair_mysql_proof_accepted(s);
	s->phase = PHASE_READY;
	s->logged_in = true;
	s->shift = 0;
	altair_mysql_logged_in(s);
	s->guard_pending = s->mode != ALTAIR_RELAY_WRITES;
	s->probe_pending = s->superuser < 0;
	return altair_mysql_pump(s);
}

/* What the client sent that waits for the server's answer (relay/engine.h, client_held). */
static altair_relay_verdict held(altair_relay_session *s, altair_relay_verdict verdict)
{
	bool waiting = s->phase != PHASE_READY || s->flight.origin != ORIGIN_NONE;
	s->io->client_held = waiting ? s->client_in.length : 0;
	return verdict;
}

static altair_relay_verdict server_input(altair_relay_session *s, const unsigned char *bytes, size_t length)
{
	if (s->phase == PHASE_DONE) {
		return ALTAIR_RELAY_CONTINUE; /* the replies to the relay's last ROLLBACK */
	}
	if (!altair_relay_buf_append(&s->server_in, bytes, length)) {
		return ALTAIR_RELAY_CLOSE;
	}
	altair_mysql_packet packet;
	while (s->phase != PHASE_DONE && altair_mysql_packet_next(s->server_in.data, s->server_in.length, &packet)) {
		altair_relay_verdict verdict;
		switch (s->phase) {
			case PHASE_GREETING:
				verdict = greeting(s, &packet, s->server_in.data);
				break;
			case PHASE_AUTH:
				verdict = auth_reply(s, &packet, s->server_in.data);
				break;
			case PHASE_READY:
				verdict = altair_mysql_reply(s, &packet, s->server_in.data);
				if (verdict == ALTAIR_RELAY_CONTINUE && s->flight_complete) {
					s->flight_complete = false;
					verdict = altair_mysql_flight_done(s);
				}
				break;
			default: /* the server speaks before the client's login: its error, passed on */
				verdict = altair_relay_buf_append(&s->io->to_client, s->server_in.data, packet.size) ? ALTAIR_RELAY_CONTINUE
				                                                                                      : ALTAIR_RELAY_CLOSE;
				break;
		}
		altair_relay_buf_consume(&s->server_in, packet.size);
		if (verdict == ALTAIR_RELAY_CLOSE) {
			return verdict;
		}
	}
	return ALTAIR_RELAY_CONTINUE;
}

static altair_relay_verdict client_input(altair_relay_session *s, const unsigned char *bytes, size_t length)
{
	if (s->phase == PHASE_DONE) {
		return ALTAIR_RELAY_CONTINUE;
	}
	if (!altair_relay_buf_append(&s->client_in, bytes, length) || s->client_in.length > 2 * (size_t) ALTAIR_MYSQL_MESSAGE_MAX) {
		return ALTAIR_RELAY_CLOSE; /* more than a whole message ahead of the server's replies */
	}
	altair_mysql_packet packet;
	/* In PHASE_AUTH only the packets the server asked for pass: anything more the client sent with
	 * its login (a pipelined command) waits in client_in until the guard is open (pump). */
	while ((s->phase == PHASE_LOGIN || (s->phase == PHASE_AUTH && s->auth_turns > 0)
			   || (s->phase == PHASE_READY && s->flight.state == REPLY_INFILE))
		&& altair_mysql_packet_next(s->client_in.data, s->client_in.length, &packet)) {
		altair_relay_verdict verdict = ALTAIR_RELAY_CONTINUE;
		size_t out = s->io->to_server.length;
		if (s->phase == PHASE_AUTH) {
			s->auth_turns--;
		}
		if (s->phase == PHASE_LOGIN) {
			verdict = login(s, &packet, s->client_in.data);
		} else if (!altair_relay_buf_append(&s->io->to_server, s->client_in.data, packet.size)) {
			verdict = ALTAIR_RELAY_CLOSE;
		} else if (s->phase == PHASE_AUTH && s->shift) {
			s->io->to_server.data[out + 3] = (uint8_t) (packet.sequence - s->shift); /* a resumed login's exchange */
		} else if (s->phase == PHASE_READY && packet.length == 0) {
			s->flight.state = REPLY_FIRST; /* the file's end: the server's OK or ERR follows */
		}
		altair_relay_buf_consume(&s->client_in, packet.size);
		if (verdict != ALTAIR_RELAY_CONTINUE) {
			return verdict;
		}
	}
	if (s->phase == PHASE_READY) {
		return altair_mysql_pump(s);
	}
	return s->client_in.length > ALTAIR_MYSQL_MESSAGE_MAX ? ALTAIR_RELAY_CLOSE : ALTAIR_RELAY_CONTINUE;
}

static altair_relay_verdict mysql_from_server(altair_relay_session *s, const unsigned char *bytes, size_t length)
{
	return held(s, server_input(s, bytes, length));
}

static altair_relay_verdict mysql_from_client(altair_relay_session *s, const unsigned char *bytes, size_t length)
{
	return held(s, client_input(s, bytes, length));
}

static void mysql_finish(altair_relay_session *s)
{
	altair_mysql_finish(s);
}

static void mysql_status(const altair_relay_session *s, altair_relay_status *out)
{
	if (s->server_version[0]) {
		memcpy(out->server_version, s->server_version, sizeof(out->server_version));
	}
	switch (s->mode) {
		case ALTAIR_RELAY_READ_ONLY:
			out->enforced_by = enforced_read_only;
			out->residual = residual_read_only;
			break;
		case ALTAIR_RELAY_ROLLBACK:
			out->enforced_by = enforced_rollback;
			out->residual = residual_rollback;
			break;
		case ALTAIR_RELAY_WRITES:
			out->enforced_by = enforced_writes;
			out->residual = residual_writes;
			break;
	}
	if (s->superuser >= 0) {
		out->superuser = s->superuser;
	}
	/* Held for the whole session: a guard lost to a deadlock is reopened before the client's next
	 * command; a guard that could not be opened closed the connection. */
	out->guarded = s->logged_in && (s->mode == ALTAIR_RELAY_WRITES || s->guard_opened);
}

static void mysql_close(altair_relay_session *s)
{
	altair_relay_buf_free(&s->client_in);
	altair_relay_buf_free(&s->server_in);
	altair_mysql_flight_clear(&s->flight);
	for (size_t i = 0; i < s->statement_count; i++) {
		free(s->statements[i].text);
		free(s->statements[i].types);
	}
	free(s->statements);
	free(s->pending_login);
	free(s);
}

/* TLS to the server failed (its certificate, its handshake): the client's login gets an error that
 * says why, as mysqlnd's own TLS error would (2026). */
static void mysql_tls_failed(altair_relay_session *s, altair_relay_leg leg, const char *why)
{
	char message[400];
	int length;

	if (leg != ALTAIR_RELAY_SERVER || s->phase == PHASE_DONE) {
		return;
	}
	length = snprintf(message, sizeof(message), "altair_eval: the relay's TLS connection to the server failed: %s", why);
	altair_mysql_append_error(&s->io->to_client, (uint8_t) (s->login_sequence + 1), ALTAIR_MYSQL_CR_SSL_CONNECTION_ERROR, "HY000",
		message, length < 0 ? 0 : ((size_t) length < sizeof(message) ? (size_t) length : sizeof(message) - 1));
	s->phase = PHASE_DONE;
}

static bool mysql_awaiting_server(const altair_relay_session *s)
{
	return s->phase == PHASE_GREETING || s->phase == PHASE_AUTH
		|| (s->phase == PHASE_READY && s->flight.origin != ORIGIN_NONE && s->flight.state != REPLY_INFILE);
}

const altair_relay_engine altair_relay_engine_mysql = {
	.name = "mysql",
	.open = altair_mysql_open,
	.from_client = mysql_from_client,
	.from_server = mysql_from_server,
	.finish = mysql_finish,
	.status = mysql_status,
	.close = mysql_close,
	.keep = altair_mysql_keep,
	.kept_settled = altair_mysql_kept_settled,
	.resume = altair_mysql_resume,
	.kept_goodbye = altair_mysql_kept_goodbye,
	.awaiting_server = mysql_awaiting_server,
	.call = altair_mysql_call,
	.tls_failed = mysql_tls_failed,
};
