<?php
/*
 * The databases through the host's relay (issues 19 and 20), side by side in one run, on the Laravel
 * fixture pointed at real servers through .env (tests/servers/*.sh start them; the app is migrated
 * and seeded as its owner would), warm evaluations:
 *   - User::count() p50 on SQLite (no relay) against MariaDB and PostgreSQL through the relay
 *     (target: within 1.2x of SQLite)
 *   - the same in rollback mode against read-only (target: within 1.1x)
 *   - the floor of that ratio: the app booted once in a plain process that forks a child per count
 *     (no sandbox, no relay, MariaDB reached directly), calls 20 ms apart, SQLite against MariaDB:
 *     what a fresh server session per evaluation costs before anything of ours
 *   - 1,000 `SELECT 1` round trips timed inside the snippet: through the relay against a direct
 *     connection (an unsafe evaluation, no sandbox) (target: <= 1.3x); and 10,000, past the first
 *     phase of a direct connection in which client and server share one CPU
 *   - the queries in the result: recording on (the default) against off (altair_eval.queries=0),
 *     for User::count() and for 1,000 statements, rounds interleaved (target: within 1.05x)
 *   - the relay's spin (altair_eval.relay_spin_us) off against the default, on the same loop
 *   - what the relay itself adds to one evaluation: a connection (connect, Laravel's connection
 *     statements, the count) timed inside the snippet once the driver's classes are loaded, through
 *     the relay against a direct connection (an unsafe evaluation), rounds interleaved; the rest of
 *     the gap to SQLite is the driver and the server, not the relay
 * Ratios only mean something side by side in one run on this noisy machine: an absolute time proves
 * nothing.
 *
 * Run: php -d extension=modules/altair_eval.so bench/databases.php [rounds]
 */
declare(strict_types=1);

use Altair\Eval\EvalRequest;
use Altair\Eval\Evaluator;

require __DIR__ . '/lib.php';

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

/**
 * Medians of $snippet's returned figure through the relay and direct (an unsafe evaluation), rounds
 * interleaved so that the machine's noise falls on both, and the median of each round's own ratio
 * (relay / direct of the same round: steadier when the machine's speed drifts between rounds).
 */
function bench_relay_direct(Evaluator $evaluator, string $root, string $snippet, int $rounds): array
{
    $relay = $direct = $ratios = [];
    for ($i = 0; $i < $rounds; $i++) {
        $relay[] = $r = (float) $evaluator->evaluate(new EvalRequest($snippet, $root, timeoutMs: 30000))->result['value'];
        $direct[] = $d = (float) $evaluator->evaluate(new EvalRequest($snippet, $root, timeoutMs: 30000, unsafe: true))->result['value'];
        $ratios[] = $r / max($d, 1e-9);
    }
    sort($relay);
    sort($direct);
    sort($ratios);
    return [$relay[intdiv($rounds, 2)], $direct[intdiv($rounds, 2)], $ratios[intdiv($rounds, 2)]];
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

/* The floor: no sandbox, no relay, a fresh fork per count of an app booted once (as a warm worker is). */
$floorScript = "$work/floor.php";
file_put_contents($floorScript, <<<'PHP'
<?php
$root = $argv[1];
$rounds = (int) $argv[2];
require "$root/vendor/autoload.php";
$app = require "$root/bootstrap/app.php";
$app->make(Illuminate\Contracts\Console\Kernel::class)->bootstrap();
App\Models\User::count();
Illuminate\Support\Facades\DB::purge();
$times = [];
for ($i = 0; $i < $rounds; $i++) {
    usleep(20000);
    [$read, $write] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, 0);
    $pid = pcntl_fork();
    if ($pid === 0) {
        $start = hrtime(true);
        App\Models\User::count();
        fwrite($write, (string) ((hrtime(true) - $start) / 1e6));
        exit(0);
    }
    fclose($write);
    $times[] = (float) stream_get_contents($read);
    fclose($read);
    pcntl_waitpid($pid, $status);
}
sort($times);
echo $times[intdiv($rounds, 2)], "\n";
PHP);
if (function_exists('pcntl_fork') || str_contains((string) shell_exec(escapeshellarg(PHP_BINARY) . ' -m'), 'pcntl')) {
    $floor = [];
    foreach (['sqlite', 'mysql', 'sqlite', 'mysql'] as $server) {
        $floor[$server][] = (float) shell_exec(escapeshellarg(PHP_BINARY) . ' ' . escapeshellarg($floorScript) . ' ' . escapeshellarg($apps[$server]) . " $rounds");
    }
    $sqlite = min($floor['sqlite']);
    $mariadb = min($floor['mysql']);
    printf("%-44s %10.2f %8s\n", 'floor: a fresh fork counts, SQLite', $sqlite, '1.00');
    printf("%-44s %10.2f %8.2f   (no sandbox, no relay: the count alone, 20 ms apart)\n", '  MariaDB, direct', $mariadb, $mariadb / max($sqlite, 1e-9));
} else {
    echo "floor: not measured (this PHP has no pcntl)\n";
}

/** p50 of $snippet with the relay's recording of queries on and off, rounds interleaved. */
function bench_capture(Evaluator $evaluator, string $root, string $snippet, int $rounds, bool $inside): array
{
    $times = [true => [], false => []];
    for ($i = 0; $i < $rounds + 2; $i++) {
        foreach ([true, false] as $on) {
            ini_set('altair_eval.queries', $on ? '1' : '0');
            $start = hrtime(true);
            $r = $evaluator->evaluate(new EvalRequest($snippet, $root, timeoutMs: 30000));
            $elapsed = $inside ? (float) ($r->result['value'] ?? 0) : (hrtime(true) - $start) / 1e6;
            if ($i >= 2) {
                $times[$on][] = $elapsed;
            }
        }
    }
    ini_set('altair_eval.queries', '1');
    sort($times[true]);
    sort($times[false]);
    return [$times[true][intdiv(count($times[true]), 2)], $times[false][intdiv(count($times[false]), 2)]];
}

