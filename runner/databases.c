/*
 * The databases of one evaluation (docs/ARCHITECTURE.md, "The database relay", 1. Declarations):
 * EvalRequest databases (URLs, normalized at construction), then the allowEndpoints entries that
 * are databases (the usual port of one, or the address of one declared), then the other TCP
 * endpoints, relayed raw. For each: its protocol (the relay engine's name), the real server's
 * address (resolved here, in the host) and the address the child listens on for it.
 *
 * URLs and DSNs are read by common/discovery.c's parser (the one the project's own files go
 * through); "<scheme>+unix://<path>" is this file's own form for a socket.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "../php_altair_eval.h"
#include "internal.h"
#include "../common/discovery.h"
#include "../relay/engine.h"
#include "../relay/tls.h"

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

/*
 * TLS as the app's configuration asks for it (docs/relay.md, "TLS"), the relay never more lenient:
 *   PostgreSQL: libpq's sslmode, prefer when unsaid (its default): disable none; allow and prefer
 *     when the server offers it; require encrypted (verify-ca when a root certificate is named, as
 *     libpq does); verify-ca, verify-full. A child that asks gets TLS from the relay only where the
 *     app requires it (prefer takes the relay's "no", and the wire to the server is the relay's).
 *   MySQL: none unless asked (mysqlnd asks only when configured); a CA (MYSQL_ATTR_SSL_CA) means
 *     mysqlnd checks the certificate and its name: verify-full. A child that asks for TLS gets it
 *     when the server offers it, and the relay's leg to the server is then TLS too.
 *   Redis: rediss://, tls:// or scheme tls: PHP's streams check the certificate and its name by
 *     default, against the named CA file or the system's store (verify-full), unless verify_peer is
 *     off (require; common/discovery_laravel.c).
 */
static void tls_from_discovered(const altair_eval_discovered *found, altair_eval_database *out)
{
	int level = altair_eval_discovery_tls_level(found->tls_mode);
	bool pgsql = strcmp(found->protocol, "pgsql") == 0;

	strlcpy(out->tls_mode, found->tls_mode, sizeof(out->tls_mode));
	strlcpy(out->tls_ca, found->tls_ca, sizeof(out->tls_ca));
	strlcpy(out->tls_cert, found->tls_cert, sizeof(out->tls_cert));
	strlcpy(out->tls_key, found->tls_key, sizeof(out->tls_key));
	if (pgsql && level == 0) {
		level = 3; /* libpq's default: prefer */
	}
	out->tls_policy = level <= 1 ? ALTAIR_RELAY_TLS_NEVER : (level <= 3 ? ALTAIR_RELAY_TLS_PREFERRED : ALTAIR_RELAY_TLS_REQUIRED);
	out->tls_verify = level >= 6 ? ALTAIR_RELAY_TLS_VERIFY_FULL
		: (level == 5 || (level == 4 && pgsql && out->tls_ca[0]) ? ALTAIR_RELAY_TLS_VERIFY_CA : ALTAIR_RELAY_TLS_VERIFY_NONE);
	out->tls_child = pgsql ? level >= 4 : true;
}

/* Another user of a declared server: its password joins the ones the relay may log in with. */
static void add_credentials(altair_eval_database *database, const char *user, const char *password)
{
	if (!user || !user[0] || !password || strlen(user) >= sizeof(database->credentials[0][0])
		|| strlen(password) >= sizeof(database->credentials[0][1])) {
		return;
	}
	for (size_t i = 0; i < database->credential_count; i++) {
		if (strcmp(database->credentials[i][0], user) == 0) {
			return; /* the first declaration's password wins, as its address does */
		}
	}
	if (database->credential_count < ALTAIR_EVAL_RELAY_CREDENTIALS_MAX) {
		strlcpy(database->credentials[database->credential_count][0], user, sizeof(database->credentials[0][0]));
		strlcpy(database->credentials[database->credential_count++][1], password, sizeof(database->credentials[0][1]));
	}
}

/* A discovered (or parsed) declaration as this file's. */
static void from_discovered(const altair_eval_discovered *found, altair_eval_database *out)
{
	memset(out, 0, sizeof(*out));
	strlcpy(out->protocol, found->protocol, sizeof(out->protocol));
	strlcpy(out->socket, found->socket, sizeof(out->socket));
	tls_from_discovered(found, out);
	if (!found->socket[0]) {
		bool v6 = strchr(found->host, ':') != NULL && found->host[0] != '[';
		snprintf(out->host, sizeof(out->host), v6 ? "[%s]" : "%s", found->host);
		for (char *c = out->host; *c; c++) {
			*c = (char) tolower((unsigned char) *c);
		}
		out->port = found->port > 0 ? found->port : altair_eval_discovery_default_port(found->protocol);
	}
}

