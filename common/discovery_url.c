/*
 * URLs and DSNs of database servers (common/discovery.h): the URL forms Laravel's
 * ConfigurationUrlParser, Doctrine and Symfony's Redis adapters accept, and PDO's DSN strings.
 * The address, TLS and the credentials are read (the credentials for the relay's own login, never
 * shown); the database name is skipped unread.
 */
#include "discovery.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

typedef struct {
	const char *at;
	size_t length;
} span;

static const struct {
	const char *scheme;
	const char *protocol;
	bool tls;
} schemes[] = {
	{"pgsql", "pgsql", false}, {"postgres", "pgsql", false}, {"postgresql", "pgsql", false},
	{"pdo-pgsql", "pgsql", false}, {"pdo_pgsql", "pgsql", false},
	{"mysql", "mysql", false}, {"mysql2", "mysql", false}, {"mysqli", "mysql", false},
	{"mariadb", "mysql", false}, {"pdo-mysql", "mysql", false}, {"pdo_mysql", "mysql", false},
	{"redis", "redis", false}, {"rediss", "redis", true}, {"valkey", "redis", false}, {"valkeys", "redis", true},
};

int altair_eval_discovery_default_port(const char *protocol)
{
	if (strcmp(protocol, "pgsql") == 0) {
		return 5432;
	}
	if (strcmp(protocol, "mysql") == 0) {
		return 3306;
	}
	return strcmp(protocol, "redis") == 0 ? 6379 : 0;
}

static int hex(char c)
{
	if (c >= '0' && c <= '9') return c - '0';
	if (c >= 'a' && c <= 'f') return c - 'a' + 10;
	if (c >= 'A' && c <= 'F') return c - 'A' + 10;
	return -1;
}

/* Percent-decodes text into out (cap bytes with the NUL); false when too long or a NUL appears. */
static bool decode(span text, char *out, size_t cap)
{
	size_t length = 0;
	for (size_t i = 0; i < text.length; i++) {
		char c = text.at[i];
		if (c == '%' && i + 2 < text.length && hex(text.at[i + 1]) >= 0 && hex(text.at[i + 2]) >= 0) {
			c = (char) (hex(text.at[i + 1]) * 16 + hex(text.at[i + 2]));
			i += 2;
		}
		if (c == '\0' || length + 1 >= cap) {
			return false;
		}
		out[length++] = c;
	}
	out[length] = '\0';
	return true;
}

/* A setting that does not fit is left out, never the address with it. */
static void keep(span text, char *out, size_t cap)
{
	if (!decode(text, out, cap)) {
		out[0] = '\0';
	}
}

static bool parse_port(span text, int *port)
{
	int value = 0;
	if (text.length == 0 || text.length > 5) {
		return false;
	}
	for (size_t i = 0; i < text.length; i++) {
		if (text.at[i] < '0' || text.at[i] > '9') {
			return false;
		}
		value = value * 10 + (text.at[i] - '0');
	}
	if (value < 1 || value > 65535) {
		return false;
	}
	*port = value;
	return true;
}

/* A TLS setting as libpq names its modes; NULL when the value says nothing of TLS. */
static const char *tls_mode_of(const char *value)
{
	static const struct {
		const char *value, *mode;
	} modes[] = {
		{"disable", "disable"}, {"disabled", "disable"}, {"false", "disable"}, {"0", "disable"}, {"off", "disable"},
		{"no", "disable"}, {"allow", "allow"}, {"prefer", "prefer"}, {"preferred", "prefer"},
		{"require", "require"}, {"required", "require"}, {"true", "require"}, {"1", "require"}, {"on", "require"},
		{"yes", "require"}, {"tls", "require"}, {"verify-ca", "verify-ca"}, {"verify_ca", "verify-ca"},
		{"verify-full", "verify-full"}, {"verify_identity", "verify-full"}, {"verify-identity", "verify-full"},
	};
	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		if (strcasecmp(value, modes[i].value) == 0) {
			return modes[i].mode;
		}
	}
	return NULL;
}

int altair_eval_discovery_tls_level(const char *mode)
{
	static const char *const levels[] = {"disable", "allow", "prefer", "require", "verify-ca", "verify-full"};
	for (size_t i = 0; mode && i < sizeof(levels) / sizeof(levels[0]); i++) {
		if (strcmp(mode, levels[i]) == 0) {
			return (int) i + 1;
		}
	}
	return 0;
}

static void set_tls_mode(altair_eval_discovered *out, const char *mode)
{
	snprintf(out->tls_mode, sizeof(out->tls_mode), "%s", mode);
	out->tls = altair_eval_discovery_tls_level(mode) >= 4;
}

static bool key_is(span key, const char *name)
{
	return key.length == strlen(name) && strncasecmp(key.at, name, key.length) == 0;
}

