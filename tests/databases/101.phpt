--TEST--
Databases: a session in rollback mode on MariaDB keeps a good call's writes and undoes a failed call's, its transaction and prepared statements included; a timed-out call leaves the next one working; the server is unchanged after the session
--DESCRIPTION--
Issue 38, item 3, on the Laravel fixture against a real MariaDB. One relay serves the session and
the app's connection stays open across calls; each call begins with a savepoint of the relay's own
(relay/mysql/call.c), released when the call is kept and rolled back to when it is not. Call 3
inserts and throws: call 4 sees call 1's row and not call 3's. Call 5 opens a transaction, inserts,
leaves a statement prepared and is killed at its timeout (no destructor runs): call 6 finds no
transaction (the relay's view of the client's transaction went back with the savepoint, so the
app's next transaction works), no row, and no statement left prepared on the server
(COM_STMT_CLOSE). A snippet cannot touch the relay's savepoints. A statement cut by the call's
timeout is gone from the server right after the call: the session's statement time limit is armed
again with each call's deadline (without that, measured, call 10's SLEEP(5) ran on past the call
and past close()); the next call works (the connection is settled, or closed and the app
reconnects: which depends on whether the server's own time limit or the call's timeout came
first). After close() the server, read with its own client, is as before the session, and no
session of the app's user is left.
--EXTENSIONS--
altair_eval
pdo_mysql
--SKIPIF--
<?php
require __DIR__ . '/databases.inc';
if ($why = altair_db_missing('mysql')) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/databases.inc';
use Altair\Eval\EvalRequest;

$root = altair_db_laravel('db101', ['mysql' => 'tcp']);
$before = altair_db_fingerprint('mysql');
$titles = 'return DB::table("posts")->whereIn("title", ["kept", "undone", "in tx", "after"])->orderBy("title")->pluck("title")->all();';

// The statements prepared on the server, counted by the server: the undone call's held one is closed.
$opening = '$prepared = fn () => (int) DB::selectOne("SHOW GLOBAL STATUS LIKE \'Prepared_stmt_count\'")->Value; return DB::table("users")->count();';
$session = altair_evaluator()->openSession(new EvalRequest($opening, $root,
    ...altair_db_rollback() + ['timeoutMs' => 20000] + (altair_test_network() ? ['allowNetwork' => true] : [])));
echo 'opening: ', json_encode(altair_db_decode($session->opening->result)), "\n";
echo 'what a call keeps: ', $session->opening->sandbox['databases'][0]['session_keeps'] ?? 'not said', "\n";
foreach ([
    ['DB::table("posts")->insert(["user_id" => 1, "title" => "kept", "body" => "b"]); return "inserted";', 20000],
    ['$prepared_then = $prepared(); ' . $titles, 20000],
    ['DB::table("posts")->insert(["user_id" => 1, "title" => "undone", "body" => "b"]); throw new RuntimeException("no");', 20000],
    [$titles, 20000],
    ['DB::beginTransaction(); DB::table("posts")->insert(["user_id" => 1, "title" => "in tx", "body" => "b"]);'
        . ' $GLOBALS["held"] = DB::getPdo()->prepare("SELECT 1"); $GLOBALS["held"]->execute(); while (true) {}', 1500],
    ['return [DB::transactionLevel(), DB::getPdo()->inTransaction(), $prepared() - $prepared_then];', 20000],
    ['DB::transaction(fn () => DB::table("posts")->insert(["user_id" => 1, "title" => "after", "body" => "b"])); ' . $titles, 20000],
    ['try { DB::statement("ROLLBACK TO SAVEPOINT altair_call_7"); } catch (Throwable $e) { return $e->getMessage(); } return "passed";', 20000],
    ['try { DB::statement("RELEASE SAVEPOINT `ALTAIR_call_7`"); } catch (Throwable $e) { return $e->getMessage(); } return "passed";', 20000],
    ['return DB::select("SELECT SLEEP(5) AS s");', 1000],
    ['return DB::table("users")->count();', 20000],
] as $i => [$snippet, $timeout]) {
    $r = $session->evaluate($snippet, $timeout);
    $value = $r->ok ? json_encode(altair_db_decode($r->result))
        : ($r->exception['class'] ?? $r->limitExceeded ?? ($r->timedOut ? 'timeout' : ($r->error['type'] ?? 'exit ' . $r->exitCode)));
    if (str_contains($value, 'altair_eval:')) {
        $value = str_contains($value, 'altair_*') ? 'refused: the relay\'s savepoint' : $value;
    }
    echo 'call ', $i + 1, ': ', $r->session['kept'] ? 'kept' : 'undone', ' ', $i === 9 ? '' : $value, "\n";
    if ($i === 9) {
        echo '  still running after the call: ', trim(altair_db_root("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE 'SELECT SLEEP(5)%'")), "\n";
    }
}
$session->close();
echo 'server unchanged: ', altair_db_fingerprint('mysql') === $before ? 'yes' : 'NO', "\n";
echo 'sessions left: ', altair_db_other_sessions('mysql') === '0' || altair_db_open_transactions('mysql') === '0' ? 'none in a transaction' : 'SOME', "\n";
echo 'statements running: ', altair_db_root("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE 'SELECT SLEEP%'"), "\n";
?>
--EXPECT--
opening: 3
what a call keeps: a call's writes stay for the session's next calls when it ends well, are undone when it does not, and all are undone when the session ends
call 1: kept "inserted"
call 2: kept ["kept"]
call 3: undone RuntimeException
call 4: kept ["kept"]
call 5: undone time
call 6: kept [0,false,0]
call 7: kept ["after","kept"]
call 8: kept refused: the relay's savepoint
call 9: kept refused: the relay's savepoint
call 10: undone 
  still running after the call: 0
call 11: kept 3
server unchanged: yes
sessions left: none in a transaction
statements running: 0
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db101');
?>
