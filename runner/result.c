/*
 * EvalResult: built once from what supervision observed and what the guest reported; immutable.
 * toArray() gives the result contract (docs/api.md, "The result") with its keys in their fixed order;
 * how each field is learnt: docs/ARCHITECTURE.md ("The result channel", "Limits").
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
#include "../common/display_path.h"

#include <signal.h>
#include <string.h>
#include <sys/wait.h>

zend_class_entry *altair_eval_result_ce;

/* sandbox.reachable with the network off: what the child can connect to, and how to add one. */
#define ALTAIR_EVAL_RELAY_REACHABLE "the network is off: the child reaches only the declared databases and endpoints, " \
	"through the host's relay (declare one with --database / EvalRequest databases, or --allow-endpoint / EvalRequest allowEndpoints)"

/* Property name → contract key, in contract order. */
static const struct {
	const char *property;
	const char *key;
} contract[] = {
	{ "ok", "ok" },
	{ "result", "result" },
	{ "stdout", "stdout" },
	{ "stderr", "stderr" },
	{ "exception", "exception" },
	{ "durationMs", "duration_ms" },
	{ "memoryPeakBytes", "memory_peak_bytes" },
	{ "exitCode", "exit_code" },
	{ "timedOut", "timed_out" },
	{ "signal", "signal" },
	{ "limitExceeded", "limit_exceeded" },
	{ "error", "error" },
	{ "stdoutTruncated", "stdout_truncated" },
	{ "stderrTruncated", "stderr_truncated" },
	{ "sandbox", "sandbox" },
	{ "host", "host" },
	{ "memoryPeakRssBytes", "memory_peak_rss_bytes" },
	{ "queries", "queries" },
	{ "effects", "effects" },
	{ "session", "session" },
};

/* The sandbox keys every report has, whatever the guest managed to say. */
static const char *const sandbox_flags[] = {
	"disable_functions", "open_basedir", "rlimits", "seccomp", "netns", "eval_blocked",
	"ffi_disabled", "result_channel", NULL
};

static void set(zend_object *object, const char *name, zval *value)
{
	zend_update_property(altair_eval_result_ce, object, name, strlen(name), value);
}

static void set_long(zend_object *object, const char *name, zend_long value)
{
	zend_update_property_long(altair_eval_result_ce, object, name, strlen(name), value);
}

static void set_bool(zend_object *object, const char *name, bool value)
{
	zend_update_property_bool(altair_eval_result_ce, object, name, strlen(name), value);
}

static void set_null(zend_object *object, const char *name)
{
	zend_update_property_null(altair_eval_result_ce, object, name, strlen(name));
}

static void set_capture(zend_object *object, const char *name, const altair_eval_capture *capture)
{
	if (capture->data.s) {
		zend_update_property_str(altair_eval_result_ce, object, name, strlen(name), capture->data.s);
	} else {
		zend_update_property_str(altair_eval_result_ce, object, name, strlen(name), ZSTR_EMPTY_ALLOC());
	}
}

static void error_array(zval *error, const char *type, const char *message)
{
	array_init(error);
	add_assoc_string(error, "type", type);
	add_assoc_string(error, "message", message);
	add_assoc_null(error, "file");
	add_assoc_null(error, "line");
}

static zval *frame_entry(altair_eval_report *report, const char *key)
{
	return Z_ISUNDEF(report->result) ? NULL : zend_hash_str_find(Z_ARRVAL(report->result), key, strlen(key));
}

static bool frame_is(altair_eval_report *report, const char *kind)
{
	zval *value = frame_entry(report, "kind");
	return value && Z_TYPE_P(value) == IS_STRING && strcmp(Z_STRVAL_P(value), kind) == 0;
}

/* What the guest booted (guest/boot/boot.c): {framework, version, environment, bootstrap, debug}, or
 * null when it never said (the child died first, or the report was forged). */
static void set_host(zend_object *object, altair_eval_report *report)
{
	zval *host = Z_ISUNDEF(report->host) || report->forged ? NULL
		: zend_hash_str_find(Z_ARRVAL(report->host), "host", strlen("host"));

	if (host && Z_TYPE_P(host) == IS_ARRAY) {
		set(object, "host", host);
	} else {
		set_null(object, "host");
	}
}

