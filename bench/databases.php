<?php
/*
 * The databases through the host's relay (issues 19 and 20), side by side in one run, on the Laravel
 * fixture pointed at real servers through .env (tests/servers/*.sh start them; the app is migrated
 * and seeded as its owner would), warm evaluations:
 *   - User::count() p50 on SQLite (no relay) against MariaDB and PostgreSQL through the relay
 *     (target: within 1.2x of SQLite)
 *   - the same in rollback mode against read-only (target: within 1.1x)
 *   - 1,000 `SELECT 1` round trips timed inside the snippet: through the relay against a direct
 *     connection (an unsafe evaluation, no sandbox) (target: <= 1.3x)
 * Ratios only mean something side by side in one run on this noisy machine: an absolute time proves
 * nothing.
 *
 * Run: php -d extension=modules/altair_eval.so bench/databases.php [rounds]
 */
declare(strict_types=1);

use Altair\Eval\EvalRequest;
use Altair\Eval\Evaluator;

require __DIR__ . '/../tests/apps/fixtures/build.php';

$rounds = (int) ($argv[1] ?? 40);
$work = sys_get_temp_dir() . '/altair-eval-bench-db-' . getmypid();
@mkdir($work, 0755, true);
$servers = [];
register_shutdown_function(function () use (&$servers, $work) {
    foreach ($servers as $script => $dir) {
        exec(escapeshellarg($script) . ' stop ' . escapeshellarg($dir) . ' >/dev/null 2>&1');
    }
    exec('rm -rf ' . escapeshellarg($work));
});

/** Starts tests/servers/<name>.sh; returns its variables (ALTAIR_<SERVER>_PORT…). */
function bench_server(string $name, string $work, array &$servers): array
{
    $script = realpath(__DIR__ . '/../tests/servers/' . $name . '.sh');
    $servers[$script] = "$work/$name";
    $out = shell_exec(escapeshellarg($script) . ' start ' . escapeshellarg("$work/$name") . ' 2>/dev/null') ?? '';
    preg_match_all('/(ALTAIR_\w+)=(\S+)/', $out, $m, PREG_SET_ORDER);
    return array_column($m, 2, 1);
}

function bench_app(string $work, string $name, string $env): string
{
    $root = "$work/$name";
    altair_apps_build('laravel', $root);
    if ($env !== '') {
        file_put_contents("$root/.env", preg_replace('/^DB_CONNECTION=.*\n/m', '', (string) file_get_contents("$root/.env")) . $env);
        altair_apps_run([PHP_BINARY, 'artisan', 'migrate:fresh', '--seed', '--force', '--no-interaction'], $root);
    }
    return $root;
}

function bench_p50(Evaluator $evaluator, string $root, string $snippet, int $rounds, array $options = []): array
{
    $times = [];
    $value = null;
    for ($i = 0; $i < $rounds + 3; $i++) {
        $start = hrtime(true);
        $r = $evaluator->evaluate(new EvalRequest($snippet, $root, ...$options));
        $elapsed = (hrtime(true) - $start) / 1e6;
        $value = $r->result['value'] ?? ($r->exception['message'] ?? null);
        if ($i >= 3) {
            $times[] = $elapsed;
        }
    }
    sort($times);
    return [$times[intdiv(count($times), 2)], $value];
}

$mysql = bench_server('mariadb', $work, $servers);
$pgsql = bench_server('postgres', $work, $servers);
$credentials = "DB_DATABASE=app\nDB_USERNAME=app\nDB_PASSWORD=secret\n";
$apps = [
    'sqlite' => bench_app($work, 'sqlite', ''),
    'mysql' => bench_app($work, 'mysql', "DB_CONNECTION=mysql\nDB_HOST=127.0.0.1\nDB_PORT={$mysql['ALTAIR_MYSQL_PORT']}\n$credentials"),
    'pgsql' => bench_app($work, 'pgsql', "DB_CONNECTION=pgsql\nDB_HOST=127.0.0.1\nDB_PORT={$pgsql['ALTAIR_PGSQL_PORT']}\n$credentials"),
];

$evaluator = new Evaluator(warm: true);
$count = 'return App\Models\User::count();';
printf("%-44s %10s %8s %8s\n", 'warm, Laravel fixture', 'p50 ms', 'ratio', 'target');
[$base, $v] = bench_p50($evaluator, $apps['sqlite'], $count, $rounds);
printf("%-44s %10.1f %8s %8s   (%s)\n", 'User::count() on SQLite', $base, '1.00', '', json_encode($v));
foreach (['mysql' => 'MariaDB', 'pgsql' => 'PostgreSQL'] as $server => $label) {
    [$readOnly, $v] = bench_p50($evaluator, $apps[$server], $count, $rounds);
    printf("%-44s %10.1f %8.2f %8s   (%s)\n", "User::count() on $label, read-only (relay)", $readOnly, $readOnly / $base, '<= 1.2', json_encode($v));
    [$rollback, $v] = bench_p50($evaluator, $apps[$server], $count, $rounds, ['allowWrites' => 'rollback']);
    printf("%-44s %10.1f %8.2f %8s   (%s, ratio against read-only)\n", "  the same in rollback mode", $rollback, $rollback / $readOnly, '<= 1.1', json_encode($v));
}

$loop = 'DB::select("SELECT 1"); $t = hrtime(true); for ($i = 0; $i < 1000; $i++) { DB::select("SELECT 1"); } return (hrtime(true) - $t) / 1e6;';
printf("\n%-44s %10s %8s %8s\n", '1,000 SELECT 1 inside one snippet', 'ms', 'ratio', 'target');
foreach (['mysql' => 'MariaDB', 'pgsql' => 'PostgreSQL'] as $server => $label) {
    $relay = $direct = [];
    for ($i = 0; $i < 5; $i++) { // interleaved, so that the machine's noise falls on both
        $relay[] = (float) $evaluator->evaluate(new EvalRequest($loop, $apps[$server], timeoutMs: 30000))->result['value'];
        $direct[] = (float) $evaluator->evaluate(new EvalRequest($loop, $apps[$server], timeoutMs: 30000, unsafe: true))->result['value'];
    }
    sort($relay);
    sort($direct);
    printf("%-44s %10.1f %8s\n", "$label direct (unsafe: no sandbox, no relay)", $direct[2], '1.00');
    printf("%-44s %10.1f %8.2f %8s\n", "$label through the relay, read-only", $relay[2], $relay[2] / $direct[2], '<= 1.3');
}
