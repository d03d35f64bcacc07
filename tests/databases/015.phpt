--TEST--
Databases: a MariaDB connection the relay keeps between evaluations serves the next one with nothing of the last one's session, holds nothing while it waits, and has the server check every other login
--DESCRIPTION--
Issue 19 item 6 (cost): the relay keeps a server connection when its client is done between
commands (runner/relay.c, relay/mysql/kept.c): ROLLBACK and COM_RESET_CONNECTION first, then the
next client of that server and mode gets the kept greeting and its login becomes a
COM_CHANGE_USER, unless it is the login the server accepted first on that connection, which the
relay answers itself (tests/databases/016). Each claim below is checked on the server, by its root where the app's user
cannot see:
  - the next evaluation runs on the same connection (CONNECTION_ID), with no user variable, no
    named lock, no session setting, no temporary table of the last one;
  - while kept it holds no transaction and no metadata lock: the root's ALTER TABLE on a table the
    last evaluation read goes through at once (with the guard transaction still open it would wait
    for its lock_wait_timeout and fail);
  - another user than the one a kept connection is logged in as gets a connection of its own
    (issue 35: what COM_RESET_CONNECTION leaves, SHOW PROFILES' history among it, is never another
    user's to read), and SHOW PROFILES is emptied between evaluations of the same user;
  - every other login is checked by the server: another user (CURRENT_USER, and the superuser
    probe answered for that user, not the last one), a wrong password refused (and that connection
    not kept), a client whose capabilities differ (mysqli with FOUND_ROWS: affected rows count the
    matched rows, which only its own session does) logged in on a fresh connection;
  - rollback mode still undoes its writes; a kept connection the server killed is replaced;
    altair_eval.relay_keep_ms=0 keeps none; connections past the keep's room end as before, with
    their goodbye, and a connection let go from the keep reads what its server sent before its
    goodbye (the server counts no aborted client: with unread bytes, closing resets the
    connection); a forked caller never uses its parent's.
--EXTENSIONS--
altair_eval
pdo_mysql
mysqli
pcntl
--SKIPIF--
<?php
require __DIR__ . '/databases.inc';
if ($why = altair_db_missing('mysql')) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/databases.inc';
$root = altair_db_laravel('db015', ['mysql' => 'tcp']);
$port = altair_db_server('mysql')['port'];
altair_db_root("DROP USER IF EXISTS 'reader'@'%', 'boss'@'%'");
altair_db_root("CREATE USER 'reader'@'%' IDENTIFIED BY 'other'; GRANT ALL ON app.* TO 'reader'@'%'; CREATE USER 'boss'@'%' IDENTIFIED BY 'boss'; GRANT ALL ON *.* TO 'boss'@'%'");

$id = 'DB::select("SELECT CONNECTION_ID() AS id")[0]->id';
$value = fn (Altair\Eval\EvalResult $r) => $r->ok ? altair_db_decode($r->result) : 'FAILED: ' . ($r->exception['message'] ?? $r->error['message'] ?? '?');
$same = fn ($a, $b) => $a === $b ? 'the same connection' : 'another connection';
$pdo = fn (string $user, string $password) => "new PDO('mysql:host=127.0.0.1;port=$port;dbname=app', '$user', '$password', [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION])";

echo "-- the next evaluation, nothing of the last one's session\n";
$first = $value(altair_db_eval($root, 'DB::select("SET @leak = 42"); DB::select("SELECT GET_LOCK(\'altair_leak\', 0)"); DB::select("SET SESSION max_join_size = 12345"); DB::statement("SET profiling = 1"); DB::select("SELECT \'altair_secret\'"); return ' . $id . ';'));
$next = altair_db_eval($root, 'return [' . $id . ', DB::select("SELECT @leak AS v, IS_USED_LOCK(\'altair_leak\') AS l, @@session.max_join_size = 12345 AS j")[0], json_encode(DB::select("SHOW PROFILES"))];');
$v = $value($next);
echo $same($first, $v[0]), "; user variable ", json_encode($v[1]['v']), ", named lock ", json_encode($v[1]['l']), ", session setting kept ", json_encode($v[1]['j']),
    ", the last statements in SHOW PROFILES: ", str_contains($v[2], 'altair_secret') ? 'YES' : 'no', "\n";

echo "-- kept, it holds nothing\n";
echo "open transactions: ", altair_db_open_transactions('mysql'), "\n";
echo trim(altair_db_root("SET SESSION lock_wait_timeout = 2; ALTER TABLE users COMMENT = 'altair'; ALTER TABLE users COMMENT = ''; SELECT 'ALTER TABLE went through'")), "\n";

echo "-- more connections at once than the keep holds\n";
// Aborted_clients before this block: read once nothing else of this test is still ending.
$aborted = fn () => (int) preg_replace('/\D/', '', altair_db_root("SHOW GLOBAL STATUS LIKE 'Aborted_clients'"));
$before = $aborted();
for ($i = 0; $i < 20; $i++) {
    usleep(100000);
    if (($now = $aborted()) === $before) {
        break;
    }
    $before = $now;
}
$r = altair_db_eval($root, '$c = []; for ($i = 0; $i < 6; $i++) { $c[$i] = ' . $pdo('app', 'secret') . '; $c[$i]->query("SELECT 1"); } return count($c);');
echo $value($r), " connections; the server counts ", $aborted() - $before, " aborted (those past the keep's room end with their goodbye)\n";
$first = $value(altair_db_eval($root, 'return ' . $id . ';')); // the keep now holds four: the next calls take the one this took

echo "-- every client logged in again; another user never on a kept connection of the last one's\n";
$r = altair_db_eval($root, '$p = ' . $pdo('reader', 'other') . '; $row = $p->query("SELECT CONNECTION_ID(), CURRENT_USER()")->fetch(PDO::FETCH_NUM); try { $p->exec("DELETE FROM posts"); } catch (PDOException $e) { $row[] = str_contains($e->getMessage(), "read-only") ? "delete refused" : $e->getMessage(); } return $row;');
$v = $value($r);
echo $same($first, $v[0]), " as ", $v[1], ", ", $v[2], "\n";
$r = altair_db_eval($root, '$p = ' . $pdo('boss', 'boss') . '; return $p->query("SELECT CONNECTION_ID(), CURRENT_USER()")->fetch(PDO::FETCH_NUM);');
$v = $value($r);
echo $same($first, $v[0]), " as ", $v[1], ", superuser: ", json_encode($r->sandbox['databases'][0]['superuser'] ?? null), "\n";
$r = altair_db_eval($root, 'return [' . $id . ', DB::select("SELECT CURRENT_USER() AS u")[0]->u];');
$v = $value($r);
echo $same($first, $v[0]), " as ", $v[1], ", superuser: ", json_encode($r->sandbox['databases'][0]['superuser'] ?? null), "\n";
$r = altair_db_eval($root, 'try { ' . $pdo('app', 'wrong') . '; return "logged in"; } catch (PDOException $e) { return str_contains($e->getMessage(), "Access denied") ? "access denied" : $e->getMessage(); }');
echo "wrong password: ", $value($r), "\n";
$after = $value(altair_db_eval($root, 'return ' . $id . ';'));
echo "after it: ", $same($first, $after), "\n";
$writes = ['allowWrites' => true];
$kept = $value(altair_db_eval($root, 'return ' . $id . ';', $writes));
$r = altair_db_eval($root, '$m = mysqli_init(); $m->real_connect("127.0.0.1", "app", "secret", "app", ' . $port . ', null, MYSQLI_CLIENT_FOUND_ROWS); $m->query("BEGIN"); $m->query("UPDATE users SET name = name WHERE id = 1"); $rows = $m->affected_rows; $m->query("ROLLBACK"); return [$m->query("SELECT CONNECTION_ID()")->fetch_row()[0], $rows];', $writes);
$v = $value($r);
echo "mysqli with FOUND_ROWS: ", $same($kept, (int) $v[0]), ", an update that changes nothing affects ", $v[1], " row\n";
echo "then: ", $same($kept, $value(altair_db_eval($root, 'return ' . $id . ';', $writes))), "\n";

echo "-- writes, rollback, a killed connection, none kept\n";
$kept = $value(altair_db_eval($root, 'DB::statement("CREATE TEMPORARY TABLE t_leak (id int)"); return ' . $id . ';', $writes));
$v = $value(altair_db_eval($root, 'try { DB::select("SELECT * FROM t_leak"); $t = "temporary table still there"; } catch (Throwable $e) { $t = "no temporary table"; } return [' . $id . ', $t];', $writes));
echo $same($kept, $v[0]), ", ", $v[1], "\n";
$before = altair_db_fingerprint('mysql');
$kept = $value(altair_db_eval($root, 'DB::table("posts")->delete(); return ' . $id . ';', altair_db_rollback()));
$v = $value(altair_db_eval($root, 'return [' . $id . ', DB::table("posts")->count()];', altair_db_rollback()));
echo $same($kept, $v[0]), ", posts ", $v[1] === (int) altair_db_client('mysql', 'SELECT COUNT(*) FROM posts') ? 'all there' : 'GONE', altair_db_fingerprint('mysql') === $before ? ', server unchanged' : ', SERVER CHANGED', "\n";
$kept = $value(altair_db_eval($root, 'return ' . $id . ';'));
altair_db_root("KILL $kept");
$r = altair_db_eval($root, 'return [' . $id . ', User::count()];');
$v = $value($r);
echo "killed by the server: ", $same($kept, $v[0]), ", count ", $v[1], "\n";
ini_set('altair_eval.relay_keep_ms', '0');
$a = $value(altair_db_eval($root, 'return ' . $id . ';'));
$b = $value(altair_db_eval($root, 'return ' . $id . ';'));
echo "relay_keep_ms=0: ", $same($a, $b), "\n";
ini_restore('altair_eval.relay_keep_ms');

echo "-- a forked caller\n";
$kept = $value(altair_db_eval($root, 'return ' . $id . ';'));
$said = sys_get_temp_dir() . '/altair-eval-db015-child-' . getmypid();
$pid = pcntl_fork();
if ($pid === 0) {
    $v = $value(altair_db_eval($root, 'return ' . $id . ';'));
    file_put_contents($said, $same($kept, $v));
    exit(0);
}
pcntl_waitpid($pid, $status);
echo "child: ", file_get_contents($said), "\n";
echo "parent: ", $same($kept, $value(altair_db_eval($root, 'return ' . $id . ';'))), "\n";
@unlink($said);
echo "open transactions: ", altair_db_open_transactions('mysql'), "\n";
altair_db_root("DROP USER 'reader'@'%', 'boss'@'%'");
?>
--EXPECT--
-- the next evaluation, nothing of the last one's session
the same connection; user variable null, named lock null, session setting kept 0, the last statements in SHOW PROFILES: no
-- kept, it holds nothing
open transactions: 0
ALTER TABLE went through
-- more connections at once than the keep holds
6 connections; the server counts 0 aborted (those past the keep's room end with their goodbye)
-- every client logged in again; another user never on a kept connection of the last one's
another connection as reader@%, delete refused
another connection as boss@%, superuser: true
another connection as app@%, superuser: false
wrong password: access denied
after it: another connection
mysqli with FOUND_ROWS: another connection, an update that changes nothing affects 1 row
then: the same connection
-- writes, rollback, a killed connection, none kept
the same connection, no temporary table
the same connection, posts all there, server unchanged
killed by the server: another connection, count 3
relay_keep_ms=0: another connection
-- a forked caller
child: another connection
parent: the same connection
open transactions: 0
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db015-');
?>
