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
// Which template served a call is seen from here (a worker cannot name it where it has a PID
// namespace of its own); a worker is known by its number there (getmypid()).
$known = [];
foreach (['read-only' => false, 'writes' => true] as $label => $writes) {
    $served = [];
    $template = null;
    for ($i = 0; $i < 6; $i++) {
        $code = match ($i % 3) {
            // Output written just before the end: all of it is in, though the call does not wait for the worker's exit.
            0 => 'echo str_repeat("o", 300000); fwrite(STDERR, str_repeat("e", 70000)); return [getmypid(), 0];',
            1 => 'register_shutdown_function(function () { echo "late"; }); return [getmypid(), 0];',
            2 => 'echo json_encode([getmypid(), 0]); exit(7);',
        };
        [$r, $ppid] = altair_test_served(fn () => $e->evaluate(new EvalRequest($code, $root, allowWrites: $writes)), $label, $known);
        if ($i % 3 === 2) {
            [$pid] = json_decode($r->stdout, true);
            $ok = $r->exitCode === 7 && $r->error === null;
        } else {
            [$pid] = array_column($r->result['value'], 'value');
            $ok = $r->ok && $r->exitCode === 0 && ($i % 3 === 0
                ? strlen($r->stdout) === 300000 && strlen($r->stderr) === 70000 : $r->stdout === 'late');
        }
        $template ??= $ppid;
        // Every worker served earlier is gone: not running, not a zombie of the template.
        $leftover = array_intersect($served, altair_test_children($template, true));
        printf("%s %d: %s, template %s, earlier workers left: %d\n", $label, $i, $ok ? 'complete' : 'WRONG ' . json_encode($r->toArray()),
            $ppid === $template ? 'same' : 'OTHER', count($leftover));
        $served[] = $pid;
    }
    $templates[] = $template;
}
// The exit code is the one the kernel would report, as for a cold child (exit(-1) is 255).
$cold = new Evaluator();
foreach (['exit(-1);', 'exit(300);', 'exit(2);'] as $code) {
    printf("%s: warm %d, cold %d\n", $code, $e->evaluate(new EvalRequest($code, $root))->exitCode, $cold->evaluate(new EvalRequest($code, $root))->exitCode);
}
// close() ends both templates; their last workers (and waiting ones) go with them (parent-death
// signal, or their PID namespace ends), reaped by whoever inherits them.
$last = [];
foreach ($templates as $template) {
    $last = [...$last, ...array_keys(altair_test_children($template, true))];
}
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
