--TEST--
Databases: the relay's spin (altair_eval.relay_spin_us) changes nothing but latency: the same statements, rows and refusals with it off, on, and over its cap, cold and warm, on MariaDB and PostgreSQL
--DESCRIPTION--
After it moves bytes, once eight waits in a row were short, the relay polls without sleeping for
altair_eval.relay_spin_us (default 100, capped at 1000, runner/relay.c altair_eval_relay_poll)
before it sleeps in poll. The spin only decides when the relay looks again: every setting must
relay the same conversation. Here, for each server and setting: 300 statements back to back (the
spin's case: each reply is in before the relay would sleep), a result of 3 MB (more than the relay's backlog, so the loop stops and resumes
reading the server), a refused write (read-only by the server), and the recorded queries. The
setting is read when an evaluation starts and can be changed at run time; a negative value is none.
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
echo 'default: ', ini_get('altair_eval.relay_spin_us'), "\n";
$snippet = <<<'PHP'
$sum = 0;
for ($i = 0; $i < 300; $i++) {
    $sum += (int) DB::selectOne("SELECT $i AS n")->n;
}
$big = DB::selectOne(DB::getDriverName() === 'mysql' ? "SELECT REPEAT('x', 3145728) AS b" : "SELECT repeat('x', 3145728) AS b")->b;
try {
    DB::delete('DELETE FROM users');
    $refused = 'NOT REFUSED';
} catch (Throwable $e) {
    $refused = str_contains($e->getMessage(), '--writes') ? 'refused' : $e->getMessage();
}
return [$sum, strlen($big), md5($big) === md5(str_repeat('x', 3145728)), $refused, User::count()];
PHP;
foreach (['mysql', 'pgsql'] as $server) {
    $root = altair_db_laravel("db013-$server", [$server => 'tcp']);
    $before = altair_db_fingerprint($server);
    $answers = [];
    foreach ([false, true] as $warm) {
        $evaluator = new Altair\Eval\Evaluator(warm: $warm);
        foreach (['0', '100', '5000', '-7'] as $spin) {
            ini_set('altair_eval.relay_spin_us', $spin);
            $r = $evaluator->evaluate(new Altair\Eval\EvalRequest(snippet: $snippet, projectRoot: $root, timeoutMs: 30000));
            $answers[] = json_encode([altair_db_decode($r->result) ?? $r->exception['message'] ?? null, count($r->queries),
                array_column($r->sandbox['databases'], 'mode')]);
        }
    }
    ini_restore('altair_eval.relay_spin_us');
    echo "$server: ", count(array_unique($answers)) === 1 ? 'all 8 alike: ' . $answers[0] : "DIFFER:\n  " . implode("\n  ", $answers), "\n";
    echo "  server unchanged: ", altair_db_fingerprint($server) === $before ? 'yes' : 'NO', "\n";
}
echo 'restored: ', ini_get('altair_eval.relay_spin_us'), "\n";
?>
--EXPECTF--
default: 100
mysql: all 8 alike: [[44850,3145728,true,"refused",%d],%d,["read-only"]]
  server unchanged: yes
pgsql: all 8 alike: [[44850,3145728,true,"refused",%d],%d,["read-only"]]
  server unchanged: yes
restored: 100
