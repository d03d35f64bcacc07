<?php
/*
 * What the guards cost per evaluation: the same snippet with every guard (ini, kernel, engine)
 * and with none (unsafe), cold and warm, interleaved in one run. Target: <= 1 ms.
 * Beside it, what the private filesystem view alone costs (guest/lockdown/mount.c measures the
 * building of it and reports sandbox.mountns_us). Target: <= 1 ms cold, <= 0.3 ms warm.
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
// Warm: one evaluator per policy. An unsafe (write-enabled) call restarts the other templates of
// its evaluator (poisoned opcache must not outlive it), which would time template starts instead.
foreach (['cold' => [new Evaluator(), new Evaluator()], 'warm' => [new Evaluator(warm: true), new Evaluator(warm: true)]] as $mode => [$evaluator, $unsafeEvaluator]) {
    $evaluator->evaluate($guarded);
    $unsafeEvaluator->evaluate($unsafe);
    $times = ['guarded' => [], 'unsafe' => [], 'view' => []];
    for ($i = 0; $i < $rounds; $i++) {
        foreach (['guarded' => $guarded, 'unsafe' => $unsafe] as $label => $request) {
            $start = hrtime(true);
            $result = ($label === 'unsafe' ? $unsafeEvaluator : $evaluator)->evaluate($request);
            $times[$label][] = (hrtime(true) - $start) / 1e6;
            if ($label === 'guarded' && ($result->sandbox['mountns'] ?? false)) {
                $times['view'][] = $result->sandbox['mountns_us'] / 1000;
            }
        }
    }
    $results[$mode] = [median($times['guarded']), median($times['unsafe']), $times['view'] ? median($times['view']) : null];
    $evaluator->close();
    $unsafeEvaluator->close();
}
exec('rm -rf ' . escapeshellarg($root));

printf("%-10s %14s %14s %14s %16s\n", "$rounds runs", 'guarded p50', 'unsafe p50', 'guard cost', 'view build p50');
foreach ($results as $mode => [$guardedMs, $unsafeMs, $viewMs]) {
    printf("%-10s %12.2fms %12.2fms %+12.2fms %14s   target <= +1 ms; view <= %s\n", $mode, $guardedMs, $unsafeMs,
        $guardedMs - $unsafeMs, $viewMs === null ? 'not built' : sprintf('%.2fms', $viewMs), $mode === 'cold' ? '1 ms' : '0.3 ms');
}
