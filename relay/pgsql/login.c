/*
 * The relay's own PostgreSQL login (docs/relay.md, "PostgreSQL", kept connections; design in
 * relay/pgsql/auth.h): where the host read the startup user's password from the app's own
 * configuration, the relay logs in to the server with it and checks that the child sends the same
 * one, as pgbouncer does with an auth_file. The server checks the relay's login as it checks
 * anyone's; a child that sends another password is refused with the server's own words.
 *
 * Order: the startup goes to the server as ever; the server's first authentication request says
 * its method, and the child is asked the same way (SCRAM-SHA-256 for SASL, md5, cleartext; trust:
 * no question); the server's AuthenticationOk and everything after it (ParameterStatus,
 * BackendKeyData, ReadyForQuery: the guard's turn) reach the child only once the child is checked.
 */
#include "session.h"

#include <stdio.h>
#include <string.h>

/* The relay's SSLRequest to the server (its length, the code 80877103). */
static const unsigned char ssl_request[8] = {0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f};
_Static_assert(ALTAIR_PGSQL_SSL_REQUEST == 0x04d2162fu, "SSLRequest's code");

/* The startup packet to the server: after the server's answer to the relay's own SSLRequest where
 * the app's configuration asks for TLS (docs/relay.md, "TLS"), at once otherwise. */
void altair_pgsql_send_startup(pgsql_session *s)
{
	const altair_relay_buf *packet = &s->startup_packet;
	if (s->server_tls != ALTAIR_RELAY_TLS_NEVER && !s->tls_asked && !s->tls_settled) {
		altair_relay_buf_append(&s->startup_held, packet->data, packet->length);
		altair_relay_buf_append(&s->io->to_server, ssl_request, sizeof(ssl_request));
		s->tls_asked = true;
		return;
	}
	altair_relay_buf_append(&s->io->to_server, packet->data, packet->length);
}

size_t altair_pgsql_tls_answer(pgsql_session *s, const unsigned char *bytes, size_t length)
{
	s->tls_asked = false;
	s->tls_settled = true;
	if (length > 1 && bytes[0] == 'S') {
		/* libpq refuses the same (CVE-2021-23222): nothing may come before the handshake */
		altair_pgsql_fatal(s, "altair_eval: the server sent unencrypted bytes after its answer to the relay's SSLRequest");
		return 0;
	}
	if (bytes[0] == 'S') {
		altair_relay_start_tls(s->io, ALTAIR_RELAY_SERVER);
	} else if (bytes[0] != 'N') {
		altair_pgsql_fatal(s, "altair_eval: the server did not answer the relay's SSLRequest as PostgreSQL does");
		return 0;
	} else if (s->server_tls == ALTAIR_RELAY_TLS_REQUIRED) {
		altair_pgsql_fatal(s, "altair_eval: the server does not accept TLS, which the app's configuration requires (sslmode); the relay did not log in");
		return 0;
	}
	altair_relay_buf_append(&s->io->to_server, s->startup_held.data, s->startup_held.length);
	altair_relay_buf_free(&s->startup_held);
	return 1;
}

/* The user's password among the credentials (user, password, …, NULL), or NULL. */
static const char *known_password(const char *const *credentials, const char *user)
{
	for (size_t i = 0; credentials && credentials[i] && credentials[i + 1]; i += 2) {
		if (strcmp(credentials[i], user) == 0) {
			return altair_pgsql_auth_password_usable(credentials[i + 1]) ? credentials[i + 1] : NULL;
		}
	}
	return NULL;
}

void altair_pgsql_login_start(pgsql_session *s, const unsigned char *packet, size_t length)
{
	size_t offset = 0;
	const char *name, *value;

	s->user[0] = s->database[0] = '\0';
	while (altair_pgsql_startup_parameter(packet, length, &offset, &name, &value)) {
		if (strcmp(name, "user") == 0 && strlen(value) < sizeof(s->user)) {
			snprintf(s->user, sizeof(s->user), "%s", value);
		} else if (strcmp(name, "database") == 0 && strlen(value) < sizeof(s->database)) {
			snprintf(s->database, sizeof(s->database), "%s", value);
		}
	}
	if (!s->database[0]) {
		snprintf(s->database, sizeof(s->database), "%s", s->user); /* the server's default */
	}
	s->server_method = -1;
	s->password = s->user[0] ? known_password(s->credentials, s->user) : NULL;
}

