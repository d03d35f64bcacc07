--TEST--
Databases: Laravel on MariaDB, PostgreSQL and Redis over TCP, configured by .env only: bin/altair eval answers with no flags, read-only, and says what holds
--DESCRIPTION--
Issue 19: the app's own databases are reached with zero configuration. The host reads .env
(common/discovery.c), declares the three servers, and the child's connections to 127.0.0.1:<port>
reach them only through the host's relay. sandbox.databases names each one, its mode and what
enforces it.
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
    $root = altair_db_laravel("db001-$server", [$server => 'tcp', 'redis' => 'tcp']);
    $cli = altair_cli($root, 'return [User::count(), User::where("email", "grace@example.com")->first()->name, DB::connection()->getDriverName(), Cache::get("missing", "default")];');
    echo "$server: exit {$cli['exit']}: ", json_encode(altair_db_decode($cli['result']['result'] ?? null) ?? $cli), "\n";
    $databases = $cli['result']['sandbox']['databases'] ?? [];
    foreach ($databases as $database) {
        echo '  ', $database['protocol'], ' ', $database['mode'], ' ', $database['enforced_by'] ? 'enforced' : 'NOT ENFORCED', "\n";
    }
}
?>
--EXPECTF--
mysql: exit 0: [3,"Grace Hopper","mysql","default"]
  %s read-only enforced
  %s read-only enforced
pgsql: exit 0: [3,"Grace Hopper","pgsql","default"]
  %s read-only enforced
  %s read-only enforced
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db001-');
?>
