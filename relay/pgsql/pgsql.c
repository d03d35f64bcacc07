/*
 * The PostgreSQL relay engine (docs/ARCHITECTURE.md, "The database relay"): the engine's entry
 * points and the client's side of a session (startup, dispatch); query.c has the simple Query,
 * extended.c the extended protocol, server.c the server's side, sql.c and grammar.c the statement
 * classifier, wire.c the protocol's messages, session.c what they share. The design is in
 * session.h.
 */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef enum { CONSUMED, HOLD } step;


static step ready_message(pgsql_session *s, const altair_pgsql_message *m)
{
	bool copy_data = m->type == 'd' || m->type == 'c' || m->type == 'f';
	if (copy_data) {
		if (s->copy_in) {
			altair_pgsql_to_server(s, m);
		}
		if (s->copy_in && m->type != 'd' && s->copy_sync_owed) {
			altair_pgsql_put_sync(&s->io->to_server); /* the statement's own Sync was ignored during the copy */
			s->copy_sync_owed = false;
		}
		return CONSUMED;
	}
	if (s->unit_pending) {
		return HOLD;
	}
	switch (m->type) {
		case 'Q':
			altair_pgsql_query_message(s, m);
			break;
		case 'P':
		case 'B':
		case 'D':
		case 'E':
		case 'C':
			altair_pgsql_extended_message(s, m);
			break;
		case 'H':
			altair_pgsql_to_server(s, m);
			break;
		case 'S':
			altair_pgsql_to_server(s, m);
			altair_pgsql_push(s, REPLY_SYNC);
			s->batch_open = s->skip_to_sync = s->server_skipping = false;
			s->unit_pending = true;
			break;
		case 'X':
			s->client = CLIENT_GONE;
			break;
		case 'F': {
			char message[512];
			altair_pgsql_refusal(s, "a fast-path function call", message, sizeof(message));
			altair_pgsql_report(s, "(function call)", 15, NULL, 0, altair_pgsql_now(s), -1, message, strlen(message), true);
			altair_pgsql_relay_error(s, "25006", message, true);
			break;
		}
		default:
			altair_pgsql_fatal(s, "altair_eval: the relay received a message it does not know from the client");
	}
	return CONSUMED;
}

/* A client's SSLRequest: 'S' and TLS where the app's configuration requires it and the relay has a
 * certificate for it; 'N' otherwise (libpq's prefer, its default, goes on in plaintext: the wire
 * to the server is the relay's, encrypted as the configuration asks). */
static void client_ssl_request(pgsql_session *s)
{
	if (!s->client_tls || s->client_tls_started) {
		altair_relay_buf_append(&s->io->to_client, "N", 1);
		return;
	}
	altair_relay_buf_append(&s->io->to_client, "S", 1);
	altair_relay_start_tls(s->io, ALTAIR_RELAY_CLIENT);
	s->client_tls_started = true;
}

static void startup_message(pgsql_session *s, const altair_pgsql_message *m)
{
	uint32_t code = m->length >= 4 ? altair_pgsql_u32(m->body) : 0;
	if (code == ALTAIR_PGSQL_SSL_REQUEST) {
		client_ssl_request(s);
	} else if (code == ALTAIR_PGSQL_GSSENC_REQUEST) {
		altair_relay_buf_append(&s->io->to_client, "N", 1); /* no GSSAPI encryption */
	} else if (code == ALTAIR_PGSQL_CANCEL_REQUEST) {
		/* for a server connection of its own (attach: never a kept one) */
		unsigned char length[4] = {0, 0, 0, (unsigned char) (m->length + 4)};
		altair_relay_buf_append(&s->startup_packet, length, 4);
		altair_relay_buf_append(&s->startup_packet, m->body, m->length);
		s->client = CLIENT_CANCEL;
		s->attach_pending = true;
	} else if (code >> 16 == 3) {
		/* In guarded modes the relay reads statements as the server does with standard strings on. */
		static const char *const guarded[] = {"standard_conforming_strings", "on", NULL};
		altair_relay_buf packet = {0};
		if (!altair_pgsql_filter_startup(m, s->mode == ALTAIR_RELAY_WRITES ? NULL : guarded, &packet) || packet.failed) {
			altair_relay_buf_free(&packet);
			altair_pgsql_fatal(s, "altair_eval: the relay cannot read this startup packet");
			return;
		}
		size_t offset = 0;
		const char *name, *value;
		while (s->mode != ALTAIR_RELAY_WRITES && altair_pgsql_startup_parameter(packet.data, packet.length, &offset, &name, &value)) {
			if (strcasecmp(name, "client_encoding") == 0 && !altair_pgsql_encoding_safe(value, strlen(value))) {
				altair_relay_buf_free(&packet);
				altair_pgsql_fatal(s, ALTAIR_PGSQL_UNSAFE_ENCODING);
				return;
			}
		}
		/* held until the server connection is chosen: a kept one for the same login, or a new one */
		altair_pgsql_login_start(s, packet.data, packet.length);
		altair_pgsql_kept_key(s, packet.data, packet.length);
		altair_relay_buf_free(&s->startup_packet);
		s->startup_packet = packet;
		s->client = CLIENT_AUTH;
		s->attach_pending = true;
	} else {
		altair_pgsql_fatal(s, "altair_eval: the relay speaks PostgreSQL's protocol 3 only");
	}
}

