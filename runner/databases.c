/*
 * The databases of one evaluation (docs/ARCHITECTURE.md, "The database relay", 1. Declarations):
 * EvalRequest databases (URLs, normalized at construction), then the allowEndpoints entries that
 * are databases (the usual port of one, or the address of one declared), then the other TCP
 * endpoints, relayed raw. For each: its protocol (the relay engine's name), the real server's
 * address (resolved here, in the host) and the address the child listens on for it.
 *
 * The URL parser here is small and strict; common/discovery.c's replaces it once that lands.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "../php_altair_eval.h"
#include "internal.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

/* Characters no part of a declaration may carry into the child's comma-separated ini list. */
#define DATABASES_FORBIDDEN_CHARS "\"\n\r;,$\\ "
#define DATABASES_UNIX_SUFFIX "+unix"

static const struct {
	const char *scheme;
	const char *protocol;
	int port;
	bool tls;
} schemes[] = {
	{ "pgsql", "pgsql", 5432, false },
	{ "postgres", "pgsql", 5432, false },
	{ "postgresql", "pgsql", 5432, false },
	{ "mysql", "mysql", 3306, false },
	{ "mariadb", "mysql", 3306, false },
	{ "redis", "redis", 6379, false },
	{ "rediss", "redis", 6379, true },
};

static int scheme_index(const char *scheme, size_t length)
{
	for (size_t i = 0; i < sizeof(schemes) / sizeof(schemes[0]); i++) {
		if (strlen(schemes[i].scheme) == length && strncasecmp(schemes[i].scheme, scheme, length) == 0) {
			return (int) i;
		}
	}
	return -1;
}

/* "[v6]" or a name or IPv4 address: the same characters EvalRequest's endpoints allow. */
static bool valid_host(const char *host, size_t length)
{
	bool bracketed = length > 2 && host[0] == '[' && host[length - 1] == ']';

	if (length == 0 || length >= sizeof(((altair_eval_database *) NULL)->host)) {
		return false;
	}
	for (size_t i = bracketed ? 1 : 0; i < (bracketed ? length - 1 : length); i++) {
		char c = host[i];
		if (!(bracketed ? (isxdigit((unsigned char) c) || c == ':' || c == '.')
				: (isalnum((unsigned char) c) || c == '.' || c == '-' || c == '_'))) {
			return false;
		}
	}
	return true;
}

/* Parses scheme://[user[:password]@]host[:port][/path][?query] or scheme+unix://[/]path into a
 * declaration (credentials, database name and options are ignored: the child authenticates
 * itself). false when it is not one. */
static bool parse_url(const char *url, size_t length, altair_eval_database *out)
{
	const char *separator = length ? zend_memnstr(url, "://", 3, url + length) : NULL;
	const char *scheme_end, *rest, *end = url + length, *authority_end, *at, *colon;
	bool unix_socket;
	int scheme;

	memset(out, 0, sizeof(*out));
	if (!separator || memchr(url, '\0', length) || strpbrk(url, DATABASES_FORBIDDEN_CHARS)) {
		return false;
	}
	scheme_end = separator;
	unix_socket = (size_t) (separator - url) > strlen(DATABASES_UNIX_SUFFIX)
		&& strncasecmp(separator - strlen(DATABASES_UNIX_SUFFIX), DATABASES_UNIX_SUFFIX, strlen(DATABASES_UNIX_SUFFIX)) == 0;
	if (unix_socket) {
		scheme_end -= strlen(DATABASES_UNIX_SUFFIX);
	}
	if ((scheme = scheme_index(url, (size_t) (scheme_end - url))) < 0) {
		return false;
	}
	strlcpy(out->protocol, schemes[scheme].protocol, sizeof(out->protocol));
	out->tls = schemes[scheme].tls;
	rest = separator + 3;
	if (unix_socket) {
		if (rest >= end || *rest != '/' || (size_t) (end - rest) >= sizeof(out->socket) || strchr(rest, '?')) {
			return false;
		}
		memcpy(out->socket, rest, (size_t) (end - rest));
		return true;
	}
	for (authority_end = rest; authority_end < end && *authority_end != '/' && *authority_end != '?'; authority_end++) {
	}
	at = zend_memrchr(rest, '@', (size_t) (authority_end - rest));
	if (at) {
		rest = at + 1;
	}
	colon = zend_memrchr(rest, ':', (size_t) (authority_end - rest));
	if (colon && rest[0] == '[' && colon < (const char *) memchr(rest, ']', (size_t) (authority_end - rest))) {
		colon = NULL; /* a colon inside "[v6]" */
	}
	out->port = schemes[scheme].port;
	if (colon) {
		char digits[8];
		char *digits_end;
		size_t count = (size_t) (authority_end - colon - 1);
		long port;

		if (count == 0 || count >= sizeof(digits)) {
			return false;
		}
		memcpy(digits, colon + 1, count);
		digits[count] = '\0';
		port = strtol(digits, &digits_end, 10);
		if (*digits_end != '\0' || !isdigit((unsigned char) digits[0]) || port < 1 || port > 65535) {
			return false;
		}
		out->port = (int) port;
	}
	if (!valid_host(rest, (size_t) ((colon ? colon : authority_end) - rest))) {
		return false;
	}
	memcpy(out->host, rest, (size_t) ((colon ? colon : authority_end) - rest));
	for (char *c = out->host; *c; c++) {
		*c = (char) tolower((unsigned char) *c);
	}
	return true;
}

