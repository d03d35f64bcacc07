--TEST--
Databases: a kept PostgreSQL connection between evaluations, reset as a fresh login's; the relay answers the login from the password the app's configuration gives, and refuses another
--DESCRIPTION--
Issue 37 item 2 (relay/pgsql/kept.c, relay/pgsql/login.c; docs/relay.md, "PostgreSQL"). The host
read DB_USERNAME and DB_PASSWORD from the app's .env: the relay logs in to the server with them
(the server checks them as anyone's), asks the child for its password the same way the server
asked (SCRAM-SHA-256 here) and checks it against that one. When the client is done the server
connection is kept, reset with ROLLBACK and DISCARD ALL, and the next evaluation of the same user,
database, settings and password gets it. Judged on the server:
  - the same backend serves two evaluations (pg_backend_pid), and no other session of the user is
    open there but the kept one and the judge's own;
  - each thing an evaluation leaves in its session is gone in the next one, which sees what a
    fresh login sees (keep off): an advisory lock (and another session can take it), LISTEN, SQL
    and protocol prepared statements, a temporary table, SETs of built-in settings, the session's
    role; a custom setting (app.*) an earlier evaluation set reads '' where a fresh login reads
    NULL (RESET ALL cannot remove a placeholder: docs/relay.md says so);
  - two users, each with a password of their own from their own project: each gets its own kept
    backend, never the other's, and its own current_user;
  - a wrong password is refused by the relay, with the server's own words, and the server is not
    asked; a password the app's configuration gives that the server does not take is refused by
    the server (the server's own check is never skipped);
  - the guard holds on a kept connection: a write is refused in read-only mode, undone in rollback.
On the build before this issue every evaluation started a new backend (another pid each time).
--EXTENSIONS--
altair_eval
pdo_pgsql
--SKIPIF--
<?php
require __DIR__ . '/databases.inc';
if ($why = altair_db_missing('pgsql')) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/databases.inc';

$value = fn (Altair\Eval\EvalResult $r) => $r->ok ? altair_db_decode($r->result) : 'FAILED: ' . ($r->exception['message'] ?? $r->error['message'] ?? '?');
$pg = altair_db_server('pgsql');
$pgRoot = function (string $sql) use ($pg): string {
    $command = [getenv('ALTAIR_PGSQL_BIN') . '/psql', '-X', '-q', '-A', '-t', '-h', dirname($pg['socket']), '-p', (string) $pg['port'], '-U', 'postgres', '-d', 'app', '-c', $sql];
    return trim(altair_db_host_run($command, sys_get_temp_dir()));
};
$pgRoot("DO $$ BEGIN IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'app24') THEN REVOKE SELECT ON ALL TABLES IN SCHEMA public FROM app24; REVOKE app24 FROM app; DROP ROLE app24; END IF; END $$");
$pgRoot("CREATE ROLE app24 LOGIN PASSWORD 'other24'");
$pgRoot("GRANT app24 TO app; GRANT SELECT ON ALL TABLES IN SCHEMA public TO app24");

$root = altair_db_laravel('db024', ['pgsql' => 'tcp']);
$other = altair_db_laravel('db024b', ['pgsql' => 'tcp']);
$env = (string) file_get_contents("$other/.env");
file_put_contents("$other/.env", preg_replace(['/^DB_USERNAME=.*$/m', '/^DB_PASSWORD=.*$/m'], ['DB_USERNAME=app24', 'DB_PASSWORD=other24'], $env));
$fresh = function (callable $run) {
    ini_set('altair_eval.relay_keep_ms', '0');
    try {
        return $run();
    } finally {
        ini_restore('altair_eval.relay_keep_ms');
    }
};
$pid = 'return DB::selectOne("SELECT pg_backend_pid() AS p")->p;';

echo "-- one backend for two evaluations\n";
$fresh(fn () => altair_db_eval($root, 'return 1;')); /* nothing kept from before */
$a = $value(altair_db_eval($root, $pid));
$b = $value(altair_db_eval($root, $pid));
echo "the same backend: ", is_int($a) && $a === $b ? 'yes' : "NO ($a, $b)", "; sessions of app on the server besides the judge's: ",
    altair_db_client('pgsql', "SELECT COUNT(*) FROM pg_stat_activity WHERE usename = 'app' AND pid <> pg_backend_pid()"),
    "; in a transaction while kept: ", altair_db_open_transactions('pgsql'), "\n";

echo "-- what an evaluation leaves, in the next one\n";
/* Everything a session can carry, read the same way after each kind of leftover. */
$state = 'return [
    "advisory" => DB::selectOne("SELECT COUNT(*) AS n FROM pg_locks WHERE locktype = \'advisory\' AND pid = pg_backend_pid()")->n,
    "listening" => DB::selectOne("SELECT COUNT(*) AS n FROM pg_listening_channels()")->n,
    "prepared" => DB::selectOne("SELECT COUNT(*) AS n FROM pg_prepared_statements WHERE name NOT LIKE \'pdo_stmt_%\'")->n,
    "temporary" => DB::selectOne("SELECT to_regclass(\'pg_temp.t24\') IS NOT NULL AS t")->t,
    "statement_timeout" => DB::selectOne("SHOW statement_timeout")->statement_timeout,
    "search_path" => DB::selectOne("SHOW search_path")->search_path,
    "role" => DB::selectOne("SELECT current_user AS u, session_user AS s"),
    "tenant" => DB::selectOne("SELECT current_setting(\'app.tenant\', true) AS t")->t,
];';
/* In writes mode (the mode a kept connection serves again), where every one of them can be left. */
$writes = ['allowWrites' => true];
$baseline = $fresh(fn () => $value(altair_db_eval($root, $state, $writes)));
echo "a fresh login's session: ", json_encode($baseline), "\n";
$leftovers = [
    'an advisory lock' => 'DB::select("SELECT pg_advisory_lock(2424)");',
    'LISTEN' => 'DB::unprepared("LISTEN altair24");',
    'a prepared statement (SQL)' => 'DB::unprepared("PREPARE altair24 AS SELECT 1");',
    'a prepared statement (protocol)' => 'DB::connection()->getPdo()->prepare("SELECT 24")->execute();',
    'a temporary table' => 'DB::unprepared("CREATE TEMP TABLE t24 (x int)");',
    'SETs' => 'DB::unprepared("SET statement_timeout = 2424; SET search_path = pg_catalog");',
    'SET ROLE' => 'DB::unprepared("SET ROLE app24");',
];
foreach ($leftovers as $what => $snippet) {
    $left = altair_db_eval($root, $snippet . ' return DB::selectOne("SELECT pg_backend_pid() AS p")->p;', $writes);
    $next = altair_db_eval($root, $state, $writes);
    $same = $value($left) === $value(altair_db_eval($root, $pid, $writes));
    echo $what, ": ", $left->ok ? 'left' : 'NOT LEFT: ' . json_encode($value($left)), "; the next evaluation, on the same backend: ",
        $same ? 'yes' : 'NO', "; its session is a fresh login's: ", $value($next) === $baseline ? 'yes' : 'NO ' . json_encode($value($next)), "\n";
    if ($what === 'an advisory lock') {
        echo "  another session takes the lock: ", altair_db_client('pgsql', 'SELECT pg_try_advisory_lock(2424)'), "\n";
    }
}
altair_db_eval($root, 'DB::unprepared("SET app.tenant = \'acme\'"); return 1;', $writes);
$after = $value(altair_db_eval($root, $state, $writes));
echo "a custom setting: reads ", json_encode($after['tenant'] ?? '?'), " (a fresh login: ", json_encode(array_key_exists('tenant', (array) $baseline) ? $baseline['tenant'] : '?'), "); everything else a fresh login's: ",
    array_diff_key($after, ['tenant' => 1]) === array_diff_key($baseline, ['tenant' => 1]) ? 'yes' : 'NO ' . json_encode($after), "\n";

echo "-- two users, each its own\n";
$fresh(fn () => altair_db_eval($other, 'return 1;'));
$c = $value(altair_db_eval($other, $pid));
$d = $value(altair_db_eval($other, $pid));
$e = $value(altair_db_eval($root, $pid));
echo "app24 keeps a backend of its own: ", is_int($c) && $c === $d ? 'yes' : "NO ($c, $d)", "; never app's: ", is_int($e) && $c !== $e ? 'yes' : "NO ($c, $e)", "\n";
$who = $value(altair_db_eval($other, 'return DB::selectOne("SELECT current_user AS u, session_user AS s");'));
echo "app24's session: ", json_encode($who), "; app's after it: ", json_encode($value(altair_db_eval($root, 'return DB::selectOne("SELECT current_user AS u, session_user AS s");'))), "\n";
altair_db_eval($other, 'DB::unprepared("CREATE TEMP TABLE t24 (x int); SET statement_timeout = 99"); return 1;', $writes);
$o = $value(altair_db_eval($other, $state, $writes));
echo "app24's leftovers gone in its next evaluation: ", is_array($o) && $o['temporary'] === false && $o['statement_timeout'] === $baseline['statement_timeout'] ? 'yes' : 'NO ' . json_encode($o), "\n";

echo "-- the password\n";
$port = $pg['port'];
$wrong = altair_db_eval($root, "return (new PDO('pgsql:host=127.0.0.1;port=$port;dbname=app', 'app', 'wrong'))->query('SELECT 1')->fetchColumn();");
echo "another password: ", str_contains($value($wrong), 'password authentication failed for user "app"') ? 'refused, in the server\'s words' : 'NOT REFUSED: ' . json_encode($value($wrong)), "\n";
$right = altair_db_eval($root, "return (new PDO('pgsql:host=127.0.0.1;port=$port;dbname=app', 'app', 'secret'))->query('SELECT current_user')->fetchColumn();");
echo "the app's own, by a PDO of the snippet's: ", json_encode($value($right)), "\n";
$stale = altair_db_laravel('db024c', ['pgsql' => 'tcp']);
file_put_contents("$stale/.env", preg_replace('/^DB_PASSWORD=.*$/m', 'DB_PASSWORD=stale', (string) file_get_contents("$stale/.env")));
$r = altair_db_eval($stale, 'return App\Models\User::count();');
echo "a password the configuration gives that the server does not take: ", str_contains($value($r), 'password authentication failed') ? 'refused by the server' : 'NOT REFUSED: ' . json_encode($value($r)), "\n";

echo "-- the guard on a kept connection\n";
$fingerprint = altair_db_fingerprint('pgsql');
echo "a write, read-only: ", altair_db_refused(altair_db_eval($root, 'return DB::update("UPDATE users SET name = \'kept\'");')), "\n";
altair_db_eval($root, 'return 1;', altair_db_rollback());
$r = altair_db_eval($root, 'return [DB::update("UPDATE users SET name = \'kept\'"), DB::selectOne("SELECT pg_backend_pid() AS p")->p];', altair_db_rollback());
$again = $value(altair_db_eval($root, 'return DB::selectOne("SELECT pg_backend_pid() AS p")->p;', altair_db_rollback()));
echo "a write, rollback: ", json_encode($value($r)[0] ?? $value($r)), " rows inside, on a kept backend: ", ($value($r)[1] ?? null) === $again ? 'yes' : 'NO',
    "; the server's dump unchanged: ", altair_db_fingerprint('pgsql') === $fingerprint ? 'yes' : 'NO', "\n";
$pgRoot("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'app24'");
$pgRoot("REVOKE SELECT ON ALL TABLES IN SCHEMA public FROM app24; REVOKE app24 FROM app; DROP ROLE IF EXISTS app24");
?>
--EXPECT--
-- one backend for two evaluations
the same backend: yes; sessions of app on the server besides the judge's: 1; in a transaction while kept: 0
-- what an evaluation leaves, in the next one
a fresh login's session: {"advisory":0,"listening":0,"prepared":0,"temporary":false,"statement_timeout":"0","search_path":"public","role":{"u":"app","s":"app"},"tenant":null}
an advisory lock: left; the next evaluation, on the same backend: yes; its session is a fresh login's: yes
  another session takes the lock: t
LISTEN: left; the next evaluation, on the same backend: yes; its session is a fresh login's: yes
a prepared statement (SQL): left; the next evaluation, on the same backend: yes; its session is a fresh login's: yes
a prepared statement (protocol): left; the next evaluation, on the same backend: yes; its session is a fresh login's: yes
a temporary table: left; the next evaluation, on the same backend: yes; its session is a fresh login's: yes
SETs: left; the next evaluation, on the same backend: yes; its session is a fresh login's: yes
SET ROLE: left; the next evaluation, on the same backend: yes; its session is a fresh login's: yes
a custom setting: reads "" (a fresh login: null); everything else a fresh login's: yes
-- two users, each its own
app24 keeps a backend of its own: yes; never app's: yes
app24's session: {"u":"app24","s":"app24"}; app's after it: {"u":"app","s":"app"}
app24's leftovers gone in its next evaluation: yes
-- the password
another password: refused, in the server's words
the app's own, by a PDO of the snippet's: "app"
a password the configuration gives that the server does not take: refused by the server
-- the guard on a kept connection
a write, read-only: refused (Illuminate\Database\QueryException)
a write, rollback: 3 rows inside, on a kept backend: yes; the server's dump unchanged: yes
