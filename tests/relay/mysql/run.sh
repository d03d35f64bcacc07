#!/usr/bin/env bash
# The MySQL relay engine against a real MariaDB (docs/relay.md, "MySQL"): builds tests/relay/proxy.c
# with the engine, starts a throw-away server (tests/servers/mariadb.sh), and drives the proxy in
# each mode with real clients (PDO, mysqli, the mariadb client, raw protocol), judging every write
# route by reading the server afterwards with its own client. Exits non-zero on any failure.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../../../scripts/lib.sh"
cd "$ROOT"

apt_install mariadb-server mariadb-client "php$(php_version)-mysql"
work=$(mktemp -d /tmp/altair-relay-mysql.XXXXXX)
chmod 755 "$work"
cleanup() { "$ROOT/tests/servers/mariadb.sh" stop "$work/server" || true; rm -rf "$work"; }
trap cleanup EXIT

# The proxy runs under ASAN and UBSAN: the real clients' traffic checks the engine's memory too.
cc -Wall -Wextra -Werror -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -I relay -DRELAY_ENGINE=altair_relay_engine_mysql -o "$work/proxy" \
  tests/relay/proxy.c relay/buf.c relay/mode.c relay/mysql/*.c
cc -Wall -Wextra -Werror -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -I relay \
  -o "$work/status" "$here/status.c" relay/buf.c relay/mode.c relay/mysql/*.c
cc -Wall -Wextra -Werror -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -I relay \
  -o "$work/start" "$here/start.c" relay/buf.c relay/mode.c relay/mysql/*.c
eval "$("$ROOT/tests/servers/mariadb.sh" start "$work/server")"
# A procedure that commits (issue 19's CALL route); a superuser for status.inc; a user whose password
# a route tries to change (issue 35).
mariadb --no-defaults -uroot -S "$ALTAIR_MYSQL_SOCKET" app <<'SQL'
DELIMITER //
CREATE PROCEDURE evil() BEGIN INSERT INTO posts (user_id, title) VALUES (1, 'evil'); COMMIT; END //
DELIMITER ;
CREATE USER 'boss'@'%' IDENTIFIED BY 'boss';
GRANT ALL ON *.* TO 'boss'@'%';
CREATE USER 'victim'@'%' IDENTIFIED BY 'victim';
GRANT ALL ON app.* TO 'victim'@'%';
SQL

export ALTAIR_MYSQL_PORT ALTAIR_MYSQL_SOCKET ALTAIR_PROXY="$work/proxy" ALTAIR_WORK="$work"
status=0
# The engine's own statements at a session's start, byte by byte with no server (start.c).
say "mysql relay: the guard, the probe and the client's first command at a session's start"
"$work/start" || status=1
for suite in read_only rollback writes status tls; do
  say "mysql relay: $suite"
  php -d display_errors=stderr "$here/$suite.inc" || status=1
done
[ -s "$work/proxy.err" ] && { echo "mysql relay: the proxy wrote to stderr:" >&2; cat "$work/proxy.err" >&2; status=1; }
exit "$status"
