/*
 * Sessions, host side (docs/ARCHITECTURE.md, "Sessions"; the guest's half is guest/session.c).
 *
 * Evaluator::openSession() sends a warm template its request flagged SESSION, with one end of a
 * socket of the session's own: the template forks a worker for it alone, which runs the opening
 * snippet and, when it ends well, holds the session's state (KEPT). Each EvalSession::evaluate()
 * asks the template whether it is still fresh, then sends the holder a request and the call's
 * conduits on the session's socket; the holder forks the call's worker (the one process start the
 * host lets through its seccomp listener, for that pid), which runs the snippet locked down as
 * every worker is and, when it ends well, holds the state from then on. A call that does not end
 * well leaves the holder as it was, and its database writes are rolled back to where it began
 * (runner/relay_session.c). The session's relay and seccomp listener live as long as it does.
 * close(), the object's end, its idle timeout (the holder's own), its template's end and a change
 * of the app's code end it; its transaction goes with it.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "../php_altair_eval.h"
#include "../common/warm_protocol.h"
#include "../common/fdio.h"
#include "runner.h"
#include "internal.h"
#include "ext/standard/php_random.h"
#include "../relay/engine.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

/* How long the holder may take to fork a call's worker, and the call's end to be reported after
 * its answer. */
#define SESSION_REPLY_TIMEOUT_MS 5000
#define SESSION_MIN_IDLE_MS 1000
/* A handle: 128 random bits. */
#define ALTAIR_EVAL_SESSION_ID_BYTES 16

zend_class_entry *altair_eval_session_ce;
static zend_object_handlers session_handlers;

typedef struct {
	zval evaluator;         /* the Evaluator whose template holds it (kept alive by the session) */
	zval defaults;          /* the EvalRequest each call starts from */
	char id[ALTAIR_EVAL_SESSION_ID_BYTES * 2 + 1];
	char dir[ALTAIR_EVAL_WARM_PATH_MAX]; /* the session's dir as its processes see it */
	int socket_fd;          /* the host's end of the session's socket; -1 once ended */
	int listener_fd;        /* the opener's seccomp listener, lent to each call; -1 when none */
	altair_eval_relay *relay;
	altair_eval_databases *databases;
	bool relayed;
	bool project_overlay;
	altair_eval_warm_ref ref;
	pid_t holder;           /* the process holding the state, as this process sees it */
	zend_long calls;
	zend_long idle_ms;
	uint64_t last_ms;       /* when its last call ended */
	char *ended;            /* why it ended (emalloc'd); NULL while open */
	zend_object std;
} session_object;

static inline session_object *session_from(zend_object *object)
{
	return (session_object *) ((char *) object - XtOffsetOf(session_object, std));
}

static zend_object *session_create(zend_class_entry *ce)
{
	session_object *session = zend_object_alloc(sizeof(session_object), ce);

	ZVAL_UNDEF(&session->evaluator);
	ZVAL_UNDEF(&session->defaults);
	session->id[0] = '\0';
	session->dir[0] = '\0';
	session->socket_fd = session->listener_fd = -1;
	session->relay = NULL;
	session->databases = NULL;
	session->ref.key = NULL;
	session->holder = 0;
	session->calls = 0;
	session->ended = NULL;
	zend_object_std_init(&session->std, ce);
	object_properties_init(&session->std, ce);
	session->std.handlers = &session_handlers;
	return &session->std;
}

static altair_eval_evaluator_object *session_evaluator(session_object *session)
{
	return Z_TYPE(session->evaluator) == IS_OBJECT ? altair_eval_evaluator_from(Z_OBJ(session->evaluator)) : NULL;
}

/* Ends the session: its holder finds its socket closed and exits (and the state with it), its
 * relay's engines roll back and say goodbye to their servers. Safe to call again. */
