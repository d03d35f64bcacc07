/*
 * The Redis relay engine, altair_relay_engine_redis (docs/ARCHITECTURE.md, "The database relay";
 * docs/relay.md, "Redis"). Redis has no transaction to roll back, so the modes are held by the
 * relay deciding each command from the server's own flags:
 *   read-only  a command passes when the server flags it read-only (COMMAND INFO, asked by the
 *              engine the first time a name is seen, reply swallowed, cached for the session; the
 *              client's command waits meanwhile) or when it only sets up the connection; MULTI
 *              blocks pass with only such commands queued (a refused one makes EXEC a DISCARD);
 *   rollback   the same (a write cannot be undone), the refusal saying so;
 *   writes     everything passes, still reported.
 * The server receives only the words the engine decided on, re-encoded as a RESP array (inline
 * commands included), so that what was classified is exactly what runs. Replies are paired with
 * requests through a queue in request order, where the relay's own replies (refusals) wait their
 * turn; RESP3 pushes are out of band and pass at once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine.h"
#include "policy.h"
#include "report.h"
#include "resp.h"

/* How many times the engine asks the server its version (HELLO, no arguments) before it stops. */
#define REDIS_VERSION_PROBES 3
/* Requests waiting for their replies past which the engine reads no further request until
 * replies come (a server that answers nothing, CLIENT REPLY OFF in writes mode): the queue stays
 * bounded; the bytes wait unread in the client's buffer. */
#define REDIS_PENDING_MAX 65536

typedef enum {
	ENTRY_FORWARD, /* the client's command: the reply goes to the client */
	ENTRY_LOCAL, /* the relay's own reply (a refusal), sent when it reaches the head */
	ENTRY_LEARN, /* the relay's COMMAND INFO <name>: reply swallowed, flags cached */
	ENTRY_LEARN_TABLE, /* the relay's COMMAND (every command), asked before a MULTI */
	ENTRY_PROBE, /* the relay's HELLO without arguments: reply swallowed, version kept */
	ENTRY_EXEC_ABORT, /* a DISCARD in place of the client's EXEC: reply swallowed, EXECABORT sent */
} entry_kind;

typedef struct {
	entry_kind kind;
	char *text; /* what on_query reports (ENTRY_LEARN: the name asked); NULL for the relay's own */
	size_t text_length;
	char *reply; /* ENTRY_LOCAL, ENTRY_EXEC_ABORT: the bytes the client gets */
	size_t reply_length;
	uint64_t started_ns;
	bool is_hello; /* the client's HELLO: its reply names the server's version */
	bool closes; /* ENTRY_LOCAL: a protocol error; the connection closes once it is sent */
} entry;

typedef enum {
	CLIENT_READY, /* the next request is decided as soon as it is whole */
	CLIENT_WAITING_FLAGS, /* the head request waits for the reply to the relay's COMMAND INFO */
	CLIENT_BROKEN, /* the client broke the protocol: nothing more is read; closed once answered */
} client_state;

struct altair_relay_session {
	altair_relay_mode mode;
	altair_relay_io *io;
	altair_relay_buf client_bytes, server_bytes; /* received, not yet whole */
	altair_redis_request_scan request;
	altair_redis_reply_scan reply;
	altair_redis_command command;
	altair_redis_flags *flags;
	entry *queue; /* a ring, in request order */
	size_t head, count, capacity;
	client_state state;
	bool learned; /* the head request's flags were just asked: it must not ask again */
	char *learn_error; /* the server's error reply to that question, or NULL */
	size_t learn_error_length;
	bool table_complete; /* every command's flags are known: an unknown name is none */
	bool in_multi, multi_refused;
	int version_probes;
	char server_version[64];
	bool closing; /* the protocol error reached the client: the core must close */
	bool server_spoke; /* the server has sent a byte */
	/* TLS (docs/relay.md, "TLS"): a client that speaks TLS from its first byte gets it (client_tls),
	 * and the server's leg is TLS then too, or always where the app's configuration says so. */
	bool client_tls, upstream_tls, first_seen;
};

/* ---- the reply queue ---------------------------------------------------------------------- */

static entry *queue_push(altair_relay_session *session, entry_kind kind)
{
	if (session->count == session->capacity) {
		size_t capacity = session->capacity ? session->capacity * 2 : 16;
		entry *grown = malloc(capacity * sizeof(*grown));
		if (!grown) {
			return NULL;
		}
		for (size_t i = 0; i < session->count; i++) {
			grown[i] = session->queue[(session->head + i) % session->capacity];
		}
		free(session->queue);
		session->queue = grown;
		session->head = 0;
		session->capacity = capacity;
	}
	entry *e = &session->queue[(session->head + session->count++) % session->capacity];
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->started_ns = session->io->now_ns ? session->io->now_ns() : 0;
	return e;
}