zend_string *altair_eval_databases_normalize(const char *url, size_t length)
{
	altair_eval_database parsed;
	const char *scheme;

	if (!parse_url(url, length, &parsed)) {
		return NULL;
	}
	scheme = parsed.tls ? "rediss" : parsed.protocol;
	if (parsed.socket[0]) {
		return zend_strpprintf(0, "%s" DATABASES_UNIX_SUFFIX "://%s", scheme, parsed.socket);
	}
	return zend_strpprintf(0, "%s://%s:%d", scheme, parsed.host, parsed.port);
}

/* The protocol an endpoint's port says, else NULL. */
static const char *protocol_of_port(int port)
{
	for (size_t i = 0; i < sizeof(schemes) / sizeof(schemes[0]); i++) {
		if (schemes[i].port == port && !schemes[i].tls) {
			return schemes[i].protocol;
		}
	}
	return NULL;
}

static void add_path(altair_eval_database *database, const char *path)
{
	for (size_t i = 0; i < database->path_count; i++) {
		if (strcmp(database->paths[i], path) == 0) {
			return;
		}
	}
	if (path && path[0] == '/' && strlen(path) < sizeof(database->paths[0]) && !strpbrk(path, DATABASES_FORBIDDEN_CHARS)
		&& database->path_count < sizeof(database->paths) / sizeof(database->paths[0])) {
		strlcpy(database->paths[database->path_count++], path, sizeof(database->paths[0]));
	}
}

/* localhost: the driver's own socket paths lead to it too (MySQL's localhost is its socket:
 * pdo_mysql.default_socket / mysqli.default_socket, which the child reads from the same ini;
 * PostgreSQL's default socket directories). */
static void add_default_paths(altair_eval_database *database)
{
	char path[108];

	if (strcmp(database->host, "localhost") != 0) {
		return;
	}
	if (strcmp(database->protocol, "mysql") == 0) {
		const char *names[] = { "pdo_mysql.default_socket", "mysqli.default_socket" };
		for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
			char *value = zend_ini_string_ex((char *) names[i], strlen(names[i]), 0, NULL);
			if (value && *value) {
				add_path(database, value);
			}
		}
		add_path(database, ALTAIR_EVAL_MYSQL_DEFAULT_SOCKET);
	} else if (strcmp(database->protocol, "pgsql") == 0) {
		snprintf(path, sizeof(path), "/var/run/postgresql/.s.PGSQL.%d", database->port);
		add_path(database, path);
		snprintf(path, sizeof(path), "/tmp/.s.PGSQL.%d", database->port);
		add_path(database, path);
	}
}

/* Where the child listens for it, if it can: a loopback address as it is, localhost as
 * 127.0.0.1. Other addresses and names need a view of their own (not built yet): none. */
