#!/usr/bin/env bash
# The apps' own databases, for real: starts MariaDB, PostgreSQL and Redis (tests/servers/*.sh: free
# loopback ports, private socket dirs, stopped by pid), then runs tests/databases/*.phpt — the
# Laravel and Symfony fixtures pointed at them through .env, evaluated with no flags, cold and
# warm — with where the servers listen in ALTAIR_<SERVER>_PORT / _SOCKET. Exits non-zero when any
# test fails or is skipped.
set -euo pipefail
source "$(dirname "$0")/../../scripts/lib.sh"
cd "$ROOT"
[ -f "$MODULE" ] || { echo "databases: no $MODULE; build it first (scripts/build)" >&2; exit 1; }
apt_install "php$(php_version)-mysql" "php$(php_version)-pgsql" "php$(php_version)-redis"
"$ROOT/scripts/fixtures"

work=$(mktemp -d /tmp/altair-eval-databases.XXXXXX)
chmod 755 "$work"
started=()
stop() {
  for server in "${started[@]}"; do "$ROOT/tests/servers/$server.sh" stop "$work/$server" >/dev/null 2>&1 || true; done
  rm -rf "$work"
}
trap stop EXIT
for server in mariadb postgres redis; do
  say "databases: starting $server"
  started+=("$server")
  eval "$("$ROOT/tests/servers/$server.sh" start "$work/$server")"
done
export ALTAIR_MYSQL_PORT ALTAIR_MYSQL_SOCKET ALTAIR_PGSQL_PORT ALTAIR_PGSQL_SOCKET ALTAIR_REDIS_PORT ALTAIR_REDIS_SOCKET

status=0
for mode in cold warm; do
  say "phpt: tests/databases ($mode)"
  log="$work/phpt-$mode.log"
  warm=0; [ "$mode" = warm ] && warm=1
  tests=(tests/databases)
  # Every test runs in both passes (010's Evaluator is warm in both: a warm worker's Unix sockets).
  ALTAIR_EVAL_TEST_WARM=$warm NO_INTERACTION=1 REPORT_EXIT_STATUS=1 \
    php run-tests.php -q -p "$(command -v php)" -d "extension=$MODULE" \
      -d "pdo_mysql.default_socket=$ALTAIR_MYSQL_SOCKET" -d "mysqli.default_socket=$ALTAIR_MYSQL_SOCKET" \
      --show-diff "${tests[@]}" >"$log" 2>&1 || status=1
  grep -E "^(FAIL|SKIP|BORK|LEAK)|^Tests (passed|failed|skipped)|^(---|\+\+\+|[0-9]{3}[+-])|\.phpt\]$" "$log" >&2 || true
  # what a failed test printed against what it expected (run-tests leaves <test>.diff beside it)
  for diff in tests/databases/*.diff; do
    [ -f "$diff" ] && { echo "== $diff ($mode)"; cat "$diff"; } >&2
  done
  grep -qE "^Tests passed +: +[1-9]" "$log" || status=1
  grep -qE "^Tests skipped +: +[1-9]" "$log" && { echo "databases: a test was skipped" >&2; status=1; }
done
exit "$status"