static entry *queue_front(altair_relay_session *session)
{
	return session->count ? &session->queue[session->head] : NULL;
}

static void queue_pop(altair_relay_session *session)
{
	entry *e = queue_front(session);
	free(e->text);
	free(e->reply);
	session->head = (session->head + 1) % session->capacity;
	session->count--;
}

static void report(altair_relay_session *session, const entry *e, const unsigned char *error, size_t error_length,
	int64_t rows, bool refused)
{
	if (!session->io->on_query || !e->text) {
		return;
	}
	uint64_t now = session->io->now_ns ? session->io->now_ns() : 0;
	altair_relay_query query = {
		.text = e->text,
		.text_length = e->text_length,
		.duration_ns = refused || now < e->started_ns ? 0 : now - e->started_ns,
		.rows = rows,
		.error = (const char *) error,
		.error_length = error_length,
		.refused = refused,
	};
	session->io->on_query(session->io->context, &query);
}

/* The relay's own replies at the head of the queue go out now: every reply before them has. */
static void drain_local(altair_relay_session *session)
{
	entry *e;
	while ((e = queue_front(session)) && e->kind == ENTRY_LOCAL) {
		altair_relay_buf_append(&session->io->to_client, e->reply, e->reply_length);
		/* The error as the client reads it: without the '-' and the CRLF. */
		if (e->closes) {
			session->closing = true;
		} else {
			report(session, e, (const unsigned char *) e->reply + 1, e->reply_length - 3, -1, true);
		}
		queue_pop(session);
	}
}

/* ---- what the server gets ----------------------------------------------------------------- */

/* "<prefix><value>\r\n" into out (at least 24 bytes); returns the length. */
static size_t resp_header(char *out, char prefix, size_t value)
{
	char digits[20];
	size_t count = 0, length = 0;
	do {
		digits[count++] = (char) ('0' + value % 10);
		value /= 10;
	} while (value);
	out[length++] = prefix;
	while (count) {
		out[length++] = digits[--count];
	}
	out[length++] = '\r';
	out[length++] = '\n';
	return length;
}

static void send_words(altair_relay_session *session, const altair_redis_word *words, size_t count)
{
	char header[24];
	altair_relay_buf *out = &session->io->to_server;
	altair_relay_buf_append(out, header, resp_header(header, '*', count));
	for (size_t i = 0; i < count; i++) {
		altair_relay_buf_append(out, header, resp_header(header, '$', words[i].length));
		altair_relay_buf_append(out, words[i].data, words[i].length);
		altair_relay_buf_append(out, "\r\n", 2);
	}
}

static void send_text(altair_relay_session *session, const char *first, const char *second, const char *third)
{
	const char *texts[] = {first, second, third};
	altair_redis_word words[3];
	size_t count = 0;
	for (size_t i = 0; i < 3 && texts[i]; i++) {
		words[count++] = (altair_redis_word) {(const unsigned char *) texts[i], strlen(texts[i])};
	}
	send_words(session, words, count);
}

/* The entry's reported text: the command's words, secrets masked (none when nobody listens). */
static bool entry_text(const altair_relay_session *session, entry *e, const altair_redis_command *command)
{
	if (!session->io->on_query) {
		return true;
	}
	char text[ALTAIR_REDIS_QUERY_TEXT_MAX + 4];
	size_t length = altair_redis_query_text(command->words, command->count, text);
	e->text = malloc(length + 1);
	if (!e->text) {
		return false;
	}
	memcpy(e->text, text, length);
	e->text[length] = '\0';
	e->text_length = length;
	return true;
}

static bool forward(altair_relay_session *session, const char *name)
{
	entry *e = queue_push(session, ENTRY_FORWARD);
	if (!e || !entry_text(session, e, &session->command)) {
		return false;
	}
	e->is_hello = strcmp(name, "hello") == 0;
	send_words(session, session->command.words, session->command.count);
	return true;
}

/* The client gets reply (an error, CRLF-terminated) in its turn. */
static bool answer(altair_relay_session *session, const char *reply, size_t length)
{
	if (session->in_multi) {
		session->multi_refused = true;
	}
	entry *e = queue_push(session, ENTRY_LOCAL);
	if (!e || !entry_text(session, e, &session->command) || !(e->reply = malloc(length))) {
		return false;
	}
	memcpy(e->reply, reply, length);
	e->reply_length = length;
	drain_local(session);
	return true;
}