altair_relay_verdict altair_pgsql_client_input(pgsql_session *s)
{
	size_t used = 0;
	while (s->client_in.length > used && !s->close && s->client != CLIENT_CANCEL && s->client != CLIENT_GONE) {
		altair_pgsql_message m;
		altair_pgsql_frame frame = altair_pgsql_next(s->client_in.data + used, s->client_in.length - used, s->client == CLIENT_STARTUP, &m);
		if (frame == ALTAIR_PGSQL_INCOMPLETE) {
			break;
		}
		if (frame == ALTAIR_PGSQL_INVALID) {
			altair_pgsql_fatal(s, "altair_eval: the relay cannot read this message");
			break;
		}
		if (s->client == CLIENT_STARTUP) {
			startup_message(s, &m);
			if (s->io->tls_start[ALTAIR_RELAY_CLIENT] && s->client_in.length > used + m.total) {
				/* the server refuses the same (CVE-2021-23214): what follows must be TLS records */
				altair_pgsql_fatal(s, "altair_eval: the client sent unencrypted bytes after its SSLRequest");
				break;
			}
			if (s->attach_pending) {
				used += m.total;
				break; /* the core chooses the server connection (attach) */
			}
		} else if (s->client == CLIENT_AUTH && s->server == SERVER_AUTH && s->password) {
			if (s->client_checked || s->server_method <= 0) {
				break; /* nothing asked of it yet, or its start waits for the server's */
			}
			altair_pgsql_login_client(s, &m);
			if (!s->close && altair_pgsql_login_ready(s)) {
				used += m.total;
				altair_relay_buf_consume(&s->client_in, used);
				used = 0;
				if (s->resumed) {
					altair_pgsql_kept_start(s); /* what the kept connection's server said at its login */
				} else {
					(void) altair_pgsql_server_input(s); /* the server's start held for the child */
				}
				continue;
			}
		} else if (s->client == CLIENT_AUTH && s->server == SERVER_AUTH) {
			if (m.type != 'p' || s->auth_turns == 0) {
				break; /* not before the server is ready, nor an answer it did not ask for */
			}
			s->auth_turns--;
			altair_pgsql_to_server(s, &m);
		} else if (s->client == CLIENT_AUTH && s->server == SERVER_GUARDING) {
			break;
		} else {
			s->client = CLIENT_READY;
			if (ready_message(s, &m) == HOLD) {
				break;
			}
		}
		used += m.total;
		altair_pgsql_drain(s);
	}
	if (s->client == CLIENT_CANCEL || s->client == CLIENT_GONE) {
		used = s->client_in.length;
	}
	altair_relay_buf_consume(&s->client_in, used);
	if ((s->unit_pending || s->server == SERVER_GUARDING) && s->client_in.length > ALTAIR_PGSQL_MAX_HELD) {
		altair_pgsql_fatal(s, "altair_eval: the client sent more than the relay holds while it waits for the server's answer");
	}
	if (s->close || s->io->to_client.failed || s->io->to_server.failed) {
		return ALTAIR_RELAY_CLOSE;
	}
	if (s->attach_pending) {
		s->attach_pending = false;
		/* a login the relay answers itself may take a kept connection; anything else a new one */
		snprintf(s->io->attach_key, sizeof(s->io->attach_key), "%s", s->key);
		s->io->attach_fresh = !s->key[0] || s->client == CLIENT_CANCEL;
		return ALTAIR_RELAY_ATTACH;
	}
	return ALTAIR_RELAY_CONTINUE;
}

