#!/usr/bin/env bash
# The PostgreSQL tests against a real server: installs postgresql and the pgsql extensions when
# missing, creates a throw-away cluster in a temp dir (as the postgres user when run as root: the
# server refuses to run as root), starts it on a free loopback port and a private socket dir, runs
# tests/hosts/postgres/*.phpt with the connection in ALTAIR_PG_PORT / ALTAIR_PG_SOCKET_DIR, then
# stops the server and removes the dir. Exits non-zero when any test fails or is skipped.
set -euo pipefail
source "$(dirname "$0")/../../../scripts/lib.sh"
cd "$ROOT"

apt_install postgresql "php$(php_version)-pgsql"
[ -f "$MODULE" ] || { echo "postgres: no $MODULE; build it first (scripts/build)" >&2; exit 1; }
bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)

work=$(mktemp -d /tmp/altair-eval-pg.XXXXXX)
chmod 755 "$work"
mkdir "$work/data" "$work/sock"
as_server=()
if [ "$(id -u)" = 0 ]; then
  chown -R postgres:postgres "$work/data" "$work/sock"
  as_server=(runuser -u postgres --)
fi
port=$(php -n -r '$s = stream_socket_server("tcp://127.0.0.1:0"); echo substr(strrchr(stream_socket_get_name($s, false), ":"), 1);')

stop() {
  "${as_server[@]}" "$bindir/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap stop EXIT

say "postgres: initdb and start on 127.0.0.1:$port and $work/sock"
"${as_server[@]}" "$bindir/initdb" -D "$work/data" -U postgres --auth=trust --no-sync -E UTF8 >"$work/initdb.log" 2>&1 \
  || { cat "$work/initdb.log" >&2; exit 1; }
"${as_server[@]}" "$bindir/pg_ctl" -D "$work/data" -l "$work/data/server.log" -w -t 30 \
  -o "-p $port -k $work/sock -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null \
  || { cat "$work/data/server.log" >&2; exit 1; }

"$bindir/psql" -X -q -v ON_ERROR_STOP=1 -h "$work/sock" -p "$port" -U postgres -d postgres <<'SQL'
CREATE TABLE users (id serial PRIMARY KEY, email text UNIQUE NOT NULL);
INSERT INTO users (email) VALUES ('ada@example.com'), ('grace@example.com'), ('linus@example.com');
SQL

say "phpt: tests/hosts/postgres"
log="$work/phpt.log"
status=0
ALTAIR_PG_PORT=$port ALTAIR_PG_SOCKET_DIR="$work/sock" NO_INTERACTION=1 REPORT_EXIT_STATUS=1 \
  php run-tests.php -q -p "$(command -v php)" -d "extension=$MODULE" --show-diff tests/hosts/postgres >"$log" 2>&1 || status=1
grep -E "^(PASS|FAIL|SKIP|BORK|LEAK)|^Tests (passed|failed|skipped)|^(---|\+\+\+|[0-9]{3}[+-])" "$log" >&2 || true
grep -qE "^Tests passed +: +[1-9]" "$log" || status=1
grep -qE "^Tests skipped +: +[1-9]" "$log" && { echo "postgres: a test was skipped" >&2; status=1; }
exit "$status"
