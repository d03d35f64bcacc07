--TEST--
Databases: a statement still running when the evaluation times out is ended on the server (issue 35): MariaDB's time limit and the closed connection, PostgreSQL's CancelRequest
--DESCRIPTION--
Issue 35 item 4, through the real Evaluator on the Laravel fixture, in every mode. A timed-out
`DO SLEEP(40)` kept running on the server after the evaluation ended. Now MariaDB sessions carry
max_statement_time set to what is left of the evaluation (before the client's first command), and
the relay says no goodbye behind a running statement (MariaDB's SLEEP sees the closed connection);
PostgreSQL gets a CancelRequest with the BackendKeyData its server sent. Judged by the server's own
list of running statements (information_schema.PROCESSLIST as root, pg_stat_activity), polled for
up to 3 s after the evaluation returned.
--EXTENSIONS--
altair_eval
pdo_mysql
pdo_pgsql
--SKIPIF--
<?php
require __DIR__ . '/databases.inc';
if ($why = altair_db_missing('mysql', 'pgsql')) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/databases.inc';
$routes = [
    'mysql' => [
        'DO SLEEP(40)' => ['DB::statement("DO SLEEP(40)"); return 1;', "INFO LIKE '%SLEEP(40)%'"],
        'a CPU-bound SELECT' => ['return DB::select("SELECT BENCHMARK(4000000000, MD5(\'x\')) AS b");', "INFO LIKE '%BENCHMARK(4000000000%'"],
    ],
    'pgsql' => [
        'pg_sleep(40)' => ['return DB::select("SELECT pg_sleep(40)");', "query LIKE '%pg_sleep(40)%'"],
    ],
];
foreach ($routes as $server => $statements) {
    $root = altair_db_laravel("db020-$server", [$server => 'tcp']);
    $running = fn (string $where) => $server === 'mysql'
        ? (int) trim(altair_db_root("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE $where AND INFO NOT LIKE '%PROCESSLIST%'"))
        : (int) altair_db_client('pgsql', "SELECT count(*) FROM pg_stat_activity WHERE $where AND state = 'active' AND pid <> pg_backend_pid()");
    foreach ($statements as $what => [$snippet, $where]) {
        foreach (['read-only' => [], 'rollback' => altair_db_rollback(), 'writes' => ['allowWrites' => true]] as $mode => $options) {
            $r = altair_db_eval($root, $snippet, $options + ['timeoutMs' => 2000]);
            for ($i = 0; $i < 30 && ($left = $running($where)) > 0; $i++) {
                usleep(100000);
            }
            echo "$server $what, $mode: ", $r->timedOut ? 'timed out' : 'RETURNED', ', ', $left === 0 ? 'not running on the server' : "STILL RUNNING ($left)", "\n";
        }
    }
}
?>
--EXPECT--
mysql DO SLEEP(40), read-only: timed out, not running on the server
mysql DO SLEEP(40), rollback: timed out, not running on the server
mysql DO SLEEP(40), writes: timed out, not running on the server
mysql a CPU-bound SELECT, read-only: timed out, not running on the server
mysql a CPU-bound SELECT, rollback: timed out, not running on the server
mysql a CPU-bound SELECT, writes: timed out, not running on the server
pgsql pg_sleep(40), read-only: timed out, not running on the server
pgsql pg_sleep(40), rollback: timed out, not running on the server
pgsql pg_sleep(40), writes: timed out, not running on the server
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db020-');
?>