/* A guard the guest's sandbox frame says held (false when it said nothing, or the report is forged). */
static bool sandbox_says(altair_eval_report *report, const char *key)
{
	zval *value = Z_ISUNDEF(report->sandbox) || report->forged ? NULL
		: zend_hash_str_find(Z_ARRVAL(report->sandbox), key, strlen(key));

	return value && Z_TYPE_P(value) == IS_TRUE;
}

/* The sandbox array: the guest's report, or every guard false with the reason it is unknown. */
static void build_sandbox(zval *sandbox, altair_eval_report *report, const altair_eval_request *request,
	const altair_eval_outcome *outcome)
{
	zval unavailable;

	if (!Z_ISUNDEF(report->sandbox)) {
		zval *listed;
		ZVAL_COPY(sandbox, &report->sandbox);
		zend_hash_str_del(Z_ARRVAL_P(sandbox), "kind", strlen("kind"));
		listed = zend_hash_str_find(Z_ARRVAL_P(sandbox), "unavailable", strlen("unavailable"));
		for (size_t i = 0; listed && Z_TYPE_P(listed) == IS_ARRAY && altair_eval_spawn_note(i); i++) {
			SEPARATE_ARRAY(listed);
			add_next_index_string(listed, altair_eval_spawn_note(i));
		}
		if (listed && Z_TYPE_P(listed) == IS_ARRAY && altair_eval_scratch_note()) {
			SEPARATE_ARRAY(listed);
			add_next_index_string(listed, altair_eval_scratch_note());
		}
		if (listed && Z_TYPE_P(listed) == IS_ARRAY && altair_eval_relay_note(outcome->relay, sandbox_says(report, "connect_intercepted"))) {
			SEPARATE_ARRAY(listed);
			add_next_index_string(listed, altair_eval_relay_note(outcome->relay, true));
		}
		if (listed && Z_TYPE_P(listed) == IS_ARRAY && request->host_note) {
			SEPARATE_ARRAY(listed);
			add_next_index_string(listed, request->host_note);
		}
		return;
	}
	array_init(sandbox);
	for (const char *const *flag = sandbox_flags; *flag; flag++) {
		add_assoc_bool(sandbox, *flag, false);
	}
	add_assoc_long(sandbox, "landlock_abi", 0);
	add_assoc_bool(sandbox, "unsafe", request->unsafe);
	array_init(&unavailable);
	add_next_index_string(&unavailable, "the child ended before it reported its guards");
	add_assoc_zval(sandbox, "unavailable", &unavailable);
}

/* Where line `number` (1-based) of text starts, or NULL past its end (text ending in a newline has
 * an empty last line, where PHP reports "unexpected end of file"); *length without the newline. */
static const char *find_line(const char *text, size_t size, zend_long number, size_t *length)
{
	const char *p = text, *end = text + size, *newline;

	for (zend_long n = 1; n < number; n++) {
		newline = memchr(p, '\n', (size_t) (end - p));
		if (!newline) {
			return NULL;
		}
		p = newline + 1;
	}
	newline = memchr(p, '\n', (size_t) (end - p));
	*length = (size_t) ((newline ? newline : end) - p);
	if (*length > 0 && p[*length - 1] == '\r') {
		(*length)--;
	}
	return p;
}

/* "  12 | code" for each line around the error, "> 13 | code" for the offending one; lines cut
 * on a UTF-8 boundary. The snippet's lines are the file's lines (scanner/scanner.h). */
static zend_string *excerpt(zend_string *snippet, zend_long line)
{
	smart_str out = {0};
	char number[32];
	int width = snprintf(number, sizeof(number), ZEND_LONG_FMT, line + ALTAIR_EVAL_EXCERPT_CONTEXT_LINES);

	for (zend_long n = line - ALTAIR_EVAL_EXCERPT_CONTEXT_LINES; n <= line + ALTAIR_EVAL_EXCERPT_CONTEXT_LINES; n++) {
		size_t length;
		const char *text = n >= 1 ? find_line(ZSTR_VAL(snippet), ZSTR_LEN(snippet), n, &length) : NULL;
		bool cut = false;

		if (!text) {
			continue;
		}
		if (length > ALTAIR_EVAL_EXCERPT_LINE_MAX) {
			length = ALTAIR_EVAL_EXCERPT_LINE_MAX;
			while (length > 0 && ((unsigned char) text[length] & 0xC0) == 0x80) {
				length--;
			}
			cut = true;
		}
		if (out.s) {
			smart_str_appendc(&out, '\n');
		}
		snprintf(number, sizeof(number), "%*" ZEND_LONG_FMT_SPEC, width, n);
		smart_str_appends(&out, n == line ? "> " : "  ");
		smart_str_appends(&out, number);
		smart_str_appends(&out, " | ");
		smart_str_appendl(&out, text, length);
		if (cut) {
			smart_str_appends(&out, "...");
		}
	}
	smart_str_0(&out);
	return out.s;
}

