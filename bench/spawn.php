<?php
/*
 * Spawn cost, side by side in one run (absolute times on these machines mean little; ratios do):
 *   1. bare:      php -r 'return 1+1;' with the same ini (this extension loaded), via proc_open
 *   2. evaluate:  Evaluator::evaluate('return 1+1;') from this small caller
 *   3. evaluate:  the same from a caller holding 256 MB
 *   4. bare:      proc_open from the 256 MB caller (fork()-based, for contrast)
 * Targets: (2) ≤ 1.10 × (1); (3) within +1 ms of (2).
 *
 * Run: php -d extension=modules/altair_eval.so bench/spawn.php [rounds]
 */
declare(strict_types=1);

use Altair\Eval\EvalRequest;
use Altair\Eval\Evaluator;

$rounds = (int) ($argv[1] ?? 40);
$self = null;
foreach (explode("\n", (string) shell_exec('cat /proc/' . getmypid() . '/maps')) as $line) {
    if (str_contains($line, 'altair_eval.so')) { $self = substr($line, strpos($line, '/')); break; }
}
$root = sys_get_temp_dir() . '/altair-bench-' . getmypid();
@mkdir($root);
$evaluator = new Evaluator();
$request = new EvalRequest('return 1+1;', $root);

function median(array $samples): float
{
    sort($samples);
    $n = count($samples);
    return $n % 2 ? $samples[intdiv($n, 2)] : ($samples[$n / 2 - 1] + $samples[$n / 2]) / 2;
}

function bare(string $module): void
{
    $process = proc_open([PHP_BINARY, '-d', 'extension=' . $module, '-r', 'return 1+1;'], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    stream_get_contents($pipes[1]);
    stream_get_contents($pipes[2]);
    proc_close($process);
}

function measure(callable $run, int $rounds): float
{
    $run(); // warm-up
    $samples = [];
    for ($i = 0; $i < $rounds; $i++) {
        $start = hrtime(true);
        $run();
        $samples[] = (hrtime(true) - $start) / 1e6;
    }
    return median($samples);
}

// Blocks alternate between a small caller and the same caller holding 256 MB, so that drift on a
// shared machine affects all four series alike.
$series = ['bare' => [], 'eval' => [], 'eval256' => [], 'bare256' => []];
$perBlock = max(1, intdiv($rounds, 5));
for ($block = 0; $block < 5; $block++) {
    $series['bare'][] = measure(fn () => bare($self), $perBlock);
    $series['eval'][] = measure(function () use ($evaluator, $request) {
        $r = $evaluator->evaluate($request);
        if (!$r->ok) { throw new RuntimeException('evaluation failed: ' . json_encode($r->toArray())); }
    }, $perBlock);
    $ballast = str_repeat('x', 256 * 1024 * 1024);
    $series['eval256'][] = measure(fn () => $evaluator->evaluate($request), $perBlock);
    $series['bare256'][] = measure(fn () => bare($self), $perBlock);
    unset($ballast);
}
[$bareSmall, $evalSmall, $evalBig, $bareBig] = array_map('median', array_values($series));
rmdir($root); // scratch lives outside the project (runner/scratch.c)

printf("%-46s %9s %9s\n", 'median of 5 blocks of ' . $perBlock . ' runs', 'ms', 'ratio');
printf("%-46s %9.2f %9s\n", "bare php -r 'return 1+1;' (same ini)", $bareSmall, '1.00');
printf("%-46s %9.2f %9.2f   target <= 1.10\n", 'evaluate(return 1+1;)', $evalSmall, $evalSmall / $bareSmall);
printf("%-46s %9.2f %+8.2fms target <= +1 ms\n", 'evaluate(return 1+1;) from a 256 MB caller', $evalBig, $evalBig - $evalSmall);
printf("%-46s %9.2f %+8.2fms (fork-based, for contrast)\n", 'bare via proc_open from a 256 MB caller', $bareBig, $bareBig - $bareSmall);