$loop = 'DB::select("SELECT 1"); $t = hrtime(true); for ($i = 0; $i < 1000; $i++) { DB::select("SELECT 1"); } return (hrtime(true) - $t) / 1e6;';
printf("\n%-44s %10s %8s %8s\n", '1,000 SELECT 1 inside one snippet', 'ms', 'ratio', 'target');
foreach (['mysql' => 'MariaDB', 'pgsql' => 'PostgreSQL'] as $server => $label) {
    [$relay, $direct, $ratio] = bench_relay_direct($evaluator, $apps[$server], $loop, 9);
    printf("%-44s %10.1f %8s\n", "$label direct (unsafe: no sandbox, no relay)", $direct, '1.00');
    printf("%-44s %10.1f %8.2f %8s   (median of the rounds' own ratios: %.2f)\n", "$label through the relay, read-only", $relay,
        $relay / $direct, '<= 1.3', $ratio);
}
/* The same for 10,000: a direct connection's first thousand or so round trips run with the client
 * and the server on one CPU (a wake-up there is a switch, about 25 us a round trip on this VM)
 * until the scheduler puts them on the two CPUs, where every wake-up is an idle CPU's (about 60 us);
 * the relay spins while a server owes a reply and stays near 50 us either way. The first loop
 * compares against that first phase, this one against the rest (docs/performance.md). */
$steady = str_replace('1000;', '10000;', $loop);
foreach (['mysql' => 'MariaDB', 'pgsql' => 'PostgreSQL'] as $server => $label) {
    [$relay, $direct, $ratio] = bench_relay_direct($evaluator, $apps[$server], $steady, 5);
    printf("%-44s %10.1f %8s\n", "$label, 10,000: direct", $direct, '1.00');
    printf("%-44s %10.1f %8.2f %8s   (median of the rounds' own ratios: %.2f)\n", '  through the relay, read-only', $relay,
        $relay / $direct, '<= 1.3', $ratio);
}

/* The relay's spin (altair_eval.relay_spin_us): off against the default, rounds interleaved. */
printf("\n%-44s %10s %8s\n", '1,000 SELECT 1 through the relay: spin', 'ms', 'ratio');
foreach (['mysql' => 'MariaDB', 'pgsql' => 'PostgreSQL'] as $server => $label) {
    $spin = [0 => [], 1 => []];
    for ($i = 0; $i < 7; $i++) {
        foreach ([0, 1] as $on) {
            $on ? ini_restore('altair_eval.relay_spin_us') : ini_set('altair_eval.relay_spin_us', '0');
            $spin[$on][] = (float) $evaluator->evaluate(new EvalRequest($loop, $apps[$server], timeoutMs: 30000))->result['value'];
        }
    }
    ini_restore('altair_eval.relay_spin_us');
    sort($spin[0]);
    sort($spin[1]);
    printf("%-44s %10.1f %8s\n", "$label, relay_spin_us=0 (sleeps in poll)", $spin[0][3], '1.00');
    printf("%-44s %10.1f %8.2f\n", '  relay_spin_us=' . ini_get('altair_eval.relay_spin_us') . ' (the default)', $spin[1][3], $spin[1][3] / $spin[0][3]);
}

printf("\n%-44s %10s %8s %8s\n", 'the queries in the result: recorded vs not', 'p50 ms', 'ratio', 'target');
foreach (['mysql' => 'MariaDB', 'pgsql' => 'PostgreSQL'] as $server => $label) {
    [$on, $off] = bench_capture($evaluator, $apps[$server], $count, $rounds, false);
    printf("%-44s %10.1f %8s\n", "User::count() on $label, not recorded", $off, '1.00');
    printf("%-44s %10.1f %8.2f %8s\n", '  recorded (the default)', $on, $on / $off, '<= 1.05');
    [$on, $off] = bench_capture($evaluator, $apps[$server], $loop, 5, true);
    printf("%-44s %10.1f %8s\n", "1,000 SELECT 1 on $label, not recorded", $off, '1.00');
    printf("%-44s %10.1f %8.2f %8s\n", '  recorded (the default; the result keeps the first ' . Altair\Eval\EvalResult::QUERIES_MAX . ')', $on, $on / $off, '<= 1.05');
}

$connection = 'App\Models\User::count(); $t = hrtime(true); for ($i = 0; $i < 50; $i++) { DB::purge(); App\Models\User::count(); } return (hrtime(true) - $t) / 50 / 1e3;';
printf("\n%-44s %10s %8s %8s\n", 'one connection: connect, statements, count', 'us', 'added', 'ratio');
foreach (['mysql' => 'MariaDB', 'pgsql' => 'PostgreSQL'] as $server => $label) {
    [$relay, $direct, $ratio] = bench_relay_direct($evaluator, $apps[$server], $connection, 9);
    printf("%-44s %10.0f %8s %8s\n", "$label direct (unsafe: no sandbox, no relay)", $direct, '', '1.00');
    printf("%-44s %10.0f %8.0f %8.2f   (median of the rounds' own ratios: %.2f)\n", "$label through the relay, read-only", $relay,
        $relay - $direct, $relay / $direct, $ratio);
}
