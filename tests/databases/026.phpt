--TEST--
Databases: while the developer's Laravel app runs on MariaDB (built-in server, a request loop writing, a queue worker, an artisan command), every warm call counts the row just written, as a cold one does, from one boot, and nothing leaks
--DESCRIPTION--
Issue 36 item 2, the live-app soak on MariaDB (tests/booted/024 runs it on SQLite; bench/warm_app.php
--live N runs 500 calls). The app's own processes (tests/apps/live.inc) reach the server directly;
each evaluation reaches it through the relay, kept connections and all, and must see the row the
driver wrote through the app's server just before (no snapshot kept between evaluations), as a cold
evaluation does. The same in every pass of run.sh: warm and cold evaluators are explicit here.
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
require __DIR__ . '/../apps/live.inc';

$root = altair_db_laravel('db026', ['mysql' => 'tcp']);
altair_live_prepare($root);
$r = altair_live_soak($root, 40, 8, ['timeoutMs' => 20000]);
printf("%d warm calls: %d wrong, %d compared with a cold evaluation%s\n", $r['calls'], $r['wrong'], $r['cold_compared'],
    $r['first_wrong'] ? ' (' . implode('; ', $r['first_wrong']) . ')' : '');
printf("boots: %d\n", $r['boots']);
printf("the app meanwhile: requests %s, jobs %s, its command %s\n", json_encode(($r['app']['visits'] ?? 0) > 0),
    json_encode(($r['app']['jobs_done'] ?? 0) > 0), json_encode(($r['app']['stamps'] ?? 0) > 0));
[$first, $last] = [$r['resources']['first'], $r['resources']['last']];
foreach (['caller', 'template'] as $who) {
    printf("%s: memory grew under 1 MiB: %s, descriptors as many: %s\n", $who,
        json_encode($last[$who]['rss_kib'] - $first[$who]['rss_kib'] < 1024), json_encode($last[$who]['fds'] <= $first[$who]['fds']));
}
printf("the evaluator's processes after close(): %d\n", $r['left_after_close']);
echo 'open transactions on the server: ', altair_db_open_transactions('mysql'), "\n";
?>
--EXPECT--
40 warm calls: 0 wrong, 5 compared with a cold evaluation
boots: 1
the app meanwhile: requests true, jobs true, its command true
caller: memory grew under 1 MiB: true, descriptors as many: true
template: memory grew under 1 MiB: true, descriptors as many: true
the evaluator's processes after close(): 0
open transactions on the server: 0
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db026-');
altair_test_clean('live-');
?>
