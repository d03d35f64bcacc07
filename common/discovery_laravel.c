/*
 * Laravel's databases (common/discovery_internal.h), by Laravel's own rules:
 * - bootstrap/cache/config.php, when present, is the whole configuration: Laravel then reads no
 *   .env at all (LoadEnvironmentVariables returns when the configuration is cached);
 * - otherwise one dotenv file: .env.<APP_ENV> instead of .env when the real environment sets
 *   APP_ENV and that file exists (LoadEnvironmentVariables::checkForSpecificEnvironmentFile), and
 *   config/database.php (or the framework's own copy under vendor/) read as text: the default
 *   connection, its keys as env('NAME', 'default') or literals. A connection that file does not
 *   describe falls back to Laravel's variable names (DB_HOST, DB_PORT, DB_SOCKET, DB_URL…).
 * The connection is reached as Laravel's connectors build the PDO DSN, read back with
 * altair_eval_discovery_parse_url(). Only the default connection is declared.
 */
#include "discovery_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LARAVEL_CONFIG_CACHE "bootstrap/cache/config.php"
#define LARAVEL_DATABASE_CONFIG "config/database.php"
#define LARAVEL_FRAMEWORK_DATABASE_CONFIG "vendor/laravel/framework/config/database.php"

/* Any of these set to "redis" means the app uses its Redis connections. */
static const char *const redis_driver_variables[] = {
	"CACHE_STORE", "CACHE_DRIVER", "SESSION_DRIVER", "QUEUE_CONNECTION", "BROADCAST_CONNECTION",
};
/* In the config cache, the same settings. */
static const char *const redis_driver_settings[] = {
	"cache.default", "session.driver", "queue.default", "broadcasting.default",
};

typedef struct {
	const altair_eval_php_literal *doc; /* NULL: no configuration file could be read */
	const char *source;
	int database;                       /* the node of the 'database' configuration, or -1 */
} laravel_config;

/* Illuminate\Support\Env::get: "null" and "(null)" are null, "empty" and "(empty)" are "". */
static const char *env_value(const char *value)
{
	if (value && (strcmp(value, "null") == 0 || strcmp(value, "(null)") == 0)) {
		return NULL;
	}
	if (value && (strcmp(value, "empty") == 0 || strcmp(value, "(empty)") == 0)) {
		return "";
	}
	return value;
}

/* A variable of Laravel's, or fallback when unset. */
static const char *variable(discovery *d, const char *name, const char *fallback, discovery_origins *origins)
{
	const char *source;
	const char *value = discovery_value(d, name, &source);
	if (!value) {
		return fallback;
	}
	discovery_note(origins, source, name);
	return env_value(value);
}

/* One key of a configured array node: a literal as written, env('NAME', default) through the
 * values. When node is -1 (not configured), the conventional variable and default. */
static const char *setting(discovery *d, const laravel_config *config, int node, const char *key,
	const char *name, const char *fallback, discovery_origins *origins)
{
	if (node < 0 || !config->doc) {
		return name ? variable(d, name, fallback, origins) : fallback;
	}
	int child = altair_eval_php_literal_child(config->doc, node, key);
	if (child < 0) {
		return NULL;
	}
	const altair_eval_php_node *found = &config->doc->nodes[child];
	if (found->kind == ALTAIR_EVAL_PHP_STRING) {
		if (*found->text) {
			discovery_note(origins, config->source, key);
		}
		return found->text;
	}
	if (found->kind == ALTAIR_EVAL_PHP_ENV) {
		const char *source;
		const char *value = discovery_value(d, found->text, &source);
		if (value) {
			discovery_note(origins, source, found->text);
			return env_value(value);
		}
		if (found->fallback && *found->fallback) {
			discovery_note(origins, config->source, key);
		}
		return found->fallback;
	}
	return NULL;
}

static const char *relayed_protocol(const char *driver)
{
	if (driver && (strcmp(driver, "mysql") == 0 || strcmp(driver, "mariadb") == 0)) {
		return "mysql";
	}
	return driver && strcmp(driver, "pgsql") == 0 ? "pgsql" : NULL;
}

