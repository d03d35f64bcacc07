/*
 * The server's side of a relayed MySQL connection once logged in (relay/mysql/session.h): where
 * the reply to the command in flight stands, packet by packet; the status flags the client sees;
 * the guard transaction checked on every status the server sends.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"

/* The client's view once its transaction statement succeeded. */
static void apply_action(altair_relay_session *s, altair_mysql_action action)
{
	switch (action) {
		case ALTAIR_MYSQL_BEGIN:
		case ALTAIR_MYSQL_COMMIT_CHAIN:
		case ALTAIR_MYSQL_ROLLBACK_CHAIN:
			s->client_in_transaction = true;
			break;
		case ALTAIR_MYSQL_COMMIT:
		case ALTAIR_MYSQL_ROLLBACK:
			s->client_in_transaction = !s->client_autocommit;
			break;
		case ALTAIR_MYSQL_AUTOCOMMIT_OFF:
			s->client_autocommit = false;
			s->client_in_transaction = true;
			break;
		case ALTAIR_MYSQL_AUTOCOMMIT_ON:
			s->client_autocommit = true;
			s->client_in_transaction = false;
			break;
		default:
			break;
	}
}

/* A status the server sent: the guard transaction must still be open. */
static void check_guard(altair_relay_session *s, uint16_t status)
{
	if (s->mode == ALTAIR_RELAY_WRITES || s->flight.origin == ORIGIN_GUARD) {
		return;
	}
	if (!altair_mysql_guard_holds(s->mode, status)) {
		/* A deadlock rolled the whole transaction back (its XA transaction is left rollback-only,
		 * in which the server refuses every statement that reads or writes data): the client's too. */
		s->guarded = false;
		s->guard_pending = true;
		s->client_in_transaction = false;
		s->savepoint_pending = !s->client_autocommit;
	}
}

static bool forward(altair_relay_session *s, const altair_mysql_packet *packet, const unsigned char *raw, size_t status_at)
{
	altair_relay_buf *out = &s->io->to_client;
	size_t at = out->length;
	if (!altair_relay_buf_append(out, raw, packet->size)) {
		return false;
	}
	if (status_at) {
		unsigned char *status = out->data + at + ALTAIR_MYSQL_HEADER + status_at;
		altair_mysql_put_u16(status, altair_mysql_client_status(s, altair_mysql_u16(status)));
	}
	return true;
}

/* What the server refused, as the refusal names it. A query the server refuses in a READ ONLY
 * transaction is a locking read or calls a function that writes: "SELECT refused" alone reads as if
 * no query could run (a user's lockForUpdate() was told so). */
static const char *refused_kind(const char *kind)
{
	static const char *const reads[] = {"SELECT", "WITH", "TABLE", "VALUES", "DO", NULL};
	if (!kind[0]) {
		return "this write";
	}
	for (size_t i = 0; reads[i]; i++) {
		if (strcmp(kind, reads[i]) == 0) {
			return "a locking read (FOR UPDATE) or a query calling a function that writes";
		}
	}
	return kind;
}

/* An ERR packet: kept for the report; in read-only mode the server's refusal of a write is told
 * in the relay's sentence, so the user reads how to allow it. */
