#!/usr/bin/env bash
# A throw-away PostgreSQL server for tests (the relay's, the host's, the Laravel and Symfony
# fixtures'):
#
#   eval "$(tests/servers/postgres.sh start DIR)"   # DIR: an empty directory (e.g. mktemp -d)
#   tests/servers/postgres.sh stop DIR
#
# start installs postgresql when missing, creates a cluster in DIR (as the postgres user when run
# as root: the server refuses root; DIR's parents must then be searchable by others), listening on a
# free loopback port and on a Unix socket in DIR/sock, with database `app` owned by user `app`
# (password `secret`, not a superuser; password checked by SCRAM over TCP and the socket; the
# superuser `postgres` is trusted, for judging by psql; `app_tls` / `secret`, a member of app, may
# log in over TLS only), offering TLS with a certificate from a CA of its own (DIR/tls,
# tests/servers/certs.sh), seeded with Laravel's default `users` table (3 rows) and a `posts` table
# (2 rows). It prints ALTAIR_PGSQL_PORT, ALTAIR_PGSQL_SOCKET (the socket file),
# ALTAIR_PGSQL_SOCKET_DIR, ALTAIR_PGSQL_PID, ALTAIR_PGSQL_BIN (psql's directory) and
# ALTAIR_PGSQL_TLS (the certificates' dir). stop stops that server by its pid and removes DIR.
set -euo pipefail
source "$(dirname "$0")/../../scripts/lib.sh"

usage() { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
dir=$2

bindir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

start() {
  [ -n "$(bindir)" ] || apt_install postgresql >&2
  local bin; bin=$(bindir)
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  [ -z "$(ls -A "$dir")" ] || { echo "postgres.sh: $dir is not empty" >&2; exit 1; }
  chmod 755 "$dir"
  mkdir "$dir/data" "$dir/sock"
  local as_server=()
  if [ "$(id -u)" = 0 ]; then
    chown postgres:postgres "$dir/data" "$dir/sock"
    as_server=(runuser -u postgres --)
  fi
  local port
  port=$(php -n -r '$s = stream_socket_server("tcp://127.0.0.1:0"); echo substr(strrchr(stream_socket_get_name($s, false), ":"), 1);')
  "${as_server[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth-local=trust --auth-host=trust --no-sync -E UTF8 \
    >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
  # TLS offered, as Debian's own cluster and managed servers offer it (a certificate from a CA of
  # the test's own: tests/servers/certs.sh); the user app_tls may log in over TLS only.
  "$(dirname "$0")/certs.sh" "$dir/tls" "$([ "$(id -u)" = 0 ] && echo postgres)"
  cat >"$dir/pg_hba.conf" <<HBA
local all postgres trust
local all all scram-sha-256
host all postgres 127.0.0.1/32 trust
hostnossl all app_tls 127.0.0.1/32 reject
host all all 127.0.0.1/32 scram-sha-256
HBA
  [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir/pg_hba.conf"
  # In the server's own file, not on its command line: a test may present another certificate with
  # ALTER SYSTEM and pg_reload_conf() (tests/databases/023), which a command-line setting would win over.
  printf "ssl = on\nssl_cert_file = '%s'\nssl_key_file = '%s'\n" "$dir/tls/server.pem" "$dir/tls/server.key" >>"$dir/data/postgresql.conf"
  "${as_server[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/data/server.log" -w -t 30 \
    -o "-p $port -k $dir/sock -c listen_addresses=127.0.0.1 -c fsync=off -c hba_file=$dir/pg_hba.conf -c password_encryption=scram-sha-256" \
    start >/dev/null 2>&1 || { cat "$dir/data/server.log" >&2; exit 1; }
  "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$dir/sock" -p "$port" -U postgres -d postgres >/dev/null <<'SQL'
CREATE ROLE app LOGIN PASSWORD 'secret';
CREATE DATABASE app OWNER app;
CREATE ROLE app_tls LOGIN PASSWORD 'secret' IN ROLE app;
SQL
  "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$dir/sock" -p "$port" -U postgres -d app >/dev/null <<'SQL'
SET ROLE app;
CREATE TABLE users (
  id bigserial PRIMARY KEY,
  name varchar(255) NOT NULL,
  email varchar(255) NOT NULL UNIQUE,
  email_verified_at timestamp(0) NULL,
  password varchar(255) NOT NULL,
  remember_token varchar(100) NULL,
  created_at timestamp(0) NULL,
  updated_at timestamp(0) NULL
);
CREATE TABLE posts (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  title varchar(255) NOT NULL
);
INSERT INTO users (name, email, password, created_at, updated_at) VALUES
  ('Ada Lovelace', 'ada@example.com', '$2y$10$92IXUNpkjO0rOQ5byMi.Ye4oKoEa3Ro9llC/.og/at2.uheWG/igi', '2024-01-01 00:00:00', '2024-01-01 00:00:00'),
  ('Grace Hopper', 'grace@example.com', '$2y$10$92IXUNpkjO0rOQ5byMi.Ye4oKoEa3Ro9llC/.og/at2.uheWG/igi', '2024-01-02 00:00:00', '2024-01-02 00:00:00'),
  ('Linus Torvalds', 'linus@example.com', '$2y$10$92IXUNpkjO0rOQ5byMi.Ye4oKoEa3Ro9llC/.og/at2.uheWG/igi', '2024-01-03 00:00:00', '2024-01-03 00:00:00');
INSERT INTO posts (user_id, title) VALUES (1, 'Notes on the Analytical Engine'), (2, 'The first bug');
SQL
  local pid; pid=$(head -n 1 "$dir/data/postmaster.pid")
  echo "ALTAIR_PGSQL_PORT=$port ALTAIR_PGSQL_SOCKET=$dir/sock/.s.PGSQL.$port ALTAIR_PGSQL_SOCKET_DIR=$dir/sock ALTAIR_PGSQL_PID=$pid ALTAIR_PGSQL_BIN=$bin ALTAIR_PGSQL_TLS=$dir/tls"
}

stop() {
  [ -d "$dir" ] || return 0
  if [ -f "$dir/data/postmaster.pid" ]; then
    local pid; pid=$(head -n 1 "$dir/data/postmaster.pid")
    # SIGQUIT: immediate shutdown (pg_ctl -m immediate), by the pid this script started.
    kill -QUIT "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -rf "$dir"
}

case "$1" in
  start) start ;;
  stop) stop ;;
  *) usage ;;
esac
