/*
 * What the relay tells the result (docs/ARCHITECTURE.md, "The database relay", 5.):
 * sandbox.databases, one entry per declaration, and queries, every statement the engines reported,
 * in order, capped by count (ALTAIR_EVAL_QUERIES_MAX) and bytes (ALTAIR_EVAL_QUERIES_MAX_BYTES)
 * with a truncated marker at the end. Texts are made valid UTF-8 (the result is JSON).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "ext/json/php_json.h"
#include "../php_altair_eval.h"
#include "../encoder/encoder.h"
#include "internal.h"
#include "relay_internal.h"
#include "../relay/engine.h"

/* Text as valid UTF-8, cut at max bytes on a character boundary; *cut says whether it was. */
static zend_string *clean_text(const char *bytes, size_t length, size_t max, bool *cut)
{
	size_t kept = length > max ? altair_eval_encoder_utf8_cut(bytes, length, max) : length;
	bool valid;

	*cut = kept < length;
	return altair_eval_encoder_utf8(bytes, kept, &valid);
}

void altair_eval_relay_query_add(altair_eval_relay *relay, size_t database, const altair_relay_query *query)
{
	size_t cost = query->text_length + query->params_length + query->error_length;
	zval entry, params;
	bool cut;

	if (relay->queries_truncated || !ALTAIR_EVAL_G(queries)) {
		return;
	}
	if (zend_hash_num_elements(Z_ARRVAL(relay->queries)) >= ALTAIR_EVAL_QUERIES_MAX
		|| relay->query_bytes + MIN(cost, ALTAIR_EVAL_QUERY_TEXT_MAX) > ALTAIR_EVAL_QUERIES_MAX_BYTES) {
		relay->queries_truncated = true;
		return;
	}
	array_init(&entry);
	add_assoc_long(&entry, "database", (zend_long) database);
	add_assoc_str(&entry, "text", clean_text(query->text ? query->text : "", query->text_length, ALTAIR_EVAL_QUERY_TEXT_MAX,
		&cut));
	if (cut) {
		add_assoc_bool(&entry, "text_truncated", true);
		add_assoc_long(&entry, "text_length", (zend_long) query->text_length);
	}
	ZVAL_NULL(&params);
	if (query->params_json && query->params_length > 0 && query->params_length <= ALTAIR_EVAL_QUERY_TEXT_MAX) {
		php_json_decode_ex(&params, query->params_json, query->params_length, PHP_JSON_OBJECT_AS_ARRAY | PHP_JSON_INVALID_UTF8_SUBSTITUTE,
			PHP_JSON_PARSER_DEFAULT_DEPTH);
		if (Z_TYPE(params) != IS_ARRAY) {
			zval_ptr_dtor(&params);
			ZVAL_NULL(&params);
		}
	}
	add_assoc_zval(&entry, "params", &params);
	add_assoc_double(&entry, "duration_ms", (double) query->duration_ns / 1e6);
	if (query->rows >= 0) {
		add_assoc_long(&entry, "rows", (zend_long) query->rows);
	} else {
		add_assoc_null(&entry, "rows");
	}
	if (query->error) {
		add_assoc_str(&entry, "error", clean_text(query->error, query->error_length, ALTAIR_EVAL_QUERY_TEXT_MAX, &cut));
	} else {
		add_assoc_null(&entry, "error");
	}
	add_assoc_bool(&entry, "refused", query->refused);
	add_next_index_zval(&relay->queries, &entry);
	relay->query_bytes += MIN(cost, ALTAIR_EVAL_QUERY_TEXT_MAX);
}

void altair_eval_relay_queries(const altair_eval_relay *relay, zval *out)
{
	if (!relay) {
		array_init(out);
		return;
	}
	ZVAL_COPY(out, &relay->queries);
	if (relay->queries_truncated) {
		zval marker;
		SEPARATE_ARRAY(out);
		array_init(&marker);
		add_assoc_bool(&marker, "truncated", true);
		add_next_index_zval(out, &marker);
	}
}

