#!/usr/bin/env bash
# A throw-away MariaDB server for the relay's tests and the fixtures' (docs/relay.md, "MySQL").
#
#   eval "$(tests/servers/mariadb.sh start DIR)"   # prints ALTAIR_MYSQL_PORT=… ALTAIR_MYSQL_SOCKET=… ALTAIR_MYSQL_PID=…
#   tests/servers/mariadb.sh stop DIR               # stops it by pid, removes DIR
#
# start installs mariadb-server when missing, creates a data dir in DIR (owned by the mysql user
# when run as root: mariadbd refuses to run as root), starts mariadbd on a free loopback port and
# the socket DIR/mysqld.sock, and creates database `app` with user `app` / `secret` holding ALL on
# it (not a superuser), seeded with Laravel's default `users` table (3 rows) and `posts` (2 rows).
# root has no password and is reachable only through DIR's socket. The server offers TLS (a
# certificate from a CA of its own in DIR/tls, tests/servers/certs.sh; ALTAIR_MYSQL_TLS names the
# dir), as managed servers do; no client uses it unless it asks.
set -euo pipefail
source "$(dirname "$0")/../../scripts/lib.sh"

usage() { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
dir=$2

start() {
  apt_install mariadb-server mariadb-client
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  chmod 755 "$dir"
  mkdir "$dir/data"
  local as_user=()
  if [ "$(id -u)" = 0 ]; then
    chown mysql:mysql "$dir/data"
    chown mysql:mysql "$dir"
    as_user=(--user=mysql)
  fi
  # TLS offered, as a managed server offers it (clients still log in without it unless they ask),
  # with a certificate from a CA of the test's own (tests/servers/certs.sh): a user created with
  # REQUIRE SSL then shows how a server that requires TLS refuses a plaintext login.
  "$(dirname "$0")/certs.sh" "$dir/tls" "$([ "$(id -u)" = 0 ] && echo mysql)"
  local port
  port=$(php -n -r '$s = stream_socket_server("tcp://127.0.0.1:0"); echo substr(strrchr(stream_socket_get_name($s, false), ":"), 1);')
  # A temporary dir of its own: two servers installed at once (tests/databases/run.sh's lanes) would
  # clash on the same temporary table names in /tmp.
  mkdir "$dir/tmp"
  [ "$(id -u)" = 0 ] && chown mysql:mysql "$dir/tmp"
  mariadb-install-db --no-defaults "${as_user[@]}" --datadir="$dir/data" --tmpdir="$dir/tmp" --auth-root-authentication-method=normal \
    --skip-test-db --skip-name-resolve >"$dir/install.log" 2>&1 || { cat "$dir/install.log" >&2; return 1; }
  setsid mariadbd --no-defaults "${as_user[@]}" --datadir="$dir/data" --tmpdir="$dir/tmp" --socket="$dir/mysqld.sock" \
    --port="$port" --bind-address=127.0.0.1 --skip-name-resolve --pid-file="$dir/mariadbd.pid" \
    --log-error="$dir/error.log" --skip-log-bin --innodb-buffer-pool-size=32M --innodb-log-file-size=16M \
    --innodb-flush-log-at-trx-commit=0 --skip-innodb-doublewrite --ssl-cert="$dir/tls/server.pem" --ssl-key="$dir/tls/server.key" \
    </dev/null >/dev/null 2>&1 &
  local pid=$!
  echo "$pid" >"$dir/server.pid"
  local tries=0
  until mariadb-admin --no-defaults -uroot -S "$dir/mysqld.sock" ping >/dev/null 2>&1; do
    tries=$((tries + 1))
    if [ $tries -gt 300 ] || ! kill -0 "$pid" 2>/dev/null; then
      echo "mariadb: the server did not start" >&2
      cat "$dir/error.log" >&2 || true
      kill "$pid" 2>/dev/null || true
      return 1
    fi
    sleep 0.1
  done
  mariadb --no-defaults -uroot -S "$dir/mysqld.sock" <<'SQL'
CREATE DATABASE app CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER 'app'@'localhost' IDENTIFIED BY 'secret';
CREATE USER 'app'@'%' IDENTIFIED BY 'secret';
GRANT ALL ON app.* TO 'app'@'localhost';
GRANT ALL ON app.* TO 'app'@'%';
USE app;
CREATE TABLE users (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name varchar(255) NOT NULL,
  email varchar(255) NOT NULL,
  email_verified_at timestamp NULL DEFAULT NULL,
  password varchar(255) NOT NULL,
  remember_token varchar(100) DEFAULT NULL,
  created_at timestamp NULL DEFAULT NULL,
  updated_at timestamp NULL DEFAULT NULL,
  UNIQUE KEY users_email_unique (email)
) ENGINE=InnoDB;
INSERT INTO users (name, email, password, created_at, updated_at) VALUES
  ('Ada Lovelace', 'ada@example.com', '$2y$10$92IXUNpkjO0rOQ5byMi.Ye4oKoEa3Ro9llC/.og/at2.uheWG/igi', '2024-01-01 00:00:00', '2024-01-01 00:00:00'),
  ('Grace Hopper', 'grace@example.com', '$2y$10$92IXUNpkjO0rOQ5byMi.Ye4oKoEa3Ro9llC/.og/at2.uheWG/igi', '2024-01-02 00:00:00', '2024-01-02 00:00:00'),
  ('Linus Torvalds', 'linus@example.com', '$2y$10$92IXUNpkjO0rOQ5byMi.Ye4oKoEa3Ro9llC/.og/at2.uheWG/igi', '2024-01-03 00:00:00', '2024-01-03 00:00:00');
CREATE TABLE posts (
  id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  user_id bigint unsigned NOT NULL,
  title varchar(255) NOT NULL
) ENGINE=InnoDB;
INSERT INTO posts (user_id, title) VALUES (1, 'Notes on the Analytical Engine'), (2, 'The first bug');
SQL
  echo "ALTAIR_MYSQL_PORT=$port ALTAIR_MYSQL_SOCKET=$dir/mysqld.sock ALTAIR_MYSQL_PID=$pid ALTAIR_MYSQL_TLS=$dir/tls"
}

stop() {
  [ -d "$dir" ] || return 0
  local pid
  pid=$(cat "$dir/server.pid" 2>/dev/null || true)
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -KILL "$pid" 2>/dev/null || true
    while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
  fi
  rm -rf "$dir"
}

case "$1" in
  start) start ;;
  stop) stop ;;
  *) usage ;;
esac
