--TEST--
Databases: a warm worker relays a database the app reaches by a Unix socket, as a cold child does: read-only enforced by the server, every query reported, and the app's socket path is the relay's, never the server's own socket
--DESCRIPTION--
Issue 19 item 3 in a warm worker (docs/ARCHITECTURE.md, "The database relay", step 2): the app's
DB_SOCKET, DB_HOST=localhost through pdo_mysql.default_socket (which run.sh sets for the caller and
so for the child), and PostgreSQL's socket directory. The template's view holds, at that path, a
listener the host keeps for the template, and each evaluation relays its own worker's connections:
- the read answers through the relay: sandbox.databases says read-only, reached through the relay,
  no note, and EvalResult::$queries holds the statement;
- a write without allowWrites is refused by the server (the driver's exception names read-only) and
  the server's own client finds nothing changed;
- the server's real socket path leads to the relay, never to the server: the snippet's own PDO,
  opened straight at that path with the .env credentials, is the relay's second connection, its
  query is reported, and its write is refused;
- the booted template serves it (its view holds the template's own listeners, which the host lends
  each evaluation's relay for its worker only), and nothing is reported unavailable.
The Evaluator here is warm whatever ALTAIR_EVAL_TEST_WARM says, so the test holds in both passes.
Without the worker's bind (before this was built) the read failed with "No such file or directory".
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
    $s = altair_db_server($server);
    // The snippet's own PDO, straight at the server's real socket path with the .env credentials.
    $dsn = $server === 'mysql' ? "mysql:unix_socket={$s['socket']};dbname=app" : 'pgsql:host=' . dirname($s['socket']) . ";port={$s['port']};dbname=app";
    $before = altair_db_fingerprint($server);
    $probe = sprintf(<<<'PHP'
        $pdo = new PDO(%s, 'app', 'secret', [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);
        $own = (int) $pdo->query('SELECT COUNT(*) FROM users')->fetchColumn();
        try {
            $pdo->exec('DELETE FROM posts');
            $write = 'WROTE';
        } catch (PDOException $e) {
            $write = str_contains($e->getMessage(), 'read-only') ? 'refused' : 'failed otherwise';
        }
        return ['app' => User::count(), 'own PDO at the real path' => $own, 'its write' => $write];
        PHP, var_export($dsn, true));
    $results = [];
    for ($i = 0; $i < 2; $i++) { // the second evaluation is another worker of the same template
        $results[] = $evaluator->evaluate(new Altair\Eval\EvalRequest(snippet: $probe, projectRoot: $root, timeoutMs: 20000));
    }
    $write = $evaluator->evaluate(new Altair\Eval\EvalRequest(snippet: 'DB::table("posts")->delete(); return User::query()->delete();',
        projectRoot: $root, timeoutMs: 20000));
    foreach ($results as $n => $read) {
        $entry = array_values(array_filter($read->sandbox['databases'], fn ($d) => $d['protocol'] === $server))[0] ?? [];
        $queries = array_filter($read->queries, fn ($q) => stripos($q['text'] ?? '', 'count(*)') !== false);
        echo "$server $via #$n: ", json_encode(altair_db_decode($read->result) ?? $read->exception['message'] ?? null),
            ", {$entry['mode']} through {$entry['reached_through']} ({$entry['connections']} connections), note ", json_encode($entry['note']),
            ', queries ', count($queries), ' reported',
            ', booted ', json_encode($read->sandbox['booted_template']), ', unavailable ', json_encode(altair_db_unavailable($read->sandbox)), "\n";
    }
    echo "$server $via write: ", explode(' (', altair_db_refused($write))[0],
        altair_db_fingerprint($server) === $before ? ', server unchanged' : ', SERVER CHANGED', "\n";
}
$during = count(glob(altair_scratch_base() . '/' . getmypid() . '-t*'));
$evaluator->close();
// The templates' relay listeners and their dirs go with the templates.
echo "template relay dirs: $during while warm, ", count(glob(altair_scratch_base() . '/' . getmypid() . '-t*')), " after close\n";
?>
--EXPECT--
mysql socket #0: {"app":3,"own PDO at the real path":3,"its write":"refused"}, read-only through relay (2 connections), note null, queries 2 reported, booted true, unavailable []
mysql socket #1: {"app":3,"own PDO at the real path":3,"its write":"refused"}, read-only through relay (2 connections), note null, queries 2 reported, booted true, unavailable []
mysql socket write: refused, server unchanged
mysql localhost #0: {"app":3,"own PDO at the real path":3,"its write":"refused"}, read-only through relay (2 connections), note null, queries 2 reported, booted true, unavailable []
mysql localhost #1: {"app":3,"own PDO at the real path":3,"its write":"refused"}, read-only through relay (2 connections), note null, queries 2 reported, booted true, unavailable []
mysql localhost write: refused, server unchanged
pgsql socket #0: {"app":3,"own PDO at the real path":3,"its write":"refused"}, read-only through relay (2 connections), note null, queries 2 reported, booted true, unavailable []
pgsql socket #1: {"app":3,"own PDO at the real path":3,"its write":"refused"}, read-only through relay (2 connections), note null, queries 2 reported, booted true, unavailable []
pgsql socket write: refused, server unchanged
template relay dirs: 3 while warm, 0 after close
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db010-');
?>
