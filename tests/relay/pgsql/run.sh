#!/usr/bin/env bash
# The PostgreSQL relay engine against a real server: builds tests/relay/proxy.c with the engine
# (under ASAN and UBSAN, so real traffic is checked too), starts a throw-away server
# (tests/servers/postgres.sh), runs the proxy in each mode and drives it with real clients
# (pdo_pgsql, pgsql, psql; drive.inc holds the scenarios), and judges every write route by the
# server's own tools afterwards (pg_dump of the database against the one taken before, psql),
# never by what the client said. Exits non-zero on any failure; nothing is skipped.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../../../scripts/lib.sh"
cd "$ROOT"

apt_install postgresql "php$(php_version)-pgsql" libpg-query-dev
work=$(mktemp -d /tmp/altair-relay-pgsql.XXXXXX)
proxies=()
holders=()
cleanup() {
  for pid in "${holders[@]}" "${proxies[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  "$ROOT/tests/servers/postgres.sh" stop "$work/pg" || true
  rm -rf "$work"
}
trap cleanup EXIT

say "relay pgsql: build the proxy with the engine (ASAN, UBSAN)"
# With libpg_query (HAVE_PG_QUERY): statements split and classified by PostgreSQL's own parser.
cc -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined -Wall -Wextra -Werror -I relay -DHAVE_PG_QUERY \
  -DRELAY_ENGINE=altair_relay_engine_pgsql -o "$work/proxy" tests/relay/proxy.c relay/buf.c relay/mode.c relay/pgsql/*.c -lpg_query -lcrypto

chmod 755 "$work" # the server runs as postgres
mkdir "$work/pg"
server=$("$ROOT/tests/servers/postgres.sh" start "$work/pg")
eval "$server"
export PGPASSWORD=secret
su_psql() {
  "$ALTAIR_PGSQL_BIN/psql" -X -q -At -v ON_ERROR_STOP=1 -h "$ALTAIR_PGSQL_SOCKET_DIR" -p "$ALTAIR_PGSQL_PORT" -U postgres -d app "$@"
}
# The whole database as the server holds it; sequences apart (they advance in rollback mode, as
# the engine's status says).
dump() {
  "$ALTAIR_PGSQL_BIN/pg_dump" -h "$ALTAIR_PGSQL_SOCKET_DIR" -p "$ALTAIR_PGSQL_PORT" -U postgres -d app --no-owner \
    | grep -Ev '^(SELECT pg_catalog.setval|\\(un)?restrict )'
}
su_psql -c "SET ROLE app; CREATE PROCEDURE wipe_posts() LANGUAGE plpgsql AS \$\$BEGIN DELETE FROM posts; COMMIT; END\$\$;"
dump >"$work/baseline.sql"

failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# The guard at a session's start, message by message with no server (start.c).
say "relay pgsql: the client's ReadyForQuery with the guard, its first query held until the guard holds"
cc -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined -Wall -Wextra -Werror -I relay -DHAVE_PG_QUERY \
  -o "$work/start" tests/relay/pgsql/start.c relay/buf.c relay/mode.c relay/pgsql/*.c -lpg_query -lcrypto
"$work/start" || fail "the guard at a session's start (start.c)"

# start_proxy MODE LISTEN UPSTREAM: sets proxy_pid and proxy_at (the port or the socket path).
start_proxy() {
  local out="$work/proxy.$RANDOM.out"
  ASAN_OPTIONS=detect_leaks=1 "$work/proxy" "$1" "$2" "$3" "$work/queries.jsonl" >"$out" 2>"$out.err" &
  proxy_pid=$!
  proxies+=("$proxy_pid")
  for _ in $(seq 1 100); do [ -s "$out" ] && break; sleep 0.1; done
  proxy_at=$(awk '/^ready/ {print $2}' "$out")
  [ -n "$proxy_at" ] || { cat "$out.err" >&2; fail "proxy $1 did not start"; exit 1; }
  proxy_err="$out.err"
}

# stop_proxy: SIGTERM finishes every session; the proxy must exit 0 (ASAN and its leak check).
stop_proxy() {
  kill -TERM "$proxy_pid"
  local status=0
  wait "$proxy_pid" || status=$?
  [ "$status" = 0 ] || { cat "$proxy_err" >&2; fail "proxy exited $status"; }
}

# The app user's sessions must all be gone (each relayed session ended, rolled back).
wait_sessions_gone() {
  for _ in $(seq 1 300); do
    [ "$(su_psql -c "SELECT count(*) FROM pg_stat_activity WHERE usename = 'app'")" = 0 ] && return 0
    sleep 0.1
  done
  fail "$1: the app's sessions never ended"
}

unchanged() {
  wait_sessions_gone "$1"
  if ! dump | diff -u "$work/baseline.sql" - >"$work/diff"; then
    fail "$1: the database changed"
    head -40 "$work/diff" >&2
    exit 1 # every later scenario would start from a changed database
  fi
}

# scenario MODE-LABEL NAME HOST PORT: drive.inc must say ok, and the database must not change.
scenario() {
  local out
  out=$(php -d display_errors=stderr "$here/drive.inc" "$2" "$3" "$4" "${1%-unix}" 2>&1) || true
  [ "$out" = ok ] || fail "$1 $2: $out"
  unchanged "$1 $2"
}

say "relay pgsql: read-only, TCP to the server's socket"
start_proxy read-only tcp:127.0.0.1:0 "unix:$ALTAIR_PGSQL_SOCKET"
for name in read writes settings one-string encodings dsn-options transaction-control pdo-transactions errors; do
  scenario read-only "$name" 127.0.0.1 "$proxy_at"
done
[ -e /tmp/altair-relay-pgsql-escaped ] && fail "read-only: COPY reached a file"
psql_out=$("$ALTAIR_PGSQL_BIN/psql" -X -h 127.0.0.1 -p "$proxy_at" -U app -d app \
  -c 'DELETE FROM posts' -c 'BEGIN READ WRITE; DELETE FROM posts; COMMIT;' -c 'COMMIT' -c 'INSERT INTO posts (user_id, title) VALUES (1, $$x$$)' \
  -c 'SELECT email FROM users ORDER BY id' -c 'BEGIN; SELECT 3 FROM nope' -c 'ROLLBACK' 2>&1 || true)
# The error's position points into the client's text, not the relay's rewritten one.
grep -A1 -x 'LINE 1: BEGIN; SELECT 3 FROM nope' <<<"$psql_out" | grep -qx ' \{29\}^' || fail "read-only psql: the error position moved: $psql_out"
grep -q 'read-only transaction' <<<"$psql_out" && grep -q 'altair_eval: BEGIN READ WRITE refused' <<<"$psql_out" \
  && grep -q 'WARNING:  there is no transaction in progress' <<<"$psql_out" && grep -q 'linus@example.com' <<<"$psql_out" \
  || fail "read-only psql: $psql_out"
unchanged "read-only psql"
grep -qF '"text":"SELECT email FROM users WHERE id = $1 AND name <> $2","params":["2","x"]' "$work/queries.jsonl" \
  || fail "queries: a prepared statement's text and bound parameters missing"
grep -q '"text":"DELETE FROM posts","params":null,"duration_ns":[0-9]*,"rows":-1,"refused":false,"error":"cannot execute DELETE in a read-only transaction"' "$work/queries.jsonl" \
  || fail "queries: a failed write's error missing"
grep -qF '"text":"SELECT email FROM users ORDER BY id","params":null,"duration_ns":' "$work/queries.jsonl" \
  && grep -q '"rows":3,"refused":false,"error":null' "$work/queries.jsonl" || fail "queries: rows missing"
grep -q '"text":"BEGIN READ WRITE; DELETE FROM posts; COMMIT;".*"refused":true' "$work/queries.jsonl" || fail "queries: a refusal missing"
stop_proxy

say "relay pgsql: a client that sends without waiting"
start_proxy read-only tcp:127.0.0.1:0 "unix:$ALTAIR_PGSQL_SOCKET"
flood_out=$(php "$here/flood.inc" "$proxy_at" 2>&1) || fail "flood: $flood_out"
stop_proxy

say "relay pgsql: a server that requires TLS"
hba="$work/pg/pg_hba.conf"
{ echo "hostnossl all tlsonly 127.0.0.1/32 reject"; cat "$hba"; } >"$work/hba.new"
cat "$work/hba.new" >"$hba"
su_psql -c "CREATE ROLE tlsonly LOGIN PASSWORD 'secret'" -c "SELECT pg_reload_conf()" >/dev/null
start_proxy read-only tcp:127.0.0.1:0 "tcp:127.0.0.1:$ALTAIR_PGSQL_PORT"
tls_out=$("$ALTAIR_PGSQL_BIN/psql" -X -h 127.0.0.1 -p "$proxy_at" -U tlsonly -d app -c 'SELECT 1' 2>&1 || true)
grep -q 'requires TLS, which the app.s configuration turns off' <<<"$tls_out" || fail "TLS: $tls_out"
stop_proxy

say "relay pgsql: read-only, a Unix socket to the server's TCP port"
start_proxy read-only "unix:$work/.s.PGSQL.5432" "tcp:127.0.0.1:$ALTAIR_PGSQL_PORT"
for name in read writes one-string; do
  scenario read-only-unix "$name" "$work" 5432
done
stop_proxy

say "relay pgsql: rollback"
start_proxy rollback tcp:127.0.0.1:0 "unix:$ALTAIR_PGSQL_SOCKET"
for name in rollback-writes pdo-transactions errors transaction-control one-string encodings unprepared; do
  scenario rollback "$name" 127.0.0.1 "$proxy_at"
done
[ -e /tmp/altair-relay-pgsql-escaped ] && fail "rollback: COPY reached a file"

# A client killed in the middle of its transaction: the relay rolls back (the server's log shows
# the relay's ROLLBACK, not only the server's own rollback of a dropped connection).
su_psql -c "ALTER SYSTEM SET log_statement = 'all'" -c "SELECT pg_reload_conf()" >/dev/null
server_log="$work/pg/data/server.log"
rollbacks_before=$(grep -c 'statement: ROLLBACK$' "$server_log" || true)
php "$here/drive.inc" hold 127.0.0.1 "$proxy_at" >"$work/hold.out" 2>&1 &
holders+=($!)
for _ in $(seq 1 100); do grep -q holding "$work/hold.out" && break; sleep 0.1; done
grep -q holding "$work/hold.out" || fail "rollback hold: $(cat "$work/hold.out")"
[ "$(su_psql -c 'SELECT count(*) FROM posts')" = 2 ] || fail "rollback: an uncommitted write is visible outside"
kill -KILL "${holders[-1]}"
unchanged "rollback, client killed"
[ "$(grep -c 'statement: ROLLBACK$' "$server_log" || true)" -gt "$rollbacks_before" ] || fail "rollback: the relay sent no ROLLBACK when its client died"
stop_proxy

# The relay killed in the middle of a transaction: the server rolls back.
start_proxy rollback tcp:127.0.0.1:0 "unix:$ALTAIR_PGSQL_SOCKET"
php "$here/drive.inc" hold 127.0.0.1 "$proxy_at" >"$work/hold2.out" 2>&1 &
holders+=($!)
for _ in $(seq 1 100); do grep -q holding "$work/hold2.out" && break; sleep 0.1; done
grep -q holding "$work/hold2.out" || fail "rollback hold 2: $(cat "$work/hold2.out")"
kill -KILL "$proxy_pid"
wait "$proxy_pid" 2>/dev/null || true
unchanged "rollback, relay killed"
kill -KILL "${holders[-1]}" 2>/dev/null || true

say "relay pgsql: writes"
start_proxy writes tcp:127.0.0.1:0 "unix:$ALTAIR_PGSQL_SOCKET"
out=$(php "$here/drive.inc" writes-mode 127.0.0.1 "$proxy_at" 2>&1) || true
[ "$out" = ok ] || fail "writes: $out"
wait_sessions_gone writes
[ "$(su_psql -c "SELECT count(*) FROM posts WHERE title LIKE 'kept%'")" = 2 ] || fail "writes: the writes were not kept"
su_psql -c "DELETE FROM posts WHERE title LIKE 'kept%'"
grep -q "\"text\":\"INSERT INTO posts (user_id, title) VALUES (3, 'kept')\".*\"rows\":1" "$work/queries.jsonl" || fail "writes: the query was not reported"
stop_proxy
unchanged writes

if [ "$failures" -gt 0 ]; then
  echo "relay pgsql: $failures failure(s)" >&2
  exit 1
fi
echo "relay pgsql: every scenario held"
