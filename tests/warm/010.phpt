--TEST--
Warm: a call returns on the worker's answer, with all its output and its exit code; the template reaps every worker, none is left behind
--EXTENSIONS--
altair_eval
posix
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_test_root('w010');
// The parent of a pid, or null once nothing has that pid (a zombie still has one: it is left behind).
$parent = function (int $pid): ?int {
    $stat = (string) @file_get_contents("/proc/$pid/stat");
    return $stat === '' ? null : (int) explode(' ', substr($stat, strrpos($stat, ') ') + 2))[1];
};
$e = new Evaluator(warm: true);
// A booted template (read-only) and a plain one (writes), each serving one worker after another.
foreach (['read-only' => false, 'writes' => true] as $label => $writes) {
    $served = [];
    $template = null;
    for ($i = 0; $i < 6; $i++) {
        $code = match ($i % 3) {
            // Output written just before the end: all of it is in, though the call does not wait for the worker's exit.
            0 => 'echo str_repeat("o", 300000); fwrite(STDERR, str_repeat("e", 70000)); return [getmypid(), posix_getppid()];',
            1 => 'register_shutdown_function(function () { echo "late"; }); return [getmypid(), posix_getppid()];',
            2 => 'echo json_encode([getmypid(), posix_getppid()]); exit(7);',
        };
        $r = $e->evaluate(new EvalRequest($code, $root, allowWrites: $writes));
        if ($i % 3 === 2) {
            [$pid, $ppid] = json_decode($r->stdout, true);
            $ok = $r->exitCode === 7 && $r->error === null;
        } else {
            [$pid, $ppid] = array_column($r->result['value'], 'value');
            $ok = $r->ok && $r->exitCode === 0 && ($i % 3 === 0
                ? strlen($r->stdout) === 300000 && strlen($r->stderr) === 70000 : $r->stdout === 'late');
        }
        $template ??= $ppid;
        // Every worker served earlier is gone: not running, not a zombie of the template.
        $leftover = array_filter($served, fn (int $old): bool => $parent($old) === $template);
        printf("%s %d: %s, template %s, earlier workers left: %d\n", $label, $i, $ok ? 'complete' : 'WRONG ' . json_encode($r->toArray()),
            $ppid === $template ? 'same' : 'OTHER', count($leftover));
        $served[] = $pid;
    }
    $templates[] = $template;
    $last[] = $pid;
}
// The exit code is the one the kernel would report, as for a cold child (exit(-1) is 255).
$cold = new Evaluator();
foreach (['exit(-1);', 'exit(300);', 'exit(2);'] as $code) {
    printf("%s: warm %d, cold %d\n", $code, $e->evaluate(new EvalRequest($code, $root))->exitCode, $cold->evaluate(new EvalRequest($code, $root))->exitCode);
}
// close() ends both templates; their last workers go with them (parent-death signal), reaped by
// whoever inherits them.
$e->close();
foreach ([...$templates, ...$last] as $pid) {
    for ($tries = 0; $tries < 500 && $parent($pid) !== null && in_array($parent($pid), [getmypid(), ...$templates], true); $tries++) {
        usleep(20000);
    }
}
var_dump(array_filter($templates, fn (int $pid): bool => $parent($pid) === getmypid()));
var_dump(array_filter($last, fn (int $pid): bool => in_array($parent($pid), $templates, true)));
?>
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('w010-');
?>
--EXPECT--
read-only 0: complete, template same, earlier workers left: 0
read-only 1: complete, template same, earlier workers left: 0
read-only 2: complete, template same, earlier workers left: 0
read-only 3: complete, template same, earlier workers left: 0
read-only 4: complete, template same, earlier workers left: 0
read-only 5: complete, template same, earlier workers left: 0
writes 0: complete, template same, earlier workers left: 0
writes 1: complete, template same, earlier workers left: 0
writes 2: complete, template same, earlier workers left: 0
writes 3: complete, template same, earlier workers left: 0
writes 4: complete, template same, earlier workers left: 0
writes 5: complete, template same, earlier workers left: 0
exit(-1);: warm 255, cold 255
exit(300);: warm 44, cold 44
exit(2);: warm 2, cold 2
array(0) {
}
array(0) {
}
