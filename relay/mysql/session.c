/*
 * The MySQL / MariaDB session's floor (relay/mysql/session.h): its creation, the flight (what the
 * reply in flight belongs to), the relay's own commands, the client's view of the status flags and
 * prepared statements. Everything above calls down here; nothing here calls up.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"

void altair_mysql_flight_clear(mysql_flight *flight)
{
	free(flight->text);
	free(flight->params_json);
	free(flight->error);
	memset(flight, 0, sizeof(*flight));
}

uint16_t altair_mysql_client_status(const altair_relay_session *s, uint16_t server_status)
{
	if (s->mode == ALTAIR_RELAY_WRITES) {
		return server_status;
	}
	uint16_t status = server_status
		& (uint16_t) ~(ALTAIR_MYSQL_STATUS_IN_TRANS | ALTAIR_MYSQL_STATUS_AUTOCOMMIT | ALTAIR_MYSQL_STATUS_IN_TRANS_READONLY);
	if (s->client_in_transaction) {
		status |= ALTAIR_MYSQL_STATUS_IN_TRANS;
	}
	if (s->client_autocommit) {
		status |= ALTAIR_MYSQL_STATUS_AUTOCOMMIT;
	}
	return status;
}

altair_relay_session *altair_mysql_open(const altair_relay_config *config, altair_relay_io *io)
{
	altair_relay_session *s = calloc(1, sizeof(*s));
	if (s) {
		s->mode = config->mode;
		s->io = io;
		s->client_autocommit = true;
		s->superuser = -1;
		s->deadline_ns = config->deadline_ns;
		s->tls_policy = config->server_tls;
		s->client_tls = config->client_tls;
		s->client_secure = config->client_secure;
		s->server_local = config->server_local;
	}
	return s;
}

mysql_statement *altair_mysql_statement_find(altair_relay_session *s, uint32_t id)
{
	if (id == 0xffffffffu) {
		id = s->last_prepared; /* MariaDB: the statement prepared last */
	}
	for (size_t i = 0; i < s->statement_count; i++) {
		if (s->statements[i].id == id) {
			return &s->statements[i];
		}
	}
	return NULL;
}

/* Starts a command of the relay's own; its reply is swallowed. */
bool altair_mysql_inject(altair_relay_session *s, mysql_origin origin, uint8_t command, const char *text)
{
	altair_mysql_flight_clear(&s->flight);
	s->flight.origin = origin;
	s->flight.command = command;
	s->flight.state = command == ALTAIR_MYSQL_COM_QUERY ? REPLY_FIRST : REPLY_ONE;
	s->flight.replies_left = 1;
	return altair_mysql_append_command(&s->io->to_server, command, text);
}

bool altair_mysql_inject_batch(altair_relay_session *s, mysql_origin origin, const char *const *statements, size_t count,
	size_t must_from)
{
	if (count == 0 || count > UINT8_MAX) {
		return false;
	}
	altair_mysql_flight_clear(&s->flight);
	s->flight.origin = origin;
	s->flight.command = ALTAIR_MYSQL_COM_QUERY;
	s->flight.state = REPLY_FIRST;
	s->flight.replies_left = (uint8_t) count;
	s->flight.must_from = (uint8_t) must_from;
	return altair_mysql_append_statements(&s->io->to_server, statements, count);
}

void altair_mysql_logged_in(altair_relay_session *s)
{
	s->limit_pending = s->deadline_ns != 0; /* a login starts a session: its limit goes again */
	s->use_answerable = s->mode != ALTAIR_RELAY_WRITES && s->database[0] && (s->capabilities & ALTAIR_MYSQL_CLIENT_CONNECT_WITH_DB)
		&& !(s->capabilities & ALTAIR_MYSQL_CLIENT_SESSION_TRACK);
}

bool altair_mysql_append_statements(altair_relay_buf *out, const char *const *statements, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		if (!altair_mysql_append_command(out, ALTAIR_MYSQL_COM_QUERY, statements[i])) {
			return false;
		}
	}
	return true;
}

uint8_t altair_mysql_upstream_tls(altair_relay_session *s, const unsigned char *login, uint8_t sequence)
{
	unsigned char request[32];
	uint8_t first;

	if (!(s->client_tls_started || s->tls_policy == ALTAIR_RELAY_TLS_REQUIRED) || s->upstream_tls || !s->server_tls) {
		return sequence;
	}
	memset(request, 0, sizeof(request));
	memcpy(request, login, 9); /* capabilities, max packet, character set */
	altair_mysql_put_u32(request, s->capabilities | ALTAIR_MYSQL_CLIENT_SSL);
	/* numbered as the client numbered its own SSLRequest, or as its login when the relay adds one */
	first = s->client_tls_started ? (uint8_t) (sequence - 1) : sequence;
	if (!altair_mysql_append_packet(&s->io->to_server, first, request, sizeof(request))) {
		return sequence;
	}
	altair_relay_start_tls(s->io, ALTAIR_RELAY_SERVER);
	s->upstream_tls = true;
	s->shift = (int) sequence - (int) (uint8_t) (first + 1);
	return (uint8_t) (first + 1);
}
