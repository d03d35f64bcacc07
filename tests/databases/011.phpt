--TEST--
Databases: a warm app that reaches its database over TCP keeps the booted template; only a socket or a host name costs it, and PostgreSQL's localhost (TCP for libpq) is relayed booted with its default socket paths left out, which its entry says
--DESCRIPTION--
The booted template's workers cannot mount (docs/relay.md, "Where the child finds the relay"), so
runner/evaluator.c and runner/warm.c give a plain template only to a policy whose app connects by a
Unix socket or a host name (010). Here: MySQL at 127.0.0.1 and PostgreSQL at localhost are served
booted (sandbox.booted_template) through the relay, read-only enforced by the server; PostgreSQL's
default socket paths of localhost are not in the booted worker's view, and its entry's note says
so; MySQL's DB_SOCKET is served by a plain template whose workers say why.
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
$mysql = altair_db_laravel('db011-mysql-tcp', ['mysql' => 'tcp']);
$pgsql = altair_db_laravel('db011-pgsql-localhost', ['pgsql' => 'tcp']);
file_put_contents("$pgsql/.env", preg_replace('/^DB_HOST=.*$/m', 'DB_HOST=localhost', file_get_contents("$pgsql/.env")));
$socket = altair_db_laravel('db011-mysql-socket', ['mysql' => 'socket']);
foreach (['mysql tcp' => [$mysql, 'mysql'], 'pgsql localhost' => [$pgsql, 'pgsql'], 'mysql socket' => [$socket, 'mysql']] as $label => [$root, $server]) {
    $before = altair_db_fingerprint($server);
    $read = $evaluator->evaluate(new Altair\Eval\EvalRequest(snippet: 'return User::count();', projectRoot: $root, timeoutMs: 20000));
    $write = $evaluator->evaluate(new Altair\Eval\EvalRequest(snippet: 'return User::query()->where("id", 3)->delete();', projectRoot: $root, timeoutMs: 20000));
    $entry = array_values(array_filter($read->sandbox['databases'], fn ($d) => $d['protocol'] === $server))[0] ?? [];
    $plain = array_values(array_filter($read->sandbox['unavailable'], fn ($u) => str_starts_with($u, 'warm: the app is booted per evaluation')));
    echo "$label: read ", json_encode(altair_db_decode($read->result) ?? $read->exception['message'] ?? null),
        ", {$entry['mode']} through {$entry['reached_through']}, booted ", json_encode($read->sandbox['booted_template']),
        $plain ? ' (plain: ' . (str_contains($plain[0], 'Unix sockets and host names') ? 'says why' : $plain[0]) . ')' : '',
        ", note ", json_encode($entry['note']), "\n  write ", explode(' (', altair_db_refused($write))[0],
        altair_db_fingerprint($server) === $before ? ', server unchanged' : ', SERVER CHANGED', "\n";
}
$evaluator->close();
?>
--EXPECT--
mysql tcp: read 3, read-only through relay, booted true, note null
  write refused, server unchanged
pgsql localhost: read 3, read-only through relay, booted true, note "warm: the default socket paths of localhost are not relayed in a booted worker, which cannot mount them (its TCP address is; the paths lead nowhere)"
  write refused, server unchanged
mysql socket: read 3, read-only through relay, booted false (plain: says why), note null
  write refused, server unchanged
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
foreach (glob(sys_get_temp_dir() . '/altair-eval-test-db011-*') as $d) altair_test_remove($d);
?>
