--TEST--
PostgreSQL: read-only by default through libpq, writes with allowWrites, over TCP and a Unix socket
--DESCRIPTION--
Layer: the database server. The child's PGOPTIONS ends with -c default_transaction_read_only=on
unless allowWrites, so every libpq session starts read-only and the server itself refuses an INSERT
(SQLSTATE 25006); over the socket, a database's socket, the relay's PostgreSQL engine adds to the
server's message how to allow writes (over TCP this port is not a database's usual one: relayed raw). The caller's own PGOPTIONS are kept. This is a session default, not a lock: a
snippet that runs SET default_transaction_read_only = off gets its write through, and this test
records that on purpose (docs/databases.md says so; a read-only role is the real fix).
The network is off: the server is reached only because its TCP port or socket is allowlisted; an
unlisted request cannot reach it at all. Needs the server that tests/hosts/postgres/run.sh starts.
--EXTENSIONS--
altair_eval
pdo_pgsql
--SKIPIF--
<?php
if (!getenv('ALTAIR_PG_PORT')) die('skip needs the server started by tests/hosts/postgres/run.sh (scripts/test runs it)');
?>
--FILE--
<?php
require __DIR__ . '/../../helpers.inc';
$root = altair_test_root('pg001');
$port = (int) getenv('ALTAIR_PG_PORT');
$socketDir = getenv('ALTAIR_PG_SOCKET_DIR');
$tcp = "pgsql:host=127.0.0.1;port=$port;dbname=postgres;user=postgres;sslmode=disable";
$unix = "pgsql:host=$socketDir;port=$port;dbname=postgres;user=postgres";
$tcpEndpoint = ["127.0.0.1:$port"];
$unixEndpoint = ["unix:$socketDir/.s.PGSQL.$port"];
$caller = new PDO($unix);

function run(string $dsn, string $sql, array $options): string
{
    $snippet = sprintf('$db = new PDO(%s, null, null, [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);
        $result = null;
        foreach (explode(";", %s) as $statement) { $result = $db->query($statement)->fetchColumn(); }
        return $result;', var_export($dsn, true), var_export($sql, true));
    $r = altair_eval($snippet, $GLOBALS['root'], $options + ['timeoutMs' => 10000]);
    if ($r->exception) {
        return $r->exception['class'] . ': ' . preg_replace('/\s+/', ' ', $r->exception['message']);
    }
    return json_encode($r->result['value'] ?? $r->toArray());
}

echo "read over TCP: ", run($tcp, 'SELECT count(*) FROM users', ['allowEndpoints' => $tcpEndpoint]), "\n";
echo "session default: ", run($tcp, 'SHOW default_transaction_read_only', ['allowEndpoints' => $tcpEndpoint]), "\n";
echo "insert: ", run($tcp, "INSERT INTO users (email) VALUES ('denied@example.com') RETURNING id", ['allowEndpoints' => $tcpEndpoint]), "\n";
echo "insert with allowWrites: ", run($tcp, "INSERT INTO users (email) VALUES ('written@example.com') RETURNING email", ['allowEndpoints' => $tcpEndpoint, 'allowWrites' => true]), "\n";
echo "read over the socket: ", run($unix, 'SELECT count(*) FROM users', ['allowEndpoints' => $unixEndpoint]), "\n";
echo "insert over the socket: ", run($unix, "INSERT INTO users (email) VALUES ('denied@example.com') RETURNING id", ['allowEndpoints' => $unixEndpoint]), "\n";
echo "not allowlisted: ", str_contains(run($tcp, 'SELECT 1', []), 'PDOException') ? 'unreachable' : 'REACHED', "\n";
echo "override in SQL: ", run($tcp, "SET default_transaction_read_only = off; INSERT INTO users (email) VALUES ('override@example.com') RETURNING email", ['allowEndpoints' => $tcpEndpoint]), "\n";

putenv('PGOPTIONS=-c application_name=altair-host');
echo "caller's PGOPTIONS kept: ", run($tcp, "SELECT current_setting('application_name') || ' ' || current_setting('default_transaction_read_only')", ['allowEndpoints' => $tcpEndpoint]), "\n";
putenv('PGOPTIONS');

echo "in the table: ", implode(' ', $caller->query("SELECT email FROM users WHERE id > 3 ORDER BY id")->fetchAll(PDO::FETCH_COLUMN)), "\n";
$caller->exec("DELETE FROM users WHERE id > 3");
?>
--EXPECT--
read over TCP: 3
session default: "on"
insert: PDOException: SQLSTATE[25006]: Read only sql transaction: 7 ERROR: cannot execute INSERT in a read-only transaction
insert with allowWrites: "written@example.com"
read over the socket: 4
insert over the socket: PDOException: SQLSTATE[25006]: Read only sql transaction: 7 ERROR: cannot execute INSERT in a read-only transaction (altair_eval: the database is read-only in this evaluation; run with --writes to allow writes, or --writes=rollback to try them and roll back)
not allowlisted: unreachable
override in SQL: "override@example.com"
caller's PGOPTIONS kept: "altair-host on"
in the table: written@example.com override@example.com
--CLEAN--
<?php
require __DIR__ . '/../../helpers.inc';
altair_test_clean('pg001-');
?>