static bool server_error(altair_relay_session *s, const altair_mysql_packet *packet, const unsigned char *raw)
{
	mysql_flight *f = &s->flight;
	const unsigned char *p = packet->payload;
	size_t n = packet->length;
	f->server_error = true;
	f->error_code = n >= 3 ? altair_mysql_u16(p + 1) : 0;
	size_t text_at = n >= 9 && p[3] == '#' ? 9 : (n >= 3 ? 3 : n);
	const char *message = (const char *) p + text_at;
	size_t message_length = n - text_at;
	char refusal[512];
	/* The server's refusal of a write in the read-only guard, or of what would end the guard: the
	 * relay's sentence, which names the mode and --writes. */
	bool write_refused = s->mode == ALTAIR_RELAY_READ_ONLY && f->error_code == ALTAIR_MYSQL_ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION;
	bool end_refused = s->mode != ALTAIR_RELAY_WRITES && altair_mysql_guard_refusal(f->error_code);
	bool rewrite = write_refused || end_refused;
	if (rewrite) {
		char what[ALTAIR_MYSQL_KIND_MAX + 64];
		snprintf(what, sizeof(what), "%s%s", write_refused ? refused_kind(f->kind) : f->kind[0] ? f->kind : "this statement",
			end_refused ? " (it would end the relay's transaction)" : "");
		message = refusal;
		message_length = altair_relay_refusal(refusal, sizeof(refusal), what, s->mode);
	}
	if (message_length == 0) {
		/* a server that says nothing: the statement is still reported as failed */
		message = "error";
		message_length = strlen(message);
	}
	free(f->error);
	f->error = malloc(message_length + 1);
	if (f->error) {
		memcpy(f->error, message, message_length);
		f->error[message_length] = '\0';
		f->error_length = message_length;
	}
	if (f->origin != ORIGIN_CLIENT) {
		return true;
	}
	if (rewrite) {
		return altair_mysql_append_error(&s->io->to_client, packet->sequence, f->error_code, write_refused ? "25006" : "XAE07", message,
			message_length);
	}
	return forward(s, packet, raw, 0);
}

/* The reply in flight is complete: the engine's loop goes on with it (relay/mysql/mysql.c calls
 * altair_mysql_flight_done), so the replies' side never calls the commands' side. */
static altair_relay_verdict flight_complete(altair_relay_session *s)
{
	s->flight_complete = true;
	return ALTAIR_RELAY_CONTINUE;
}

static altair_relay_verdict violation(altair_relay_session *s)
{
	static const char message[] = "altair_eval: the relay could not follow the server's reply";
	altair_mysql_append_error(&s->io->to_client, 1, ALTAIR_MYSQL_ER_NOT_SUPPORTED_YET, "HY000", message, sizeof(message) - 1);
	s->phase = PHASE_DONE;
	return ALTAIR_RELAY_CLOSE;
}

/* OK or EOF: the status, the rows affected; whether more results follow. */
static bool status_packet(altair_relay_session *s, const altair_mysql_packet *packet, const unsigned char *raw, bool final_ok)
{
	mysql_flight *f = &s->flight;
	size_t at = altair_mysql_status_offset(packet->payload, packet->length);
	uint16_t status = at ? altair_mysql_u16(packet->payload + at) : 0;
	if (packet->payload[0] == 0x00) {
		size_t pos = 1;
		uint64_t affected;
		if (altair_mysql_lenenc(packet->payload, packet->length, &pos, &affected)) {
			f->rows = (f->rows < 0 ? 0 : f->rows) + (int64_t) affected;
		}
	}
	if (at) {
		f->last_status = status;
		check_guard(s, status);
	}
	bool more = at && (status & ALTAIR_MYSQL_STATUS_MORE_RESULTS);
	if (final_ok && !more && f->origin == ORIGIN_CLIENT && !f->server_error) {
		apply_action(s, f->action);
	}
	if (f->origin == ORIGIN_CLIENT && !forward(s, packet, raw, at)) {
		return false;
	}
	return more;
}

/* LOCAL INFILE request: in writes mode the client streams the file; otherwise (the capability was
 * taken away, so a server should never ask) the relay answers with an empty file. */
static bool infile(altair_relay_session *s, const altair_mysql_packet *packet, const unsigned char *raw)
{
	if (s->mode == ALTAIR_RELAY_WRITES && s->flight.origin == ORIGIN_CLIENT) {
		s->flight.state = REPLY_INFILE;
		return forward(s, packet, raw, 0);
	}
	return altair_mysql_append_packet(&s->io->to_server, (uint8_t) (packet->sequence + 1), "", 0);
}