static void session_end(session_object *session, const char *why)
{
	altair_eval_evaluator_object *evaluator = session_evaluator(session);

	if (!session->ended) {
		session->ended = estrdup(why);
	}
	if (session->socket_fd >= 0) {
		close(session->socket_fd);
		session->socket_fd = -1;
	}
	if (session->listener_fd >= 0) {
		close(session->listener_fd);
		session->listener_fd = -1;
	}
	altair_eval_relay_finish(session->relay);
	altair_eval_relay_free(session->relay);
	session->relay = NULL;
	if (session->databases) {
		altair_eval_databases_free(session->databases);
		efree(session->databases);
		session->databases = NULL;
	}
	if (evaluator && evaluator->sessions && session->id[0]) {
		zend_hash_str_del(evaluator->sessions, session->id, strlen(session->id));
	}
	if (session->ref.key) {
		zend_string_release(session->ref.key);
		session->ref.key = NULL;
	}
}

static void session_free(zend_object *object)
{
	session_object *session = session_from(object);

	session_end(session, "closed");
	efree(session->ended);
	zval_ptr_dtor(&session->evaluator);
	zval_ptr_dtor(&session->defaults);
	zend_object_std_dtor(object);
}

void altair_eval_session_minit(void)
{
	altair_eval_session_ce->create_object = session_create;
	memcpy(&session_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	session_handlers.offset = XtOffsetOf(session_object, std);
	session_handlers.free_obj = session_free;
	session_handlers.clone_obj = NULL;
}

static void session_failed(zend_long code, const char *format, ...) ZEND_ATTRIBUTE_FORMAT(printf, 2, 3);

static void session_failed(zend_long code, const char *format, ...)
{
	va_list arguments;
	char message[1024];

	va_start(arguments, format);
	vsnprintf(message, sizeof(message), format, arguments);
	va_end(arguments);
	zend_throw_exception(altair_eval_exception_ce, message, code);
}

/* ---- the exit of a call ---------------------------------------------------------------------- */

void altair_eval_session_collect(altair_eval_child *child, altair_eval_outcome *outcome)
{
	struct pollfd watched = { .fd = child->template_fd, .events = POLLIN };
	uint64_t until = altair_eval_now_ms() + SESSION_REPLY_TIMEOUT_MS;
	altair_eval_warm_event event;

	outcome->session_kept = -1;
	for (;;) {
		uint64_t now = altair_eval_now_ms();
		ssize_t received;
		int ready = poll(&watched, 1, now >= until ? 0 : (int) (until - now));

		if (ready < 0 && errno == EINTR) {
			continue;
		}
		if (ready <= 0) {
			break;
		}
		received = recv(child->template_fd, &event, sizeof(event), 0);
		if (received < 0 && errno == EINTR) {
			continue;
		}
		if (received != (ssize_t) sizeof(event) || event.magic != ALTAIR_EVAL_WARM_MAGIC) {
			break; /* the holder is gone */
		}
		if (event.pid != child->warm_pid) {
			continue;
		}
		if (event.kind == ALTAIR_EVAL_WARM_KEPT) {
			outcome->session_kept = 1;
			outcome->wait_status = 0;
			return;
		}
		if (event.kind == ALTAIR_EVAL_WARM_EXITED) {
			outcome->session_kept = 0;
			outcome->wait_status = event.wait_status;
			outcome->usage = event.usage;
			return;
		}
	}
	/* No word: whatever the call's worker said last (its status frame) is its exit; it is ended. */
	altair_eval_child_signal_group(child, SIGKILL);
	outcome->status_known = false;
}

/* ---- opening --------------------------------------------------------------------------------- */

/* What a result that did not end well says of itself, in one line, for the exception of an opening. */
static void result_summary(zend_object *result, char *out, size_t size)
{
	zval rv, *exception, *error, *timed_out, *message;

	exception = zend_read_property(altair_eval_result_ce, result, "exception", strlen("exception"), true, &rv);
	if (Z_TYPE_P(exception) == IS_ARRAY) {
		zval *class = zend_hash_str_find(Z_ARRVAL_P(exception), "class", strlen("class"));
		message = zend_hash_str_find(Z_ARRVAL_P(exception), "message", strlen("message"));
		snprintf(out, size, "%s: %s", class && Z_TYPE_P(class) == IS_STRING ? Z_STRVAL_P(class) : "an exception",
			message && Z_TYPE_P(message) == IS_STRING ? Z_STRVAL_P(message) : "");
		return;
	}
	error = zend_read_property(altair_eval_result_ce, result, "error", strlen("error"), true, &rv);
	if (Z_TYPE_P(error) == IS_ARRAY && (message = zend_hash_str_find(Z_ARRVAL_P(error), "message", strlen("message")))
		&& Z_TYPE_P(message) == IS_STRING) {
		snprintf(out, size, "%s", Z_STRVAL_P(message));
		return;
	}
	timed_out = zend_read_property(altair_eval_result_ce, result, "timedOut", strlen("timedOut"), true, &rv);
	snprintf(out, size, "%s", Z_TYPE_P(timed_out) == IS_TRUE ? "it timed out" : "it did not end well");
}

/* How many of the evaluator's sessions are open, and for this project root. */
static void count_open(const altair_eval_evaluator_object *evaluator, zend_string *root, uint32_t *all, uint32_t *project)
{
	zend_string *other;

	*all = *project = 0;
	if (!evaluator->sessions) {
		return;
	}
	ZEND_HASH_FOREACH_PTR(evaluator->sessions, other) {
		(*all)++;
		*project += zend_string_equals(other, root);
	} ZEND_HASH_FOREACH_END();
}

static void forget_root(zval *entry)
{
	zend_string_release((zend_string *) Z_PTR_P(entry));
}

/* A fresh handle: the kernel's random bytes in hex. */
static bool new_id(char *id)
{
	unsigned char bytes[ALTAIR_EVAL_SESSION_ID_BYTES];

	if (php_random_bytes_silent(bytes, sizeof(bytes)) != SUCCESS) {
		return false;
	}
	for (size_t i = 0; i < sizeof(bytes); i++) {
		snprintf(id + 2 * i, 3, "%02x", bytes[i]);
	}
	return true;
}

/* Runs the opening request in a new session of the template; the session is open when it ended
 * well (its worker said KEPT). The result is the opening's. */
static bool open_in_template(session_object *session, altair_eval_evaluator_object *evaluator, zend_string *binary,
	altair_eval_request *request, size_t result_max, zval *result)
{
	altair_eval_scratch scratch;
	altair_eval_child child;
	altair_eval_outcome outcome;
	altair_eval_report report;
	unsigned char token[ALTAIR_EVAL_TOKEN_BYTES];
	int pair[2];
	bool bailed_out = false, kept;
	char *slash;

	if (altair_eval_channel_token(token) != SUCCESS) {
		return false;
	}
	session->databases = emalloc(sizeof(*session->databases));
	altair_eval_databases_build(request, session->databases);
	if ((!(session->databases->relayed && session->databases->name_count > 0)
			? altair_eval_scratch_create_in_memory(request, &scratch)
			: altair_eval_scratch_create(request, &scratch)) != SUCCESS) {
		return false;
	}
	session->relayed = request->relayed = session->databases->relayed;
	session->project_overlay = request->project_overlay = request->rollback && !altair_eval_declares_sql_server(session->databases);
	request->relay_listen = session->databases->relayed ? session->databases->listen : NULL;
	request->relay_sockets = session->databases->relayed ? session->databases->sockets : NULL;
	request->relay_hosts = session->databases->relayed && altair_eval_databases_write_hosts(session->databases, scratch.dir);
	request->relay_resolve = session->databases->relayed && !request->allow_network && session->databases->name_count > 0;
	session->relay = session->databases->count > 0 && session->databases->relayed
		? altair_eval_relay_create(session->databases, request->rollback ? ALTAIR_RELAY_ROLLBACK
			: (request->allow_writes ? ALTAIR_RELAY_WRITES : ALTAIR_RELAY_READ_ONLY), NULL)
		: NULL;
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) {
		session_failed(ALTAIR_EVAL_ERROR_SPAWN, "Session: its socket: %s", strerror(errno));
		altair_eval_scratch_remove(&scratch);
		return false;
	}
	memset(&outcome, 0, sizeof(outcome));
	outcome.process_listener_fd = -1;
	outcome.relay = session->relay;
	/* The opener's seccomp listener comes on its channel and stays the session's. */
	outcome.listener_lent = true;
	if (altair_eval_warm_open_session(evaluator, binary, request, &scratch, token, session->relay, &child, pair[1],
			(uint32_t) session->idle_ms, &session->ref) != SUCCESS) {
		close(pair[0]);
		close(pair[1]);
		altair_eval_scratch_remove(&scratch);
		return false;
	}
	close(pair[1]);
	session->socket_fd = pair[0];
	child.template_fd = pair[0];
	child.session = true;

	(void) altair_eval_channel_send_request(child.channel_fd, request, result_max);
	altair_eval_channel_reader_init(&outcome.channel, token, result_max);
	altair_eval_relay_deadline(session->relay, altair_eval_now_ms() + (uint64_t) request->timeout_ms);
	zend_try {
		altair_eval_supervise(&child, request->timeout_ms, &outcome);
	} zend_catch {
		bailed_out = true;
	} zend_end_try();
	session->listener_fd = outcome.process_listener_fd;
	if (bailed_out) {
		altair_eval_abandon(&child, &outcome);
		altair_eval_outcome_free(&outcome);
		altair_eval_scratch_remove(&scratch);
		session_end(session, "interrupted while it opened");
		zend_bailout();
	}
	altair_eval_show_snippet_by_name(&outcome.err, scratch.snippet_path);
	/* Every call's snippet is in the session's dir, where the opening's was. */
	snprintf(session->dir, sizeof(session->dir), "%s", scratch.snippet_path);
	slash = strrchr(session->dir, '/');
	if (slash) {
		*slash = '\0';
	}
	outcome.snippet_path = scratch.snippet_path;
	kept = outcome.session_kept == 1;
	session->holder = child.pid > 0 ? child.pid : altair_eval_warm_session_pid(&session->ref, 0, child.warm_pid);
	session->calls = 1;
	request->session_id = session->id;
	request->session_call = 1;
	/* Its connections stay open between calls (the engines mark nothing for an opening: there is
	 * no state before it to go back to). */
	altair_eval_relay_call_end(session->relay, kept);
	altair_eval_channel_parse(&outcome.channel, &report);
	altair_eval_result_build(result, request, &outcome, &report);
	altair_eval_report_free(&report);
	altair_eval_outcome_free(&outcome);
	altair_eval_scratch_remove(&scratch);
	return kept;
}

