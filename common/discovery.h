/*
 * The application's databases, found with no configuration from what the project declares
 * (docs/ARCHITECTURE.md, "The database relay", step 1): the real environment first, then Laravel's
 * config cache or .env files and config/database.php defaults, or Symfony's .env chain and
 * .env.local.php. A strict reader (common/discovery.c, common/discovery_url.c, common/dotenv.c,
 * common/php_literal.c): plain C, no Zend API, files opened beneath the root without following a
 * link, size-capped, never running project code.
 */
#ifndef ALTAIR_EVAL_COMMON_DISCOVERY_H
#define ALTAIR_EVAL_COMMON_DISCOVERY_H

#include <stdbool.h>
#include <stddef.h>

#include "dotenv.h" /* altair_eval_env_lookup: (context, name) -> value, NULL when unset */

/* A project file larger than this is not read (a config cache of a large app is ~100 KiB). */
#define ALTAIR_EVAL_DISCOVERY_FILE_MAX (4 * 1024 * 1024)
/* A URL or DSN longer than this is not read. */
#define ALTAIR_EVAL_DISCOVERY_URL_MAX 4096

typedef struct {
	char protocol[8];        /* "pgsql", "mysql", "redis" */
	char host[256];          /* as configured: "127.0.0.1", "localhost", "db", "" if socket only */
	int port;                /* 0: the protocol's default */
	char socket[108];        /* a Unix socket path as configured, or "" (PostgreSQL: the socket
	                            file itself, <dir>/.s.PGSQL.<port>, from a configured directory) */
	bool tls;                /* the configuration asks for TLS (sslmode=require…, rediss://, a CA) */
	/* TLS as configured (docs/relay.md, "TLS"): libpq's sslmode names ("disable", "allow", "prefer",
	 * "require", "verify-ca", "verify-full"; MySQL's and Redis's settings said the same way), ""
	 * when the configuration says nothing; the CA file it names (sslrootcert, MYSQL_ATTR_SSL_CA),
	 * and a client certificate and key. */
	char tls_mode[12];
	char tls_ca[256];
	char tls_cert[256];
	char tls_key[256];
	/* The user and password as configured, for the relay's own login to the server (PostgreSQL's
	 * kept connections): held by the host, never shown, never passed to the child. */
	char user[128];
	char password[256];
	char declared_by[160];   /* where: ".env: DB_CONNECTION, DB_HOST, DB_PORT" — names, never values */
} altair_eval_discovered;

/* How strict a tls_mode is: 0 none said, 1 disable, 2 allow, 3 prefer, 4 require, 5 verify-ca,
 * 6 verify-full. */
int altair_eval_discovery_tls_level(const char *mode);

/* Finds the databases the project under root declares; lookup answers for the real environment
 * (the caller's, as the request's env policy passes it to the child; NULL: none). Writes at most
 * max, identical endpoints once, and returns how many it wrote. Never fails: what cannot be read
 * is not declared. */
size_t altair_eval_discover(const char *root, altair_eval_env_lookup lookup, void *context,
	altair_eval_discovered *out, size_t max);

/* altair_eval_discover_memo's record: the last answer for one root, and what that discovery read
 * (each file's and directory's identity, or its absence) and looked up (the real environment's
 * values), so that the same question is answered again without reading or parsing while none of
 * them changed. Zeroed before first use; altair_eval_discovery_memo_free releases it. */
#define ALTAIR_EVAL_DISCOVERY_MEMO_FILES 32
#define ALTAIR_EVAL_DISCOVERY_MEMO_NAMES 96
#define ALTAIR_EVAL_DISCOVERY_MEMO_OUT 16

typedef struct {
	char path[128];          /* relative to the root, as discovery named it */
	bool present;
	unsigned long long dev, ino, size;
	unsigned int mode;
	long long mtime_sec, mtime_nsec, ctime_sec, ctime_nsec;
} altair_eval_discovery_memo_file;

typedef struct {
	char name[64];
	char *value;             /* a copy; NULL: unset */
} altair_eval_discovery_memo_name;

typedef struct {
	bool valid;
	bool overflow;           /* more than the record holds: this discovery is not kept */
	char *root;
	unsigned long long root_dev, root_ino;
	altair_eval_discovery_memo_file files[ALTAIR_EVAL_DISCOVERY_MEMO_FILES];
	size_t file_count;
	altair_eval_discovery_memo_name names[ALTAIR_EVAL_DISCOVERY_MEMO_NAMES];
	size_t name_count;
	altair_eval_env_lookup lookup;  /* while recording: the caller's */
	void *context;
	altair_eval_discovered out[ALTAIR_EVAL_DISCOVERY_MEMO_OUT];
	size_t count;
} altair_eval_discovery_memo;

/* altair_eval_discover, answered from memo when the same root's files and the values looked up
 * are as the last discovery found them (stat identity: device, inode, type, size, mtime and ctime
 * to the nanosecond, each directory on the way too); otherwise discovered afresh and recorded. */
size_t altair_eval_discover_memo(altair_eval_discovery_memo *memo, const char *root, altair_eval_env_lookup lookup,
	void *context, altair_eval_discovered *out, size_t max);

void altair_eval_discovery_memo_free(altair_eval_discovery_memo *memo);

/* One URL or DSN: scheme://user:pass@host:port/db?params (user and password kept, the database
 * name skipped; sslmode, sslrootcert, sslcert, sslkey read) (pgsql, postgres, postgresql, mysql,
 * mysql2, mariadb, pdo-mysql, redis, rediss…), redis:///path/to.sock, or a PDO DSN
 * (mysql:host=…;port=…;unix_socket=…, pgsql:host=… port=… sslmode=…). false when it names no
 * server the relay speaks (sqlite, doctrine://, amqp://…) or does not parse; declared_by is "". */
bool altair_eval_discovery_parse_url(const char *url, size_t length, altair_eval_discovered *out);

/* The protocol's default port: 5432, 3306, 6379 (0 for anything else). */
int altair_eval_discovery_default_port(const char *protocol);

#endif