/* The PDO DSN Laravel's MySqlConnector or PostgresConnector would build. */
static bool connector_dsn(discovery *d, const laravel_config *config, int connection, const char *protocol,
	char *dsn, size_t size, discovery_origins *origins)
{
	const char *host = setting(d, config, connection, "host", "DB_HOST", "127.0.0.1", origins);
	const char *port = setting(d, config, connection, "port", "DB_PORT", NULL, origins);
	int wrote;

	if (strcmp(protocol, "mysql") == 0) {
		const char *socket = setting(d, config, connection, "unix_socket", "DB_SOCKET", "", origins);
		if (socket && *socket) {
			wrote = snprintf(dsn, size, "mysql:unix_socket=%s", socket);
		} else {
			wrote = snprintf(dsn, size, "mysql:host=%s%s%s", host ? host : "", port && *port ? ";port=" : "",
				port && *port ? port : "");
		}
	} else {
		const char *sslmode = setting(d, config, connection, "sslmode", "DB_SSLMODE", NULL, origins);
		wrote = snprintf(dsn, size, "pgsql:%s%s%s%s%s%s", host ? "host=" : "", host ? host : "",
			port && *port ? ";port=" : "", port && *port ? port : "", sslmode ? ";sslmode=" : "", sslmode ? sslmode : "");
	}
	return wrote > 0 && (size_t) wrote < size;
}

static void copy_setting(char *out, size_t size, const char *value)
{
	if (value && *value && strlen(value) < size) {
		memcpy(out, value, strlen(value) + 1);
	}
}

/* What a connection's keys add beside its address (Laravel's connectors): the credentials (for
 * the relay's own login; a URL's own win), and TLS: PostgreSQL's sslmode, sslrootcert, sslcert and
 * sslkey; MySQL's CA from MYSQL_ATTR_SSL_CA, the variable Laravel's own config/database.php passes
 * as PDO::MYSQL_ATTR_SSL_CA (mysqlnd then checks the server's certificate and its name). */
static void connection_settings(discovery *d, const laravel_config *config, int connection, const char *protocol,
	altair_eval_discovered *found, discovery_origins *origins)
{
	discovery_origins unshown = {0}; /* the credentials are not what declares the server */
	if (!found->user[0]) {
		copy_setting(found->user, sizeof(found->user), setting(d, config, connection, "username", "DB_USERNAME", NULL, &unshown));
		copy_setting(found->password, sizeof(found->password), setting(d, config, connection, "password", "DB_PASSWORD", NULL, &unshown));
	}
	if (strcmp(protocol, "pgsql") == 0) {
		/* libpq's own variables, which Laravel's .env sets in the process's environment too */
		if (!found->tls_mode[0]) {
			const char *mode = variable(d, "PGSSLMODE", NULL, origins);
			if (mode && altair_eval_discovery_tls_level(mode) > 0) {
				copy_setting(found->tls_mode, sizeof(found->tls_mode), mode);
				found->tls = altair_eval_discovery_tls_level(mode) >= 4;
			}
		}
		if (!found->tls_ca[0]) {
			copy_setting(found->tls_ca, sizeof(found->tls_ca), variable(d, "PGSSLROOTCERT", NULL, &unshown));
		}
		copy_setting(found->tls_ca, sizeof(found->tls_ca), setting(d, config, connection, "sslrootcert", NULL, NULL, origins));
		copy_setting(found->tls_cert, sizeof(found->tls_cert), setting(d, config, connection, "sslcert", NULL, NULL, origins));
		copy_setting(found->tls_key, sizeof(found->tls_key), setting(d, config, connection, "sslkey", NULL, NULL, origins));
	} else if (strcmp(protocol, "mysql") == 0) {
		const char *ca = variable(d, "MYSQL_ATTR_SSL_CA", NULL, origins);
		if (ca && *ca) {
			copy_setting(found->tls_ca, sizeof(found->tls_ca), ca);
			snprintf(found->tls_mode, sizeof(found->tls_mode), "verify-full");
			found->tls = true;
		}
	}
}

static void laravel_database(discovery *d, const laravel_config *config)
{
	discovery_origins origins = {0};
	altair_eval_discovered found;
	char dsn[ALTAIR_EVAL_DISCOVERY_URL_MAX];
	const char *name = setting(d, config, config->database, "default", "DB_CONNECTION", NULL, &origins);
	int connection = -1;

	if (!name && config->doc) {
		return;
	}
	if (name && config->doc && config->database >= 0) {
		connection = altair_eval_php_literal_child(config->doc,
			altair_eval_php_literal_child(config->doc, config->database, "connections"), name);
	}
	/* A URL decides the driver too (ConfigurationUrlParser): DB_URL=mysql://… on 'sqlite' is MySQL. */
	const char *url = setting(d, config, connection, "url", "DB_URL", NULL, &origins);
	if (!url && connection < 0) {
		url = variable(d, "DATABASE_URL", NULL, &origins);
	}
	if (url && *url) {
		if (altair_eval_discovery_parse_url(url, strlen(url), &found)) {
			connection_settings(d, config, connection, found.protocol, &found, &origins);
			discovery_emit(d, &found, &origins);
		}
		return;
	}
	const char *driver = connection >= 0
		? altair_eval_php_literal_string(config->doc, altair_eval_php_literal_child(config->doc, connection, "driver"))
		: name;
	const char *protocol = relayed_protocol(driver);
	if (!protocol) {
		return; /* sqlite is no server; sqlsrv is not relayed */
	}
	if (!connector_dsn(d, config, connection, protocol, dsn, sizeof(dsn), &origins)
		|| !altair_eval_discovery_parse_url(dsn, strlen(dsn), &found)) {
		return;
	}
	connection_settings(d, config, connection, protocol, &found, &origins);
	discovery_emit(d, &found, &origins);
}

