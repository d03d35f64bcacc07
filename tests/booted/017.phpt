--TEST--
Booted warm: a waiting worker given a request while its template turns out stale is killed before it touches the request's conduits; the next template answers with the edit, nothing doubled, nothing left behind
--DESCRIPTION--
Issue 21 item 1. A booted template hands the request to a waiting worker first and checks its
boot's files (the watch's events, and a stat of each file they cannot vouch for) while that worker
prepares its lockdown (guest/template/template.c: the verdict). The worker reads and writes
nothing of its request until the verdict: when the template is stale it kills the worker and
answers STALE, and the host sends the same request, conduits and all, to a new template. Here each
call follows an edit of a file the boot read: its answer must be the edited value, its output and
frames the new worker's alone (a worker that ran before the verdict would have written the old
value first), and afterwards the Evaluator holds one template with its waiting workers, no zombie.
--EXTENSIONS--
altair_eval
posix
--SKIPIF--
<?php
require __DIR__ . '/boot_probe.inc';
if ($why = altair_booted_unavailable()) die("skip $why (tests/booted/009.phpt checks the reason)");
?>
--FILE--
<?php
require __DIR__ . '/boot_probe.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_booted_project('b017', '$GLOBALS["version"] = trim(file_get_contents(__DIR__ . "/version.txt"));');
file_put_contents("$root/config/version.txt", "v0\n");
$e = new Evaluator(warm: true);
$snippet = 'echo "out-", $GLOBALS["version"]; fwrite(STDERR, "err-" . $GLOBALS["version"]); return $GLOBALS["version"];';
$show = function (Altair\Eval\EvalResult $r): void {
    echo json_encode([$r->ok, altair_booted_plain($r), $r->stdout, $r->stderr, $r->exitCode, $r->sandbox['booted_template']]), "\n";
};
$show($e->evaluate(new EvalRequest($snippet, $root)));
for ($i = 1; $i <= 4; $i++) {
    file_put_contents("$root/config/version.txt", "v$i\n");
    touch("$root/config/version.txt", time() + 10 * $i);
    $show($e->evaluate(new EvalRequest($snippet, $root)));
}
// One template left (the stale ones exited, their workers with them); its workers wait, none a
// zombie. The call returns on the answer, while its worker is still exiting: the template reaps it
// once it has (off the call's path), so a zombie is given up to two seconds to go.
$templates = altair_test_children(null, true);
$template = array_key_first($templates);
$zombieList = fn (): array => array_filter(array_keys(altair_test_children($template, true)), fn (int $pid) => str_starts_with(
    trim(explode("\n", explode('State:', (string) @file_get_contents("/proc/$pid/status"))[1] ?? '')[0]), 'Z'));
for ($i = 0; $i < 200 && ($zombies = $zombieList()) !== []; $i++) {
    usleep(10000);
}
echo count($templates), ' template, ', count(altair_test_children($template)) > 0 ? 'its workers waiting' : 'NO WORKER', ', zombies: ', count($zombies), "\n";
$e->close();
?>
--EXPECT--
[true,"v0","out-v0","err-v0",0,true]
[true,"v1","out-v1","err-v1",0,true]
[true,"v2","out-v2","err-v2",0,true]
[true,"v3","out-v3","err-v3",0,true]
[true,"v4","out-v4","err-v4",0,true]
1 template, its workers waiting, zombies: 0
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('b017-');
?>
