--TEST--
Databases: Laravel on PostgreSQL: every write route and every transaction-mode escape is refused, and the server is unchanged
--DESCRIPTION--
Issue 19 item 2: one server-side READ ONLY transaction per relayed session that the snippet cannot
end or turn read-write (SET default_transaction_read_only, SET SESSION CHARACTERISTICS, BEGIN READ
WRITE … COMMIT in one string, a DSN's options, set_config), judged with psql afterwards.
--EXTENSIONS--
altair_eval
pdo_pgsql
pgsql
--SKIPIF--
<?php
require __DIR__ . '/databases.inc';
if ($why = altair_db_missing('pgsql')) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/databases.inc';
$root = altair_db_laravel('db003', ['pgsql' => 'tcp']);
$before = altair_db_fingerprint('pgsql');
$env = '$e = Dotenv\Dotenv::parse(file_get_contents(base_path(".env")));';
$dsn = '"pgsql:host=127.0.0.1;port=" . $e["DB_PORT"] . ";dbname=app"';
$pdo = $env . '$p = new PDO(' . $dsn . ', $e["DB_USERNAME"], $e["DB_PASSWORD"], [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);';
$routes = [
    'eloquent delete' => 'return User::query()->delete();',
    'eloquent create' => 'return User::create(["name" => "Eve", "email" => "eve@example.com", "password" => "x"])->id;',
    'DROP TABLE' => 'return DB::statement("DROP TABLE posts");',
    'unprepared multi' => 'return DB::unprepared("BEGIN READ WRITE; DELETE FROM posts; COMMIT;");',
    'default_tx off' => 'DB::statement("SET default_transaction_read_only = off"); return DB::delete("DELETE FROM posts");',
    'characteristics' => 'DB::statement("SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE"); return DB::delete("DELETE FROM posts");',
    'set_config' => 'DB::select("SELECT set_config(\'transaction_read_only\', \'off\', false)"); return DB::delete("DELETE FROM posts");',
    'COMMIT then write' => 'DB::unprepared("COMMIT"); return DB::delete("DELETE FROM posts");',
    'transaction' => 'return DB::transaction(fn () => User::query()->update(["name" => "changed"]));',
    'DSN options' => $env . '$p = new PDO("pgsql:host=127.0.0.1;port=" . $e["DB_PORT"] . ";dbname=app;options=\'-c default_transaction_read_only=off\'", $e["DB_USERNAME"], $e["DB_PASSWORD"], [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]); return $p->exec("DELETE FROM posts");',
    'raw PDO from .env' => $pdo . 'return $p->exec("DELETE FROM users");',
    'raw pg_connect' => $env . '$c = pg_connect("host=127.0.0.1 port=" . $e["DB_PORT"] . " dbname=app user=" . $e["DB_USERNAME"] . " password=" . $e["DB_PASSWORD"]); $q = @pg_query($c, "END; DELETE FROM posts"); if ($q === false) throw new RuntimeException(pg_last_error($c)); return pg_affected_rows($q);',
    'PREPARE TRANSACTION' => $pdo . '$p->exec("DELETE FROM posts"); return $p->exec("PREPARE TRANSACTION \'x\'");',
];
foreach ($routes as $route => $snippet) {
    $r = altair_db_eval($root, $snippet);
    $after = altair_db_fingerprint('pgsql');
    echo str_pad($route, 20), altair_db_refused($r), $after === $before ? ', server unchanged' : ', SERVER CHANGED', "\n";
}
echo 'an error does not poison the next query: ', json_encode(altair_db_eval($root, 'try { DB::select("SELECT * FROM nope"); } catch (Throwable) {} return User::count();')->result['value'] ?? null), "\n";
?>
--EXPECTF--
eloquent delete     refused (%s), server unchanged
eloquent create     refused (%s), server unchanged
DROP TABLE          refused (%s), server unchanged
unprepared multi    refused (%s), server unchanged
default_tx off      refused (%s), server unchanged
characteristics     refused (%s), server unchanged
set_config          refused (%s), server unchanged
COMMIT then write   refused (%s), server unchanged
transaction         refused (%s), server unchanged
DSN options         refused (%s), server unchanged
raw PDO from .env   refused (%s), server unchanged
raw pg_connect      refused (%s), server unchanged
PREPARE TRANSACTION refused (%s), server unchanged
an error does not poison the next query: 3
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db003-');
?>