/* A Redis connection's host as phpredis and predis read it: "tls://host", "unix:///path", "/path". */
static bool redis_address(const char *host, const char *port, const char *scheme, altair_eval_discovered *found)
{
	memset(found, 0, sizeof(*found));
	strcpy(found->protocol, "redis");
	found->tls = scheme && strcmp(scheme, "tls") == 0;
	if (strncmp(host, "tls://", 6) == 0 || strncmp(host, "ssl://", 6) == 0) {
		found->tls = true;
		host += 6;
	} else if (strncmp(host, "tcp://", 6) == 0) {
		host += 6;
	} else if (strncmp(host, "unix://", 7) == 0) {
		host += 7;
	}
	if (found->tls) {
		strcpy(found->tls_mode, "verify-full"); /* PHP's streams' defaults (redis_tls: unless verify_peer is off) */
	}
	if ((scheme && strcmp(scheme, "unix") == 0) || host[0] == '/') {
		return snprintf(found->socket, sizeof(found->socket), "%s", host) < (int) sizeof(found->socket);
	}
	if (!*host || snprintf(found->host, sizeof(found->host), "%s", host) >= (int) sizeof(found->host)) {
		return false;
	}
	if (port && *port) {
		char *end;
		long number = strtol(port, &end, 10);
		if (*end || number < 1 || number > 65535) {
			return false;
		}
		found->port = (int) number;
	}
	return true;
}

/* A key beneath a connection's nested arrays (context → stream → cafile), as setting() reads it;
 * NULL when a level is missing. */
static const char *nested_setting(discovery *d, const laravel_config *config, int node, const char *const *path, size_t depth,
	discovery_origins *origins)
{
	for (size_t i = 0; i + 1 < depth && node >= 0 && config->doc; i++) {
		node = altair_eval_php_literal_child(config->doc, node, path[i]);
	}
	return node >= 0 && config->doc ? setting(d, config, node, path[depth - 1], NULL, NULL, origins) : NULL;
}

/* A TLS connection's certificate check as PHP's streams make it (phpredis: 'context' => ['stream'
 * => […]]; Predis: 'ssl' => […]): the peer and its name against cafile or the system's store,
 * unless verify_peer is off. */
static void redis_tls(discovery *d, const laravel_config *config, int connection, altair_eval_discovered *found,
	discovery_origins *origins)
{
	static const char *const phpredis_ca[] = {"context", "stream", "cafile"};
	static const char *const phpredis_verify[] = {"context", "stream", "verify_peer"};
	static const char *const predis_ca[] = {"ssl", "cafile"};
	static const char *const predis_verify[] = {"ssl", "verify_peer"};
	const char *ca, *verify;

	if (!found->tls || connection < 0) {
		return;
	}
	ca = nested_setting(d, config, connection, phpredis_ca, 3, origins);
	ca = ca ? ca : nested_setting(d, config, connection, predis_ca, 2, origins);
	verify = nested_setting(d, config, connection, phpredis_verify, 3, origins);
	verify = verify ? verify : nested_setting(d, config, connection, predis_verify, 2, origins);
	copy_setting(found->tls_ca, sizeof(found->tls_ca), ca);
	snprintf(found->tls_mode, sizeof(found->tls_mode), "%s",
		verify && (strcmp(verify, "false") == 0 || strcmp(verify, "0") == 0 || !*verify) ? "require" : "verify-full");
}