static bool refuse(altair_relay_session *session, const char *name)
{
	char reply[1024];
	size_t length = altair_redis_refusal(session->command.words, session->command.count,
		name && altair_redis_flags_is_container(session->flags, name), session->mode, reply, sizeof(reply));
	return answer(session, reply, length);
}

/* Asks the server what it knows of name (or of every command, name NULL): the head request waits. */
static bool ask(altair_relay_session *session, const char *name)
{
	if (session->version_probes < REDIS_VERSION_PROBES && !session->server_version[0]) {
		session->version_probes++;
		if (!queue_push(session, ENTRY_PROBE)) {
			return false;
		}
		send_text(session, "HELLO", NULL, NULL);
	}
	entry *e = queue_push(session, name ? ENTRY_LEARN : ENTRY_LEARN_TABLE);
	if (!e) {
		return false;
	}
	if (name) {
		if (!(e->text = strdup(name))) {
			return false;
		}
		send_text(session, "COMMAND", "INFO", name);
	} else {
		send_text(session, "COMMAND", NULL, NULL);
	}
	session->state = CLIENT_WAITING_FLAGS;
	return true;
}

/* ---- the client's side -------------------------------------------------------------------- */

typedef enum { HANDLED, WAITING, FAILED } handling;

static handling handle_multi(altair_relay_session *session, const char *name)
{
	if (strcmp(name, "multi") == 0) {
		/* Inside MULTI the server would queue a COMMAND INFO: learn every command first. */
		if (!session->table_complete && !session->learned) {
			return ask(session, NULL) ? WAITING : FAILED;
		}
		if (!session->in_multi) {
			session->multi_refused = false;
		}
		session->in_multi = true;
		return forward(session, name) ? HANDLED : FAILED;
	}
	bool aborted = strcmp(name, "exec") == 0 && session->in_multi && session->multi_refused;
	session->in_multi = session->multi_refused = false;
	if (!aborted) {
		return forward(session, name) ? HANDLED : FAILED;
	}
	/* Redis discards a transaction one of whose commands failed to queue: so does the relay. */
	static const char abort_reply[] = "-EXECABORT Transaction discarded because of previous errors.\r\n";
	entry *e = queue_push(session, ENTRY_EXEC_ABORT);
	if (!e || !entry_text(session, e, &session->command) || !(e->reply = malloc(sizeof(abort_reply) - 1))) {
		return FAILED;
	}
	memcpy(e->reply, abort_reply, sizeof(abort_reply) - 1);
	e->reply_length = sizeof(abort_reply) - 1;
	send_text(session, "DISCARD", NULL, NULL);
	return HANDLED;
}

/* Decides the whole request at the head of the client's bytes. */
static handling handle(altair_relay_session *session)
{
	const altair_redis_word *words = session->command.words;
	size_t count = session->command.count;
	char name[ALTAIR_REDIS_NAME_MAX + 1];
	bool named = altair_redis_lower_name(&words[0], name);
	if (session->mode == ALTAIR_RELAY_WRITES) {
		return forward(session, named ? name : "") ? HANDLED : FAILED;
	}
	if (!named) {
		return refuse(session, NULL) ? HANDLED : FAILED;
	}
	if (strcmp(name, "multi") == 0 || strcmp(name, "exec") == 0 || strcmp(name, "discard") == 0
		|| strcmp(name, "reset") == 0) {
		handling done = handle_multi(session, name);
		if (done != WAITING) {
			session->learned = false;
			free(session->learn_error);
			session->learn_error = NULL;
		}
		return done;
	}
	if (altair_redis_is_connection_command(name, words, count)) {
		return forward(session, name) ? HANDLED : FAILED;
	}
	altair_redis_decision decision = altair_redis_flags_decide(session->flags, name, words, count,
		session->table_complete || session->in_multi);
	if (decision == ALTAIR_REDIS_ASK && !session->learned) {
		return ask(session, name) ? WAITING : FAILED;
	}
	session->learned = false;
	bool done;
	if (decision == ALTAIR_REDIS_PASS) {
		done = forward(session, name);
	} else if (decision == ALTAIR_REDIS_ASK && session->learn_error) {
		/* The flags could not be learned (NOAUTH before AUTH, an ACL): the server's own error. */
		done = answer(session, session->learn_error, session->learn_error_length);
	} else {
		done = refuse(session, name);
	}
	free(session->learn_error);
	session->learn_error = NULL;
	return done ? HANDLED : FAILED;
}