static altair_relay_session *pgsql_open(const altair_relay_config *config, altair_relay_io *io)
{
	pgsql_session *s = calloc(1, sizeof(*s));
	if (!s) {
		return NULL;
	}
	s->mode = config->mode;
	s->io = io;
	s->superuser = -1;
	s->lexing.standard_strings = true;
	s->lexing.mode = config->mode;
	s->server_tls = config->server_tls;
	s->client_tls = config->client_tls;
	s->credentials = config->credentials;
	s->server_method = -1;
	return s;
}

/* What the client sent that waits for the server's answer (relay/engine.h, client_held). */
static altair_relay_verdict held(pgsql_session *s, altair_relay_verdict verdict)
{
	bool waiting = s->unit_pending || s->server != SERVER_READY || s->client == CLIENT_AUTH;
	s->io->client_held = waiting ? s->client_in.length : 0;
	return verdict;
}

static altair_relay_verdict pgsql_from_client(altair_relay_session *s, const unsigned char *bytes, size_t length)
{
	if (!altair_relay_buf_append(&s->client_in, bytes, length)) {
		return ALTAIR_RELAY_CLOSE;
	}
	return held(s, altair_pgsql_client_input(s));
}

static altair_relay_verdict pgsql_from_server(altair_relay_session *s, const unsigned char *bytes, size_t length)
{
	if (!altair_relay_buf_append(&s->server_in, bytes, length)) {
		return ALTAIR_RELAY_CLOSE;
	}
	altair_relay_verdict verdict = altair_pgsql_server_input(s);
	/* the client's input held while its unit awaited the server goes on once the unit ended */
	if (verdict == ALTAIR_RELAY_CONTINUE && !s->unit_pending) {
		verdict = altair_pgsql_client_input(s);
	}
	return held(s, verdict);
}

static void pgsql_finish(altair_relay_session *s)
{
	if (s->finished) {
		return;
	}
	s->finished = true;
	if (s->server == SERVER_AUTH) {
		return;
	}
	if (s->copy_in) {
		static const char reason[] = "altair_eval: the client went away";
		altair_pgsql_put(&s->io->to_server, 'f', reason, sizeof(reason));
	}
	if (s->mode != ALTAIR_RELAY_WRITES) {
		if (s->batch_open || s->server_skipping) {
			/* a Query would be skipped after an error in an unfinished batch; but a Sync the
			 * server must answer first could die on the closed socket before the ROLLBACK */
			altair_pgsql_put_sync(&s->io->to_server);
		}
		altair_pgsql_put_query(&s->io->to_server, "ROLLBACK", strlen("ROLLBACK"));
	}
	altair_pgsql_put(&s->io->to_server, 'X', NULL, 0);
}

static void pgsql_status(const altair_relay_session *s, altair_relay_status *out)
{
	if (s->server_version[0]) {
		snprintf(out->server_version, sizeof(out->server_version), "%s", s->server_version);
	}
	if (s->superuser >= 0) {
		out->superuser = s->superuser;
	}
	switch (s->mode) {
		case ALTAIR_RELAY_READ_ONLY:
			out->enforced_by = "the server: one READ ONLY transaction the client cannot end (its BEGIN, COMMIT and ROLLBACK map to savepoints)";
			out->residual = s->superuser == 1
				? "the user is a superuser: server-side functions with side effects outside the transaction (lo_export, pg_terminate_backend, adminpack's file writes), and dblink or postgres_fdw connections to other servers"
				: "dblink or postgres_fdw connections to other servers, where installed; session-level advisory locks until the connection ends";
			break;
		case ALTAIR_RELAY_ROLLBACK:
			out->enforced_by = "the server: one transaction the client cannot end, rolled back when the connection ends (and by the server if the relay dies)";
			out->residual = s->superuser == 1
				? "sequences advance (nextval is not rolled back); the user is a superuser: server-side functions with side effects outside the transaction (lo_export, pg_terminate_backend, file writes), dblink or postgres_fdw writes on other servers; pg_notify is discarded at the rollback"
				: "sequences advance (nextval is not rolled back); dblink or postgres_fdw writes on other servers, where installed; pg_notify is discarded at the rollback";
			break;
		case ALTAIR_RELAY_WRITES:
			out->enforced_by = "nothing: writes pass (--writes)";
			out->residual = "every write is kept";
			break;
	}
	out->guarded = s->server == SERVER_READY;
}