ZEND_METHOD(Altair_Eval_Evaluator, openSession)
{
	zval *request_object, rv, rv_max, *binary, *max, opening;
	zend_long idle = ALTAIR_EVAL_SESSION_IDLE_MS;
	altair_eval_evaluator_object *evaluator = altair_eval_evaluator_from(Z_OBJ_P(ZEND_THIS));
	altair_eval_request request;
	session_object *session;
	uint32_t all, project;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_OBJECT_OF_CLASS(request_object, altair_eval_request_ce)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(idle)
	ZEND_PARSE_PARAMETERS_END();

	if (idle < SESSION_MIN_IDLE_MS || idle > ALTAIR_EVAL_SESSION_IDLE_MAX_MS) {
		zend_argument_value_error(2, "must be between %d and %d", SESSION_MIN_IDLE_MS, ALTAIR_EVAL_SESSION_IDLE_MAX_MS);
		RETURN_THROWS();
	}
	binary = zend_read_property(altair_eval_evaluator_ce, Z_OBJ_P(ZEND_THIS), "phpBinary", strlen("phpBinary"), true, &rv);
	max = zend_read_property(altair_eval_evaluator_ce, Z_OBJ_P(ZEND_THIS), "resultMaxBytes", strlen("resultMaxBytes"),
		true, &rv_max);
	if (Z_TYPE_P(binary) != IS_STRING || Z_TYPE_P(max) != IS_LONG) {
		zend_throw_exception(altair_eval_exception_ce, "Evaluator was not constructed", ALTAIR_EVAL_ERROR_SPAWN);
		RETURN_THROWS();
	}
	if (altair_eval_command_check_ini() != SUCCESS || altair_eval_request_read(Z_OBJ_P(request_object), &request) != SUCCESS) {
		RETURN_THROWS();
	}
	if (request.unsafe) {
		session_failed(ALTAIR_EVAL_ERROR_SPAWN, "Session: a session runs sandboxed, and this request is unsafe "
			"(no sandbox): run its steps as separate evaluations instead");
		RETURN_THROWS();
	}
	if (!altair_eval_intercept_can_continue()) {
		session_failed(ALTAIR_EVAL_ERROR_PLATFORM, "Session: this build cannot let a session's holder fork its calls' workers "
			"(SECCOMP_USER_NOTIF_FLAG_CONTINUE, Linux 5.5, was missing from its headers)");
		RETURN_THROWS();
	}
	if (evaluator->threaded) {
		session_failed(ALTAIR_EVAL_ERROR_SPAWN, "Session: %s", ALTAIR_EVAL_THREADED_NOTE);
		RETURN_THROWS();
	}
	count_open(evaluator, request.project_root, &all, &project);
	if (all >= ALTAIR_EVAL_SESSIONS_MAX || project >= ALTAIR_EVAL_SESSIONS_PER_PROJECT_MAX) {
		session_failed(ALTAIR_EVAL_ERROR_SPAWN, "Session: %s already has %u sessions open%s (at most %d, %d per project): "
			"close one first", "this Evaluator", all >= ALTAIR_EVAL_SESSIONS_MAX ? all : project,
			all >= ALTAIR_EVAL_SESSIONS_MAX ? "" : " for this project", ALTAIR_EVAL_SESSIONS_MAX, ALTAIR_EVAL_SESSIONS_PER_PROJECT_MAX);
		RETURN_THROWS();
	}

	object_init_ex(return_value, altair_eval_session_ce);
	session = session_from(Z_OBJ_P(return_value));
	ZVAL_COPY(&session->evaluator, ZEND_THIS);
	ZVAL_COPY(&session->defaults, request_object);
	session->idle_ms = idle;
	if (!new_id(session->id)) {
		session_failed(ALTAIR_EVAL_ERROR_SPAWN, "Session: no random bytes for its handle");
		zval_ptr_dtor(return_value);
		ZVAL_UNDEF(return_value); /* the engine frees what a throwing call returned: nothing */
		RETURN_THROWS();
	}
	ZVAL_UNDEF(&opening);
	if (!open_in_template(session, evaluator, Z_STR_P(binary), &request, (size_t) Z_LVAL_P(max), &opening)) {
		char why[640];

		if (!EG(exception)) {
			if (Z_TYPE(opening) == IS_OBJECT) {
				result_summary(Z_OBJ(opening), why, sizeof(why));
			} else {
				snprintf(why, sizeof(why), "its worker ended");
			}
			session_failed(ALTAIR_EVAL_ERROR_SPAWN, "Session: it could not be opened: its opening snippet did not end well (%s)", why);
		}
		session_end(session, "it could not be opened");
		zval_ptr_dtor(&opening);
		zval_ptr_dtor(return_value);
		ZVAL_UNDEF(return_value); /* the engine frees what a throwing call returned: nothing */
		RETURN_THROWS();
	}
	if (!evaluator->sessions) {
		ALLOC_HASHTABLE(evaluator->sessions);
		zend_hash_init(evaluator->sessions, 4, NULL, forget_root, 0);
	}
	zend_hash_str_add_ptr(evaluator->sessions, session->id, strlen(session->id), zend_string_copy(request.project_root));
	session->last_ms = altair_eval_now_ms();
	zend_update_property_string(altair_eval_session_ce, Z_OBJ_P(return_value), "id", strlen("id"), session->id);
	zend_update_property_str(altair_eval_session_ce, Z_OBJ_P(return_value), "projectRoot", strlen("projectRoot"),
		request.project_root);
	zend_update_property_long(altair_eval_session_ce, Z_OBJ_P(return_value), "idleTimeoutMs", strlen("idleTimeoutMs"), idle);
	zend_update_property(altair_eval_session_ce, Z_OBJ_P(return_value), "opening", strlen("opening"), &opening);
	zval_ptr_dtor(&opening);
}