/* The snippet's own file: "snippet.php" as the guest shows it, or its real path. */
static bool is_snippet_file(zend_string *file, const altair_eval_request *request, const char *snippet_path)
{
	altair_eval_display_rule rule = {
		ZSTR_VAL(request->project_root), ZSTR_LEN(request->project_root), snippet_path, strlen(snippet_path)
	};
	size_t length;
	const char *shown = altair_eval_display_path(&rule, ZSTR_VAL(file), ZSTR_LEN(file), &length);

	return length == strlen(ALTAIR_EVAL_SNIPPET_DISPLAY_NAME) && memcmp(shown, ALTAIR_EVAL_SNIPPET_DISPLAY_NAME, length) == 0;
}

/* A parse or fatal error in the snippet itself: add its excerpt. */
static void add_excerpt(zval *error, const altair_eval_request *request, const char *snippet_path)
{
	zval *file, *line;
	zend_string *text;

	if (Z_TYPE_P(error) != IS_ARRAY) {
		return;
	}
	file = zend_hash_str_find(Z_ARRVAL_P(error), "file", strlen("file"));
	line = zend_hash_str_find(Z_ARRVAL_P(error), "line", strlen("line"));
	if (!file || Z_TYPE_P(file) != IS_STRING || !is_snippet_file(Z_STR_P(file), request, snippet_path)
		|| !line || Z_TYPE_P(line) != IS_LONG || Z_LVAL_P(line) < 1) {
		return;
	}
	text = excerpt(request->snippet, Z_LVAL_P(line));
	if (text) {
		SEPARATE_ARRAY(error);
		add_assoc_str(error, "excerpt", text);
	}
}

/* The snippet's own parse error comes as an exception (PHP's semantics); it keeps the excerpt. */
static bool is_parse_error(zval *exception)
{
	zval *class = Z_TYPE_P(exception) == IS_ARRAY
		? zend_hash_str_find(Z_ARRVAL_P(exception), "class", strlen("class")) : NULL;

	return class && Z_TYPE_P(class) == IS_STRING && zend_string_equals_literal(Z_STR_P(class), "ParseError");
}

static const char *limit_for_signal(int signal, const altair_eval_outcome *outcome, const altair_eval_request *request)
{
	double cpu_seconds = (double) outcome->usage.ru_utime.tv_sec + (double) outcome->usage.ru_stime.tv_sec
		+ ((double) outcome->usage.ru_utime.tv_usec + (double) outcome->usage.ru_stime.tv_usec) / 1e6;

	switch (signal) {
		case SIGXCPU:
			return "cpu";
		case SIGXFSZ:
			return "file_size";
		case SIGKILL:
			/* RLIMIT_CPU's hard limit ends in SIGKILL; so does nothing else of ours but the deadline. */
			return cpu_seconds * 1000 >= (double) request->timeout_ms ? "cpu" : NULL;
		default:
			return NULL;
	}
}

/* How the child ended: from its wait status, or, when the caller's SIGCHLD disposition took that,
 * from the status frame the guest sent just before it exited. */
typedef struct {
	int signal;
	int exit_code;
	bool known;
} ending;

static ending ending_of(const altair_eval_outcome *outcome, const altair_eval_report *report)
{
	ending end = { 0, ALTAIR_EVAL_EXIT_FATAL, true };
	int status = outcome->wait_status;

	if (outcome->status_known) {
		end.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
		end.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + end.signal;
	} else if (report->has_status) {
		end.exit_code = (int) report->exit_status;
	} else {
		end.known = false;
	}
	if (outcome->timed_out) {
		end.exit_code = ALTAIR_EVAL_EXIT_TIMEOUT;
	}
	return end;
}

