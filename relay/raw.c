/*
 * The raw engine: an allowEndpoints entry that is not a database is relayed byte for byte, so the
 * child's network namespace stays on and that address is still the only one it reaches
 * (docs/ARCHITECTURE.md, "The database relay"). Nothing is enforced, parsed or reported:
 * sandbox.databases says "not protected".
 */
#include <stdlib.h>

#include "engines.h"

struct altair_relay_session {
	altair_relay_io *io;
};

static altair_relay_session *raw_open(const altair_relay_config *config, altair_relay_io *io)
{
	altair_relay_session *session = calloc(1, sizeof(*session));

	(void) config;
	if (session) {
		session->io = io;
	}
	return session;
}

static altair_relay_verdict raw_pass(altair_relay_buf *to, const unsigned char *bytes, size_t length)
{
	return altair_relay_buf_append(to, bytes, length) ? ALTAIR_RELAY_CONTINUE : ALTAIR_RELAY_CLOSE;
}

static altair_relay_verdict raw_from_client(altair_relay_session *session, const unsigned char *bytes, size_t length)
{
	return raw_pass(&session->io->to_server, bytes, length);
}

static altair_relay_verdict raw_from_server(altair_relay_session *session, const unsigned char *bytes, size_t length)
{
	return raw_pass(&session->io->to_client, bytes, length);
}

static void raw_finish(altair_relay_session *session)
{
	(void) session;
}

static void raw_status(const altair_relay_session *session, altair_relay_status *out)
{
	(void) session;
	out->enforced_by = "nothing: bytes are relayed unchanged";
	out->residual = "everything the service allows this connection";
	out->guarded = false;
}

static void raw_close(altair_relay_session *session)
{
	free(session);
}

const altair_relay_engine altair_relay_engine_raw = {
	.name = "raw",
	.open = raw_open,
	.from_client = raw_from_client,
	.from_server = raw_from_server,
	.finish = raw_finish,
	.status = raw_status,
	.close = raw_close,
};
