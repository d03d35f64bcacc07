--TEST--
Databases: PostgreSQL reads every statement itself (issue 35): string continuation, client encodings, pg_terminate_backend, a multi-statement migration in rollback mode, and what apps send on connect
--DESCRIPTION--
Issue 35 items 2 and 7, through the real Evaluator on the Laravel and Symfony fixtures (cold and warm,
as run.sh runs every test twice). The relay splits and classifies a Query with PostgreSQL's own
parser (libpg_query) and sends the server each statement as a message of its own, so a text the
relay read as one statement cannot run as several; it reads no client encoding whose characters can
hold an ASCII byte; it refuses functions whose effects no transaction undoes. Judged on the server:
  - `SELECT E'x' --` newline `'\' y' ; COMMIT ; DELETE FROM posts ; SELECT 1 --'` (one SELECT to the
    relay's lexer, four statements to the server: the tables were emptied), read-only and rollback,
    Laravel and Symfony;
  - SJIS asked for by SET, by set_config and by a DSN's options (`SELECT '\xb1' ; COMMIT ; DELETE …`
    then wrote);
  - `pg_terminate_backend` of another session of the app's role in read-only mode (the session died);
  - `RELEASE SAVEPOINT U&"\0061ltair_q"` (the relay's own savepoint, named in escapes);
  - a migration of several statements through `DB::unprepared()` in rollback mode runs and is undone;
  - Laravel's `isolation_level` option (`SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL`
    on connect, refused before) and MySQL's `SET SESSION TRANSACTION ISOLATION LEVEL`.
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
$root = altair_db_laravel('db022', ['pgsql' => 'tcp']);
$port = altair_db_server('pgsql')['port'];
$before = altair_db_fingerprint('pgsql');
$unchanged = fn () => altair_db_fingerprint('pgsql') === $before ? 'server unchanged' : 'SERVER CHANGED';
$said = fn (Altair\Eval\EvalResult $r) => $r->ok ? 'passed: ' . json_encode(altair_db_decode($r->result)) : (string) ($r->exception['message'] ?? $r->error['message'] ?? '?');
$refusal = fn (Altair\Eval\EvalResult $r) => $r->ok ? 'NOT REFUSED: ' . $said($r)
    : (preg_match('/altair_eval: (.*?) refused|(syntax error)|(client encodings whose characters can hold an ASCII byte)/', $said($r), $m) ? 'refused (' . ($m[1] ?: ($m[2] ?? '') ?: ($m[3] ?? '')) . ')' : 'failed otherwise: ' . substr($said($r), 0, 160));

echo "-- a string continued across a comment\n";
$continued = "SELECT E'x' --\n'\\\\' y' ; COMMIT ; DELETE FROM posts ; SELECT 1 --'";
foreach (['read-only' => [], 'rollback' => altair_db_rollback()] as $mode => $options) {
    $r = altair_db_eval($root, 'return DB::unprepared(' . var_export($continued, true) . ');', $options);
    echo "Laravel $mode: ", $refusal($r), ', ', $unchanged(), "\n";
}

echo "-- client encodings whose characters hold ASCII bytes\n";
$sjis = "SELECT '\xb1' ; COMMIT ; DELETE FROM posts ; SELECT '\xb1'";
$e = '$e = Dotenv\Dotenv::parse(file_get_contents(base_path(".env")));';
foreach ([
    'SET client_encoding' => 'DB::statement("SET client_encoding = \'SJIS\'"); return DB::unprepared(' . var_export($sjis, true) . ');',
    'set_config' => 'DB::select("SELECT set_config(\'client_encoding\', \'SJIS\', false)"); return DB::unprepared(' . var_export($sjis, true) . ');',
    "a DSN's options" => $e . '$p = new PDO("pgsql:host=127.0.0.1;port=" . $e["DB_PORT"] . ";dbname=app;options=\'--client_encoding=SJIS\'", "app", "secret", [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]); return $p->exec(' . var_export($sjis, true) . ');',
] as $route => $snippet) {
    $r = altair_db_eval($root, $snippet, altair_db_rollback());
    echo "$route: ", $refusal($r), ', ', $unchanged(), "\n";
}