/* A frame over the evaluator's maximum: a marker in its place, and the error that says why. */
static void dropped_frame(zval *marker, const altair_eval_report *report, zval *error, zend_long max)
{
	char message[256];

	array_init(marker);
	add_assoc_string(marker, "type", "omitted");
	add_assoc_string(marker, "reason", "result_size");
	add_assoc_long(marker, "bytes", (zend_long) report->dropped_bytes);
	add_assoc_long(marker, "max_bytes", max);
	add_assoc_bool(marker, "truncated", true);
	snprintf(message, sizeof(message), "The %s was %zu bytes encoded, more than the evaluator's maximum of "
		ZEND_LONG_FMT " (resultMaxBytes); it was discarded.", *report->dropped_kind ? report->dropped_kind : "result",
		report->dropped_bytes, max);
	error_array(error, "result_size", message);
}

/* result, exception and error, from an authentic final frame only. Returns the limit the guest
 * named in an error frame (memory, for PHP's memory_limit), or NULL. */
static const char *final_fields(zend_object *object, const altair_eval_request *request,
	const altair_eval_outcome *outcome, altair_eval_report *report, const ending *end, zval *error)
{
	bool has_final = !report->forged && !Z_ISUNDEF(report->result);
	const char *limit = NULL;
	zval *entry, marker, null;

	ZVAL_NULL(&null);
	ZVAL_UNDEF(&marker);
	if (has_final && frame_is(report, "error") && (entry = frame_entry(report, "error"))) {
		ZVAL_COPY(error, entry);
		add_excerpt(error, request, outcome->snippet_path);
		entry = frame_entry(report, "limit");
		limit = entry && Z_TYPE_P(entry) == IS_STRING ? Z_STRVAL_P(entry) : NULL;
	} else if (report->forged) {
		error_array(error, "integrity",
			"The result channel carried data the evaluator did not write; the result was discarded.");
	} else if (report->dropped_bytes > 0 && !has_final) {
		dropped_frame(&marker, report, error, (zend_long) outcome->channel.max_frame);
		limit = "result_size";
	} else if (!has_final && !outcome->timed_out) {
		char message[256];
		if (end->signal) {
			snprintf(message, sizeof(message), "The child was killed by signal %d (%s) before it reported a result.",
				end->signal, strsignal(end->signal));
			error_array(error, "signal", message);
		} else if (end->exit_code == ALTAIR_EVAL_EXIT_HARD_MEMORY && !report->has_status) {
			error_array(error, "no_result", "The child exceeded PHP's hard memory limit (twice memory_limit) and the "
				"runtime ended it before it reported a result.");
			limit = "memory";
		} else if (!end->known) {
			error_array(error, "no_result", "The child's exit status was lost (the caller ignores SIGCHLD or reaps "
				"children itself) and the child ended before it reported a result.");
		} else {
			snprintf(message, sizeof(message), "The child exited with code %d without reporting a result.", end->exit_code);
			error_array(error, "no_result", message);
		}
	}
	entry = has_final && frame_is(report, "return") ? frame_entry(report, "value") : NULL;
	if (!Z_ISUNDEF(marker) && strcmp(report->dropped_kind, "exception") != 0) {
		entry = &marker;
	}
	set(object, "result", entry ? entry : &null);
	entry = has_final && frame_is(report, "exception") ? frame_entry(report, "exception") : NULL;
	if (!Z_ISUNDEF(marker) && strcmp(report->dropped_kind, "exception") == 0) {
		entry = &marker;
	} else if (entry && is_parse_error(entry)) {
		/* the snippet's own syntax error: its excerpt, as for a fatal error */
		ZVAL_COPY(&marker, entry);
		add_excerpt(&marker, request, outcome->snippet_path);
		entry = &marker;
	}
	set(object, "exception", entry ? entry : &null);
	zval_ptr_dtor(&marker);
	return limit;
}