/* Whether the child's path to the i-th declaration leads only to the relay: a listener in its
 * network namespace (TCP), the host's listener bound into its view (a Unix path), or its connect()s
 * answered by the host (interception: its filter said so and this kernel can answer them). */
static bool reached_through_relay(const altair_eval_relay *relay, const altair_eval_relay_guards *guards, size_t i)
{
	const altair_eval_database *database = &relay->databases->list[i];

	if (guards->intercepted && relay->intercepting) {
		return true;
	}
	return database->socket[0] || database->path_count > 0 ? relay->listened[i] && guards->view : relay->listened[i];
}

/* Why a declaration is unreachable: the child has no path to it but a refused one. */
static const char *unreachable_why(const altair_eval_relay *relay, const altair_eval_relay_guards *guards)
{
	if (guards->intercepted && !relay->intercepting) {
		return "the child has no network namespace of its own (or the network is on), and this kernel cannot hand it a "
			"relayed connection (SECCOMP_IOCTL_NOTIF_ADDFD, Linux 5.9): every connect() to it is refused";
	}
	return "the child has no network namespace of its own (or the network is on) and no seccomp listener (Linux 5.0): "
		"every connect() is refused; on a newer kernel, or outside a container, it is reached through the relay";
}

const char *altair_eval_relay_note(const altair_eval_relay *relay, bool intercepted)
{
	if (!relay || !intercepted || relay->intercepting || relay->listener < 0) {
		return NULL;
	}
	return relay->databases->network
		? "relay: this kernel cannot hand the child a socket of the host's (SECCOMP_IOCTL_NOTIF_ADDFD, Linux 5.9): "
			"the declared databases are unreachable and, with them declared, every inet socket is refused (the network stays off)"
		: "relay: this kernel cannot hand the child a socket of the host's (SECCOMP_IOCTL_NOTIF_ADDFD, Linux 5.9): "
			"without a network namespace of its own the declared databases are unreachable";
}

/* What enforces the mode and what is left, for a database no session told about. */
static void describe(const altair_eval_relay *relay, const altair_eval_relay_guards *guards, size_t i, zval *entry)
{
	const altair_eval_database *database = &relay->databases->list[i];
	const altair_relay_status *status = &relay->status[i];

	if (!reached_through_relay(relay, guards, i)) {
		add_assoc_string(entry, "enforced_by", unreachable_why(relay, guards));
		add_assoc_null(entry, "residual");
		return;
	}
	if (strcmp(database->protocol, "raw") == 0) {
		add_assoc_string(entry, "enforced_by", "nothing: not a database the relay speaks; bytes pass unchanged");
		add_assoc_string(entry, "residual", "not protected: everything the service allows");
		return;
	}
	if (relay->unguarded[i]) {
		add_assoc_string(entry, "enforced_by", "nothing: this build has no relay engine for the protocol; bytes pass unchanged");
		add_assoc_string(entry, "residual", "not protected: everything the account may do");
		return;
	}
	if (status->enforced_by) {
		add_assoc_string(entry, "enforced_by", status->enforced_by);
	} else {
		add_assoc_null(entry, "enforced_by");
	}
	if (status->residual) {
		add_assoc_string(entry, "residual", status->residual);
	} else {
		add_assoc_null(entry, "residual");
	}
}

/* What TLS held on each leg (docs/relay.md, "TLS"): null where the app's configuration asks for none
 * and none was used. */
static void describe_tls(const altair_eval_relay *relay, const altair_eval_relay_guards *guards, size_t i, zval *entry)
{
	static const char *const to_server[] = {
		"none", "TLS, the certificate not checked (as the app's configuration says)",
		"TLS, the certificate checked against the app's CA (verify-ca)",
		"TLS, the certificate and the server's name checked (verify-full)",
	};
	const altair_eval_database *database = &relay->databases->list[i];
	int server = relay->tls_server[i];
	zval tls;

	if (server == 0 && !relay->tls_client[i] && !relay->tls_failure[i][0] && database->tls_policy == ALTAIR_RELAY_TLS_NEVER) {
		add_assoc_null(entry, "tls");
		return;
	}
	array_init(&tls);
	add_assoc_string(&tls, "to_server", to_server[server >= 0 && server < 4 ? server : 0]);
	add_assoc_bool(&tls, "to_child", relay->tls_client[i]);
	if (relay->tls_failure[i][0]) {
		add_assoc_string(&tls, "failure", (char *) relay->tls_failure[i]);
	} else {
		add_assoc_null(&tls, "failure");
	}
	/* Without a private view the CA file the app names is the host's own, without the relay's CA. */
	if (database->tls_child && relay->databases->ca && !guards->view) {
		add_assoc_string(&tls, "note", "the child has no private view (a container): the CA file its configuration names "
			"does not hold the relay's CA there, so a driver that checks the certificate refuses the relay's");
	} else {
		add_assoc_null(&tls, "note");
	}
	add_assoc_zval(entry, "tls", &tls);
}