echo "-- functions no transaction undoes, the relay's savepoint in escapes\n";
$victim = altair_db_owner_pdo('pgsql');
$victimPid = (int) $victim->query('SELECT pg_backend_pid()')->fetchColumn();
$r = altair_db_eval($root, 'return DB::select("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = current_user AND pid <> pg_backend_pid()");');
$alive = altair_db_client('pgsql', "SELECT count(*) FROM pg_stat_activity WHERE pid = $victimPid");
echo 'pg_terminate_backend: ', $refusal($r), ', the other session ', $alive === '1' ? 'alive' : 'KILLED', "\n";
$r = altair_db_eval($root, 'DB::beginTransaction(); return DB::statement(\'RELEASE SAVEPOINT U&"\\\\0061ltair_q"\');', altair_db_rollback());
echo 'RELEASE SAVEPOINT U&"\0061ltair_q": ', $refusal($r), "\n";
$victim = null;

echo "-- a migration of several statements, tried and undone\n";
$migration = 'DB::unprepared("CREATE TABLE tried (id serial PRIMARY KEY, title text NOT NULL); INSERT INTO tried (title) SELECT title FROM posts; ALTER TABLE tried ADD COLUMN note text DEFAULT \'x\'; DELETE FROM posts;"); return [DB::table("tried")->count(), DB::table("posts")->count()];';
$r = altair_db_eval($root, $migration, altair_db_rollback());
echo 'rollback: ', $said($r), ', ', $unchanged(), ', ', altair_db_client('pgsql', "SELECT count(*) FROM pg_tables WHERE tablename = 'tried'") === '0' ? 'no table left' : 'THE TABLE STAYED', "\n";

echo "-- what apps send on connect\n";
$config = $root . '/config/database.php';
file_put_contents($config, str_replace("'sslmode' => 'prefer',", "'sslmode' => 'prefer',\n            'isolation_level' => 'read committed',", file_get_contents($config)));
$r = altair_db_eval($root, 'return [User::count(), DB::select("SHOW transaction_isolation")[0]->transaction_isolation];');
echo "Laravel's isolation_level (pgsql): ", $said($r), "\n";
$my = altair_db_laravel('db022-mysql', ['mysql' => 'tcp']);
$r = altair_db_eval($my, 'DB::statement("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED"); DB::statement("SET TRANSACTION ISOLATION LEVEL SERIALIZABLE"); DB::statement("SET autocommit = 1"); return [User::count(), DB::select("CHECKSUM TABLE users")[0]->Table];');
echo 'MySQL SET SESSION TRANSACTION, SET TRANSACTION, SET autocommit, CHECKSUM TABLE: ', $said($r), "\n";

echo "-- Symfony\n";
$symfony = altair_db_symfony('db022-symfony', 'pgsql');
$products = altair_db_client('pgsql', 'SELECT COUNT(*) FROM product');
$r = altair_db_eval($symfony, 'return container(Doctrine\DBAL\Connection::class)->executeStatement(' . var_export(str_replace('posts', 'product', $continued), true) . ');', altair_db_rollback());
echo 'the continued string: ', $refusal($r), ', ', altair_db_client('pgsql', 'SELECT COUNT(*) FROM product') === $products ? 'server unchanged' : 'SERVER CHANGED', "\n";
?>
--EXPECT--
-- a string continued across a comment
Laravel read-only: refused (syntax error), server unchanged
Laravel rollback: refused (syntax error), server unchanged
-- client encodings whose characters hold ASCII bytes
SET client_encoding: refused (a client encoding whose characters can hold an ASCII byte (SJIS, BIG5, GBK, UHC, GB18030, JOHAB)), server unchanged
set_config: refused (set_config), server unchanged
a DSN's options: refused (client encodings whose characters can hold an ASCII byte), server unchanged
-- functions no transaction undoes, the relay's savepoint in escapes
pg_terminate_backend: refused (pg_terminate_backend), the other session alive
RELEASE SAVEPOINT U&"\0061ltair_q": refused (a savepoint of the relay (altair_*))
-- a migration of several statements, tried and undone
rollback: passed: [3,0], server unchanged, no table left
-- what apps send on connect
Laravel's isolation_level (pgsql): passed: [3,"read committed"]
MySQL SET SESSION TRANSACTION, SET TRANSACTION, SET autocommit, CHECKSUM TABLE: passed: [3,"app.users"]
-- Symfony
the continued string: refused (syntax error), server unchanged
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db022');
?>
