<?php
/*
 * A session's call against a warm evaluation of the same snippet, side by side in one run
 * (issue 38: "a session call costs no more than a warm evaluation"). Rounds alternate the two, so
 * that the machine's noise falls on both alike:
 *   - `return 1+1;` in a scratch project;
 *   - a container-resolving snippet on examples/app (booted template);
 *   - the same snippet reading a variable an earlier call of the session set (a session only).
 * Prints p50 / p95 of each and the ratio session/warm (<= 1.0 is the target); also the opening's
 * cost (the first call, which starts the template when none runs).
 *
 * Run: php -d extension=modules/altair_eval.so bench/session.php [rounds]
 */
declare(strict_types=1);

use Altair\Eval\EvalRequest;
use Altair\Eval\Evaluator;

$rounds = (int) ($argv[1] ?? 60);
$app = realpath(__DIR__ . '/../examples/app');
$scratch = sys_get_temp_dir() . '/altair-bench-session-' . getmypid();
@mkdir($scratch);

/** @return array{float, float} p50, p95 in ms */
function spread(array $samples): array
{
    sort($samples);
    return [$samples[intdiv(count($samples), 2)], $samples[(int) floor(count($samples) * 0.95) - 1]];
}

function timed(callable $call): float
{
    $start = hrtime(true);
    $result = $call();
    $elapsed = (hrtime(true) - $start) / 1e6;
    if (!$result->ok) {
        fwrite(STDERR, 'evaluation failed: ' . json_encode($result->toArray()) . "\n");
        exit(1);
    }
    return $elapsed;
}

$cases = [
    'return 1+1;' => [$scratch, 'return 1+1;', 'return 1+1;'],
    'container snippet, examples/app' => [$app, 'return container(App\User\UserRepository::class)->count();',
        'return container(App\User\UserRepository::class)->count();'],
    'a variable kept, examples/app' => [$app, 'return container(App\User\UserRepository::class)->count();',
        'return $repository->count();'],
];
printf("%-34s %10s %10s %10s %10s %14s %10s\n", "$rounds runs each", 'warm p50', 'warm p95', 'session p50', 'session p95',
    'session/warm', 'opening');
foreach ($cases as $label => [$root, $warmSnippet, $sessionSnippet]) {
    $evaluator = new Evaluator(warm: true);
    $request = new EvalRequest($warmSnippet, $root);
    $evaluator->evaluate($request); // the template is up before either side is timed
    $start = hrtime(true);
    $session = $evaluator->openSession(new EvalRequest('$repository = function_exists("container") && class_exists(App\User\UserRepository::class) '
        . '? container(App\User\UserRepository::class) : null; return 1;', $root));
    $opening = (hrtime(true) - $start) / 1e6;
    $session->evaluate($sessionSnippet);
    $warm = $inSession = [];
    for ($i = 0; $i < $rounds; $i++) {
        $warm[] = timed(fn () => $evaluator->evaluate($request));
        $inSession[] = timed(fn () => $session->evaluate($sessionSnippet));
    }
    $session->close();
    $evaluator->close();
    [$w50, $w95] = spread($warm);
    [$s50, $s95] = spread($inSession);
    printf("%-34s %8.2fms %8.2fms %9.2fms %9.2fms %13.2fx %8.1fms\n", $label, $w50, $w95, $s50, $s95, $s50 / $w50, $opening);
}
printf("load average: %s\n", implode(' ', array_map(fn ($l) => sprintf('%.2f', $l), sys_getloadavg() ?: [])));
@rmdir($scratch);