/* Redis answers a broken request with an error and closes: so does the relay, after the replies
 * to the requests before it. */
static altair_relay_verdict protocol_error(altair_relay_session *session, const char *message)
{
	session->state = CLIENT_BROKEN;
	entry *e = queue_push(session, ENTRY_LOCAL);
	size_t length = strlen(message);
	if (!e || !(e->reply = malloc(length + 8))) {
		return ALTAIR_RELAY_CLOSE;
	}
	e->closes = true;
	e->reply_length = (size_t) snprintf(e->reply, length + 8, "-ERR %s\r\n", message);
	drain_local(session);
	return session->closing ? ALTAIR_RELAY_CLOSE : ALTAIR_RELAY_CONTINUE;
}

static altair_relay_verdict process_client(altair_relay_session *session)
{
	while (session->state == CLIENT_READY && session->count < REDIS_PENDING_MAX) {
		size_t length;
		altair_redis_frame frame = altair_redis_request_scan_next(&session->request, session->client_bytes.data,
			session->client_bytes.length, &length);
		if (frame == ALTAIR_REDIS_INCOMPLETE) {
			break;
		}
		if (frame == ALTAIR_REDIS_INVALID) {
			return protocol_error(session, session->request.error);
		}
		altair_redis_words_result split = altair_redis_command_split(&session->command, &session->request,
			session->client_bytes.data, length);
		if (split == ALTAIR_REDIS_WORDS_UNBALANCED_QUOTES) {
			return protocol_error(session, "Protocol error: unbalanced quotes in request");
		}
		if (split != ALTAIR_REDIS_WORDS_OK) {
			return ALTAIR_RELAY_CLOSE;
		}
		/* Redis answers nothing to an empty line or an empty array. */
		handling done = session->command.count == 0 ? HANDLED : handle(session);
		if (done == FAILED) {
			return ALTAIR_RELAY_CLOSE;
		}
		/* WAITING: the request stays at the head, scanned again once the flags are known. */
		memset(&session->request, 0, sizeof(session->request));
		if (done == WAITING) {
			break;
		}
		altair_relay_buf_consume(&session->client_bytes, length);
	}
	return session->io->to_server.failed || session->io->to_client.failed ? ALTAIR_RELAY_CLOSE : ALTAIR_RELAY_CONTINUE;
}

/* ---- the server's side -------------------------------------------------------------------- */

static void keep_version(altair_relay_session *session, const unsigned char *reply, size_t length)
{
	altair_redis_hello_version(reply, length, session->server_version, sizeof(session->server_version));
}

static void learned(altair_relay_session *session, const entry *e, const unsigned char *reply, size_t length)
{
	altair_redis_learn_result result = altair_redis_flags_learn(session->flags, reply, length,
		e->kind == ENTRY_LEARN ? e->text : NULL);
	if (result == ALTAIR_REDIS_LEARNED && e->kind == ENTRY_LEARN_TABLE) {
		session->table_complete = true;
	}
	free(session->learn_error);
	session->learn_error = NULL;
	if (result == ALTAIR_REDIS_LEARN_SERVER_ERROR && (session->learn_error = malloc(length))) {
		memcpy(session->learn_error, reply, length);
		session->learn_error_length = length;
	}
	session->learned = true;
	session->state = CLIENT_READY;
}

/* One whole reply: to whom it goes, what it reports. */
static void dispatch(altair_relay_session *session, const unsigned char *reply, size_t length)
{
	altair_redis_reader reader = {reply, length, 0};
	altair_redis_item top = {0};
	altair_redis_read(&reader, &top);
	entry *e = queue_front(session);
	/* A RESP3 push is out of band; a reply nothing asked for (a server that breaks the pairing,
	 * only possible after commands that writes mode passes) goes to the client as it is. */
	if (top.type == '>' || !e) {
		altair_relay_buf_append(&session->io->to_client, reply, length);
		return;
	}
	bool error = top.type == '-' || top.type == '!';
	switch (e->kind) {
		case ENTRY_FORWARD: {
			altair_relay_buf_append(&session->io->to_client, reply, length);
			int64_t rows = top.count < 0 ? -1
				: top.type == '*' || top.type == '~' ? top.count
				: top.type == '%' ? top.count / 2 : -1;
			report(session, e, error ? top.data : NULL, error ? top.length : 0, rows, false);
			if (e->is_hello && !error) {
				keep_version(session, reply, length);
			}
			break;
		}
		case ENTRY_LEARN:
		case ENTRY_LEARN_TABLE:
			learned(session, e, reply, length);
			break;
		case ENTRY_PROBE:
			if (!error) {
				keep_version(session, reply, length);
			}
			break;
		case ENTRY_EXEC_ABORT:
			altair_relay_buf_append(&session->io->to_client, e->reply, e->reply_length);
			report(session, e, (const unsigned char *) e->reply + 1, e->reply_length - 3, -1, true);
			break;
		case ENTRY_LOCAL:
			break; /* never at the head here: drain_local sends them as soon as they are */
	}
	queue_pop(session);
	drain_local(session);
}