void altair_eval_result_build(zval *result, const altair_eval_request *request, altair_eval_outcome *outcome,
	altair_eval_report *report)
{
	zend_object *object;
	zval value, error, entry_value;
	altair_eval_relay_guards guards;
	ending end = ending_of(outcome, report);
	const char *limit;
	bool has_final = !report->forged && !Z_ISUNDEF(report->result);
	zval *entry;

	ZVAL_UNDEF(&error);
	object_init_ex(result, altair_eval_result_ce);
	object = Z_OBJ_P(result);
	limit = final_fields(object, request, outcome, report, &end, &error);

	/* A limit the guest saw: memory (a fatal error), disk (scratch full at the end of any run). */
	if (has_final && (entry = frame_entry(report, "limit")) && Z_TYPE_P(entry) == IS_STRING) {
		limit = Z_STRVAL_P(entry);
	}
	if (outcome->timed_out) {
		limit = "time";
	} else if (!limit && end.signal) {
		limit = limit_for_signal(end.signal, outcome, request);
	}
	if (!limit && outcome->processes_refused > 0) {
		limit = "processes";
	}
	if (!limit && (outcome->out.truncated || outcome->err.truncated)) {
		limit = "output";
	}
	/* The encoder cut the value at its byte budget: a truncated result, still ok, like output. */
	if (!limit && has_final && frame_is(report, "return") && (entry = frame_entry(report, "value"))
		&& Z_TYPE_P(entry) == IS_ARRAY
		&& zend_hash_str_find(Z_ARRVAL_P(entry), "budget_exhausted", strlen("budget_exhausted"))) {
		limit = "result_size";
	}

	set_bool(object, "ok", end.exit_code == 0 && end.known && has_final && !frame_is(report, "exception")
		&& Z_ISUNDEF(error) && !outcome->timed_out);
	set_capture(object, "stdout", &outcome->out);
	set_capture(object, "stderr", &outcome->err);
	set_long(object, "durationMs", (zend_long) outcome->duration_ms);
	set_long(object, "memoryPeakBytes", report->has_status ? report->memory_peak : 0);
	set_long(object, "exitCode", end.exit_code);
	set_bool(object, "timedOut", outcome->timed_out);
	if (end.signal) {
		set_long(object, "signal", end.signal);
	} else {
		set_null(object, "signal");
	}
	if (limit) {
		zend_update_property_string(altair_eval_result_ce, object, "limitExceeded", strlen("limitExceeded"), limit);
	} else {
		set_null(object, "limitExceeded");
	}
	if (Z_ISUNDEF(error)) {
		set_null(object, "error");
	} else {
		set(object, "error", &error);
		zval_ptr_dtor(&error);
	}
	set_bool(object, "stdoutTruncated", outcome->out.truncated);
	set_bool(object, "stderrTruncated", outcome->err.truncated);
	build_sandbox(&value, report, request, outcome);
	/* The database relay's own account (runner/relay_report.c), of the paths the guest's lockdown
	 * said it made (before any project code ran): the guest cannot speak for the relay. */
	guards.view = sandbox_says(report, "mountns");
	guards.intercepted = sandbox_says(report, "connect_intercepted");
	guards.session = request->session_id != NULL;
	altair_eval_relay_databases(outcome->relay, &guards, &entry_value);
	zend_hash_str_update(Z_ARRVAL(value), "databases", strlen("databases"), &entry_value);
	if (request->relayed && !request->allow_network) {
		add_assoc_string(&value, "reachable", ALTAIR_EVAL_RELAY_REACHABLE);
	} else {
		add_assoc_null(&value, "reachable");
	}
	set(object, "sandbox", &value);
	zval_ptr_dtor(&value);
	altair_eval_relay_queries(outcome->relay, &value);
	set(object, "queries", &value);
	zval_ptr_dtor(&value);
	altair_eval_effects_build(&value, outcome, report);
	set(object, "effects", &value);
	zval_ptr_dtor(&value);
	set_host(object, report);
	if (request->session_id) {
		array_init(&value);
		add_assoc_string(&value, "id", request->session_id);
		add_assoc_long(&value, "call", request->session_call);
		add_assoc_bool(&value, "kept", outcome->session_kept == 1);
		set(object, "session", &value);
		zval_ptr_dtor(&value);
	} else {
		set_null(object, "session");
	}
	if (report->has_status && report->rss_peak >= 0) {
		set_long(object, "memoryPeakRssBytes", report->rss_peak);
	} else {
		set_null(object, "memoryPeakRssBytes");
	}
}

static void set_or_null(zend_object *object, const char *name, zval *value)
{
	if (value) {
		set(object, name, value);
	} else {
		set_null(object, name);
	}
}

/* A nullable property the constructor does not take (a key added to the contract later) starts
 * null, so that toArray() of a hand-built result never reads an uninitialized property. */
static void null_the_rest(zend_object *object)
{
	zend_property_info *info;

	ZEND_HASH_FOREACH_PTR(&altair_eval_result_ce->properties_info, info) {
		if (!(info->flags & ZEND_ACC_STATIC) && ZEND_TYPE_ALLOW_NULL(info->type)
			&& Z_ISUNDEF_P(OBJ_PROP(object, info->offset))) {
			set_null(object, ZSTR_VAL(info->name));
		}
	} ZEND_HASH_FOREACH_END();
}