/* ---- calls ----------------------------------------------------------------------------------- */

/* Is it still open? Its holder may have ended it (idle past its timeout), or died. */
static bool session_alive(session_object *session)
{
	struct pollfd watched;

	if (session->ended) {
		return false;
	}
	if (session->socket_fd < 0 || !session_evaluator(session)) {
		session_end(session, "it was not opened by Evaluator::openSession()");
		return false;
	}
	watched.fd = session->socket_fd;
	watched.events = POLLIN;
	watched.revents = 0;
	if (poll(&watched, 1, 0) == 1 && (watched.revents & (POLLHUP | POLLERR))) {
		char why[256];

		if (!altair_eval_warm_session_template_gone(session_evaluator(session), &session->ref, why, sizeof(why))) {
			snprintf(why, sizeof(why), "%s", altair_eval_now_ms() - session->last_ms >= (uint64_t) session->idle_ms
				? "it was idle longer than its idle timeout" : "its process ended");
		}
		session_end(session, why);
		return false;
	}
	return true;
}

static void throw_ended(session_object *session)
{
	session_failed(ALTAIR_EVAL_ERROR_SPAWN, "Session %s has ended: %s", session->id[0] ? session->id : "(none)",
		session->ended ? session->ended : "closed");
}

/* Waits for the holder's STARTED, serving the session's seccomp listener meanwhile: the holder's
 * fork of the call's worker waits there for the host (this pid's, let through once). The worker's
 * number in the template's namespace; 0 when none was started. */
