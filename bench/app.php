<?php
/*
 * What a framework evaluation costs over the framework itself (issue 13): on the Laravel fixture
 * (tests/apps/fixtures/laravel, built from Debian's packages), side by side and interleaved in one
 * run, the wall clock of
 *   - plain php:      `php count.php`, a script that boots the same app and counts (the unavoidable cost)
 *   - bin/altair:     `bin/altair eval 'return App\Models\User::count();'`, cold (a new CLI process,
 *                     which starts the hardened child), as a user runs it
 *   - evaluate():     Evaluator::evaluate() of the same snippet from this process, cold child
 *   - warm evaluate(): the same through a warm evaluator (forked from a template)
 *   - tinker:         `php artisan tinker --execute=...` (report only), when laravel/tinker can be
 *                     installed from Composer's registry into the bench app (it is not in Debian)
 * Target: bin/altair <= 1.15x plain php. Each line also says whether its answer was the 3 users.
 *
 * Run: php -d extension=modules/altair_eval.so bench/app.php [rounds]   (scripts/fixtures installs the packages)
 */
declare(strict_types=1);

use Altair\Eval\EvalRequest;
use Altair\Eval\Evaluator;

require __DIR__ . '/lib.php';

$rounds = (int) ($argv[1] ?? 15);
$snippet = 'return App\Models\User::count();';
$root = sys_get_temp_dir() . '/altair-bench-app-' . getmypid();
$scripts = $root . '-scripts';
altair_apps_build('laravel', $root);
@mkdir($scripts);
file_put_contents("$scripts/count.php", <<<'PHP'
    <?php
    $root = $argv[1];
    require $root . '/vendor/autoload.php';
    $app = require $root . '/bootstrap/app.php';
    $app->make(Illuminate\Contracts\Console\Kernel::class)->bootstrap();
    echo App\Models\User::count(), "\n";
    PHP);
$bin = realpath(__DIR__ . '/../bin/altair');

/** The count an evaluation returned, or why there is none. */
function answer(?array $contract): string
{
    if (($contract['ok'] ?? false) === true) {
        return (string) json_encode($contract['result']['value'] ?? null);
    }
    $why = $contract['exception'] ?? $contract['error'] ?? null;
    return 'failed: ' . ($why['message'] ?? 'no result');
}

/** @return array{float, string} wall ms, stdout */
function run_command(array $command): array
{
    $start = hrtime(true);
    $process = proc_open($command, [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes, null, ['PHP_BINARY' => PHP_BINARY] + getenv());
    $out = stream_get_contents($pipes[1]);
    fclose($pipes[1]);
    proc_close($process);
    return [(hrtime(true) - $start) / 1e6, $out];
}

function median(array $samples): float
{
    sort($samples);
    return $samples[intdiv(count($samples), 2)];
}

$tinkerRoot = $root . '-tinker-app';
$tinker = bench_tinker($tinkerRoot);
$cold = new Evaluator();
$warm = new Evaluator(warm: true);
$request = new EvalRequest($snippet, $root);
$contenders = [
    'plain php' => fn () => run_command([PHP_BINARY, "$scripts/count.php", $root]),
    'bin/altair eval' => function () use ($bin, $root, $snippet) {
        [$ms, $out] = run_command([$bin, 'eval', '--project-root=' . $root, '--format=json', $snippet]);
        return [$ms, answer(json_decode($out, true))];
    },
    'evaluate() cold' => function () use ($cold, $request) {
        $start = hrtime(true);
        $r = $cold->evaluate($request);
        return [(hrtime(true) - $start) / 1e6, answer($r->toArray())];
    },
    'evaluate() warm' => function () use ($warm, $request) {
        $start = hrtime(true);
        $r = $warm->evaluate($request);
        return [(hrtime(true) - $start) / 1e6, answer($r->toArray())];
    },
];
if ($tinker === null) {
    $contenders['tinker --execute'] = fn () => run_command([PHP_BINARY, "$tinkerRoot/artisan", 'tinker', '--execute=echo App\Models\User::count();']);
}

$times = array_fill_keys(array_keys($contenders), []);
$answers = [];
foreach ($contenders as $label => $run) {
    $answers[$label] = $run()[1]; // warm-up, and the answer to check
}
for ($i = 0; $i < $rounds; $i++) {
    foreach ($contenders as $label => $run) {
        $times[$label][] = $run()[0];
    }
}
$warm->close();
exec('rm -rf ' . escapeshellarg($root) . ' ' . escapeshellarg($scripts) . ' ' . escapeshellarg($tinkerRoot) . ' ' . escapeshellarg("$tinkerRoot-tinker"));

$base = median($times['plain php']);
printf("Laravel fixture (laravel/framework %s from Debian), User::count(), %d interleaved rounds\n", altair_apps_debian_version('php-laravel-framework'), $rounds);
printf("%-18s %10s %8s  %s\n", 'how', 'p50', 'ratio', 'answer');
foreach ($times as $label => $samples) {
    $answer = trim((string) $answers[$label]);
    printf("%-18s %8.1fms %7.2fx  %s%s\n", $label, median($samples), median($samples) / $base,
        $answer === '3' ? '3 (right)' : 'WRONG: ' . substr($answer, 0, 80),
        $label === 'bin/altair eval' ? '   target <= 1.15x' : '');
}
if ($tinker !== null) {
    echo "tinker --execute: not measured: $tinker\n";
}