/* For fakes and decorators (univeros/framework's signature first): every property as given, ok
 * derived as an evaluation would derive it. */
ZEND_METHOD(Altair_Eval_EvalResult, __construct)
{
	zval *result, *exception, *error = NULL, *sandbox = NULL, *queries = NULL, *effects = NULL;
	zend_string *stdout_text, *stderr_text, *limit = NULL;
	zend_long duration_ms, memory_peak_bytes, exit_code, signal = 0;
	bool timed_out, signal_null = true, stdout_truncated = false, stderr_truncated = false;
	zend_object *object = Z_OBJ_P(ZEND_THIS);
	zval empty;

	ZEND_PARSE_PARAMETERS_START(8, 16)
		Z_PARAM_ARRAY_OR_NULL(result)
		Z_PARAM_STR(stdout_text)
		Z_PARAM_STR(stderr_text)
		Z_PARAM_ARRAY_OR_NULL(exception)
		Z_PARAM_LONG(duration_ms)
		Z_PARAM_LONG(memory_peak_bytes)
		Z_PARAM_LONG(exit_code)
		Z_PARAM_BOOL(timed_out)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG_OR_NULL(signal, signal_null)
		Z_PARAM_STR_OR_NULL(limit)
		Z_PARAM_ARRAY_OR_NULL(error)
		Z_PARAM_BOOL(stdout_truncated)
		Z_PARAM_BOOL(stderr_truncated)
		Z_PARAM_ARRAY(sandbox)
		Z_PARAM_ARRAY(queries)
		Z_PARAM_ARRAY(effects)
	ZEND_PARSE_PARAMETERS_END();

	set_bool(object, "ok", !timed_out && !exception && !error && exit_code == 0);
	set_or_null(object, "result", result);
	zend_update_property_str(altair_eval_result_ce, object, "stdout", strlen("stdout"), stdout_text);
	zend_update_property_str(altair_eval_result_ce, object, "stderr", strlen("stderr"), stderr_text);
	set_or_null(object, "exception", exception);
	set_long(object, "durationMs", duration_ms);
	set_long(object, "memoryPeakBytes", memory_peak_bytes);
	set_long(object, "exitCode", exit_code);
	set_bool(object, "timedOut", timed_out);
	if (signal_null) {
		set_null(object, "signal");
	} else {
		set_long(object, "signal", signal);
	}
	if (limit) {
		zend_update_property_str(altair_eval_result_ce, object, "limitExceeded", strlen("limitExceeded"), limit);
	} else {
		set_null(object, "limitExceeded");
	}
	set_or_null(object, "error", error);
	set_bool(object, "stdoutTruncated", stdout_truncated);
	set_bool(object, "stderrTruncated", stderr_truncated);
	if (sandbox) {
		set(object, "sandbox", sandbox);
	} else {
		ZVAL_EMPTY_ARRAY(&empty);
		set(object, "sandbox", &empty);
	}
	if (queries) {
		set(object, "queries", queries);
	} else {
		ZVAL_EMPTY_ARRAY(&empty);
		set(object, "queries", &empty);
	}
	if (effects) {
		set(object, "effects", effects);
	} else {
		ZVAL_EMPTY_ARRAY(&empty);
		set(object, "effects", &empty);
	}
	null_the_rest(object);
}

ZEND_METHOD(Altair_Eval_EvalResult, ok)
{
	zval rv, *ok;

	ZEND_PARSE_PARAMETERS_NONE();
	ok = zend_read_property(altair_eval_result_ce, Z_OBJ_P(ZEND_THIS), "ok", strlen("ok"), false, &rv);
	RETURN_BOOL(Z_TYPE_P(ok) == IS_TRUE);
}

ZEND_METHOD(Altair_Eval_EvalResult, toArray)
{
	zval rv, *value;

	ZEND_PARSE_PARAMETERS_NONE();
	array_init_size(return_value, sizeof(contract) / sizeof(contract[0]));
	for (size_t i = 0; i < sizeof(contract) / sizeof(contract[0]); i++) {
		value = zend_read_property(altair_eval_result_ce, Z_OBJ_P(ZEND_THIS), contract[i].property,
			strlen(contract[i].property), false, &rv);
		if (EG(exception)) {
			RETURN_THROWS();
		}
		Z_TRY_ADDREF_P(value);
		add_assoc_zval(return_value, contract[i].key, value);
	}
}
