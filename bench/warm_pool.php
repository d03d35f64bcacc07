<?php
/*
 * The warm path before and after issue 21 (return on the answer; the pool of ready workers), side
 * by side in one run: the same warm evaluate() loops, in separate processes that take turns block
 * by block, so that the machine's noise falls on every variant alike. Read the ratios, not the
 * absolute times (a shared 2-core machine).
 *   - before:   another build of the module (--before=PATH, e.g. one built from main), if given
 *   - pool 0:   this build, altair_eval.warm_pool=0 (a worker forked per request, as before)
 *   - pool 2:   this build, the default pool
 * Cases: evaluate('return 1+1;') on an empty project, and on the Laravel and Symfony fixtures the
 * count of bench/warm_app.php (a booted template of each app), and 'return 1+1;' there.
 *
 * --gap=MS: MS milliseconds between calls (not timed), as an interactive user or agent calls; by
 * default the calls come back to back, where on 2 cores the previous call's background work (its
 * worker's exit, the pool's refill) shares the CPU with the next one.
 *
 * Run: php -d extension=modules/altair_eval.so bench/warm_pool.php [--before=PATH] [--gap=MS] [blocks] [calls]
 */
declare(strict_types=1);

require __DIR__ . '/../tests/apps/fixtures/build.php';

$before = null;
$gap = 0;
$args = [];
foreach (array_slice($argv, 1) as $arg) {
    if (str_starts_with($arg, '--before=')) {
        $before = realpath(substr($arg, strlen('--before='))) ?: null;
    } elseif (str_starts_with($arg, '--gap=')) {
        $gap = max(0, (int) substr($arg, strlen('--gap=')));
    } else {
        $args[] = $arg;
    }
}
$blocks = (int) ($args[0] ?? 5);
$calls = (int) ($args[1] ?? 40);

$module = null;
foreach (file('/proc/self/maps') as $line) {
    if (str_contains($line, 'altair_eval.so')) {
        $module = trim(substr($line, strpos($line, '/')));
        break;
    }
}
$variants = array_filter([
    'before' => $before ? ['-d', "extension=$before"] : null,
    'pool 0' => ['-d', "extension=$module", '-d', 'altair_eval.warm_pool=0'],
    'pool 2' => ['-d', "extension=$module", '-d', 'altair_eval.warm_pool=2'],
]);

$base = sys_get_temp_dir() . '/altair-bench-warm-pool-' . getmypid();
@mkdir("$base-empty");
$roots = ['empty' => "$base-empty"];
foreach (['laravel', 'symfony'] as $name) {
    $roots[$name] = "$base-$name";
    altair_apps_build($name, $roots[$name], 'copy'); // each file of its own, as Composer installs them
}
$cases = [
    "1+1, empty project" => ['empty', 'return 1+1;'],
    'laravel User::count()' => ['laravel', 'return App\Models\User::count();'],
    "laravel 1+1" => ['laravel', 'return 1+1;'],
    'symfony Product count' => ['symfony', 'return container("doctrine")->getRepository(App\Entity\Product::class)->count([]);'],
];

// One block: a fresh process, one warm evaluator, one warm-up call, then $calls timed calls.
$child = <<<'PHP'
[$root, $snippet, $calls, $gap] = [$argv[1], $argv[2], (int) $argv[3], (int) $argv[4]];
$e = new Altair\Eval\Evaluator(warm: true);
$r = new Altair\Eval\EvalRequest($snippet, $root);
$first = $e->evaluate($r);
if (!$first->ok) { fwrite(STDERR, json_encode($first->toArray()) . "\n"); exit(1); }
$samples = [];
for ($i = 0; $i < $calls; $i++) {
    usleep($gap * 1000);
    $t = hrtime(true);
    $ok = $e->evaluate($r)->ok;
    $samples[] = (hrtime(true) - $t) / 1e6;
    if (!$ok) { exit(1); }
}
sort($samples);
echo json_encode([$samples[intdiv($calls, 2)], $samples[(int) ceil($calls * 0.95) - 1]]), "\n";
PHP;

$median = function (array $values): float {
    sort($values);
    return $values[intdiv(count($values), 2)];
};
printf("%d blocks of %d warm calls per variant and case, taking turns, %s; median of the blocks' p50 / p95 (ms)\n", $blocks, $calls,
    $gap > 0 ? "$gap ms apart" : 'back to back');
foreach ($cases as $label => [$root, $snippet]) {
    $p50 = $p95 = [];
    for ($block = 0; $block < $blocks; $block++) {
        foreach ($variants as $name => $flags) {
            $command = array_merge([PHP_BINARY], $flags, ['-r', $child, $roots[$root], $snippet, (string) $calls, (string) $gap]);
            $process = proc_open($command, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, $roots[$root]);
            $out = stream_get_contents($pipes[1]);
            $err = stream_get_contents($pipes[2]);
            proc_close($process);
            $pair = json_decode(trim((string) $out), true);
            if (!is_array($pair)) {
                fwrite(STDERR, "$label, $name: failed: " . substr($err . $out, 0, 400) . "\n");
                continue 2;
            }
            $p50[$name][] = $pair[0];
            $p95[$name][] = $pair[1];
        }
    }
    printf("%s\n", $label);
    $reference = isset($p50['before']) ? $median($p50['before']) : $median($p50['pool 0']);
    foreach ($variants as $name => $flags) {
        if (!isset($p50[$name])) {
            continue;
        }
        printf("  %-8s %8.2f / %8.2f   %5.2fx of %s\n", $name, $median($p50[$name]), $median($p95[$name]),
            $median($p50[$name]) / $reference, isset($p50['before']) ? 'before' : 'pool 0');
    }
}
printf("load average: %s\n", implode(' ', array_map(fn ($l) => sprintf('%.2f', $l), sys_getloadavg() ?: [])));
foreach ($roots as $root) {
    exec('rm -rf ' . escapeshellarg($root));
}