/* The child is asked for its password the way the server asked the relay (SCRAM for any SASL). */
static void ask_client(pgsql_session *s, int method)
{
	altair_relay_buf body = {0};

	s->server_method = method;
	if (method == ALTAIR_PGSQL_AUTH_OK) {
		s->client_checked = true; /* the server asks no password of this user here: nor does the relay */
		return;
	}
	if (!altair_pgsql_auth_challenge(&s->check, method, &body)) {
		altair_pgsql_fatal(s, "altair_eval: the relay could not ask the client for its password");
	} else {
		altair_pgsql_put(&s->io->to_client, 'R', body.data, body.length);
	}
	altair_relay_buf_free(&body);
}

bool altair_pgsql_login_server(pgsql_session *s, const altair_pgsql_message *m)
{
	altair_relay_buf answer = {0};
	altair_pgsql_auth_step step;
	uint32_t code;

	if (!s->password || m->type != 'R' || m->length < 4) {
		return false;
	}
	code = altair_pgsql_u32(m->body);
	step = altair_pgsql_auth_answer(&s->login, s->user, s->password, m->body, m->length, &answer);
	if (step == ALTAIR_PGSQL_AUTH_MORE && answer.length > 0) {
		altair_pgsql_put(&s->io->to_server, 'p', answer.data, answer.length);
	}
	altair_relay_buf_free(&answer);
	if (step == ALTAIR_PGSQL_AUTH_UNSUPPORTED) {
		char message[160];
		snprintf(message, sizeof(message), "altair_eval: the server asks for an authentication the relay does not speak (request %u)", code);
		altair_pgsql_fatal(s, message);
		return true;
	}
	if (step == ALTAIR_PGSQL_AUTH_REFUSED) {
		altair_pgsql_fatal(s, "altair_eval: the server's answer to the relay's login does not prove it holds the password's verifier; the relay did not go on");
		return true;
	}
	if (s->server_method < 0 && code != ALTAIR_PGSQL_AUTH_SASL_CONTINUE && code != ALTAIR_PGSQL_AUTH_SASL_FINAL) {
		ask_client(s, code == ALTAIR_PGSQL_AUTH_SASL ? ALTAIR_PGSQL_AUTH_SASL : (int) code);
	}
	if (code == ALTAIR_PGSQL_AUTH_OK) {
		s->server_logged_in = true;
	}
	return true;
}

void altair_pgsql_login_client(pgsql_session *s, const altair_pgsql_message *m)
{
	altair_relay_buf next = {0};
	altair_pgsql_auth_step step = m->type == 'p' && s->server_method > 0 && !s->client_checked
		? altair_pgsql_auth_check(&s->check, s->user, s->password, m->body, m->length, &next) : ALTAIR_PGSQL_AUTH_REFUSED;

	if (step == ALTAIR_PGSQL_AUTH_REFUSED) {
		char message[160];
		/* the server's own words for a wrong password (SQLSTATE invalid_password) */
		snprintf(message, sizeof(message), "password authentication failed for user \"%s\"", s->user);
		altair_pgsql_put_error(&s->io->to_client, 'E', "FATAL", "28P01", message);
		s->close = true;
	} else {
		if (next.length > 0) {
			altair_pgsql_put(&s->io->to_client, 'R', next.data, next.length); /* SASLContinue, or SASLFinal */
		}
		s->client_checked = step == ALTAIR_PGSQL_AUTH_DONE;
	}
	altair_relay_buf_free(&next);
}

bool altair_pgsql_login_ready(pgsql_session *s)
{
	static const unsigned char ok[4] = {0, 0, 0, 0};

	if (!s->password) {
		return true;
	}
	if (!s->client_checked || !s->server_logged_in) {
		return false;
	}
	if (!s->client_told) {
		altair_pgsql_put(&s->io->to_client, 'R', ok, sizeof(ok)); /* AuthenticationOk */
		s->client_told = true;
	}
	return true;
}

bool altair_pgsql_login_resumed(pgsql_session *s, int method)
{
	s->server_logged_in = true; /* the kept connection's server took this login's password before */
	ask_client(s, method);
	return !s->close && altair_pgsql_login_ready(s);
}
