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

// Interleave the small-caller measurements so drift affects both alike.
$bareSmall = $evalSmall = [];
for ($i = 0; $i < 3; $i++) {
    $bareSmall[] = measure(fn () => bare($self), intdiv($rounds, 3));
    $evalSmall[] = measure(function () use ($evaluator, $request) {
        $r = $evaluator->evaluate($request);
        if (!$r->ok) { throw new RuntimeException('evaluation failed: ' . json_encode($r->toArray())); }
    }, intdiv($rounds, 3));
}
$bareSmall = median($bareSmall);
$evalSmall = median($evalSmall);

$ballast = str_repeat('x', 256 * 1024 * 1024);
$evalBig = measure(fn () => $evaluator->evaluate($request), $rounds);
$bareBig = measure(fn () => bare($self), $rounds);
unset($ballast);
rmdir($root . '/.altair/eval'); rmdir($root . '/.altair'); rmdir($root);

printf("%-46s %9s %9s\n", 'median of ' . $rounds . ' runs', 'ms', 'ratio');
printf("%-46s %9.2f %9s\n", "bare php -r 'return 1+1;' (same ini)", $bareSmall, '1.00');
printf("%-46s %9.2f %9.2f   target <= 1.10\n", 'evaluate(return 1+1;)', $evalSmall, $evalSmall / $bareSmall);
printf("%-46s %9.2f %+8.2fms target <= +1 ms\n", 'evaluate(return 1+1;) from a 256 MB caller', $evalBig, $evalBig - $evalSmall);
printf("%-46s %9.2f %+8.2fms (fork-based, for contrast)\n", 'bare via proc_open from a 256 MB caller', $bareBig, $bareBig - $bareSmall);