/* One key=value of a query string or a DSN; false when a value that matters does not fit. */
static bool apply_parameter(altair_eval_discovered *out, span key, span value)
{
	char text[sizeof(out->host)];
	if (value.length >= 2 && value.at[0] == '\'' && value.at[value.length - 1] == '\'') {
		value.at++; /* libpq's conninfo quoting */
		value.length -= 2;
	}
	if (key_is(key, "unix_socket") || key_is(key, "socket")) {
		return decode(value, out->socket, sizeof(out->socket));
	}
	if (key_is(key, "host")) {
		if (!decode(value, text, sizeof(text))) {
			return false;
		}
		if (text[0] == '/') {
			return snprintf(out->socket, sizeof(out->socket), "%s", text) < (int) sizeof(out->socket);
		}
		memcpy(out->host, text, sizeof(text));
		return true;
	}
	if (key_is(key, "port")) {
		return parse_port(value, &out->port);
	}
	if (key_is(key, "sslmode") || key_is(key, "ssl-mode") || key_is(key, "ssl_mode") || key_is(key, "ssl")
		|| key_is(key, "tls") || key_is(key, "scheme")) {
		const char *mode = decode(value, text, sizeof(text)) ? tls_mode_of(text) : NULL;
		if (mode && !(key_is(key, "scheme") && strcmp(mode, "require") != 0)) {
			set_tls_mode(out, mode);
		}
		return true;
	}
	if (key_is(key, "sslrootcert") || key_is(key, "ssl-ca") || key_is(key, "ssl_ca") || key_is(key, "sslca") || key_is(key, "cafile")) {
		return decode(value, out->tls_ca, sizeof(out->tls_ca)) || (out->tls_ca[0] = '\0', true);
	}
	if (key_is(key, "sslcert") || key_is(key, "ssl-cert") || key_is(key, "ssl_cert")) {
		return decode(value, out->tls_cert, sizeof(out->tls_cert)) || (out->tls_cert[0] = '\0', true);
	}
	if (key_is(key, "sslkey") || key_is(key, "ssl-key") || key_is(key, "ssl_key")) {
		return decode(value, out->tls_key, sizeof(out->tls_key)) || (out->tls_key[0] = '\0', true);
	}
	if (key_is(key, "user") || key_is(key, "username")) {
		return decode(value, out->user, sizeof(out->user)) || (out->user[0] = '\0', true);
	}
	if (key_is(key, "password")) {
		return decode(value, out->password, sizeof(out->password)) || (out->password[0] = '\0', true);
	}
	return true;
}

/* key=value pairs separated by any byte of separators. */
static bool apply_parameters(altair_eval_discovered *out, span list, const char *separators)
{
	size_t i = 0;
	while (i < list.length) {
		size_t start = i;
		while (i < list.length && !strchr(separators, list.at[i])) {
			i++;
		}
		span item = {list.at + start, i - start};
		const char *equals = memchr(item.at, '=', item.length);
		if (equals) {
			span key = {item.at, (size_t) (equals - item.at)};
			span value = {equals + 1, item.length - key.length - 1};
			if (!apply_parameter(out, key, value)) {
				return false;
			}
		}
		i++;
	}
	return true;
}

/* host, host:port, [v6]:port; the first of a comma-separated list. */
static bool apply_authority(altair_eval_discovered *out, span authority)
{
	const char *comma = memchr(authority.at, ',', authority.length);
	span host = authority, port = {NULL, 0};
	if (comma) {
		authority.length = (size_t) (comma - authority.at);
		host = authority;
	}
	if (authority.length && authority.at[0] == '[') {
		const char *close = memchr(authority.at, ']', authority.length);
		if (!close) {
			return false;
		}
		host = (span) {authority.at + 1, (size_t) (close - authority.at - 1)};
		if (close + 1 < authority.at + authority.length) {
			if (close[1] != ':') {
				return false;
			}
			port = (span) {close + 2, (size_t) (authority.at + authority.length - close - 2)};
		}
	} else {
		for (size_t i = authority.length; i > 0; i--) {
			if (authority.at[i - 1] == ':') {
				host.length = i - 1;
				port = (span) {authority.at + i, authority.length - i};
				break;
			}
		}
	}
	if (port.at && port.length && !parse_port(port, &out->port)) {
		return false;
	}
	return decode(host, out->host, sizeof(out->host));
}

