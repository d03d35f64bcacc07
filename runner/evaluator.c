/*
 * Evaluator: the public entry point. evaluate() is a straight line of the runner's steps; every
 * path out of it, including a bailout, kills and reaps the child and removes the scratch dir.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "../php_altair_eval.h"
#include "runner.h"
#include "internal.h"
#include "../encoder/encoder.h"
#include "ext/standard/php_string.h"
#include "ext/spl/spl_exceptions.h"
#include "runner_arginfo.h"
#include "../relay/engine.h"

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

zend_class_entry *altair_eval_evaluator_ce;
zend_class_entry *altair_eval_exception_ce;
static zend_object_handlers evaluator_handlers;

static zend_object *evaluator_create(zend_class_entry *ce)
{
	altair_eval_evaluator_object *evaluator = zend_object_alloc(sizeof(altair_eval_evaluator_object), ce);

	evaluator->templates = NULL;
	evaluator->evaluations = 0;
	evaluator->sessions = NULL;
	zend_object_std_init(&evaluator->std, ce);
	object_properties_init(&evaluator->std, ce);
	evaluator->std.handlers = &evaluator_handlers;
	return &evaluator->std;
}

static void evaluator_free(zend_object *object)
{
	altair_eval_evaluator_object *evaluator = altair_eval_evaluator_from(object);

	altair_eval_warm_stop_all(evaluator);
	if (evaluator->sessions) {
		zend_hash_destroy(evaluator->sessions);
		FREE_HASHTABLE(evaluator->sessions);
	}
	zend_object_std_dtor(object);
}

/* The runner's classes (runner/runner.stub.php) and the Evaluator's object handlers. */
void altair_eval_runner_minit(void)
{
	altair_eval_request_ce = register_class_Altair_Eval_EvalRequest();
	altair_eval_result_ce = register_class_Altair_Eval_EvalResult();
	altair_eval_evaluator_ce = register_class_Altair_Eval_Evaluator();
	altair_eval_exception_ce = register_class_Altair_Eval_EvalException(spl_ce_RuntimeException);

	altair_eval_evaluator_ce->create_object = evaluator_create;
	altair_eval_session_ce = register_class_Altair_Eval_EvalSession();
	altair_eval_session_minit();
	memcpy(&evaluator_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	evaluator_handlers.offset = XtOffsetOf(altair_eval_evaluator_object, std);
	evaluator_handlers.free_obj = evaluator_free;
	evaluator_handlers.clone_obj = NULL;
}

/* Used when PATH is unset, as execvp() would. */
#define ALTAIR_EVAL_DEFAULT_PATH "/usr/local/bin:/usr/bin:/bin"

static bool is_executable_file(const char *path)
{
	zend_stat_t info;

	return VCWD_STAT(path, &info) == 0 && S_ISREG(info.st_mode) && access(path, X_OK) == 0;
}

/* A name without a slash ("php", univeros's default) is looked up in PATH, as a shell would; the
 * first executable match, or NULL. */
static zend_string *find_in_path(zend_string *name)
{
	const char *path = getenv("PATH");
	const char *entry, *end;

	for (entry = path && *path ? path : ALTAIR_EVAL_DEFAULT_PATH; ; entry = end + 1) {
		zend_string *candidate;

		end = strchr(entry, ':');
		if (!end) {
			end = entry + strlen(entry);
		}
		candidate = zend_strpprintf(0, "%.*s/%s", end == entry ? 1 : (int) (end - entry),
			end == entry ? "." : entry, ZSTR_VAL(name));
		if (is_executable_file(ZSTR_VAL(candidate))) {
			return candidate;
		}
		zend_string_release(candidate);
		if (!*end) {
			return NULL;
		}
	}
}

/* The binary the children run: the given path (or name found in PATH), or this build's php CLI
 * (runner/spawn.c: the running binary under the CLI SAPI). */
static zend_string *choose_binary(zend_string *given)
{
	zend_string *binary;

	if (!given) {
		return altair_eval_spawn_default_binary();
	}
	binary = ZSTR_LEN(given) > 0 && !strchr(ZSTR_VAL(given), '/') ? find_in_path(given) : NULL;
	if (!binary) {
		binary = zend_string_copy(given);
	}
	if (!is_executable_file(ZSTR_VAL(binary))) {
		zend_argument_value_error(3, "must be an executable PHP binary, \"%s\" is not", ZSTR_VAL(given));
		zend_string_release(binary);
		return NULL;
	}
	return binary;
}

/* univeros/framework's (SubprocessRunner, WrapperBuilder, phpBinary) first: the two collaborators are
 * accepted and unused (the native runner spawns and wraps by itself); then this project's warm and
 * resultMaxBytes. */
ZEND_METHOD(Altair_Eval_Evaluator, __construct)
{
	zend_object *runner = NULL, *builder = NULL;
	zend_string *given = NULL, *binary;
	bool warm = false;
	zend_long result_max = ALTAIR_EVAL_EVALUATOR_RESULT_MAX_BYTES;

	ZEND_PARSE_PARAMETERS_START(0, 5)
		Z_PARAM_OPTIONAL
		Z_PARAM_OBJ_OR_NULL(runner)
		Z_PARAM_OBJ_OR_NULL(builder)
		Z_PARAM_PATH_STR_OR_NULL(given)
		Z_PARAM_BOOL(warm)
		Z_PARAM_LONG(result_max)
	ZEND_PARSE_PARAMETERS_END();

	(void) runner;
	(void) builder;
	if (result_max < ALTAIR_EVAL_EVALUATOR_RESULT_MIN_BYTES || (zend_ulong) result_max > UINT32_MAX) {
		zend_argument_value_error(5, "must be between %d and %u", ALTAIR_EVAL_EVALUATOR_RESULT_MIN_BYTES, UINT32_MAX);
		RETURN_THROWS();
	}
	binary = choose_binary(given);
	if (!binary) {
		RETURN_THROWS();
	}
	zend_update_property_str(altair_eval_evaluator_ce, Z_OBJ_P(ZEND_THIS), "phpBinary", strlen("phpBinary"), binary);
	zend_update_property_bool(altair_eval_evaluator_ce, Z_OBJ_P(ZEND_THIS), "warm", strlen("warm"), warm);
	zend_update_property_long(altair_eval_evaluator_ce, Z_OBJ_P(ZEND_THIS), "resultMaxBytes", strlen("resultMaxBytes"),
		result_max);
	zend_string_release(binary);
}

ZEND_METHOD(Altair_Eval_Evaluator, close)
{
	ZEND_PARSE_PARAMETERS_NONE();
	altair_eval_warm_stop_all(altair_eval_evaluator_from(Z_OBJ_P(ZEND_THIS)));
}

/* After a bailout in supervision: the child is ended and reaped, every descriptor closed. */
void altair_eval_abandon(altair_eval_child *child, altair_eval_outcome *outcome)
{
	altair_eval_outcome ended;

	altair_eval_child_signal_group(child, SIGKILL);
	memset(&ended, 0, sizeof(ended));
	if (child->template_fd >= 0) {
		altair_eval_warm_collect(child, &ended);
	} else {
		while (waitpid(child->pid, &ended.wait_status, 0) < 0 && errno == EINTR) {
		}
	}
	altair_eval_child_close(child, outcome);
}

/* Is a SQL server among the declarations? Then rollback is the relay's; otherwise the project's
 * own files (a SQLite database) are what may be written, in a copy-on-write overlay. */
bool altair_eval_declares_sql_server(const altair_eval_databases *databases)
{
	for (size_t i = 0; i < databases->count; i++) {
		if (strcmp(databases->list[i].protocol, "pgsql") == 0 || strcmp(databases->list[i].protocol, "mysql") == 0) {
			return true;
		}
	}
	return false;
}

/* The relay (every descriptor it still holds) and the declarations it served. */
static void release_databases(altair_eval_outcome *outcome, altair_eval_databases *databases)
{
	altair_eval_relay_free(outcome->relay);
	outcome->relay = NULL;
	altair_eval_databases_free(databases);
	efree(databases);
}

/* PHP's own messages on stderr name the snippet by its scratch path; show the stable name. */
void altair_eval_show_snippet_by_name(altair_eval_capture *err, const char *snippet_path)
{
	zend_string *shown;

	if (!err->data.s || !strstr(ZSTR_VAL(err->data.s), snippet_path)) {
		return;
	}
	shown = php_str_to_str(ZSTR_VAL(err->data.s), ZSTR_LEN(err->data.s), snippet_path, strlen(snippet_path),
		ALTAIR_EVAL_SNIPPET_DISPLAY_NAME, strlen(ALTAIR_EVAL_SNIPPET_DISPLAY_NAME));
	smart_str_free(&err->data);
	err->data.s = shown;
	err->data.a = ZSTR_LEN(shown);
}

ZEND_METHOD(Altair_Eval_Evaluator, evaluate)
{
	zval *request_object, rv, rv_warm, rv_max, *binary, *warm, *max;
	altair_eval_request request;
	altair_eval_scratch scratch;
	altair_eval_command command;
	altair_eval_child child;
	altair_eval_outcome outcome;
	altair_eval_report report;
	unsigned char token[ALTAIR_EVAL_TOKEN_BYTES];
	bool bailed_out = false;
	bool warm_mode, threaded = false;
	char *snippet_path;
	altair_eval_databases *databases;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_OBJECT_OF_CLASS(request_object, altair_eval_request_ce)
	ZEND_PARSE_PARAMETERS_END();

	binary = zend_read_property(altair_eval_evaluator_ce, Z_OBJ_P(ZEND_THIS), "phpBinary", strlen("phpBinary"), true, &rv);
	warm = zend_read_property(altair_eval_evaluator_ce, Z_OBJ_P(ZEND_THIS), "warm", strlen("warm"), true, &rv_warm);
	max = zend_read_property(altair_eval_evaluator_ce, Z_OBJ_P(ZEND_THIS), "resultMaxBytes", strlen("resultMaxBytes"),
		true, &rv_max);
	if (Z_TYPE_P(binary) != IS_STRING || Z_TYPE_P(max) != IS_LONG) {
		zend_throw_exception(altair_eval_exception_ce, "Evaluator was not constructed", ALTAIR_EVAL_ERROR_SPAWN);
		RETURN_THROWS();
	}
	/* A bad altair_eval.child_* setting: no scratch, no child (runner/argv.c). */
	if (altair_eval_command_check_ini() != SUCCESS
		|| altair_eval_request_read(Z_OBJ_P(request_object), &request) != SUCCESS
		|| altair_eval_channel_token(token) != SUCCESS) {
		RETURN_THROWS();
	}
	/* A warm evaluator whose template had threads runs its evaluations cold, and says so. */
	warm_mode = Z_TYPE_P(warm) == IS_TRUE && !altair_eval_evaluator_from(Z_OBJ_P(ZEND_THIS))->threaded;
	request.host_note = Z_TYPE_P(warm) == IS_TRUE && !warm_mode ? ALTAIR_EVAL_THREADED_NOTE : NULL;
cold:
	/* The databases, and the addresses the child listens on for them (docs/ARCHITECTURE.md, "The
	 * database relay"). */
	databases = emalloc(sizeof(*databases));
	altair_eval_databases_build(&request, databases);
	/* A warm worker takes its snippet from a memfd sent with the request; the scratch dir is on
	 * disk for a cold child (its view binds it), for an unsafe one (no view: it reads the host's
	 * path), and for a warm one whose template may need the declared host names' file from it
	 * (runner/warm.c). */
	if ((warm_mode && !request.unsafe && !(databases->relayed && databases->name_count > 0)
			? altair_eval_scratch_create_in_memory(&request, &scratch)
			: altair_eval_scratch_create(&request, &scratch)) != SUCCESS) {
		altair_eval_databases_free(databases);
		efree(databases);
		RETURN_THROWS();
	}
	request.relayed = databases->relayed;
	request.project_overlay = request.rollback && !altair_eval_declares_sql_server(databases);
	request.relay_listen = databases->relayed ? databases->listen : NULL;
	/* The Unix socket paths: a cold child's view binds the host's listeners in the scratch dir over
	 * them; a warm template's view binds the template's own once (runner/warm.c), which the host
	 * lends each evaluation's relay for its worker (guest/lockdown/mount*.c). */
	request.relay_sockets = databases->relayed ? databases->sockets : NULL;
	/* Declared host names: <scratch>/hosts over the view's /etc/hosts (warm: a copy the template's). */
	request.relay_hosts = databases->relayed && altair_eval_databases_write_hosts(databases, scratch.dir);
	/* The CA files the app names, with the relay's CA added, over those paths in the view (docs/relay.md,
	 * "TLS"): written in the scratch dir for a cold child, in the template's dir for a warm one. */
	request.relay_ca = databases->relayed ? databases->ca : NULL;
	if (request.relay_ca && !warm_mode && !altair_eval_relay_tls_write_ca(request.relay_ca, scratch.dir)) {
		request.relay_ca = NULL;
	}
	/* A child with no view of its own resolves the declared host names through the host, over TCP
	 * (runner/relay_resolver.c): names only matter with the network off. */
	request.relay_resolve = databases->relayed && !request.allow_network && databases->name_count > 0;
	memset(&outcome, 0, sizeof(outcome));
	outcome.process_listener_fd = -1;
	outcome.relay = databases->count > 0 && databases->relayed
		? altair_eval_relay_create(databases, request.rollback ? ALTAIR_RELAY_ROLLBACK
			: (request.allow_writes ? ALTAIR_RELAY_WRITES : ALTAIR_RELAY_READ_ONLY),
			request.relay_sockets && !warm_mode ? scratch.dir : NULL)
		: NULL;
	if (warm_mode) {
		if (altair_eval_warm_start(altair_eval_evaluator_from(Z_OBJ_P(ZEND_THIS)), Z_STR_P(binary), &request, &scratch,
				token, outcome.relay, &child, &threaded) != SUCCESS) {
			release_databases(&outcome, databases);
			altair_eval_scratch_remove(&scratch);
			if (threaded) {
				/* Its template could not fork (runner/warm.c): this one and the next run cold. */
				altair_eval_evaluator_from(Z_OBJ_P(ZEND_THIS))->threaded = true;
				warm_mode = false;
				request.host_note = ALTAIR_EVAL_THREADED_NOTE;
				goto cold;
			}
			RETURN_THROWS();
		}
	} else {
		altair_eval_command_build(&command, Z_STR_P(binary), &request, &scratch, NULL);
		zend_result spawned = altair_eval_spawn(&command, ZSTR_VAL(request.project_root), token, &child);
		altair_eval_command_free(&command);
		if (spawned != SUCCESS) {
			release_databases(&outcome, databases);
			altair_eval_scratch_remove(&scratch);
			RETURN_THROWS();
		}
	}

	/* What the guest reads after the token (a guest gone already fails its own way: supervision sees it). */
	(void) altair_eval_channel_send_request(child.channel_fd, &request, (size_t) Z_LVAL_P(max));
	altair_eval_channel_reader_init(&outcome.channel, token, (size_t) Z_LVAL_P(max));
	altair_eval_relay_deadline(outcome.relay, altair_eval_now_ms() + (uint64_t) request.timeout_ms);
	zend_try {
		altair_eval_supervise(&child, request.timeout_ms, &outcome);
	} zend_catch {
		bailed_out = true;
	} zend_end_try();
	if (bailed_out) {
		altair_eval_abandon(&child, &outcome);
		release_databases(&outcome, databases);
		altair_eval_outcome_free(&outcome);
		altair_eval_scratch_remove(&scratch);
		zend_bailout();
	}
	altair_eval_show_snippet_by_name(&outcome.err, scratch.snippet_path);
	outcome.snippet_path = snippet_path = estrdup(scratch.snippet_path);
	altair_eval_scratch_remove(&scratch);

	altair_eval_relay_finish(outcome.relay);

	altair_eval_channel_parse(&outcome.channel, &report);
	altair_eval_result_build(return_value, &request, &outcome, &report);
	altair_eval_report_free(&report);
	release_databases(&outcome, databases);
	altair_eval_outcome_free(&outcome);
	efree(snippet_path);
}
