--TEST--
Warm: at most MAX_WARM_TEMPLATES templates per evaluator; the least recently used one is closed
--EXTENSIONS--
altair_eval
posix
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_test_root('w006');
$max = Evaluator::MAX_WARM_TEMPLATES;
var_dump($max >= 2);
$e = new Evaluator(warm: true);
// One policy per memory limit: each gets its template. A call's template, seen from here (a worker
// cannot name it: it runs in a PID namespace of its own where the kernel allows one): the one the
// call started, else the one that was there before (0 when that is not one).
$known = [];
$template = function (int $i) use ($e, $root, &$known): int {
    return altair_test_served(fn () => $e->evaluate(new EvalRequest('return 1;', $root, memoryLimitMb: 64 + $i)), $i, $known)[1];
};
// Running, not a zombie: the state follows the last ") " of /proc/PID/stat.
$alive = function (int $pid): bool {
    $stat = (string) @file_get_contents("/proc/$pid/stat");
    return $stat !== '' && substr($stat, strrpos($stat, ') ') + 2, 1) !== 'Z';
};

$pids = [];
for ($i = 0; $i < $max; $i++) {
    $pids[$i] = $template($i);
}
var_dump(count(array_unique($pids)) === $max, count(array_filter($pids, $alive)) === $max);

// Policy 0 used again: same template. Policy 1 is now the least recently used.
var_dump($template(0) === $pids[0]);
$pids[$max] = $template($max);
var_dump($alive($pids[0]), $alive($pids[1]), $alive($pids[$max]));
var_dump(count(array_filter($pids, $alive)) === $max);

// Policy 1 comes back with a new template (and closes the next least recently used: policy 2).
$again = $template(1);
var_dump($again !== $pids[1], $alive($again), $alive($pids[2]), $alive($pids[0]));
$e->close();
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('w006-');
?>