/* EvalRequest databases: a URL or DSN (common/discovery_url.c), or scheme+unix://path; false when
 * it is not one. Credentials, database names and options are dropped: the child authenticates
 * itself. */
static bool parse_url(const char *url, size_t length, altair_eval_database *out)
{
	const char *separator = length ? zend_memnstr(url, "://", 3, url + length) : NULL;
	altair_eval_discovered found;

	memset(out, 0, sizeof(*out));
	if (memchr(url, '\0', length)) {
		return false;
	}
	if (separator && (size_t) (separator - url) > strlen(DATABASES_UNIX_SUFFIX)
		&& strncasecmp(separator - strlen(DATABASES_UNIX_SUFFIX), DATABASES_UNIX_SUFFIX, strlen(DATABASES_UNIX_SUFFIX)) == 0) {
		int scheme = scheme_index(url, (size_t) (separator - url) - strlen(DATABASES_UNIX_SUFFIX));
		const char *path = separator + 3;
		if (scheme < 0 || path >= url + length || *path != '/' || (size_t) (url + length - path) >= sizeof(out->socket)
			|| strpbrk(path, DATABASES_FORBIDDEN_CHARS) || strchr(path, '?')) {
			return false;
		}
		strlcpy(out->protocol, schemes[scheme].protocol, sizeof(out->protocol));
		memcpy(out->socket, path, (size_t) (url + length - path));
		return true;
	}
	if (!altair_eval_discovery_parse_url(url, length, &found) || (found.socket[0] && strpbrk(found.socket, DATABASES_FORBIDDEN_CHARS))
		|| (found.tls_ca[0] && strpbrk(found.tls_ca, DATABASES_FORBIDDEN_CHARS "&%?#"))) {
		return false;
	}
	from_discovered(&found, out);
	return out->socket[0] || (out->port >= 1 && out->port <= 65535 && valid_host(out->host, strlen(out->host)));
}

