#!/usr/bin/env bash
# The Redis relay engine against a real Redis (docs/relay.md, "Redis"): builds tests/relay/proxy.c
# with relay/redis/*.c, starts a throw-away server (tests/servers/redis.sh), runs the proxy in each
# mode and drives it with phpredis, Predis, redis-cli and raw RESP (drive.inc). Every write route is
# judged by the server's own client afterwards (DEBUG DIGEST of every key, CONFIG GET, SCRIPT
# EXISTS, a subscriber), never by what the driver said. Exits non-zero on any failure.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../../../scripts/lib.sh"
cd "$ROOT"

apt_install redis-server redis-tools "php$(php_version)-redis" php-predis openssl

work=$(mktemp -d /tmp/altair-relay-redis.XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null; done
  [ -s "$work/tls/redis.pid" ] && kill -9 "$(cat "$work/tls/redis.pid")" 2>/dev/null
  tests/servers/redis.sh stop "$work/server"
  rm -rf "$work"
}
trap cleanup EXIT

cc -g -O1 -Wall -Wextra -Werror -std=gnu11 -I relay -DRELAY_ENGINE=altair_relay_engine_redis -o "$work/proxy" \
  tests/relay/proxy.c relay/buf.c relay/mode.c relay/redis/*.c || exit 1
eval "$(tests/servers/redis.sh start "$work/server")" || exit 1

passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); printf 'FAIL %s\n' "$*" >&2; }

# The bound on requests waiting for replies, without sockets (pending.c).
if cc -g -O1 -fsanitize=address,undefined -Wall -Wextra -Werror -std=gnu11 -I relay -o "$work/pending" \
  tests/relay/redis/pending.c relay/buf.c relay/mode.c relay/redis/*.c && "$work/pending" >/dev/null; then pass; else
  fail "pending bound (tests/relay/redis/pending.c)"
fi

cli() { redis-cli -s "$ALTAIR_REDIS_SOCKET" --no-auth-warning -a secret "$@"; }
# What a write could change: every key (all databases), a config value, the script cache.
script_sha=$(printf '%s' "return 'altair'" | sha1sum | cut -d' ' -f1)
state() { cli DEBUG DIGEST; cli CONFIG GET maxmemory | tail -1; cli SCRIPT EXISTS "$script_sha"; cli FUNCTION LIST; }

proxy_pid=
endpoint=
# start_proxy MODE [LISTEN UPSTREAM]: a proxy in the background; sets endpoint and proxy_pid.
start_proxy() {
  local listen=${2:-tcp:127.0.0.1:0} upstream=${3:-tcp:127.0.0.1:$ALTAIR_REDIS_PORT}
  : >"$work/proxy.out"
  "$work/proxy" "$1" "$listen" "$upstream" "$work/queries-$1.jsonl" >"$work/proxy.out" 2>"$work/proxy.err" &
  proxy_pid=$!
  pids+=("$proxy_pid")
  for _ in $(seq 1 200); do grep -q '^ready' "$work/proxy.out" && break; sleep 0.02; done
  local ready
  ready=$(awk '/^ready/ {print $2}' "$work/proxy.out")
  [ -n "$ready" ] || { cat "$work/proxy.err" >&2; fail "proxy $1 did not start"; return 1; }
  case $listen in unix:*) endpoint=unix:$ready ;; *) endpoint=tcp:127.0.0.1:$ready ;; esac
}
stop_proxy() { kill "$proxy_pid" 2>/dev/null; wait "$proxy_pid" 2>/dev/null; }

drive() { timeout 30 php "$here/drive.inc" "$endpoint" "$1" 2>&1; }

# expect CASE REGEX: the client saw REGEX, and the server's state did not change.
expect_unchanged() {
  local before after out
  before=$(state)
  out=$(drive "$1")
  after=$(state)
  if [ "$before" != "$after" ]; then
    fail "$mode $1: the server changed (client saw: $out)"
  elif ! grep -Eq -- "$2" <<<"$out"; then
    fail "$mode $1: expected /$2/, client saw: $out"
  else
    pass
  fi
}

refused='error (RedisException|Predis\\Response\\ServerException): altair_eval: [A-Z_]+( [A-Z_]+)? refused: the database is read-only in this evaluation \(run with --writes'

# Connections the server has now (the redis-cli asking is one of them).
connections() { cli CLIENT LIST | grep -c 'cmd='; }
wait_connections() {
  for _ in $(seq 1 500); do [ "$(connections)" -le "$1" ] && return 0; sleep 0.02; done
  return 1
}

# ---- read-only ---------------------------------------------------------------------------------
mode=read-only
start_proxy read-only
expect_unchanged get '^value "hello"$'
expect_unchanged hgetall '^value \{"name":"Ada","email":"ada@example.com"\}$'
expect_unchanged lrange '^value \["job1","job2","job3"\]$'
expect_unchanged scan '^value \["greeting","queue","user:1"\]$'
expect_unchanged eval_ro_read '^value "hello"$'
expect_unchanged multi_reads '^value \["hello",\["job1"\]\]$'
expect_unchanged predis_get '^value "hello"$'
# Connection commands: CLIENT SETNAME/GETNAME pass; CLIENT LIST (admin: other clients) does not.
expect_unchanged client_setname '^value \[true,"altair-test"\]$'
expect_unchanged client_list '^error RedisException: altair_eval: CLIENT LIST refused: the database is read-only'
expect_unchanged watch_multi_reads '^value \["hello"\]$'
expect_unchanged acl_user '^value \["OK","hello",\{"error":"altair_eval: SET refused'
for case in set setex del flushall flushdb eval_write fcall config_set script_load rename select_write \
  unknown_command multi_set multi_read_then_write noauth_then_auth_set predis_set predis_flushdb; do
  expect_unchanged "$case" "^$refused"
done
# EVAL_RO passes (the server flags it read-only) and the server refuses the write inside it.
expect_unchanged eval_ro_write 'Write commands are not allowed from read-only scripts'
# A phpredis pipeline: exec() throws the refusal (phpredis 5.3).
expect_unchanged pipeline_write "^$refused"
# Before AUTH the flags cannot be learned: the server's own NOAUTH, for a read and a write.
expect_unchanged noauth_get '^error RedisException: NOAUTH'
expect_unchanged noauth_set '^error RedisException: NOAUTH'
expect_unchanged inline '^value \["OK","hello",\{"error":"altair_eval: SET refused[^}]*\},\{"error":"altair_eval: DEL refused'
# A NUL in a command's name: no command has one, the relay refuses it (never read as "GET").
expect_unchanged nul_in_name '^value \["OK",\{"error":"altair_eval: GET\?SET refused[^}]*\},\{"error":"altair_eval: SET\? refused'
expect_unchanged inline_unbalanced '^value \["OK",\{"error":"ERR Protocol error: unbalanced quotes in request"\},false\]$'
expect_unchanged resp3 '^value \[3,\{"name":"Ada","email":"ada@example.com"\},\{"error":"altair_eval: SET refused[^}]*\},\[\],\["job1","job2","job3"\]\]$'
expect_unchanged pipeline_many '^value "R,hello,3 first=OK"$'

# PUBLISH reaches no subscriber: a subscriber on the server sees only the marker sent directly.
redis-cli -s "$ALTAIR_REDIS_SOCKET" --no-auth-warning -a secret SUBSCRIBE altair-channel >"$work/subscriber.out" &
subscriber=$!
pids+=("$subscriber")
for _ in $(seq 1 500); do grep -q altair-channel "$work/subscriber.out" && break; sleep 0.02; done
expect_unchanged publish "^$refused"
# EVAL_RO passes, and the server refuses PUBLISH inside it (may_replicate counts as a write there).
expect_unchanged eval_ro_publish 'Write commands are not allowed from read-only scripts'
cli PUBLISH altair-channel marker >/dev/null
for _ in $(seq 1 500); do grep -q marker "$work/subscriber.out" && break; sleep 0.02; done
if grep -q marker "$work/subscriber.out" && ! grep -q from- "$work/subscriber.out"; then pass; else
  fail "read-only publish: the subscriber saw $(tr '\n' ' ' <"$work/subscriber.out")"
fi
{ kill "$subscriber"; wait "$subscriber"; } 2>/dev/null

# The server's own CLI through the relay.
before=$(state)
out=$(redis-cli -p "${endpoint##*:}" --no-auth-warning -a secret SET greeting changed; redis-cli -p "${endpoint##*:}" --no-auth-warning -a secret GET greeting)
if [ "$before" = "$(state)" ] && grep -q 'altair_eval: SET refused' <<<"$out" && grep -qx hello <<<"$out"; then pass; else
  fail "read-only redis-cli: $out"
fi
stop_proxy

# The queries: every command in order, AUTH's and HELLO's credentials masked, refusals marked.
log=$work/queries-read-only.jsonl
if grep -q '"text":"AUTH \*\*\*"' "$log" && grep -q '"text":"AUTH \*\*\* \*\*\*"' "$log" && grep -q '"text":"HELLO 3 AUTH \*\*\* \*\*\*"' "$log" && ! grep -q secret "$log" \
  && grep -q '"text":"SET greeting changed","params":null,"duration_ns":0,"rows":-1,"refused":true,"error":"altair_eval: SET refused' "$log" \
  && grep -q '"text":"LRANGE queue 0 -1","params":null,"duration_ns":[0-9]*,"rows":3,"refused":false,"error":null' "$log" \
  && ! grep -q '"text":"COMMAND INFO' "$log"; then pass; else
  fail "read-only queries log: $(head -c 2000 "$log")"
fi

# Unix sockets on both sides.
start_proxy read-only "unix:$work/proxy.sock" "unix:$ALTAIR_REDIS_SOCKET"
expect_unchanged get '^value "hello"$'
expect_unchanged set "^$refused"
stop_proxy

# ---- rollback: Redis cannot undo, so every write is refused, saying so ------------------------
mode=rollback
start_proxy rollback
expect_unchanged get '^value "hello"$'
for case in set flushdb multi_set eval_write; do
  expect_unchanged "$case" 'refused: the database is in rollback mode in this evaluation.*; Redis cannot roll a write back'
done
stop_proxy

# ---- writes: everything passes ----------------------------------------------------------------
mode=writes
start_proxy writes
out=$(drive set)
if [ "$out" = 'value true' ] && [ "$(cli GET greeting)" = changed ]; then pass; else fail "writes set: $out / $(cli GET greeting)"; fi
out=$(drive multi_set)
if [ "$out" = 'value [true]' ] && [ "$(cli GET greeting)" = changed ]; then pass; else fail "writes multi_set: $out"; fi
cli SET greeting hello >/dev/null

# A client killed inside MULTI: the relay ends the session and the server discards the queue.
baseline=$(connections)
php "$here/drive.inc" "$endpoint" multi_hang >"$work/hang.out" 2>&1 &
hang=$!
pids+=("$hang")
for _ in $(seq 1 500); do grep -q queued "$work/hang.out" && break; sleep 0.02; done
{ kill -9 "$hang"; wait "$hang"; } 2>/dev/null
if grep -q queued "$work/hang.out" && wait_connections "$baseline" && [ "$(cli EXISTS half-done)" = 0 ]; then pass; else
  fail "writes: client killed mid-MULTI: $(cat "$work/hang.out"), half-done=$(cli EXISTS half-done)"
fi

# The relay killed inside MULTI: the server drops the connection and discards the queue.
php "$here/drive.inc" "$endpoint" multi_hang >"$work/hang.out" 2>&1 &
hang=$!
pids+=("$hang")
for _ in $(seq 1 500); do grep -q queued "$work/hang.out" && break; sleep 0.02; done
{ kill -9 "$proxy_pid"; wait "$proxy_pid"; } 2>/dev/null
if grep -q queued "$work/hang.out" && wait_connections "$baseline" && [ "$(cli EXISTS half-done)" = 0 ]; then pass; else
  fail "writes: relay killed mid-MULTI: $(cat "$work/hang.out"), half-done=$(cli EXISTS half-done)"
fi
{ kill -9 "$hang"; wait "$hang"; } 2>/dev/null
if grep -q '"text":"SET greeting changed","params":null,"duration_ns":[1-9][0-9]*,"rows":-1,"refused":false,"error":null' \
  "$work/queries-writes.jsonl"; then pass; else fail "writes queries log: $(cat "$work/queries-writes.jsonl")"; fi

# ---- a server that only speaks TLS: the client is told why, in its driver's exception ---------
mode=read-only
mkdir "$work/tls"
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/tls/key.pem" -out "$work/tls/cert.pem" -days 1 -subj /CN=localhost 2>/dev/null
tls_port=$(php -n -r '$s = stream_socket_server("tcp://127.0.0.1:0"); echo substr(strrchr(stream_socket_get_name($s, false), ":"), 1);')
printf '%s\n' "port 0" "tls-port $tls_port" "bind 127.0.0.1" "tls-cert-file $work/tls/cert.pem" "tls-key-file $work/tls/key.pem" \
  "tls-ca-cert-file $work/tls/cert.pem" "tls-auth-clients no" "daemonize yes" "pidfile $work/tls/redis.pid" \
  "logfile $work/tls/redis.log" 'save ""' "dir $work/tls" >"$work/tls/redis.conf"
if redis-server "$work/tls/redis.conf" >/dev/null 2>&1; then
  for _ in $(seq 1 100); do [ -s "$work/tls/redis.pid" ] && grep -q 'Ready to accept' "$work/tls/redis.log" && break; sleep 0.05; done
  start_proxy read-only tcp:127.0.0.1:0 "tcp:127.0.0.1:$tls_port"
  out=$(drive get)
  if grep -q '^error RedisException: altair_eval: the connection to the Redis server ended before it answered anything (a server that requires TLS' <<<"$out"; then pass; else
    fail "TLS-only server: $out"
  fi
  stop_proxy
else
  # Debian's redis-server is built with TLS; one that is not cannot be this test's server.
  fail "TLS-only server: redis-server would not start with tls-port ($(tail -2 "$work/tls/redis.log"))"
fi

echo "redis relay: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
