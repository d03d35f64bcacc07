--TEST--
Databases: a child killed in the middle of a write (timeout) leaves nothing: no row, no transaction left on the server
--DESCRIPTION--
Issue 20 item 1: whatever happens the write is undone. The snippet writes in rollback mode and
with --writes inside its own transaction (posts first: users' foreign key would refuse the delete
before the test proves anything), then spins until the deadline kills it. The relay rolls
back when the connection closes; the server has no session of ours left in a transaction (a
MariaDB connection the relay keeps for the next evaluation is reset first: ROLLBACK, then
COM_RESET_CONNECTION; the test counts open transactions, as the server's root sees them).
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
foreach (['mysql', 'pgsql'] as $server) {
    $root = altair_db_laravel("db008-$server", [$server => 'tcp']);
    $before = altair_db_fingerprint($server);
    foreach (['rollback' => altair_db_rollback(), 'writes' => ['allowWrites' => true]] as $mode => $options) {
        $r = altair_db_eval($root, 'DB::beginTransaction(); DB::table("posts")->delete(); User::query()->delete(); while (true) {}', ['timeoutMs' => 1500] + $options);
        for ($i = 0; $i < 50 && ($open = altair_db_open_transactions($server)) !== '0'; $i++) {
            usleep(100000); // the server notices a closed connection on its own schedule
        }
        echo "$server $mode: ", $r->limitExceeded, ', transactions left ', $open, altair_db_fingerprint($server) === $before ? ', server unchanged' : ', SERVER CHANGED', "\n";
    }
}
?>
--EXPECT--
mysql rollback: time, transactions left 0, server unchanged
mysql writes: time, transactions left 0, server unchanged
pgsql rollback: time, transactions left 0, server unchanged
pgsql writes: time, transactions left 0, server unchanged
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db008-');
?>