static pid_t await_started(session_object *session, altair_eval_outcome *outcome)
{
	uint64_t until = altair_eval_now_ms() + SESSION_REPLY_TIMEOUT_MS;
	altair_eval_warm_event event;

	outcome->fork_allowed = session->holder;
	for (;;) {
		struct pollfd watched[2] = {
			{ .fd = session->socket_fd, .events = POLLIN }, { .fd = session->listener_fd, .events = POLLIN }
		};
		uint64_t now = altair_eval_now_ms();
		int ready = poll(watched, session->listener_fd >= 0 ? 2 : 1, now >= until ? 0 : (int) (until - now));
		ssize_t received;

		if (ready < 0 && errno == EINTR) {
			continue;
		}
		if (ready <= 0) {
			return 0;
		}
		if (session->listener_fd >= 0 && (watched[1].revents & POLLIN)) {
			altair_eval_intercept_serve(session->listener_fd, outcome);
		}
		if (!(watched[0].revents & (POLLIN | POLLHUP | POLLERR))) {
			continue;
		}
		received = recv(session->socket_fd, &event, sizeof(event), 0);
		if (received < 0 && errno == EINTR) {
			continue;
		}
		if (received != (ssize_t) sizeof(event) || event.magic != ALTAIR_EVAL_WARM_MAGIC) {
			return 0;
		}
		if (event.kind == ALTAIR_EVAL_WARM_STARTED && event.pid > 0) {
			outcome->fork_allowed = 0;
			return (pid_t) event.pid;
		}
		if (event.kind == ALTAIR_EVAL_WARM_FAILED) {
			return 0;
		}
	}
}