static altair_relay_verdict first_packet(altair_relay_session *s, const altair_mysql_packet *packet, const unsigned char *raw)
{
	mysql_flight *f = &s->flight;
	const unsigned char *p = packet->payload;
	if (packet->length == 0) {
		return violation(s);
	}
	if (p[0] == 0x00) {
		bool more = status_packet(s, packet, raw, true);
		return more ? ALTAIR_RELAY_CONTINUE : flight_complete(s);
	}
	if (p[0] == 0xff) {
		return server_error(s, packet, raw) ? flight_complete(s) : ALTAIR_RELAY_CLOSE;
	}
	if (p[0] == 0xfb) {
		return infile(s, packet, raw) ? ALTAIR_RELAY_CONTINUE : ALTAIR_RELAY_CLOSE;
	}
	size_t at = 0;
	uint64_t columns;
	if (!altair_mysql_lenenc(p, packet->length, &at, &columns) || columns == 0) {
		return violation(s);
	}
	f->columns_left = columns;
	f->state = REPLY_COLUMNS;
	if (f->rows < 0) {
		f->rows = 0;
	}
	return f->origin == ORIGIN_CLIENT && !forward(s, packet, raw, 0) ? ALTAIR_RELAY_CLOSE : ALTAIR_RELAY_CONTINUE;
}

static altair_relay_verdict prepared(altair_relay_session *s, const altair_mysql_packet *packet, const unsigned char *raw)
{
	mysql_flight *f = &s->flight;
	const unsigned char *p = packet->payload;
	if (packet->length >= 1 && p[0] == 0xff) {
		return server_error(s, packet, raw) ? flight_complete(s) : ALTAIR_RELAY_CLOSE;
	}
	if (packet->length < 12 || p[0] != 0x00) {
		return violation(s);
	}
	uint16_t columns = altair_mysql_u16(p + 5), params = altair_mysql_u16(p + 7);
	if (s->statement_count == s->statement_capacity) {
		size_t capacity = s->statement_capacity ? 2 * s->statement_capacity : 8;
		mysql_statement *grown = realloc(s->statements, capacity * sizeof(*grown));
		if (!grown) {
			return ALTAIR_RELAY_CLOSE;
		}
		s->statements = grown;
		s->statement_capacity = capacity;
	}
	mysql_statement *statement = &s->statements[s->statement_count++];
	*statement = (mysql_statement) {.id = altair_mysql_u32(p + 1), .params = params, .text = f->text, .text_length = f->text_length,
		.action = f->action};
	f->action = ALTAIR_MYSQL_PASS;
	f->text = NULL; /* the statement owns it now */
	s->last_prepared = statement->id;
	if (!forward(s, packet, raw, 0)) {
		return ALTAIR_RELAY_CLOSE;
	}
	f->definition_lists = (params > 0) + (columns > 0);
	f->columns_left = params > 0 ? params : columns;
	f->rows = columns; /* the second list's length, until the first is read */
	f->state = REPLY_PREPARE_DEFS;
	return f->definition_lists ? ALTAIR_RELAY_CONTINUE : flight_complete(s);
}

static altair_relay_verdict pass_on(altair_relay_session *s, const altair_mysql_packet *packet, const unsigned char *raw)
{
	return s->flight.origin == ORIGIN_CLIENT && !forward(s, packet, raw, 0) ? ALTAIR_RELAY_CLOSE : ALTAIR_RELAY_CONTINUE;
}

static altair_relay_verdict failed(altair_relay_session *s, const altair_mysql_packet *packet, const unsigned char *raw)
{
	return server_error(s, packet, raw) ? flight_complete(s) : ALTAIR_RELAY_CLOSE;
}

static bool is_error(const altair_mysql_packet *packet)
{
	return packet->length > 0 && packet->payload[0] == 0xff && packet->length < ALTAIR_MYSQL_PAYLOAD_MAX;
}

/* Column definitions, then their EOF (a cursor's reply stops there). */
static altair_relay_verdict columns(altair_relay_session *s, const altair_mysql_packet *packet, const unsigned char *raw)
{
	mysql_flight *f = &s->flight;
	if (f->columns_left > 0) {
		f->columns_left--;
		return pass_on(s, packet, raw);
	}
	if (is_error(packet)) {
		return failed(s, packet, raw);
	}
	if (!altair_mysql_is_eof(packet->payload, packet->length)) {
		return violation(s);
	}
	status_packet(s, packet, raw, false);
	if (f->binary_rows && (f->last_status & ALTAIR_MYSQL_STATUS_CURSOR_EXISTS)) {
		return flight_complete(s);
	}
	f->state = REPLY_ROWS;
	return ALTAIR_RELAY_CONTINUE;
}

