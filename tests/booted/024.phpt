--TEST--
Booted warm (Laravel): while the developer's app runs (built-in server, a request loop writing its SQLite database, a queue worker, an artisan command), every warm call answers as a cold one would at that moment, from one boot, and nothing leaks
--DESCRIPTION--
Issue 36 item 2, the live-app soak, short enough for CI (bench/warm_app.php --live N runs it with
500 calls and prints its figures). tests/apps/live.inc starts the app's own processes; before each
warm evaluation the driver writes a row through the app's server, and the evaluation must count it;
every tenth is also evaluated cold. Before: every call booted the app again (the server, the worker
and the command write the database the boot had opened).
--EXTENSIONS--
altair_eval
pdo_sqlite
--SKIPIF--
<?php
require __DIR__ . '/../apps/live.inc';
if ($why = altair_test_app_missing()) die("skip $why");
require __DIR__ . '/boot_probe.inc';
if ($why = altair_booted_unavailable()) die("skip $why (tests/booted/009.phpt checks the reason)");
?>
--FILE--
<?php
require __DIR__ . '/../apps/live.inc';

$root = altair_test_app('laravel', 'b024');
altair_live_prepare($root);
$r = altair_live_soak($root, 60, 10);
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
printf("the template and its waiting workers: %d processes, then %d\n", $first['processes'], $last['processes']);
printf("the evaluator's processes after close(): %d\n", $r['left_after_close']);
?>
--EXPECT--
60 warm calls: 0 wrong, 6 compared with a cold evaluation
boots: 1
the app meanwhile: requests true, jobs true, its command true
caller: memory grew under 1 MiB: true, descriptors as many: true
template: memory grew under 1 MiB: true, descriptors as many: true
the template and its waiting workers: 3 processes, then 3
the evaluator's processes after close(): 0
--CLEAN--
<?php
require __DIR__ . '/clean.inc';
altair_clean_roots('b024');
altair_clean_roots('live');
?>
