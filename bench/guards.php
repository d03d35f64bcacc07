<?php
/*
 * What the guards cost per evaluation: the same snippet with every guard (ini, kernel, engine)
 * and with none (unsafe), cold and warm, interleaved in one run. Target: <= 1 ms.
 *
 * Run: php -d extension=modules/altair_eval.so bench/guards.php [rounds]
 */
declare(strict_types=1);

use Altair\Eval\EvalRequest;
use Altair\Eval\Evaluator;

$rounds = (int) ($argv[1] ?? 40);
$root = sys_get_temp_dir() . '/altair-bench-guards-' . getmypid();
@mkdir($root);
$guarded = new EvalRequest('return 1+1;', $root);
$unsafe = new EvalRequest('return 1+1;', $root, unsafe: true);

function median(array $samples): float
{
    sort($samples);
    return $samples[intdiv(count($samples), 2)];
}

$results = [];
foreach (['cold' => new Evaluator(), 'warm' => new Evaluator(warm: true)] as $mode => $evaluator) {
    $evaluator->evaluate($guarded);
    $evaluator->evaluate($unsafe);
    $times = ['guarded' => [], 'unsafe' => []];
    for ($i = 0; $i < $rounds; $i++) {
        foreach (['guarded' => $guarded, 'unsafe' => $unsafe] as $label => $request) {
            $start = hrtime(true);
            $evaluator->evaluate($request);
            $times[$label][] = (hrtime(true) - $start) / 1e6;
        }
    }
    $results[$mode] = [median($times['guarded']), median($times['unsafe'])];
    $evaluator->close();
}
exec('rm -rf ' . escapeshellarg($root));

printf("%-10s %14s %14s %14s\n", "$rounds runs", 'guarded p50', 'unsafe p50', 'guard cost');
foreach ($results as $mode => [$guardedMs, $unsafeMs]) {
    printf("%-10s %12.2fms %12.2fms %+12.2fms   target <= +1 ms\n", $mode, $guardedMs, $unsafeMs, $guardedMs - $unsafeMs);
}
