--TEST--
Databases: a warm worker does not relay Unix sockets yet, and says so: the app's socket is absent, nothing reaches the server, the entry's note names the gap
--DESCRIPTION--
The known gap of issue 19 item 3 (docs/ARCHITECTURE.md, "The database relay", step 2): a warm or
booted worker's view is its template's and cannot take the relay's socket listeners, so a database
the app reaches by a Unix socket (DB_SOCKET, DB_HOST=localhost through pdo_mysql.default_socket,
PostgreSQL's socket directory) is unreachable there: the connection fails (never the host's real
socket), even with allowWrites the server is unchanged, and sandbox.databases says why. Cold
evaluations relay it (009). When warm workers relay sockets, this test must become 009's warm twin.
The Evaluator here is warm whatever ALTAIR_EVAL_TEST_WARM says, so the test holds in both passes.
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
$evaluator = new Altair\Eval\Evaluator(warm: true);
foreach ([['mysql', 'socket'], ['mysql', 'localhost'], ['pgsql', 'socket']] as [$server, $via]) {
    $root = altair_db_laravel("db010-$server-$via", [$server => $via]);
    $before = altair_db_fingerprint($server);
    $read = $evaluator->evaluate(new Altair\Eval\EvalRequest(snippet: 'return User::count();', projectRoot: $root, timeoutMs: 20000));
    $write = $evaluator->evaluate(new Altair\Eval\EvalRequest(snippet: 'DB::table("posts")->delete(); return User::query()->delete();',
        projectRoot: $root, timeoutMs: 20000, allowWrites: true));
    $entry = array_values(array_filter($read->sandbox['databases'], fn ($d) => $d['protocol'] === $server))[0] ?? [];
    echo "$server $via: read ", $read->ok ? 'ANSWERED' : (str_contains($read->exception['message'] ?? '', 'No such file or directory') ? 'no socket' : 'failed otherwise'),
        ', write ', $write->ok ? 'ANSWERED' : 'failed',
        ', note ', str_contains((string) ($entry['note'] ?? ''), 'not relayed yet') ? 'names the gap' : json_encode($entry['note'] ?? null),
        altair_db_fingerprint($server) === $before ? ', server unchanged' : ', SERVER CHANGED', "\n";
}
$evaluator->close();
?>
--EXPECT--
mysql socket: read no socket, write failed, note names the gap, server unchanged
mysql localhost: read no socket, write failed, note names the gap, server unchanged
pgsql socket: read no socket, write failed, note names the gap, server unchanged
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
foreach (glob(sys_get_temp_dir() . '/altair-eval-test-db010-*') as $d) altair_test_remove($d);
?>
