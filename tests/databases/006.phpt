--TEST--
Databases: rollback mode on MariaDB and PostgreSQL: the snippet's writes are seen by its own reads and gone afterwards; Redis writes are refused, saying they cannot be rolled back
--DESCRIPTION--
Issue 20 item 1: --writes=rollback. One server-side transaction per relayed session, always rolled
back; implicit-commit statements (MySQL DDL) are refused since they cannot be undone. The server
afterwards is what it was, read with its own client.
--EXTENSIONS--
altair_eval
pdo_mysql
pdo_pgsql
redis
--SKIPIF--
<?php
require __DIR__ . '/databases.inc';
if ($why = altair_db_missing('mysql', 'pgsql', 'redis')) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/databases.inc';
foreach (['mysql', 'pgsql'] as $server) {
    $root = altair_db_laravel("db006-$server", [$server => 'tcp', 'redis' => 'tcp']);
    $before = altair_db_fingerprint($server);
    $r = altair_db_eval($root, '$u = User::create(["name" => "Eve", "email" => "eve@example.com", "password" => "x"]); $u->posts()->create(["title" => "t", "body" => "b"]); DB::transaction(fn () => User::where("id", 1)->update(["name" => "Changed"])); return [User::count(), User::find(1)->name, $u->posts()->count()];', altair_db_rollback());
    echo "$server: ", json_encode(altair_db_decode($r->result) ?? $r->exception['message'] ?? null), altair_db_fingerprint($server) === $before ? ', server unchanged' : ', SERVER CHANGED', "\n";
    $r = altair_db_eval($root, 'return DB::statement("CREATE TABLE scratch_t (x int)");', altair_db_rollback());
    echo "  DDL: ", $r->ok ? 'ran' : 'refused', altair_db_fingerprint($server) === $before ? ', server unchanged' : ', SERVER CHANGED', "\n";
    echo "  mode: ", implode(',', array_column($r->sandbox['databases'] ?? [], 'mode')), "\n";
}
$redisBefore = altair_db_fingerprint('redis');
$r = altair_db_eval($root, 'return Cache::put("k", "v", 60);', altair_db_rollback());
echo 'redis: ', !$r->ok || altair_db_decode($r->result) === false ? 'refused' : 'NOT REFUSED', altair_db_fingerprint('redis') === $redisBefore ? ', server unchanged' : ', SERVER CHANGED', "\n";
?>
--EXPECTF--
mysql: [4,"Changed",1], server unchanged
  DDL: refused, server unchanged
  mode: rollback%S
pgsql: [4,"Changed",1], server unchanged
  DDL: ran, server unchanged
  mode: rollback%S
redis: refused, server unchanged
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db006-');
?>