/* Rows until an EOF (more results may follow) or an ERR. */
static altair_relay_verdict rows(altair_relay_session *s, const altair_mysql_packet *packet, const unsigned char *raw)
{
	mysql_flight *f = &s->flight;
	if (altair_mysql_is_eof(packet->payload, packet->length)) {
		bool more = status_packet(s, packet, raw, false);
		f->state = REPLY_FIRST;
		return more ? ALTAIR_RELAY_CONTINUE : flight_complete(s);
	}
	if (is_error(packet)) {
		return failed(s, packet, raw);
	}
	f->rows++;
	return pass_on(s, packet, raw);
}

/* A prepared statement's parameter and column definitions, each list ending with an EOF. */
static altair_relay_verdict definitions(altair_relay_session *s, const altair_mysql_packet *packet, const unsigned char *raw)
{
	mysql_flight *f = &s->flight;
	if (f->columns_left > 0) {
		f->columns_left--;
		return pass_on(s, packet, raw);
	}
	if (!altair_mysql_is_eof(packet->payload, packet->length)) {
		return violation(s);
	}
	status_packet(s, packet, raw, false);
	if (--f->definition_lists == 0) {
		f->rows = -1;
		return flight_complete(s);
	}
	f->columns_left = (uint64_t) f->rows;
	return ALTAIR_RELAY_CONTINUE;
}

/* One packet (OK, ERR, EOF, or COM_STATISTICS' text); COM_FIELD_LIST: definitions up to it. */
static altair_relay_verdict single(altair_relay_session *s, const altair_mysql_packet *packet, const unsigned char *raw)
{
	mysql_flight *f = &s->flight;
	bool eof = altair_mysql_is_eof(packet->payload, packet->length);
	if (f->state == REPLY_FIELD_LIST && !eof && !is_error(packet)) {
		return pass_on(s, packet, raw);
	}
	if (is_error(packet)) {
		return failed(s, packet, raw);
	}
	bool ok = packet->length > 0 && packet->payload[0] == 0x00 && f->command != ALTAIR_MYSQL_COM_STATISTICS;
	if (eof || ok) {
		status_packet(s, packet, raw, true);
	} else if (pass_on(s, packet, raw) == ALTAIR_RELAY_CLOSE) {
		return ALTAIR_RELAY_CLOSE;
	}
	return flight_complete(s);
}

altair_relay_verdict altair_mysql_reply(altair_relay_session *s, const altair_mysql_packet *packet, const unsigned char *raw)
{
	mysql_flight *f = &s->flight;
	if (f->origin == ORIGIN_NONE) {
		/* Unasked (the server's last words before it closes): passed on as they are. */
		return altair_relay_buf_append(&s->io->to_client, raw, packet->size) ? ALTAIR_RELAY_CONTINUE : ALTAIR_RELAY_CLOSE;
	}
	if (f->prefix_replies > 0 && !f->continued) {
		/* the reply to the time limit sent in front of the client's command (OK, or an ERR on a
		 * server without that setting): swallowed */
		f->prefix_replies--;
		return ALTAIR_RELAY_CONTINUE;
	}
	bool continuation = f->continued;
	f->continued = packet->length == ALTAIR_MYSQL_PAYLOAD_MAX;
	if (continuation) {
		return pass_on(s, packet, raw); /* the rest of a packet of 16 MB or more: a row */
	}
	switch (f->state) {
		case REPLY_FIRST:
		case REPLY_INFILE:
			return first_packet(s, packet, raw);
		case REPLY_COLUMNS:
			return columns(s, packet, raw);
		case REPLY_ROWS:
			return rows(s, packet, raw);
		case REPLY_PREPARE:
			return prepared(s, packet, raw);
		case REPLY_PREPARE_DEFS:
			return definitions(s, packet, raw);
		case REPLY_FIELD_LIST:
		case REPLY_ONE:
			return single(s, packet, raw);
	}
	return violation(s);
}