/* Sends the holder one call: the request and the call's conduits and snippet. */
static bool send_call(session_object *session, const altair_eval_request *request, const altair_eval_scratch *scratch,
	const altair_eval_pipes *pipes)
{
	altair_eval_warm_request message;
	int snippet = altair_eval_scratch_snippet(request, scratch);
	int fds[ALTAIR_EVAL_WARM_FDS] = {
		pipes->fds[ALTAIR_EVAL_PIPE_CHANNEL_CHILD], pipes->fds[ALTAIR_EVAL_PIPE_OUT_WRITE],
		pipes->fds[ALTAIR_EVAL_PIPE_ERR_WRITE], snippet
	};
	bool sent;

	if (snippet < 0) {
		return false;
	}
	memset(&message, 0, sizeof(message));
	message.magic = ALTAIR_EVAL_WARM_MAGIC;
	message.timeout_ms = (uint32_t) request->timeout_ms;
	snprintf(message.scratch, sizeof(message.scratch), "%s", session->dir);
	sent = altair_eval_fdio_send(session->socket_fd, &message, sizeof(message), fds, ALTAIR_EVAL_WARM_FDS)
		== (ssize_t) sizeof(message);
	close(snippet);
	return sent;
}

/* The call's request: the session's defaults with this snippet (and timeout). */
static bool call_request(session_object *session, zend_string *snippet, zend_long timeout, bool timeout_given,
	altair_eval_request *request)
{
	if (ZSTR_LEN(snippet) == 0) {
		zend_argument_value_error(1, "must not be empty");
		return false;
	}
	if (ZSTR_LEN(snippet) > ALTAIR_EVAL_SNIPPET_MAX_BYTES) {
		zend_argument_value_error(1, "must be at most %d bytes, %zu given", ALTAIR_EVAL_SNIPPET_MAX_BYTES, ZSTR_LEN(snippet));
		return false;
	}
	if (timeout_given && (timeout < ALTAIR_EVAL_TIMEOUT_MS_MIN || timeout > ALTAIR_EVAL_TIMEOUT_MS_MAX)) {
		zend_argument_value_error(2, "must be between %d and %d", ALTAIR_EVAL_TIMEOUT_MS_MIN, ALTAIR_EVAL_TIMEOUT_MS_MAX);
		return false;
	}
	if (altair_eval_request_read(Z_OBJ(session->defaults), request) != SUCCESS) {
		return false;
	}
	request->snippet = snippet;
	if (timeout_given) {
		request->timeout_ms = timeout;
	}
	request->relayed = session->relayed;
	request->project_overlay = session->project_overlay;
	request->session_id = session->id;
	request->session_call = session->calls + 1;
	return true;
}

