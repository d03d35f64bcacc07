--TEST--
Booted warm: a project written all the time between two calls (tens of thousands of writes beside the files the boot read) leaves the template booted; an edit after them is still seen
--DESCRIPTION--
Issue 36 item 1. The template's watch queues every change in the directories the boot depended
on, and an overflowed queue (16,384 events by default) must count as a change: any could have been
lost. Before, the queue was read only when a request came, and it also took every open of every
file in the project (a built-in server compiling its files per request): a busy app beside the
template overflowed it between two calls, and the next call booted again. Now the watch takes no
opens once the boot is over, and the template reads its queue as it fills while it waits.
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php
require __DIR__ . '/boot_probe.inc';
if ($why = altair_booted_unavailable()) die("skip $why (tests/booted/009.phpt checks the reason)");
?>
--FILE--
<?php
require __DIR__ . '/boot_probe.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_booted_project('b023', '$GLOBALS["greeting"] = trim(file_get_contents(__DIR__ . "/greeting.txt"));');
file_put_contents("$root/config/greeting.txt", "hello\n");
// Two logs beside the boot's files (config/ is a directory the boot depends on), made before it.
$logs = ["$root/config/a.log", "$root/config/b.log"];
array_map('touch', $logs);

$warm = new Evaluator(warm: true);
$request = new EvalRequest('return $GLOBALS["greeting"];', $root);
$first = $warm->evaluate($request);
echo json_encode(altair_booted_plain($first)), "\n";

// 24,000 appends, in turn to each log (inotify merges only an event identical to the last one
// queued), over about a second, as an app's writes come.
$handles = array_map(fn ($log) => fopen($log, 'a'), $logs);
for ($i = 0; $i < 24000; $i++) {
    fwrite($handles[$i % 2], "line $i\n");
    fflush($handles[$i % 2]);
    if ($i % 400 === 0) {
        usleep(15000);
    }
}
array_map('fclose', $handles);
usleep(100000);
$r = $warm->evaluate($request);
echo json_encode(altair_booted_plain($r)), ' same boot: ', json_encode($r->host['boot_id'] === $first->host['boot_id']), "\n";

file_put_contents("$root/config/greeting.txt", "howdy\n");
$r = $warm->evaluate($request);
echo json_encode(altair_booted_plain($r)), ' same boot: ', json_encode($r->host['boot_id'] === $first->host['boot_id']), "\n";
$warm->close();
?>
--EXPECT--
"hello"
"hello" same boot: true
"howdy" same boot: false
--CLEAN--
<?php
require __DIR__ . '/clean.inc';
altair_clean_roots('b023');
?>
