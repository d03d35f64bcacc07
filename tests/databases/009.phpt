--TEST--
Databases: with --writes a write is kept, over a Unix socket too; DB_HOST=localhost reaches MySQL through the driver's default socket
--DESCRIPTION--
Issue 19 items 2 and 3: writes pass only when asked for; the app's configured address works
unchanged inside the sandbox: TCP, DB_SOCKET, DB_HOST=localhost (pdo_mysql.default_socket, which
run.sh sets for the caller and so for the child), PostgreSQL's socket directory as DB_HOST.
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
foreach ([['mysql', 'socket'], ['mysql', 'localhost'], ['pgsql', 'socket']] as [$server, $via]) {
    $root = altair_db_laravel("db009-$server-$via", [$server => $via]);
    $r = altair_db_eval($root, 'return User::count();');
    echo "$server $via: read ", json_encode(altair_db_decode($r->result) ?? $r->exception['message'] ?? null);
    $r = altair_db_eval($root, 'return User::query()->where("id", 3)->delete();');
    echo ', write ', explode(' (', altair_db_refused($r))[0]; // "refused" only when the driver's exception names read-only
    // The user's posts go first: posts.user_id's foreign key would refuse the delete otherwise.
    $r = altair_db_eval($root, 'DB::table("posts")->where("user_id", 3)->delete(); return User::query()->where("id", 3)->delete();', ['allowWrites' => true]);
    echo ', with writes ', json_encode(altair_db_decode($r->result) ?? $r->exception['message'] ?? null), ', server now ', altair_db_client($server, 'SELECT COUNT(*) FROM users'), "\n";
}
?>
--EXPECT--
mysql socket: read 3, write refused, with writes 1, server now 2
mysql localhost: read 3, write refused, with writes 1, server now 2
pgsql socket: read 3, write refused, with writes 1, server now 2
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db009-');
?>
