#!/usr/bin/env bash
# A throw-away Redis for the relay's tests (docs/ARCHITECTURE.md, "The database relay").
#
#   eval "$(tests/servers/redis.sh start DIR)"   # DIR: an empty or absent directory of yours
#   tests/servers/redis.sh stop DIR
#
# start installs redis-server when missing, writes a config in DIR (127.0.0.1 on a free port, a
# Unix socket DIR/redis.sock, requirepass `secret` for the default user plus an ACL user `app` /
# `secret` with every command, no persistence, DEBUG for local clients so that tests can compare
# DEBUG DIGEST; TLS on a port of its own with a certificate from a CA of the test's own in DIR/tls),
# starts the server daemonized, seeds database 0 with a string (greeting), a hash (user:1) and a
# list (queue), and prints
#   ALTAIR_REDIS_PORT=… ALTAIR_REDIS_SOCKET=… ALTAIR_REDIS_PID=… ALTAIR_REDIS_TLS_PORT=… ALTAIR_REDIS_TLS=…
# stop stops the server by its pid (never by name) and removes DIR.
set -euo pipefail
source "$(cd "$(dirname "$0")" && pwd)/../../scripts/lib.sh"

usage() { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
dir=$2

start() {
  command -v redis-server >/dev/null && command -v redis-cli >/dev/null || apt_install redis-server redis-tools
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  chmod 700 "$dir"
  local port
  port=$(php -n -r '$s = stream_socket_server("tcp://127.0.0.1:0"); echo substr(strrchr(stream_socket_get_name($s, false), ":"), 1);')
  local tls_port
  tls_port=$(php -n -r '$s = stream_socket_server("tcp://127.0.0.1:0"); echo substr(strrchr(stream_socket_get_name($s, false), ":"), 1);')
  "$(dirname "$0")/certs.sh" "$dir/tls"
  cat >"$dir/redis.conf" <<CONF
bind 127.0.0.1
port $port
# TLS on a port of its own, as managed Redis offers it (rediss://): a certificate from a CA of the
# test's own (tests/servers/certs.sh); no client certificate asked for.
tls-port $tls_port
tls-cert-file $dir/tls/server.pem
tls-key-file $dir/tls/server.key
tls-ca-cert-file $dir/tls/ca.pem
tls-auth-clients no
unixsocket $dir/redis.sock
unixsocketperm 700
daemonize yes
pidfile $dir/redis.pid
logfile $dir/redis.log
dir $dir
save ""
appendonly no
requirepass secret
user app on >secret ~* &* +@all
# DEBUG DIGEST judges the tests (a digest of every key), from this machine only.
enable-debug-command local
CONF
  redis-server "$dir/redis.conf" >/dev/null
  local cli=(redis-cli -s "$dir/redis.sock" --no-auth-warning -a secret)
  for _ in $(seq 1 100); do
    [ -s "$dir/redis.pid" ] && [ "$("${cli[@]}" PING 2>/dev/null)" = PONG ] && break
    sleep 0.05
  done
  [ "$("${cli[@]}" PING 2>/dev/null)" = PONG ] || { cat "$dir/redis.log" >&2; exit 1; }
  "${cli[@]}" SET greeting "hello" >/dev/null
  "${cli[@]}" HSET user:1 name Ada email ada@example.com >/dev/null
  "${cli[@]}" RPUSH queue job1 job2 job3 >/dev/null
  echo "ALTAIR_REDIS_PORT=$port ALTAIR_REDIS_SOCKET=$dir/redis.sock ALTAIR_REDIS_PID=$(cat "$dir/redis.pid") ALTAIR_REDIS_TLS_PORT=$tls_port ALTAIR_REDIS_TLS=$dir/tls"
}

stop() {
  [ -d "$dir" ] || return 0
  if [ -s "$dir/redis.pid" ]; then
    local pid
    pid=$(cat "$dir/redis.pid")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -rf "$dir"
}

case $1 in
  start) start ;;
  stop) stop ;;
  *) usage ;;
esac