/* In a session: what its calls keep of this database, per engine and mode (docs/relay.md,
 * "Sessions and the database"). */
static const char *session_keeps(const altair_eval_relay *relay, const altair_eval_database *database)
{
	bool sql = strcmp(database->protocol, "mysql") == 0 || strcmp(database->protocol, "pgsql") == 0;

	if (relay->mode == ALTAIR_RELAY_WRITES) {
		return "committed writes stay, whatever a call's end";
	}
	if (!sql) {
		return strcmp(database->protocol, "redis") == 0 ? "writes refused: Redis has nothing to keep or undo per call"
			: "nothing per call";
	}
	return relay->mode == ALTAIR_RELAY_ROLLBACK
		? "a call's writes stay for the session's next calls when it ends well, are undone when it does not, and all are undone when the session ends"
		: "writes refused; a call that does not end well leaves the session's transaction as it was";
}

void altair_eval_relay_databases(const altair_eval_relay *relay, const altair_eval_relay_guards *guards, zval *out)
{
	array_init(out);
	if (!relay) {
		return;
	}
	for (size_t i = 0; i < relay->databases->count; i++) {
		const altair_eval_database *database = &relay->databases->list[i];
		const altair_relay_status *status = &relay->status[i];
		zval entry;

		array_init(&entry);
		add_assoc_string(&entry, "protocol", database->protocol);
		add_assoc_string(&entry, "address", database->shown);
		/* A unix: endpoint whose path the relay could not take (runner/databases.c add_path) is bound
		 * into the view as it is when no other socket is relayed (runner/argv.c). */
		bool direct = database->socket[0] && database->path_count == 0 && !relay->databases->sockets
			&& strcmp(database->declared_by, "allowEndpoints") == 0 && !(guards->intercepted && relay->intercepting);
		/* Never a mode the relay did not hold: a path that does not lead through it is refused. */
		bool relayed = reached_through_relay(relay, guards, i);
		add_assoc_string(&entry, "mode", direct ? "not protected" : (!relayed ? "unreachable"
			: (strcmp(database->protocol, "raw") == 0 || relay->unguarded[i] ? "not protected" : altair_relay_mode_name(relay->mode))));
		add_assoc_string(&entry, "declared_by", database->declared_by);
		add_assoc_string(&entry, "reached_through", relayed ? "relay" : (direct ? "direct" : "none"));
		describe(relay, guards, i, &entry);
		if (database->note[0]) {
			add_assoc_string(&entry, "note", database->note);
		} else {
			add_assoc_null(&entry, "note");
		}
		add_assoc_long(&entry, "connections", relay->accepted[i]);
		add_assoc_long(&entry, "connections_refused", relay->refused[i]);
		if (relay->status_known[i] && status->server_version[0]) {
			add_assoc_string(&entry, "server_version", status->server_version);
		} else {
			add_assoc_null(&entry, "server_version");
		}
		if (relay->status_known[i] && status->superuser >= 0) {
			add_assoc_bool(&entry, "superuser", status->superuser == 1);
		} else {
			add_assoc_null(&entry, "superuser");
		}
		describe_tls(relay, guards, i, &entry);
		if (guards->session) {
			add_assoc_string(&entry, "session_keeps", session_keeps(relay, database));
		}
		add_next_index_zval(out, &entry);
	}
}