zend_string *altair_eval_databases_normalize(const char *url, size_t length)
{
	altair_eval_database parsed;
	const char *scheme;

	if (!parse_url(url, length, &parsed)) {
		return NULL;
	}
	scheme = strcmp(parsed.protocol, "redis") == 0 && parsed.tls_policy == ALTAIR_RELAY_TLS_REQUIRED ? "rediss" : parsed.protocol;
	if (parsed.socket[0]) {
		return zend_strpprintf(0, "%s" DATABASES_UNIX_SUFFIX "://%s", scheme, parsed.socket);
	}
	/* TLS as asked is kept (the relay's leg to the server follows it), with the CA file it names. */
	if (strcmp(parsed.protocol, "redis") != 0 && (parsed.tls_mode[0] || parsed.tls_ca[0])) {
		return zend_strpprintf(0, "%s://%s:%d?%s%s%s%s%s", scheme, parsed.host, parsed.port, parsed.tls_mode[0] ? "sslmode=" : "",
			parsed.tls_mode, parsed.tls_mode[0] && parsed.tls_ca[0] ? "&" : "", parsed.tls_ca[0] ? "sslrootcert=" : "", parsed.tls_ca);
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

/* Where the child listens for it: a loopback address as it is, localhost as 127.0.0.1, another
 * IPv4 address as it is (the guest adds it to its loopback interface), a host name at a 127.x
 * address of its own that the view's /etc/hosts gives it (cold only: the view of a warm worker is
 * its template's). */
static void choose_listen(altair_eval_databases *databases, altair_eval_database *database)
{
	struct in_addr v4;
	struct in6_addr v6;
	const char *host = database->host;
	char v6_host[sizeof(database->host)];

	if (database->socket[0]) {
		add_path(database, database->socket);
		return;
	}
	if (strcmp(host, "localhost") == 0) {
		host = "127.0.0.1";
		add_default_paths(database);
	}
	if (inet_pton(AF_INET, host, &v4) == 1) {
		snprintf(database->listen, sizeof(database->listen), "%s:%d", host, database->port);
		return;
	}
	strlcpy(v6_host, host[0] == '[' ? host + 1 : host, sizeof(v6_host));
	if (host[0] == '[' && strlen(v6_host) > 0) {
		v6_host[strlen(v6_host) - 1] = '\0';
	}
	if (inet_pton(AF_INET6, v6_host, &v6) == 1) {
		/* As the app names it (written the one way inet_ntop writes it); another address than ::1
		 * is added to the namespace's loopback interface by the guest, as an IPv4 one is. */
		char text[INET6_ADDRSTRLEN];

		inet_ntop(AF_INET6, &v6, text, sizeof(text));
		snprintf(database->listen, sizeof(database->listen), "[%s]:%d", text, database->port);
		return;
	}
	/* A name: the same name keeps its address across ports. */
	size_t index = databases->name_count;
	for (size_t i = 0; i < databases->name_count; i++) {
		if (strcmp(databases->names[i], host) == 0) {
			index = i;
		}
	}
	if (index == databases->name_count) {
		if (databases->name_count >= ALTAIR_EVAL_RELAY_MAX_ADDRESSES) {
			return;
		}
		strlcpy(databases->names[databases->name_count++], host, sizeof(databases->names[0]));
	}
	database->named = true;
	snprintf(database->listen, sizeof(database->listen), ALTAIR_EVAL_RELAY_NAME_ADDRESS_FORMAT ":%d",
		ALTAIR_EVAL_RELAY_NAME_ADDRESS_FIRST + (int) index, database->port);
}

bool altair_eval_databases_write_hosts(const altair_eval_databases *databases, const char *scratch_dir)
{
	char path[MAXPATHLEN];
	FILE *out, *in;
	char line[1024];

	if (databases->name_count == 0) {
		return false;
	}
	snprintf(path, sizeof(path), "%s/" ALTAIR_EVAL_RELAY_HOSTS_FILE, scratch_dir);
	if (!(out = fopen(path, "wxe"))) {
		return false;
	}
	/* The host's own entries first (localhost and the like), then the relay's names. */
	if ((in = fopen("/etc/hosts", "re"))) {
		while (fgets(line, sizeof(line), in)) {
			fputs(line, out);
		}
		fclose(in);
	}
	fputs("\n# altair_eval: the declared databases' names lead to the host's relay\n", out);
	for (size_t i = 0; i < databases->name_count; i++) {
		fprintf(out, ALTAIR_EVAL_RELAY_NAME_ADDRESS_FORMAT " %s\n", ALTAIR_EVAL_RELAY_NAME_ADDRESS_FIRST + (int) i, databases->names[i]);
	}
	return fclose(out) == 0;
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
			/* the first declaration wins; the users a later one names join its credentials */
			for (size_t k = 0; k < candidate->credential_count; k++) {
				add_credentials(&databases->list[i], candidate->credentials[k][0], candidate->credentials[k][1]);
			}
			return;
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
	choose_listen(databases, database);
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

/* The real environment as the child will have it (the request's env policy), for the project's
 * ${NAME} references and the variables that win over its files. */
static const char *lookup_environment(void *context, const char *name)
{
	const altair_eval_request *request = context;
	zval *allowed;

	if (request->env_clean) {
		bool listed = false;
		ZEND_HASH_FOREACH_VAL(request->env_allow, allowed) {
			listed |= Z_TYPE_P(allowed) == IS_STRING && strcmp(Z_STRVAL_P(allowed), name) == 0;
		} ZEND_HASH_FOREACH_END();
		if (!listed) {
			return NULL;
		}
	}
	return getenv(name);
}

/* The last discovery of this process, answered again while nothing it read changed: reading and
 * parsing the Laravel fixture's .env and config/database.php took 0.1-0.2 ms of every warm call
 * before its request went out. A threaded PHP (ZTS) keeps none: its threads would share it. */
#ifndef ZTS
static altair_eval_discovery_memo discovery_memo;
#endif

void altair_eval_databases_forget(void)
{
#ifndef ZTS
	altair_eval_discovery_memo_free(&discovery_memo);
#endif
}

/* What the project itself declares (common/discovery.c: .env, config cache, Symfony's chain). */
static void add_discovered(const altair_eval_request *request, altair_eval_databases *databases)
{
	altair_eval_discovered found[ALTAIR_EVAL_RELAY_MAX_ADDRESSES];
#ifdef ZTS
	size_t count = altair_eval_discover(ZSTR_VAL(request->project_root), lookup_environment, (void *) request, found,
		ALTAIR_EVAL_RELAY_MAX_ADDRESSES);
#else
	size_t count = altair_eval_discover_memo(&discovery_memo, ZSTR_VAL(request->project_root), lookup_environment,
		(void *) request, found, ALTAIR_EVAL_RELAY_MAX_ADDRESSES);
#endif

	for (size_t i = 0; i < count; i++) {
		altair_eval_database candidate;

		from_discovered(&found[i], &candidate);
		add_credentials(&candidate, found[i].user, found[i].password);
		if (candidate.socket[0] || (candidate.port >= 1 && candidate.port <= 65535 && valid_host(candidate.host, strlen(candidate.host)))) {
			add(databases, &candidate, found[i].declared_by[0] ? found[i].declared_by : "the project's configuration");
		}
	}
}

static void list_ca_paths(const altair_eval_request *request, altair_eval_databases *databases);

void altair_eval_databases_build(const altair_eval_request *request, altair_eval_databases *databases)
{
	altair_eval_database candidate;
	zval *entry;
	smart_str listen = {0}, sockets = {0};

	memset(databases, 0, sizeof(*databases));
	if (request->unsafe) {
		return;
	}
	/* Network on or off, the child reaches a declared database through the relay only: in its own
	 * network namespace's listeners, or by its connect() the host answers (runner/intercept.c). */
	databases->relayed = true;
	databases->network = request->allow_network;
	ZEND_HASH_FOREACH_VAL(request->databases, entry) {
		if (Z_TYPE_P(entry) == IS_STRING && parse_url(Z_STRVAL_P(entry), Z_STRLEN_P(entry), &candidate)) {
			add(databases, &candidate, "EvalRequest databases");
		}
	} ZEND_HASH_FOREACH_END();
	add_discovered(request, databases);
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
	list_ca_paths(request, databases);
}

static void add_ca_path(smart_str *list, char (*added)[MAXPATHLEN], size_t *count, const char *path)
{
	if (!path || path[0] != '/' || strpbrk(path, DATABASES_FORBIDDEN_CHARS) || *count >= ALTAIR_EVAL_RELAY_CA_MAX
		|| strlen(path) >= MAXPATHLEN) {
		return;
	}
	for (size_t i = 0; i < *count; i++) {
		if (strcmp(added[i], path) == 0) {
			return;
		}
	}
	if (list->s) {
		smart_str_appendc(list, ',');
	}
	smart_str_appends(list, path);
	strlcpy(added[(*count)++], path, MAXPATHLEN);
}

/*
 * The CA files a child's driver checks the relay's certificate against (docs/relay.md, "TLS"), for
 * each declaration whose configuration asks for TLS with a check: the CA file it names, else the
 * store the driver falls back to (OpenSSL's default file, which PHP's streams and mysqlnd read, its
 * link resolved as the view resolves it; libpq's ~/.postgresql/root.crt). The view holds, at each,
 * that file's certificates and the relay's CA.
 */
static void list_ca_paths(const altair_eval_request *request, altair_eval_databases *databases)
{
	smart_str list = {0};
	char added[ALTAIR_EVAL_RELAY_CA_MAX][MAXPATHLEN];
	size_t count = 0;

	for (size_t i = 0; i < databases->count; i++) {
		const altair_eval_database *database = &databases->list[i];
		char resolved[MAXPATHLEN];
		const char *home = lookup_environment((void *) request, "HOME");

		if (!database->tls_child || (database->tls_verify == ALTAIR_RELAY_TLS_VERIFY_NONE && !database->tls_ca[0])) {
			continue;
		}
		if (database->tls_ca[0]) {
			add_ca_path(&list, added, &count, database->tls_ca);
			continue;
		}
		if (strcmp(database->protocol, "pgsql") == 0 && home && strlen(home) + 32 < sizeof(resolved)) {
			snprintf(resolved, sizeof(resolved), "%s/.postgresql/root.crt", home);
			add_ca_path(&list, added, &count, resolved);
			continue;
		}
		add_ca_path(&list, added, &count, realpath(altair_eval_relay_tls_default_ca(), resolved) ? resolved : altair_eval_relay_tls_default_ca());
	}
	smart_str_0(&list);
	databases->ca = list.s ? estrdup(ZSTR_VAL(list.s)) : NULL;
	smart_str_free(&list);
}

void altair_eval_databases_free(altair_eval_databases *databases)
{
	if (databases->ca) {
		efree(databases->ca);
		databases->ca = NULL;
	}
	if (databases->listen) {
		efree(databases->listen);
		databases->listen = NULL;
	}
	if (databases->sockets) {
		efree(databases->sockets);
		databases->sockets = NULL;
	}
}