static altair_relay_verdict process_server(altair_relay_session *session)
{
	for (;;) {
		size_t length;
		altair_redis_frame frame = altair_redis_reply_scan_next(&session->reply, session->server_bytes.data,
			session->server_bytes.length, &length);
		if (frame == ALTAIR_REDIS_INCOMPLETE) {
			break;
		}
		if (frame == ALTAIR_REDIS_INVALID) {
			/* A TLS record (alert 0x15, handshake 0x16): a server that only speaks TLS. The replies
			 * still owed will never come, so the client learns why at once. */
			if (session->server_bytes.data[0] == 0x15 || session->server_bytes.data[0] == 0x16) {
				static const char tls[] = "-altair_eval: the server answered with TLS, which the app's configuration does not ask for (tls:// or rediss://)\r\n";
				altair_relay_buf_append(&session->io->to_client, tls, sizeof(tls) - 1);
			}
			return ALTAIR_RELAY_CLOSE;
		}
		bool was_held = session->state == CLIENT_WAITING_FLAGS || session->count >= REDIS_PENDING_MAX;
		dispatch(session, session->server_bytes.data, length);
		altair_relay_buf_consume(&session->server_bytes, length);
		memset(&session->reply, 0, sizeof(session->reply));
		if (session->closing) {
			return ALTAIR_RELAY_CLOSE;
		}
		if (was_held && session->state == CLIENT_READY && process_client(session) == ALTAIR_RELAY_CLOSE) {
			return ALTAIR_RELAY_CLOSE;
		}
	}
	return session->io->to_server.failed || session->io->to_client.failed ? ALTAIR_RELAY_CLOSE : ALTAIR_RELAY_CONTINUE;
}

/* ---- the engine --------------------------------------------------------------------------- */

static altair_relay_session *redis_open(const altair_relay_config *config, altair_relay_io *io)
{
	altair_relay_session *session = calloc(1, sizeof(*session));
	if (!session) {
		return NULL;
	}
	session->mode = config->mode;
	session->io = io;
	session->client_tls = config->client_tls;
	if (!(session->flags = altair_redis_flags_new())) {
		free(session);
		return NULL;
	}
	if (config->server_tls == ALTAIR_RELAY_TLS_REQUIRED) {
		altair_relay_start_tls(io, ALTAIR_RELAY_SERVER); /* rediss://, tls:// : the server speaks TLS only */
		session->upstream_tls = true;
	}
	return session;
}

/* The client's first byte: a TLS handshake record (0x16) where RESP was expected is a client
 * configured for TLS (tls://, rediss://): its bytes are records, for the core; the server's leg
 * follows it. False when the client asked for TLS the relay cannot give. */
static bool first_bytes(altair_relay_session *session, const unsigned char *bytes, size_t length)
{
	session->first_seen = true;
	if (bytes[0] != 0x16) {
		return true;
	}
	if (!session->client_tls) {
		return false;
	}
	altair_relay_buf_append(&session->io->tls_carry, bytes, length);
	altair_relay_start_tls(session->io, ALTAIR_RELAY_CLIENT);
	if (!session->upstream_tls) {
		altair_relay_start_tls(session->io, ALTAIR_RELAY_SERVER);
		session->upstream_tls = true;
	}
	return true;
}

/* What the client sent that waits for the server's answers (relay/engine.h, client_held): requests
 * the engine reads no further (65,536 in flight, or the head one waiting for its flags). */
static altair_relay_verdict held(altair_relay_session *session, altair_relay_verdict verdict)
{
	bool waiting = session->state == CLIENT_WAITING_FLAGS || session->count >= REDIS_PENDING_MAX;
	session->io->client_held = waiting ? session->client_bytes.length : 0;
	return verdict;
}

