--TEST--
Databases: a read-only session on MariaDB and PostgreSQL: a failed call's transaction and settings go back with it; MariaDB reads one snapshot for the whole session, PostgreSQL a fresh one per statement
--DESCRIPTION--
Issue 38, item 3, read-only mode, on the Laravel fixture. The server refuses every write, so there
is nothing to undo there, but each call is still marked with a savepoint of the relay's own: a call
killed inside DB::beginTransaction() leaves the next call outside any transaction, as the
session's restored state believes (without the mark the relay still shows the client's
transaction open after its next statement, and PDO refuses the next DB::transaction(): measured),
and PostgreSQL's SET goes back with the call (a MariaDB session variable is not transactional: it stays, docs/relay.md says so).
Snapshots, as the guard gives them: MariaDB's XA transaction is REPEATABLE READ, so a row the owner
commits between calls is not seen for the rest of the session; PostgreSQL's guard is READ
COMMITTED, so the next call sees it. The owner's row is deleted afterwards and the server is as
before.
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
use Altair\Eval\EvalRequest;

foreach (['mysql' => 'SELECT @@session.time_zone AS v', 'pgsql' => 'SHOW search_path'] as $server => $show) {
    $root = altair_db_laravel("db103-$server", [$server => 'tcp']);
    $before = altair_db_fingerprint($server);
    $set = $server === 'mysql' ? 'DB::statement("SET time_zone = \'+05:00\'");' : 'DB::statement("SET search_path TO nowhere");';
    $session = altair_evaluator()->openSession(new EvalRequest('return DB::table("users")->count();', $root,
        ...['timeoutMs' => 20000] + (altair_test_network() ? ['allowNetwork' => true] : [])));
    echo "$server opening: ", json_encode(altair_db_decode($session->opening->result)), "\n";
    echo '  what a call keeps: ', $session->opening->sandbox['databases'][0]['session_keeps'] ?? 'not said', "\n";
    $outside = 'return DB::table("posts")->where("title", "outside")->count();';
    $calls = [
        [$outside, 20000],
        ['outside', 0],
        [$outside, 20000],
        ['DB::beginTransaction(); DB::table("users")->count(); while (true) {}', 1500],
        ['DB::select("SELECT 1"); return [DB::transactionLevel(), DB::getPdo()->inTransaction(), DB::transaction(fn () => DB::table("users")->count())];', 20000],
        [$set . ' throw new RuntimeException("no");', 20000],
        ['return array_values((array) DB::selectOne("' . $show . '"));', 20000],
        ['try { DB::table("posts")->delete(); } catch (Throwable $e) { return str_contains($e->getMessage(), "read-only") ? "refused" : $e->getMessage(); } return "deleted";', 20000],
    ];
    foreach ($calls as $i => [$snippet, $timeout]) {
        if ($snippet === 'outside') {
            altair_db_client($server, "INSERT INTO posts (user_id, title, body) VALUES (1, 'outside', 'b')");
            echo "  the owner commits a row\n";
            continue;
        }
        $r = $session->evaluate($snippet, $timeout);
        $value = $r->ok ? json_encode(altair_db_decode($r->result))
            : ($r->exception['class'] ?? $r->limitExceeded ?? ($r->timedOut ? 'timeout' : ($r->error['type'] ?? 'exit ' . $r->exitCode)));
        echo '  call ', $r->session['call'], ': ', $r->session['kept'] ? 'kept' : 'undone', ' ', $value, "\n";
    }
    $session->close();
    altair_db_client($server, "DELETE FROM posts WHERE title = 'outside'");
    echo '  server unchanged: ', altair_db_fingerprint($server) === $before ? 'yes' : 'NO', "\n";
}
?>
--EXPECT--
mysql opening: 3
  what a call keeps: writes refused; a call that does not end well leaves the session's transaction as it was
  call 2: kept 0
  the owner commits a row
  call 3: kept 0
  call 4: undone time
  call 5: kept [0,false,3]
  call 6: undone RuntimeException
  call 7: kept ["+05:00"]
  call 8: kept "refused"
  server unchanged: yes
pgsql opening: 3
  what a call keeps: writes refused; a call that does not end well leaves the session's transaction as it was
  call 2: kept 0
  the owner commits a row
  call 3: kept 1
  call 4: undone time
  call 5: kept [0,false,3]
  call 6: undone RuntimeException
  call 7: kept ["public"]
  call 8: kept "refused"
  server unchanged: yes
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db103-mysql');
altair_test_clean('db103-pgsql');
?>