static void choose_listen(altair_eval_database *database)
{
	struct in_addr v4;
	const char *host = database->host;

	if (database->socket[0]) {
		add_path(database, database->socket);
		return;
	}
	if (database->tls) {
		strlcpy(database->note, "the relay does not speak TLS to the server yet: not reachable", sizeof(database->note));
		return;
	}
	if (strcmp(host, "localhost") == 0) {
		host = "127.0.0.1";
		add_default_paths(database);
	}
	if (inet_pton(AF_INET, host, &v4) == 1 && (ntohl(v4.s_addr) >> 24) == 127) {
		snprintf(database->listen, sizeof(database->listen), "%s:%d", host, database->port);
	} else if (strcmp(host, "[::1]") == 0) {
		snprintf(database->listen, sizeof(database->listen), "[::1]:%d", database->port);
	} else {
		snprintf(database->note, sizeof(database->note), "%s is not a loopback address: not reachable from the sandbox yet",
			database->host);
	}
}

/* The real server's address, resolved here (the host's view of names and of its network). */
static void resolve_upstream(altair_eval_database *database)
{
	struct addrinfo hints, *found = NULL;
	char host[sizeof(database->host)], port[8];
	size_t length = strlen(database->host);

	if (database->socket[0]) {
		struct sockaddr_un *address = (struct sockaddr_un *) &database->upstream;
		address->sun_family = AF_UNIX;
		strlcpy(address->sun_path, database->socket, sizeof(address->sun_path));
		database->upstream_length = sizeof(*address);
		return;
	}
	/* MySQL's localhost is its socket on the host too, when there is one there. */
	for (size_t i = 0; strcmp(database->protocol, "mysql") == 0 && strcmp(database->host, "localhost") == 0
			&& i < database->path_count; i++) {
		struct stat info;
		if (stat(database->paths[i], &info) == 0 && S_ISSOCK(info.st_mode)) {
			struct sockaddr_un *address = (struct sockaddr_un *) &database->upstream;
			address->sun_family = AF_UNIX;
			strlcpy(address->sun_path, database->paths[i], sizeof(address->sun_path));
			database->upstream_length = sizeof(*address);
			return;
		}
	}
	strlcpy(host, database->host[0] == '[' ? database->host + 1 : database->host, sizeof(host));
	if (database->host[0] == '[' && length >= 2) {
		host[length - 2] = '\0';
	}
	snprintf(port, sizeof(port), "%d", database->port);
	memset(&hints, 0, sizeof(hints));
	hints.ai_socktype = SOCK_STREAM;
	if (getaddrinfo(host, port, &hints, &found) != 0 || !found || found->ai_addrlen > sizeof(database->upstream)) {
		snprintf(database->note, sizeof(database->note), "%s does not resolve on the host", database->host);
		database->listen[0] = '\0';
	} else {
		memcpy(&database->upstream, found->ai_addr, found->ai_addrlen);
		database->upstream_length = found->ai_addrlen;
	}
	if (found) {
		freeaddrinfo(found);
	}
}

static bool same_address(const altair_eval_database *a, const altair_eval_database *b)
{
	return strcmp(a->socket, b->socket) == 0 && strcmp(a->host, b->host) == 0 && a->port == b->port;
}

static void add(altair_eval_databases *databases, altair_eval_database *candidate, const char *declared_by)
{
	altair_eval_database *database;

	for (size_t i = 0; i < databases->count; i++) {
		if (same_address(&databases->list[i], candidate)) {
			return; /* the first declaration wins */
		}
	}
	if (databases->count >= ALTAIR_EVAL_RELAY_MAX_ADDRESSES) {
		return;
	}
	database = &databases->list[databases->count++];
	*database = *candidate;
	strlcpy(database->declared_by, declared_by, sizeof(database->declared_by));
	if (database->socket[0]) {
		strlcpy(database->shown, database->socket, sizeof(database->shown));
	} else {
		snprintf(database->shown, sizeof(database->shown), "%s:%d", database->host, database->port);
	}
	/* With the network on, nothing listens for it, but its addresses are the ones the host refuses. */
	choose_listen(database);
	resolve_upstream(database);
}

/* An allowEndpoints Unix entry ("unix:/path"): a database by the name the servers give their
 * socket, else raw. */
