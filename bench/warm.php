<?php
/*
 * Warm against cold, side by side in one run:
 *   - p50 / p95 of evaluate('return 1+1;'), cold and warm
 *   - the same for a container-resolving snippet on examples/app
 *   - throughput: 2 callers (separate processes, each with its own warm Evaluator) at once
 * Targets: warm p50 <= 2 ms and >= 8x faster than cold; examples/app container warm <= 5 ms;
 * >= 400 evaluations/s on 2 cores.
 *
 * Run: php -d extension=modules/altair_eval.so bench/warm.php [rounds]
 */
declare(strict_types=1);

use Altair\Eval\EvalRequest;
use Altair\Eval\Evaluator;

$rounds = (int) ($argv[1] ?? 60);
$app = realpath(__DIR__ . '/../examples/app');
$scratch = sys_get_temp_dir() . '/altair-bench-warm-' . getmypid();
@mkdir($scratch);

/** @return array{float, float} p50, p95 in ms */
function percentiles(Evaluator $evaluator, EvalRequest $request, int $rounds): array
{
    $evaluator->evaluate($request); // warm-up (starts the template in warm mode)
    $samples = [];
    for ($i = 0; $i < $rounds; $i++) {
        $start = hrtime(true);
        $result = $evaluator->evaluate($request);
        $samples[] = (hrtime(true) - $start) / 1e6;
        if (!$result->ok) {
            fwrite(STDERR, 'evaluation failed: ' . json_encode($result->toArray()) . "\n");
            exit(1);
        }
    }
    sort($samples);
    return [$samples[intdiv($rounds, 2)], $samples[(int) floor($rounds * 0.95) - 1]];
}

$cases = [
    "return 1+1;" => new EvalRequest('return 1+1;', $scratch),
    'container snippet, examples/app' => new EvalRequest('return container(App\User\UserRepository::class)->count();', $app),
];
printf("%-34s %10s %10s %10s %10s %8s\n", "$rounds runs each", 'cold p50', 'cold p95', 'warm p50', 'warm p95', 'cold/warm');
$warm = new Evaluator(warm: true);
foreach ($cases as $label => $request) {
    [$c50, $c95] = percentiles(new Evaluator(), $request, $rounds);
    [$w50, $w95] = percentiles($warm, $request, $rounds);
    printf("%-34s %8.2fms %8.2fms %8.2fms %8.2fms %7.1fx\n", $label, $c50, $c95, $w50, $w95, $c50 / $w50);
}
$warm->close();

// Throughput: two callers at once, each its own process and warm evaluator.
$perCaller = $rounds * 4;
$caller = sprintf(
    '$e = new Altair\Eval\Evaluator(warm: true); $r = new Altair\Eval\EvalRequest("return 1+1;", %s); $e->evaluate($r); '
    . 'fwrite(STDOUT, "ready\n"); fgets(STDIN); $ok = 0; for ($i = 0; $i < %d; $i++) { $ok += $e->evaluate($r)->ok ? 1 : 0; } echo $ok, "\n";',
    var_export($scratch, true),
    $perCaller,
);
$module = null;
foreach (file('/proc/self/maps') as $line) {
    if (str_contains($line, 'altair_eval.so')) {
        $module = trim(substr($line, strpos($line, '/')));
        break;
    }
}
$processes = [];
for ($i = 0; $i < 2; $i++) {
    $processes[$i] = proc_open([PHP_BINARY, '-d', "extension=$module", '-r', $caller], [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $pipes[$i]);
    fgets($pipes[$i][1]);
}
$start = hrtime(true);
foreach ($pipes as $pair) {
    fwrite($pair[0], "go\n");
}
$succeeded = 0;
foreach ($pipes as $i => $pair) {
    $succeeded += (int) trim((string) fgets($pair[1]));
    proc_close($processes[$i]);
}
$seconds = (hrtime(true) - $start) / 1e9;
printf("%-34s %8.0f evaluations/s (%d of %d ok, 2 callers)   target >= 400/s\n", 'throughput, warm', $succeeded / $seconds, $succeeded, 2 * $perCaller);
exec('rm -rf ' . escapeshellarg($scratch));