static altair_relay_verdict redis_from_client(altair_relay_session *session, const unsigned char *bytes, size_t length)
{
	if (session->state == CLIENT_BROKEN) {
		return ALTAIR_RELAY_CONTINUE;
	}
	if (!session->first_seen && length > 0) {
		if (!first_bytes(session, bytes, length)) {
			return ALTAIR_RELAY_CLOSE; /* a TLS client the relay has no certificate for: it sees the connection end */
		}
		if (session->io->tls_start[ALTAIR_RELAY_CLIENT]) {
			return ALTAIR_RELAY_CONTINUE;
		}
	}
	if (!altair_relay_buf_append(&session->client_bytes, bytes, length)) {
		return ALTAIR_RELAY_CLOSE;
	}
	return held(session, process_client(session));
}

static altair_relay_verdict redis_from_server(altair_relay_session *session, const unsigned char *bytes, size_t length)
{
	session->server_spoke |= length > 0;
	if (!altair_relay_buf_append(&session->server_bytes, bytes, length)) {
		return ALTAIR_RELAY_CLOSE;
	}
	return held(session, process_server(session));
}

/* Nothing to roll back: a MULTI still open is discarded by the server when the connection ends.
 * A server that ends the connection before its first byte while requests wait is, most often, one
 * that only speaks TLS (Redis resets a plaintext client on its TLS port): the client is told. */
static void redis_finish(altair_relay_session *session)
{
	if (!session->server_spoke && session->count > 0 && !session->upstream_tls) {
		static const char silent[] = "-altair_eval: the connection to the Redis server ended before it answered "
			"anything (a server that requires TLS does that, and the app's configuration does not ask for TLS: tls:// or rediss://)\r\n";
		altair_relay_buf_append(&session->io->to_client, silent, sizeof(silent) - 1);
	}
	send_text(session, "QUIT", NULL, NULL);
}

static void redis_status(const altair_relay_session *session, altair_relay_status *out)
{
	if (session->server_version[0]) {
		memcpy(out->server_version, session->server_version, sizeof(out->server_version));
	}
	switch (session->mode) {
		case ALTAIR_RELAY_READ_ONLY:
		case ALTAIR_RELAY_ROLLBACK:
			out->enforced_by = session->mode == ALTAIR_RELAY_READ_ONLY
				? "the relay: only commands the server flags read-only (COMMAND INFO) pass, plus connection commands; EVAL/FCALL only as EVAL_RO/FCALL_RO, which the server runs read-only"
				: "the relay: Redis cannot roll a write back, so every write is refused; only commands the server flags read-only (COMMAND INFO) pass, plus connection commands";
			out->residual = "no server-side transaction holds it: the relay's decision rests on the server's own command flags (a module command flagged read-only that writes would pass); reads still touch LRU/LFU access times, and a read of a key past its TTL deletes it (lazy expiry); every key (and INFO) can be read";
			break;
		case ALTAIR_RELAY_WRITES:
			out->enforced_by = "nothing: every command passes (--writes)";
			out->residual = "every write is kept";
			break;
	}
	out->guarded = true;
}

/* TLS to the server failed (its certificate, its handshake): the client's first command is
 * answered with why, as a RESP error. */
static void redis_tls_failed(altair_relay_session *session, altair_relay_leg leg, const char *why)
{
	char message[400];
	int length;

	if (leg != ALTAIR_RELAY_SERVER) {
		return;
	}
	length = snprintf(message, sizeof(message), "-altair_eval: the relay's TLS connection to the server failed: %s\r\n", why);
	for (char *c = message; length > 0 && c < message + length - 2; c++) {
		*c = *c == '\r' || *c == '\n' ? ' ' : *c;
	}
	altair_relay_buf_append(&session->io->to_client, message, length > 0 && (size_t) length < sizeof(message) ? (size_t) length : 0);
}

static void redis_close(altair_relay_session *session)
{
	while (session->count) {
		queue_pop(session);
	}
	free(session->queue);
	free(session->learn_error);
	altair_redis_flags_free(session->flags);
	altair_redis_command_free(&session->command);
	altair_relay_buf_free(&session->client_bytes);
	altair_relay_buf_free(&session->server_bytes);
	free(session);
}

const altair_relay_engine altair_relay_engine_redis = {
	.name = "redis",
	.open = redis_open,
	.from_client = redis_from_client,
	.from_server = redis_from_server,
	.finish = redis_finish,
	.status = redis_status,
	.close = redis_close,
	.tls_failed = redis_tls_failed,
};