static void laravel_redis_connection(discovery *d, const laravel_config *config, int connection, discovery_origins *uses)
{
	discovery_origins origins = *uses;
	altair_eval_discovered found;
	const char *url = setting(d, config, connection, "url", "REDIS_URL", NULL, &origins);
	bool ok;

	if (url && *url) {
		ok = altair_eval_discovery_parse_url(url, strlen(url), &found) && strcmp(found.protocol, "redis") == 0;
	} else {
		const char *host = setting(d, config, connection, "host", "REDIS_HOST", "127.0.0.1", &origins);
		const char *port = setting(d, config, connection, "port", "REDIS_PORT", NULL, &origins);
		const char *scheme = setting(d, config, connection, "scheme", "REDIS_SCHEME", NULL, &origins);
		ok = host && redis_address(host, port, scheme, &found);
	}
	if (ok) {
		redis_tls(d, config, connection, &found, &origins);
		discovery_emit(d, &found, &origins);
	}
}

static bool uses_redis(discovery *d, const laravel_config *config, bool cached, discovery_origins *uses)
{
	static const char *const address_variables[] = {"REDIS_URL", "REDIS_HOST", "REDIS_PORT"};
	const char *source;
	const char *value;

	if (cached) {
		for (size_t i = 0; i < sizeof(redis_driver_settings) / sizeof(redis_driver_settings[0]); i++) {
			value = altair_eval_php_literal_string(config->doc, altair_eval_php_literal_path(config->doc, 0, redis_driver_settings[i]));
			if (value && strcmp(value, "redis") == 0) {
				discovery_note(uses, config->source, redis_driver_settings[i]);
				return true;
			}
		}
		return false;
	}
	for (size_t i = 0; i < sizeof(redis_driver_variables) / sizeof(redis_driver_variables[0]); i++) {
		value = discovery_value(d, redis_driver_variables[i], &source);
		if (value && strcmp(value, "redis") == 0) {
			discovery_note(uses, source, redis_driver_variables[i]);
			return true;
		}
	}
	for (size_t i = 0; i < sizeof(address_variables) / sizeof(address_variables[0]); i++) {
		if (discovery_value(d, address_variables[i], &source)) {
			return true;
		}
	}
	return false;
}

/* database.redis: every connection but 'client', 'options' and 'clusters'. */
static void laravel_redis(discovery *d, const laravel_config *config, bool cached)
{
	discovery_origins uses = {0};
	if (!uses_redis(d, config, cached, &uses)) {
		return;
	}
	int redis = config->doc ? altair_eval_php_literal_child(config->doc, config->database, "redis") : -1;
	if (redis < 0) {
		if (!cached) {
			laravel_redis_connection(d, config, -1, &uses);
		}
		return;
	}
	for (int node = config->doc->nodes[redis].first_child; node >= 0; node = config->doc->nodes[node].next_sibling) {
		const char *key = config->doc->nodes[node].key;
		if (config->doc->nodes[node].kind == ALTAIR_EVAL_PHP_ARRAY && strcmp(key, "client") != 0
			&& strcmp(key, "options") != 0 && strcmp(key, "clusters") != 0) {
			laravel_redis_connection(d, config, node, &uses);
		}
	}
}

static bool laravel_from_cache(discovery *d)
{
	altair_eval_php_literal doc;
	size_t length;
	char *text = discovery_read(d, LARAVEL_CONFIG_CACHE, &length);
	bool cached = text && altair_eval_php_literal_parse(&doc, text, length);

	free(text);
	if (!cached) {
		return false;
	}
	laravel_config config = {&doc, LARAVEL_CONFIG_CACHE, altair_eval_php_literal_child(&doc, 0, "database")};
	if (config.database >= 0) {
		laravel_database(d, &config);
		laravel_redis(d, &config, true);
	}
	altair_eval_php_literal_free(&doc);
	return true;
}

void discovery_laravel(discovery *d)
{
	altair_eval_php_literal doc;
	laravel_config config = {NULL, LARAVEL_DATABASE_CONFIG, -1};
	const char *source;
	const char *env = discovery_app_env(d, &source); /* the files are not read yet: the real one */
	size_t length;

	if (laravel_from_cache(d)) {
		return;
	}
	if (env) {
		snprintf(d->file_names[2], sizeof(d->file_names[2]), ".env.%s", env);
	}
	if (!env || !discovery_load_dotenv(d, d->file_names[2])) {
		discovery_load_dotenv(d, ".env");
	}
	char *text = discovery_read(d, LARAVEL_DATABASE_CONFIG, &length);
	if (!text) {
		config.source = LARAVEL_FRAMEWORK_DATABASE_CONFIG;
		text = discovery_read(d, LARAVEL_FRAMEWORK_DATABASE_CONFIG, &length);
	}
	if (text && altair_eval_php_literal_parse(&doc, text, length)) {
		config.doc = &doc;
		config.database = 0;
	}
	free(text);
	laravel_database(d, &config);
	laravel_redis(d, &config, false);
	if (config.doc) {
		altair_eval_php_literal_free(&doc);
	}
}
