--TEST--
Databases: a kept MariaDB connection takes the same login again without asking the server, and its session is the one a fresh login gets
--DESCRIPTION--
Issue 19 item 6 (cost): a login the server accepted at its first round against the scramble of the
greeting the relay replays is a proof of the password (relay/mysql/kept.c, "proof"); a later
client sending the same user, plugin, auth data, database and character set is answered by the
relay, on a connection keep() has already reset and given that login's database, character set
and guard transaction. Judged on the server:
  - the session is the one a fresh login gets (keep off): character sets, collation, database,
    user, autocommit, transaction, sql_mode and time zone, after an evaluation that changed all of
    them; fails without keep()'s INIT_DB and SETs (checked: the reset leaves latin1 for a client that
    asked for utf8mb4);
  - the server is not asked (its general log has no login of the app's user: on the build before,
    one 'Change user' per evaluation), and is for anything else: a wrong
    password for the same user is refused by the server, another user is that user;
  - the guard is the server's, on the answered session too: a write is refused and nothing changes;
  - the transaction keep() opens takes no snapshot: a row the server's root adds between two
    evaluations is counted by the second.
A connection whose last login was another user's (a COM_CHANGE_USER, which MariaDB answers with
an auth switch: no proof) is logged in by the server for the app's user again, as before: that part
comes last. Once the server took other auth data for the proof's user (a password changed on the
server, then used), the proof goes: the old password is refused again.
Laravel's connector opens with `use `app`;`: right after the login the session is in that database,
so the relay answers it (the server's general log has no such query; the result still lists it), and
a USE later in a session goes to the server.
--EXTENSIONS--
altair_eval
pdo_mysql
mysqli
--SKIPIF--
<?php
require __DIR__ . '/databases.inc';
if ($why = altair_db_missing('mysql')) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/databases.inc';
$root = altair_db_laravel('db016', ['mysql' => 'tcp']);
$port = altair_db_server('mysql')['port'];
$value = fn (Altair\Eval\EvalResult $r) => $r->ok ? altair_db_decode($r->result) : 'FAILED: ' . ($r->exception['message'] ?? $r->error['message'] ?? '?');
// The server's own record of the logins it took on a connection: its general log, kept in a table
// for this test only.
altair_db_root("SET GLOBAL log_output = 'TABLE'; SET GLOBAL general_log = 1");
$changes = fn (string $user = 'app') => (int) preg_replace('/\D/', '', altair_db_root("SELECT COUNT(*) FROM mysql.general_log WHERE command_type IN ('Change user', 'Connect') AND user_host LIKE '%[$user] @%'"));

$session = "SELECT CONNECTION_ID() AS id, @@character_set_client AS client, @@character_set_connection AS connection, "
    . "@@character_set_results AS results, @@collation_connection AS collation, DATABASE() AS db, CURRENT_USER() AS user, "
    . "@@autocommit AS autocommit, @@in_transaction AS in_transaction, @@session.sql_mode AS sql_mode, @@session.time_zone AS tz";
$logins = [
    'PDO' => "return (new PDO('mysql:host=127.0.0.1;port=$port;dbname=app', 'app', 'secret'))->query('$session')->fetch(PDO::FETCH_ASSOC);",
    'PDO, charset=utf8mb4' => "return (new PDO('mysql:host=127.0.0.1;port=$port;dbname=app;charset=utf8mb4', 'app', 'secret'))->query('$session')->fetch(PDO::FETCH_ASSOC);",
    'PDO, charset=latin1' => "return (new PDO('mysql:host=127.0.0.1;port=$port;dbname=app;charset=latin1', 'app', 'secret'))->query('$session')->fetch(PDO::FETCH_ASSOC);",
    'mysqli' => "return (new mysqli('127.0.0.1', 'app', 'secret', 'app', $port))->query('$session')->fetch_assoc();",
    'Laravel' => "return (array) DB::select('$session')[0];",
];
$dirty = "\$p = new PDO('mysql:host=127.0.0.1;port=$port;dbname=app', 'app', 'secret'); \$p->exec('SET NAMES utf8'); "
    . "\$p->exec('USE information_schema'); \$p->exec(\"SET time_zone = '+05:00'\"); \$p->exec(\"SET sql_mode = ''\"); return 1;";

echo "-- the session of a login answered by the relay, against a fresh login's\n";
foreach ($logins as $name => $snippet) {
    ini_set('altair_eval.relay_keep_ms', '0');
    $fresh = $value(altair_db_eval($root, $snippet));
    ini_restore('altair_eval.relay_keep_ms');
    altair_db_eval($root, $snippet);
    altair_db_eval($root, $dirty);
    $before = $changes();
    $first = $value(altair_db_eval($root, $snippet));
    $second = $value(altair_db_eval($root, $snippet));
    $asked = $changes() - $before;
    $ids = [$first['id'] ?? null, $second['id'] ?? null];
    foreach ([&$fresh, &$first, &$second] as &$row) {
        if (is_array($row)) {
            unset($row['id']);
        }
    }
    unset($row);
    $same = $fresh === $first && $first === $second;
    printf("%s: %s; %s; logins the server took: %d\n", $name, $same ? 'the same session' : 'ANOTHER SESSION', $ids[0] !== null && $ids[0] === $ids[1] ? 'one kept connection' : 'NOT KEPT', $asked);
    if (!$same) {
        echo json_encode($fresh), "\n", json_encode($first), "\n", json_encode($second), "\n";
    }
}

echo "-- the guard on an answered session\n";
$count = fn () => trim(altair_db_client('mysql', 'SELECT COUNT(*) FROM posts'));
$posts = $count();
altair_db_eval($root, 'return DB::select("SELECT 1");');
$before = $changes();
echo "a delete: ", altair_db_refused(altair_db_eval($root, 'return DB::delete("DELETE FROM posts");')), "; answered by the relay: ", $changes() === $before ? 'yes' : 'NO', "; posts unchanged: ", $count() === $posts ? 'yes' : 'NO', "\n";

echo "-- no snapshot while kept\n";
$users = fn () => $value(altair_db_eval($root, 'return App\Models\User::count();'));
$a = $users();
altair_db_root("INSERT INTO app.users (name, email, password) VALUES ('Kept', 'kept-016@example.com', 'x')");
$b = $users();
altair_db_root("DELETE FROM app.users WHERE email = 'kept-016@example.com'");
echo "the root's row counted by the next evaluation: ", $b === $a + 1 ? 'yes' : "NO ($a then $b)", "\n";
echo "-- anything else goes to the server (only it says access denied, or who is logged in)\n";
$wrong = altair_db_eval($root, "return (new PDO('mysql:host=127.0.0.1;port=$port;dbname=app', 'app', 'wrong'))->query('SELECT 1')->fetchColumn();");
echo "a wrong password: ", $wrong->ok ? 'LOGGED IN' : (str_contains($wrong->exception['message'] ?? '', 'Access denied') ? 'access denied' : 'failed otherwise: ' . ($wrong->exception['message'] ?? '?')), "\n";
altair_db_root("DROP USER IF EXISTS 'reader16'@'%'");
altair_db_root("CREATE USER 'reader16'@'%' IDENTIFIED BY 'other'; GRANT SELECT ON app.* TO 'reader16'@'%'");
$other = $value(altair_db_eval($root, "return (new PDO('mysql:host=127.0.0.1;port=$port;dbname=app', 'reader16', 'other'))->query('SELECT CURRENT_USER()')->fetchColumn();"));
echo "another user: ", json_encode($other), "\n";

echo "-- a password changed on the server, then logged in with\n";
altair_db_root("DROP USER IF EXISTS 'turn16'@'%'");
altair_db_root("CREATE USER 'turn16'@'%' IDENTIFIED BY 'one'; GRANT SELECT ON app.* TO 'turn16'@'%'");
$as = fn (string $password) => altair_db_eval($root, "return (new PDO('mysql:host=127.0.0.1;port=$port;dbname=app', 'turn16', '$password'))->query('SELECT CURRENT_USER()')->fetchColumn();");
// Its first login on a fresh server connection (an empty keep), which the server takes at its first
// round: the proof; then the same login, answered by the relay.
ini_set('altair_eval.relay_keep_ms', '0');
$as('one');
ini_restore('altair_eval.relay_keep_ms');
$as('one');
$before = $changes('turn16');
$as('one');
echo "the same login again answered by the relay: ", $changes('turn16') === $before ? 'yes' : 'NO', "\n";
altair_db_root("ALTER USER 'turn16'@'%' IDENTIFIED BY 'two'");
$new = $as('two');
echo "the new password: ", $new->ok ? 'logged in' : 'REFUSED: ' . ($new->exception['message'] ?? '?'), "\n";
$old = $as('one');
echo "then the old one: ", $old->ok ? 'LOGGED IN' : (str_contains($old->exception['message'] ?? '', 'Access denied') ? 'access denied' : 'failed otherwise: ' . ($old->exception['message'] ?? '?')), "\n";
altair_db_root("DROP USER IF EXISTS 'turn16'@'%'");

echo "-- Laravel's `use` of the login's database\n";
$uses = fn () => (int) preg_replace('/\D/', '', altair_db_root("SELECT COUNT(*) FROM mysql.general_log WHERE command_type = 'Query' AND LOWER(CONVERT(argument USING utf8mb4)) LIKE 'use `app`%'"));
$before = $uses();
$r = altair_db_eval($root, 'return App\Models\User::count();');
$listed = in_array('use `app`;', array_map(fn ($q) => $q['text'] ?? $q['sql'] ?? '', $r->queries ?? []), true);
echo "the server saw it: ", $uses() === $before ? 'no' : 'YES', "; the result lists it: ", $listed ? 'yes' : 'NO', "; the count: ", json_encode($value($r)), "\n";
$r = altair_db_eval($root, "\$p = new PDO('mysql:host=127.0.0.1;port=$port;dbname=app', 'app', 'secret'); \$p->exec('USE information_schema'); \$p->exec('USE `app`'); return \$p->query('SELECT DATABASE()')->fetchColumn();");
echo "a USE of another database and back, later in a session: ", json_encode($value($r)), "; the server saw the way back: ", $uses() === $before ? 'NO' : 'yes', "\n";

altair_db_root("DROP USER IF EXISTS 'reader16'@'%'");
altair_db_root("SET GLOBAL general_log = 0; TRUNCATE mysql.general_log");
?>
--EXPECT--
-- the session of a login answered by the relay, against a fresh login's
PDO: the same session; one kept connection; logins the server took: 0
PDO, charset=utf8mb4: the same session; one kept connection; logins the server took: 0
PDO, charset=latin1: the same session; one kept connection; logins the server took: 0
mysqli: the same session; one kept connection; logins the server took: 0
Laravel: the same session; one kept connection; logins the server took: 0
-- the guard on an answered session
a delete: refused (Illuminate\Database\QueryException); answered by the relay: yes; posts unchanged: yes
-- no snapshot while kept
the root's row counted by the next evaluation: yes
-- anything else goes to the server (only it says access denied, or who is logged in)
a wrong password: access denied
another user: "reader16@%"
-- a password changed on the server, then logged in with
the same login again answered by the relay: yes
the new password: logged in
then the old one: access denied
-- Laravel's `use` of the login's database
the server saw it: no; the result lists it: yes; the count: 3
a USE of another database and back, later in a session: "app"; the server saw the way back: yes
