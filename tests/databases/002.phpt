--TEST--
Databases: Laravel on MariaDB: every write route is refused by the server, and the server is unchanged
--DESCRIPTION--
Issue 19 item 2 and 5: read-only by default, enforced by the server inside a transaction the snippet
cannot end. Each route is judged by reading the server with its own client afterwards. The routes
include the escapes of a transaction-mode attack (COMMIT, autocommit, a procedure, PREPARE FROM
@var, executable comments, multi-statements) and a raw PDO/mysqli opened with the .env credentials.
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
$root = altair_db_laravel('db002', ['mysql' => 'tcp']);
altair_db_owner_pdo('mysql')->exec('DROP PROCEDURE IF EXISTS wipe');
altair_db_owner_pdo('mysql')->exec('CREATE PROCEDURE wipe() BEGIN DELETE FROM posts; COMMIT; END');
$before = altair_db_fingerprint('mysql');
$env = '$e = Dotenv\Dotenv::parse(file_get_contents(base_path(".env")));';
$pdo = $env . '$p = new PDO("mysql:host=127.0.0.1;port=" . $e["DB_PORT"] . ";dbname=app", $e["DB_USERNAME"], $e["DB_PASSWORD"], [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);';
$routes = [
    'eloquent delete' => 'return User::query()->delete();',
    'eloquent create' => 'return User::create(["name" => "Eve", "email" => "eve@example.com", "password" => "x"])->id;',
    'DB::insert' => 'return DB::insert("INSERT INTO posts (user_id, title, body) VALUES (1, \'x\', \'y\')");',
    'DROP TABLE' => 'return DB::statement("DROP TABLE posts");',
    'unprepared multi' => 'return DB::unprepared("CREATE TABLE t (x int); INSERT INTO posts (user_id, title, body) VALUES (1, \'x\', \'y\')");',
    'transaction' => 'return DB::transaction(fn () => User::query()->update(["name" => "changed"]));',
    'COMMIT then write' => 'DB::statement("COMMIT"); return DB::delete("DELETE FROM posts");',
    'autocommit' => 'DB::statement("SET autocommit = 1"); return DB::delete("DELETE FROM posts");',
    'procedure' => 'return DB::statement("CALL wipe()");',
    'PREPARE FROM @var' => 'DB::statement("SET @q = \'DELETE FROM posts\'"); DB::statement("PREPARE s FROM @q"); return DB::statement("EXECUTE s");',
    'executable comment' => 'return DB::statement("/*!40000 DROP TABLE posts */");',
    'raw PDO from .env' => $pdo . 'return $p->exec("DELETE FROM users");',
    'raw PDO multi' => $pdo . 'return $p->exec("COMMIT; DELETE FROM users");',
    'raw mysqli' => $env . 'mysqli_report(MYSQLI_REPORT_ERROR | MYSQLI_REPORT_STRICT); $m = new mysqli("127.0.0.1", $e["DB_USERNAME"], $e["DB_PASSWORD"], "app", (int) $e["DB_PORT"]); $m->autocommit(true); return $m->query("DELETE FROM users");',
    'mysqli change_user' => $env . 'mysqli_report(MYSQLI_REPORT_ERROR | MYSQLI_REPORT_STRICT); $m = new mysqli("127.0.0.1", $e["DB_USERNAME"], $e["DB_PASSWORD"], "app", (int) $e["DB_PORT"]); $m->change_user($e["DB_USERNAME"], $e["DB_PASSWORD"], "app"); return $m->query("DELETE FROM users");',
];
foreach ($routes as $route => $snippet) {
    $r = altair_db_eval($root, $snippet);
    $after = altair_db_fingerprint('mysql');
    echo str_pad($route, 20), altair_db_refused($r), $after === $before ? ', server unchanged' : ', SERVER CHANGED', "\n";
}
echo 'reads still work: ', altair_db_eval($root, 'return User::count();')->result['value'], "\n";
?>
--EXPECTF--
eloquent delete     refused (%s), server unchanged
eloquent create     refused (%s), server unchanged
DB::insert          refused (%s), server unchanged
DROP TABLE          refused (%s), server unchanged
unprepared multi    refused (%s), server unchanged
transaction         refused (%s), server unchanged
COMMIT then write   refused (%s), server unchanged
autocommit          refused (%s), server unchanged
procedure           refused (%s), server unchanged
PREPARE FROM @var   refused (%s), server unchanged
executable comment  refused (%s), server unchanged
raw PDO from .env   refused (%s), server unchanged
raw PDO multi       refused (%s), server unchanged
raw mysqli          refused (%s), server unchanged
mysqli change_user  refused (%s), server unchanged
reads still work: 3
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db002-');
?>