static bool parse_unix_endpoint(zend_string *endpoint, altair_eval_database *out)
{
	const char *path = ZSTR_VAL(endpoint) + strlen("unix:");
	const char *name = strrchr(path, '/');

	memset(out, 0, sizeof(*out));
	if (path[0] != '/' || strlen(path) >= sizeof(out->socket)) {
		return false;
	}
	strlcpy(out->socket, path, sizeof(out->socket));
	name = name ? name + 1 : path;
	strlcpy(out->protocol, strncmp(name, ".s.PGSQL.", strlen(".s.PGSQL.")) == 0 ? "pgsql"
		: (strstr(name, "mysql") || strstr(name, "mariadb") ? "mysql" : (strstr(name, "redis") ? "redis" : "raw")),
		sizeof(out->protocol));
	return true;
}

/* An allowEndpoints TCP entry ("host:port", "[v6]:port"). */
static bool parse_endpoint(zend_string *endpoint, altair_eval_database *out)
{
	const char *colon = strrchr(ZSTR_VAL(endpoint), ':');

	memset(out, 0, sizeof(*out));
	if (!colon || (size_t) (colon - ZSTR_VAL(endpoint)) >= sizeof(out->host)) {
		return false;
	}
	memcpy(out->host, ZSTR_VAL(endpoint), (size_t) (colon - ZSTR_VAL(endpoint)));
	out->port = atoi(colon + 1);
	return true;
}

void altair_eval_databases_build(const altair_eval_request *request, altair_eval_databases *databases)
{
	altair_eval_database candidate;
	zval *entry;
	smart_str listen = {0}, sockets = {0};

	memset(databases, 0, sizeof(*databases));
	if (request->unsafe) {
		return;
	}
	databases->relayed = !request->allow_network;
	ZEND_HASH_FOREACH_VAL(request->databases, entry) {
		if (Z_TYPE_P(entry) == IS_STRING && parse_url(Z_STRVAL_P(entry), Z_STRLEN_P(entry), &candidate)) {
			add(databases, &candidate, "EvalRequest databases");
		}
	} ZEND_HASH_FOREACH_END();
	ZEND_HASH_FOREACH_VAL(request->allow_endpoints, entry) {
		const char *protocol;
		bool declared = false;

		if (Z_TYPE_P(entry) != IS_STRING) {
			continue;
		}
		if (strncmp(Z_STRVAL_P(entry), "unix:", strlen("unix:")) == 0) {
			if (parse_unix_endpoint(Z_STR_P(entry), &candidate)) {
				add(databases, &candidate, "allowEndpoints");
			}
			continue;
		}
		if (!parse_endpoint(Z_STR_P(entry), &candidate)) {
			continue;
		}
		for (size_t i = 0; i < databases->count; i++) {
			declared |= same_address(&databases->list[i], &candidate);
		}
		if (declared) {
			continue;
		}
		protocol = protocol_of_port(candidate.port);
		strlcpy(candidate.protocol, protocol ? protocol : "raw", sizeof(candidate.protocol));
		add(databases, &candidate, "allowEndpoints");
	} ZEND_HASH_FOREACH_END();
	for (size_t i = 0; i < databases->count; i++) {
		if (databases->list[i].listen[0]) {
			if (listen.s) {
				smart_str_appendc(&listen, ',');
			}
			smart_str_appends(&listen, databases->list[i].listen);
		}
	}
	smart_str_0(&listen);
	databases->listen = listen.s ? estrdup(ZSTR_VAL(listen.s)) : NULL;
	smart_str_free(&listen);
	for (size_t i = 0, n = 0; i < databases->count; i++) {
		for (size_t k = 0; k < databases->list[i].path_count && n < ALTAIR_EVAL_RELAY_MAX_SOCKETS; k++, n++) {
			if (sockets.s) {
				smart_str_appendc(&sockets, ',');
			}
			smart_str_appends(&sockets, databases->list[i].paths[k]);
		}
	}
	smart_str_0(&sockets);
	databases->sockets = sockets.s ? estrdup(ZSTR_VAL(sockets.s)) : NULL;
	smart_str_free(&sockets);
}

void altair_eval_databases_free(altair_eval_databases *databases)
{
	if (databases->listen) {
		efree(databases->listen);
		databases->listen = NULL;
	}
	if (databases->sockets) {
		efree(databases->sockets);
		databases->sockets = NULL;
	}
}