ZEND_METHOD(Altair_Eval_EvalSession, evaluate)
{
	session_object *session = session_from(Z_OBJ_P(ZEND_THIS));
	altair_eval_evaluator_object *evaluator;
	zend_string *snippet;
	zend_long timeout = 0;
	bool timeout_null = true, bailed_out = false, kept;
	altair_eval_request request;
	altair_eval_scratch scratch;
	altair_eval_pipes pipes;
	altair_eval_child child;
	altair_eval_outcome outcome;
	altair_eval_report report;
	unsigned char token[ALTAIR_EVAL_TOKEN_BYTES];
	char why[256], snippet_path[ALTAIR_EVAL_WARM_PATH_MAX + sizeof("/snippet.php")];
	zval rv, *max;
	pid_t inner;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_STR(snippet)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG_OR_NULL(timeout, timeout_null)
	ZEND_PARSE_PARAMETERS_END();

	if (!session_alive(session)) {
		throw_ended(session);
		RETURN_THROWS();
	}
	if (session->calls >= ALTAIR_EVAL_SESSION_CALLS_MAX) {
		session_end(session, "it took EvalSession::MAX_CALLS calls");
		throw_ended(session);
		RETURN_THROWS();
	}
	if (!call_request(session, snippet, timeout, !timeout_null, &request) || altair_eval_command_check_ini() != SUCCESS) {
		RETURN_THROWS();
	}
	evaluator = session_evaluator(session);
	/* Never an answer from old code: a template whose boot's files changed ends its sessions. */
	if (!altair_eval_warm_session_fresh(evaluator, &session->ref, why, sizeof(why))) {
		session_end(session, why);
		throw_ended(session);
		RETURN_THROWS();
	}
	/* A write-enabled call may change project files as a warm evaluation may: the evaluator's other
	 * templates start afresh (runner/warm.c). */
	if (request.allow_writes) {
		altair_eval_warm_forget_others(evaluator, session->ref.key);
	}
	max = zend_read_property(altair_eval_evaluator_ce, Z_OBJ(session->evaluator), "resultMaxBytes", strlen("resultMaxBytes"),
		true, &rv);
	if (altair_eval_channel_token(token) != SUCCESS || altair_eval_scratch_create_in_memory(&request, &scratch) != SUCCESS) {
		RETURN_THROWS();
	}
	if (altair_eval_pipes_open(&pipes, STDERR_FILENO + 1) != SUCCESS) {
		altair_eval_scratch_remove(&scratch);
		RETURN_THROWS();
	}
	memset(&outcome, 0, sizeof(outcome));
	outcome.relay = session->relay;
	outcome.listener_lent = true;
	outcome.process_listener_fd = session->listener_fd;
	inner = 0;
	if (altair_eval_channel_send_token(pipes.fds[ALTAIR_EVAL_PIPE_CHANNEL_HOST], token) == SUCCESS
		&& send_call(session, &request, &scratch, &pipes)) {
		inner = await_started(session, &outcome);
	}
	altair_eval_pipes_close_child_ends(&pipes);
	if (inner <= 0) {
		altair_eval_pipes_close(&pipes);
		altair_eval_scratch_remove(&scratch);
		session_end(session, "its process did not start the call (it ended, or did not answer)");
		throw_ended(session);
		RETURN_THROWS();
	}
	altair_eval_child_adopt(&pipes, &child);
	child.warm_pid = inner;
	child.pid = altair_eval_warm_session_pid(&session->ref, session->holder, inner);
	child.exit_fd = -1;
	child.template_fd = session->socket_fd;
	child.session = true;
	snprintf(snippet_path, sizeof(snippet_path), "%s/snippet.php", session->dir);
	altair_eval_scratch_snippet_in(&scratch, session->dir);

	altair_eval_relay_call_begin(session->relay, child.pid, altair_eval_now_ms() + (uint64_t) request.timeout_ms);
	/* What the call's guest reads after the token (a worker gone already fails its own way). */
	(void) altair_eval_channel_send_request(child.channel_fd, &request, (size_t) Z_LVAL_P(max));
	altair_eval_channel_reader_init(&outcome.channel, token, (size_t) Z_LVAL_P(max));
	zend_try {
		altair_eval_supervise(&child, request.timeout_ms, &outcome);
	} zend_catch {
		bailed_out = true;
	} zend_end_try();
	if (bailed_out) {
		altair_eval_child_signal_group(&child, SIGKILL);
		altair_eval_child_close(&child, &outcome);
		altair_eval_outcome_free(&outcome);
		altair_eval_scratch_remove(&scratch);
		session_end(session, "a call was interrupted");
		zend_bailout();
	}
	altair_eval_show_snippet_by_name(&outcome.err, snippet_path);
	outcome.snippet_path = snippet_path;
	kept = outcome.session_kept == 1;
	session->calls++;
	altair_eval_relay_call_end(session->relay, kept);
	if (kept) {
		/* It holds the state now, the template's child (looked up again if it was not found). */
		session->holder = child.pid > 0 ? child.pid : altair_eval_warm_session_pid(&session->ref, 0, inner);
	}
	altair_eval_channel_parse(&outcome.channel, &report);
	altair_eval_result_build(return_value, &request, &outcome, &report);
	altair_eval_report_free(&report);
	altair_eval_outcome_free(&outcome);
	altair_eval_scratch_remove(&scratch);
	session->last_ms = altair_eval_now_ms();
	if (outcome.session_kept < 0) {
		/* Its holder is gone: nothing holds the state any more. */
		session_end(session, "its process ended during the call");
	}
}

ZEND_METHOD(Altair_Eval_EvalSession, __construct)
{
	ZEND_PARSE_PARAMETERS_NONE();
}

ZEND_METHOD(Altair_Eval_EvalSession, isOpen)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_BOOL(session_alive(session_from(Z_OBJ_P(ZEND_THIS))));
}

ZEND_METHOD(Altair_Eval_EvalSession, endedBecause)
{
	session_object *session = session_from(Z_OBJ_P(ZEND_THIS));

	ZEND_PARSE_PARAMETERS_NONE();
	if (session_alive(session) || !session->ended) {
		RETURN_NULL();
	}
	RETURN_STRING(session->ended);
}

ZEND_METHOD(Altair_Eval_EvalSession, calls)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_LONG(session_from(Z_OBJ_P(ZEND_THIS))->calls);
}

ZEND_METHOD(Altair_Eval_EvalSession, close)
{
	ZEND_PARSE_PARAMETERS_NONE();
	session_end(session_from(Z_OBJ_P(ZEND_THIS)), "closed");
}
