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