static void pgsql_close(altair_relay_session *s)
{
	for (size_t i = s->reply_head; i < s->reply_count; i++) {
		altair_pgsql_reply_free(&s->replies[i]);
	}
	free(s->replies);
	while (s->statement_count > 0) {
		altair_pgsql_forget(s->statements, &s->statement_count, s->statements[0].name);
	}
	while (s->portal_count > 0) {
		altair_pgsql_forget(s->portals, &s->portal_count, s->portals[0].name);
	}
	altair_relay_buf_free(&s->client_in);
	altair_relay_buf_free(&s->server_in);
	altair_relay_buf_free(&s->startup_held);
	altair_relay_buf_free(&s->startup_packet);
	altair_relay_buf_free(&s->login_messages);
	altair_pgsql_call_free(s);
	free(s);
}

/* TLS to the server failed (its certificate, its handshake): the client is told why, as libpq
 * would say it had it connected itself. */
static void pgsql_tls_failed(altair_relay_session *s, altair_relay_leg leg, const char *why)
{
	char message[400];
	if (leg == ALTAIR_RELAY_SERVER) {
		snprintf(message, sizeof(message), "altair_eval: the relay's TLS connection to the server failed: %s", why);
		altair_pgsql_fatal(s, message);
	}
}

/* A statement still running when the client is gone: PostgreSQL's CancelRequest (its length, the
 * code 80877102, the backend's pid and key), for a connection of its own. */
static size_t pgsql_cancel(const altair_relay_session *s, unsigned char *out, size_t room)
{
	if (!s->backend_key_known || !s->unit_pending || s->server != SERVER_READY || room < 16) {
		return 0;
	}
	static const unsigned char head[8] = {0, 0, 0, 16, 0x04, 0xd2, 0x16, 0x2e};
	_Static_assert(ALTAIR_PGSQL_CANCEL_REQUEST == 0x04d2162eu, "CancelRequest's code");
	memcpy(out, head, sizeof(head));
	memcpy(out + 8, s->backend_key, sizeof(s->backend_key));
	return 16;
}

/* Whether an answer is owed within a round trip (relay/engine.h, awaiting_server): a unit the
 * server is running, the guard, the login on either side (the relay asked the client for its
 * password, or the server is checking the relay's): the worker waits for it too, so the core may
 * spin rather than sleep. A login the relay answers itself took four sleeps of the host, each
 * woken by the child's next message, 1.6 ms on this 2-core VM against 0.4 ms spinning. */
static bool pgsql_awaiting_server(const altair_relay_session *s)
{
	return s->client == CLIENT_AUTH || s->server == SERVER_GUARDING || (s->server == SERVER_READY && (s->unit_pending || s->call_replies > 0));
}

const altair_relay_engine altair_relay_engine_pgsql = {
	.name = "pgsql",
	.open = pgsql_open,
	.from_client = pgsql_from_client,
	.from_server = pgsql_from_server,
	.finish = pgsql_finish,
	.status = pgsql_status,
	.close = pgsql_close,
	.cancel = pgsql_cancel,
	.tls_failed = pgsql_tls_failed,
	.attach = altair_pgsql_attach,
	.keep = altair_pgsql_keep,
	.kept_settled = altair_pgsql_kept_settled,
	.kept_goodbye = altair_pgsql_kept_goodbye,
	.awaiting_server = pgsql_awaiting_server,
	.call = altair_pgsql_call,
};