static bool parse_hierarchical(altair_eval_discovered *out, span rest)
{
	const char *end = rest.at + rest.length;
	const char *query = memchr(rest.at, '?', rest.length);
	const char *limit = query ? query : end;
	const char *host = rest.at;
	for (const char *c = rest.at; c < limit; c++) {
		if (*c == '@') {
			host = c + 1; /* the last '@' before the query ends the user info */
		}
	}
	if (host > rest.at) {
		/* user:password@ (percent-encoded); what does not fit is left out, not the address */
		span info = {rest.at, (size_t) (host - 1 - rest.at)};
		const char *colon = memchr(info.at, ':', info.length);
		span user = {info.at, colon ? (size_t) (colon - info.at) : info.length};
		keep(user, out->user, sizeof(out->user));
		if (colon) {
			keep((span) {colon + 1, info.length - user.length - 1}, out->password, sizeof(out->password));
		}
	}
	const char *host_end = host;
	while (host_end < limit && *host_end != '/' && *host_end != '#') {
		host_end++;
	}
	if (!apply_authority(out, (span) {host, (size_t) (host_end - host)})) {
		return false;
	}
	span path = {host_end, (size_t) (limit - host_end)};
	if (strcmp(out->protocol, "redis") == 0 && !out->host[0] && path.length > 1) {
		/* redis:///path/to.sock, redis:///path/to.sock/2 (a database index), Symfony's form */
		size_t length = path.length;
		size_t digits = length;
		while (digits > 0 && path.at[digits - 1] >= '0' && path.at[digits - 1] <= '9') {
			digits--;
		}
		if (digits > 0 && path.at[digits - 1] == '/' && digits - 1 > 0) {
			length = digits - 1;
		}
		if (!decode((span) {path.at, length}, out->socket, sizeof(out->socket))) {
			return false;
		}
	}
	if (query) {
		const char *fragment = memchr(query, '#', (size_t) (end - query));
		span list = {query + 1, (size_t) ((fragment ? fragment : end) - query - 1)};
		return apply_parameters(out, list, "&");
	}
	return true;
}

/* The address as the driver will use it. */
static bool normalize(altair_eval_discovered *out)
{
	if (strcmp(out->protocol, "pgsql") == 0) {
		if (out->host[0] == '/') {
			if (snprintf(out->socket, sizeof(out->socket), "%s", out->host) >= (int) sizeof(out->socket)) {
				return false;
			}
			out->host[0] = '\0';
		}
		if (out->socket[0]) {
			const char *base = strrchr(out->socket, '/');
			if (strncmp(base ? base + 1 : out->socket, ".s.PGSQL.", 9) != 0) {
				char directory[sizeof(out->socket)];
				size_t length = strlen(out->socket);
				while (length > 1 && out->socket[length - 1] == '/') {
					length--;
				}
				memcpy(directory, out->socket, length);
				directory[length] = '\0';
				if (snprintf(out->socket, sizeof(out->socket), "%s/.s.PGSQL.%d", directory,
						out->port ? out->port : 5432) >= (int) sizeof(out->socket)) {
					return false;
				}
			}
			out->host[0] = '\0';
		}
	} else if (out->socket[0]) {
		if (strcmp(out->protocol, "mysql") == 0 && out->host[0] && strcmp(out->host, "localhost") != 0) {
			out->socket[0] = '\0'; /* mysqlnd uses the socket for localhost only */
		} else {
			out->host[0] = '\0';
			out->port = 0;
		}
	}
	if (!out->host[0] && !out->socket[0]) {
		strcpy(out->host, strcmp(out->protocol, "redis") == 0 ? "127.0.0.1" : "localhost");
	}
	return true;
}

bool altair_eval_discovery_parse_url(const char *url, size_t length, altair_eval_discovered *out)
{
	char scheme[16];
	size_t at = 0;

	memset(out, 0, sizeof(*out));
	while (length && (url[length - 1] == ' ' || url[length - 1] == '\t' || url[length - 1] == '\n' || url[length - 1] == '\r')) {
		length--;
	}
	while (length && (*url == ' ' || *url == '\t')) {
		url++;
		length--;
	}
	if (length > ALTAIR_EVAL_DISCOVERY_URL_MAX || memchr(url, '\0', length)) {
		return false;
	}
	while (at < length && url[at] != ':' && at + 1 < sizeof(scheme)) {
		scheme[at] = url[at];
		at++;
	}
	if (at >= length || url[at] != ':') {
		return false;
	}
	scheme[at] = '\0';
	for (size_t i = 0; i < sizeof(schemes) / sizeof(schemes[0]); i++) {
		if (strcasecmp(scheme, schemes[i].scheme) == 0) {
			strcpy(out->protocol, schemes[i].protocol);
			if (schemes[i].tls) {
				set_tls_mode(out, "verify-full"); /* rediss://: PHP's streams check the peer and its name */
			}
		}
	}
	if (!out->protocol[0]) {
		return false;
	}
	span rest = {url + at + 1, length - at - 1};
	bool ok;
	if (rest.length >= 2 && rest.at[0] == '/' && rest.at[1] == '/') {
		ok = parse_hierarchical(out, (span) {rest.at + 2, rest.length - 2});
	} else if (strcmp(out->protocol, "redis") == 0) {
		ok = false;
	} else {
		/* A PDO DSN: mysql splits on ';', pgsql hands libpq "a=b c=d" with ';' made spaces. */
		ok = apply_parameters(out, rest, strcmp(out->protocol, "pgsql") == 0 ? "; \t" : ";");
	}
	if (!ok || !normalize(out)) {
		memset(out, 0, sizeof(*out));
		return false;
	}
	return true;
}
