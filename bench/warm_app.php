<?php
/*
 * Warm evaluations on real applications (issue 14), side by side in one run, on the Laravel and
 * Symfony fixtures (tests/apps/fixtures, built from Debian's packages by scripts/fixtures):
 *   - plain php:   a script that boots the app and counts (no sandbox): the cost warm mode must beat
 *   - warm:        Evaluator(warm: true)->evaluate() of the count, p50 / p95
 *   - MCP:         the same through one `bin/altair mcp` server (tools/call round trip), p50 / p95
 *   - 1+1:         warm evaluate('return 1+1;'), p50 / p95
 *   - template:    each template's memory (VmRSS, and PSS: pages shared with its workers counted once)
 * Targets (issue 14): warm count p50 <= 5 ms and >= 30x plain php; MCP <= 8 ms; 1+1 <= 1 ms.
 * The rows of issue 21, with theirs:
 *   - MCP tools/call within 1.15x of warm evaluate()
 *   - warm evaluate('return 1+1;') <= 0.02x a bare `php -r ''` start
 *   - cold `bin/altair eval` on the Laravel fixture <= 1.15x the plain boot-and-count script
 *   - on the Laravel fixture pointed at MariaDB through .env (when tests/servers/mariadb.sh can start
 *     it): `bin/altair eval` with `bin/altair serve` running >= 10x faster than
 *     `php artisan tinker --execute` (when laravel/tinker installs), MCP >= 30x faster
 * The command-line rows take turns round by round, so that the machine's noise falls on all of them.
 * The warm and MCP rows are measured back to back and with calls BENCH_GAP_MS apart (as a user or an
 * agent calls: a waiting worker takes its page faults only while no request runs).
 *
 * --soak [N]: N (1000) warm evaluations of User::count() through one MCP server on the Laravel
 * fixture; prints the server's RSS and descriptor count before and after, and the p95 of the first
 * and the last 100 calls. Targets: RSS growth < 5 MB, no descriptor growth, last p95 <= 1.2x first.
 *
 * --container [rounds]: the Laravel fixture inside a container (tests/containers/container.c:
 * Docker's default seccomp rules, so no mount, PID, IPC or network namespace, as Sail, DDEV and
 * Compose run PHP), as root and, when run as root, as uid 65534: the plain script and warm
 * evaluate() of the count, both under those rules, taking turns, side by side (issue 34 item 4).
 * Target: warm >= 10x plain php.
 *
 * Run: php -d extension=modules/altair_eval.so bench/warm_app.php [rounds] | --soak [N] | --container [rounds]
 */
declare(strict_types=1);

use Altair\Eval\EvalRequest;
use Altair\Eval\Evaluator;

require __DIR__ . '/lib.php';

const BENCH_GAP_MS = 20;

const BENCH_APPS = [
    'laravel' => ['return App\Models\User::count();', <<<'PHP'
        $app = require $root . '/bootstrap/app.php';
        $app->make(Illuminate\Contracts\Console\Kernel::class)->bootstrap();
        echo App\Models\User::count(), "\n";
        PHP],
    'symfony' => ['return container("doctrine")->getRepository(App\Entity\Product::class)->count([]);', <<<'PHP'
        (new Symfony\Component\Dotenv\Dotenv())->bootEnv($root . '/.env');
        $kernel = new App\Kernel($_SERVER['APP_ENV'] ?? 'dev', (bool) ($_SERVER['APP_DEBUG'] ?? true));
        $kernel->boot();
        echo $kernel->getContainer()->get('doctrine')->getRepository(App\Entity\Product::class)->count([]), "\n";
        PHP],
];

/** One `bin/altair mcp` server, spoken to one line at a time. */
final class BenchMcp
{
    /** @var resource */
    private $process;
    /** @var array<int, resource> */
    private array $pipes = [];
    private int $id = 0;

    public function __construct(string $root)
    {
        $command = [PHP_BINARY, '-d', 'extension=' . realpath(__DIR__ . '/../modules/altair_eval.so'), __DIR__ . '/../bin/altair.php', 'mcp', '--project-root=' . $root];
        $this->process = proc_open($command, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'w']], $this->pipes, $root);
        $this->send('initialize', ['protocolVersion' => '2025-06-18', 'capabilities' => new stdClass(), 'clientInfo' => ['name' => 'bench', 'version' => '1']]);
        fwrite($this->pipes[0], json_encode(['jsonrpc' => '2.0', 'method' => 'notifications/initialized']) . "\n");
    }

    /** The evaluation's contract (structuredContent). */
    public function evaluate(string $snippet): array
    {
        return $this->send('tools/call', ['name' => 'framework__eval', 'arguments' => ['snippet' => $snippet]])['structuredContent'] ?? [];
    }

    public function pid(): int
    {
        return proc_get_status($this->process)['pid'];
    }

    public function close(): void
    {
        fclose($this->pipes[0]);
        fclose($this->pipes[1]);
        proc_close($this->process);
    }

    private function send(string $method, array $params): array
    {
        fwrite($this->pipes[0], json_encode(['jsonrpc' => '2.0', 'id' => ++$this->id, 'method' => $method, 'params' => $params]) . "\n");
        $answer = json_decode((string) fgets($this->pipes[1]), true);
        return is_array($answer) ? ($answer['result'] ?? []) : [];
    }
}

/**
 * @return array{float, float} p50, p95 in ms of $rounds calls (after one warm-up), back to back or
 * $gapMs apart (not timed: as a user or an agent calls, between two answers)
 */
function bench_percentiles(callable $call, int $rounds, int $gapMs = 0): array
{
    $call();
    $samples = [];
    for ($i = 0; $i < $rounds; $i++) {
        if ($gapMs > 0) {
            usleep($gapMs * 1000);
        }
        $start = hrtime(true);
        $call();
        $samples[] = (hrtime(true) - $start) / 1e6;
    }
    sort($samples);
    return [$samples[intdiv($rounds, 2)], $samples[max(0, (int) ceil($rounds * 0.95) - 1)]];
}

/** "VmRSS / PSS" of a process, in MiB. */
function bench_memory(int $pid): string
{
    preg_match('/^VmRSS:\s+(\d+)/m', (string) @file_get_contents("/proc/$pid/status"), $rss);
    preg_match('/^Pss:\s+(\d+)/m', (string) @file_get_contents("/proc/$pid/smaps_rollup"), $pss);
    return sprintf('%.1f / %.1f MiB', ($rss[1] ?? 0) / 1024, ($pss[1] ?? 0) / 1024);
}

function bench_fds(int $pid): int
{
    return count(glob("/proc/$pid/fd/*") ?: []);
}

function bench_soak(string $root, int $calls): void
{
    $mcp = new BenchMcp($root);
    $mcp->evaluate(BENCH_APPS['laravel'][0]);
    $pid = $mcp->pid();
    [$rss, $fds] = [bench_memory($pid), bench_fds($pid)];
    $samples = [];
    $wrong = 0;
    for ($i = 0; $i < $calls; $i++) {
        $start = hrtime(true);
        $wrong += ($mcp->evaluate(BENCH_APPS['laravel'][0])['ok'] ?? false) === true ? 0 : 1;
        $samples[] = (hrtime(true) - $start) / 1e6;
    }
    $p95 = function (array $part): float {
        sort($part);
        return $part[(int) ceil(count($part) * 0.95) - 1];
    };
    [$first, $last] = [$p95(array_slice($samples, 0, 100)), $p95(array_slice($samples, -100))];
    printf("soak, %d calls through one MCP server on laravel (%d not ok)\n", $calls, $wrong);
    printf("  server VmRSS / PSS   before %s, after %s (target: growth < 5 MB)\n", $rss, bench_memory($pid));
    printf("  server descriptors   before %d, after %d (target: no growth)\n", $fds, bench_fds($pid));
    printf("  p95 first 100 %.2f ms, last 100 %.2f ms: %.2fx (target <= 1.2x)\n", $first, $last, $last / $first);
    $mcp->close();
}

/** The plain script of an app (boot, count, print), written beside its root; its path. */
function bench_plain_script(string $base, string $name): string
{
    $path = "$base-$name-plain.php";
    file_put_contents($path, "<?php\n\$root = \$argv[1];\nrequire \$root . '/vendor/autoload.php';\n" . BENCH_APPS[$name][1] . "\n");
    return $path;
}

/**
 * --in-container ROOT PLAIN ROUNDS, run by bench_container() under container.c: the plain script and
 * warm evaluate() of the Laravel count, measured from inside, taking turns round by round so that
 * the machine's noise falls on all of them: each round one plain run, then three warm calls back to
 * back (after one that follows the plain run, not counted), then three BENCH_GAP_MS apart. One JSON
 * line: p50 / p95 of each.
 */
function bench_in_container(string $root, string $plain, int $rounds): void
{
    $command = escapeshellarg(PHP_BINARY) . ' ' . escapeshellarg($plain) . ' ' . escapeshellarg($root);
    $answer = trim((string) shell_exec($command));
    $warm = new Evaluator(warm: true);
    $request = new EvalRequest(BENCH_APPS['laravel'][0], $root);
    $result = $warm->evaluate($request);
    $timed = function (callable $call): float {
        $start = hrtime(true);
        $call();
        return (hrtime(true) - $start) / 1e6;
    };
    $samples = ['plain' => [], 'warm' => [], 'spaced' => []];
    for ($i = 0; $i < $rounds; $i++) {
        $samples['plain'][] = $timed(fn () => shell_exec($command));
        $warm->evaluate($request);
        for ($j = 0; $j < 3; $j++) {
            $samples['warm'][] = $timed(fn () => $warm->evaluate($request));
        }
        for ($j = 0; $j < 3; $j++) {
            usleep(BENCH_GAP_MS * 1000);
            $samples['spaced'][] = $timed(fn () => $warm->evaluate($request));
        }
    }
    $percentiles = function (array $times): array {
        sort($times);
        return [$times[intdiv(count($times), 2)], $times[max(0, (int) ceil(count($times) * 0.95) - 1)]];
    };
    $s = $result->sandbox;
    echo json_encode([
        'answers' => [$answer, $result->result['value'] ?? $result->toArray()['exception']['message'] ?? null],
        'plain' => $percentiles($samples['plain']), 'warm' => $percentiles($samples['warm']), 'spaced' => $percentiles($samples['spaced']),
        'booted' => $s['booted_template'], 'mountns' => $s['mountns'], 'scratch_capped' => $s['scratch_capped'],
        'why' => array_values(array_filter($s['unavailable'], fn ($l) => str_starts_with($l, 'warm: '))),
    ]), "\n";
    $warm->close();
}

/** --container: the rows of bench_in_container(), as root and as uid 65534, side by side. */
function bench_container(int $rounds): void
{
    $work = sys_get_temp_dir() . '/altair-bench-container-' . getmypid();
    mkdir($work, 0755);
    $root = "$work/laravel";
    altair_apps_build('laravel', $root, 'copy');
    $plain = bench_plain_script("$work/bench", 'laravel');
    $module = realpath(__DIR__ . '/../modules/altair_eval.so');
    copy($module, "$work/altair_eval.so");
    exec('cc -O1 -Wall -Wextra -Werror -o ' . escapeshellarg("$work/container") . ' ' . escapeshellarg(__DIR__ . '/../tests/containers/container.c') . ' 2>&1', $out, $built);
    if ($built !== 0) {
        echo "container rows: not measured: tests/containers/container.c did not build: ", implode(' ', $out), "\n";
        return;
    }
    exec('chmod -R a+rX ' . escapeshellarg($work));
    $users = posix_geteuid() === 0 ? ['root' => [], 'uid 65534' => ['--user=65534']] : ['this user' => []];
    printf("laravel, User::count() inside a container (tests/containers/container.c: Docker's default seccomp rules), %d rounds taking turns"
        . " (p50 / p95, ms; per round 1 plain run, 3 warm calls back to back, 3 %d ms apart)\n", $rounds, BENCH_GAP_MS);
    foreach ($users as $label => $options) {
        $command = [ "$work/container", ...$options, 'env', "HOME=$work", 'TMPDIR=/tmp', PHP_BINARY, '-d', "extension=$work/altair_eval.so",
            __FILE__, '--in-container', $root, $plain, (string) $rounds];
        $process = proc_open($command, [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, $work);
        $output = stream_get_contents($pipes[1]);
        $errors = stream_get_contents($pipes[2]);
        proc_close($process);
        $row = json_decode(trim((string) strrchr("\n" . trim($output), "\n")), true);
        if (!is_array($row)) {
            echo "  as $label: not measured: ", trim($output . ' ' . $errors), "\n";
            continue;
        }
        printf("  as %s: plain php answers %s, warm answers %s; template booted the app: %s (mountns %s, scratch_capped %s)\n", $label,
            $row['answers'][0], json_encode($row['answers'][1]), $row['booted'] ? 'yes' : 'no (' . implode('; ', $row['why']) . ')',
            json_encode($row['mountns']), json_encode($row['scratch_capped']));
        printf("    plain php (boot and count)  %8.2f / %8.2f\n", ...$row['plain']);
        printf("    warm evaluate()             %8.2f / %8.2f   %.1fx faster than plain php (target: >= 10x)\n", ...[...$row['warm'], $row['plain'][0] / $row['warm'][0]]);
        printf("      %2d ms apart               %8.2f / %8.2f   %.1fx faster than plain php\n", BENCH_GAP_MS, ...[...$row['spaced'], $row['plain'][0] / $row['spaced'][0]]);
    }
    printf("load average while measuring: %s\n", implode(' ', array_map(fn ($l) => sprintf('%.2f', $l), sys_getloadavg() ?: [])));
    exec('rm -rf ' . escapeshellarg($work));
}

$mode = $argv[1] ?? '';
if ($mode === '--in-container') {
    bench_in_container($argv[2], $argv[3], (int) $argv[4]);
    exit(0);
}
if ($mode === '--container') {
    bench_container((int) ($argv[2] ?? 30));
    exit(0);
}
$soak = $mode === '--soak';
$rounds = $soak ? (int) ($argv[2] ?? 1000) : (int) ($argv[1] ?? 30);
$base = sys_get_temp_dir() . '/altair-bench-warm-app-' . getmypid();
$roots = [];
foreach (array_keys(BENCH_APPS) as $name) {
    $roots[$name] = "$base-$name";
    altair_apps_build($name, $roots[$name], 'copy'); // each file of its own, as Composer installs them
}
if ($soak) {
    bench_soak($roots['laravel'], $rounds);
    exit(0);
}

$warm = new Evaluator(warm: true);
$mcpRatio = [];
printf("%d runs each (p50 / p95, ms)\n", $rounds);
foreach (BENCH_APPS as $name => [$snippet]) {
    $root = $roots[$name];
    $script = bench_plain_script($base, $name);
    $answer = trim((string) shell_exec(escapeshellarg(PHP_BINARY) . ' ' . escapeshellarg($script) . ' ' . escapeshellarg($root)));
    [$plain50, $plain95] = bench_percentiles(fn () => shell_exec(escapeshellarg(PHP_BINARY) . ' ' . escapeshellarg($script) . ' ' . escapeshellarg($root)), max(5, intdiv($rounds, 3)));
    $request = new EvalRequest($snippet, $root);
    $result = $warm->evaluate($request);
    [$warm50, $warm95] = bench_percentiles(fn () => $warm->evaluate($request), $rounds);
    [$spaced50, $spaced95] = bench_percentiles(fn () => $warm->evaluate($request), $rounds, BENCH_GAP_MS);
    // The template: this process's newest child (a worker cannot name it: it is pid 1 in a PID
    // namespace of its own where the kernel allows one).
    $children = preg_split('/\s+/', trim((string) @file_get_contents('/proc/' . getmypid() . '/task/' . getmypid() . '/children')), -1, PREG_SPLIT_NO_EMPTY);
    $template = (int) (end($children) ?: 0);
    $mcp = new BenchMcp($root);
    [$mcp50, $mcp95] = bench_percentiles(fn () => $mcp->evaluate($snippet), $rounds);
    $mcp->close();
    printf("%s: plain php answers %s, warm answers %s\n", $name, $answer, json_encode($result->result['value'] ?? $result->toArray()['exception']['message'] ?? null));
    printf("  template booted the app: %s\n", $result->sandbox['booted_template'] ? 'yes' : 'no (' . implode('; ', array_filter($result->sandbox['unavailable'], fn ($l) => str_starts_with($l, 'warm: '))) . ')');
    printf("  plain php (boot and count)  %8.2f / %8.2f\n", $plain50, $plain95);
    printf("  warm evaluate()             %8.2f / %8.2f   %.1fx faster than plain php (targets: <= 5 ms, >= 30x)\n", $warm50, $warm95, $plain50 / $warm50);
    printf("    %2d ms apart               %8.2f / %8.2f   %.1fx faster than plain php\n", BENCH_GAP_MS, $spaced50, $spaced95, $plain50 / $spaced50);
    printf("  MCP tools/call              %8.2f / %8.2f   (target: <= 8 ms)\n", $mcp50, $mcp95);
    $mcpRatio[$name] = $mcp50 / $warm50;
    printf("  template memory (VmRSS / PSS) %s\n", bench_memory($template));
}
$one = new EvalRequest('return 1+1;', $roots['laravel']);
[$one50, $one95] = bench_percentiles(fn () => $warm->evaluate($one), $rounds);
[$oneSpaced50, $oneSpaced95] = bench_percentiles(fn () => $warm->evaluate($one), $rounds, BENCH_GAP_MS);
printf("warm evaluate('return 1+1;')  %8.2f / %8.2f   (target: <= 1 ms)\n", $one50, $one95);
printf("    %2d ms apart               %8.2f / %8.2f\n", BENCH_GAP_MS, $oneSpaced50, $oneSpaced95);
$warm->close();

/** p50 in ms of each command, the commands taking turns round by round (after one warm-up each). */
function bench_turns(array $commands, int $rounds, string $cwd): array
{
    $times = array_fill_keys(array_keys($commands), []);
    for ($i = -1; $i < $rounds; $i++) {
        foreach ($commands as $label => $command) {
            $start = hrtime(true);
            $process = proc_open($command, [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes, $cwd);
            stream_get_contents($pipes[1]);
            fclose($pipes[1]);
            proc_close($process);
            if ($i >= 0) {
                $times[$label][] = (hrtime(true) - $start) / 1e6;
            }
        }
    }
    return array_map(function (array $samples): float {
        sort($samples);
        return $samples[intdiv(count($samples), 2)];
    }, $times);
}

$bin = realpath(__DIR__ . '/../bin/altair');
$laravel = $roots['laravel'];
$turns = bench_turns([
    'plain' => [PHP_BINARY, "$base-laravel-plain.php", $laravel],
    'cold' => [$bin, 'eval', '--project-root=' . $laravel, BENCH_APPS['laravel'][0]],
    'php -r' => [PHP_BINARY, '-r', ''],
], max(5, intdiv($rounds, 2)), $laravel);
printf("\ncold and bare starts, laravel (p50, ms, %d rounds taking turns)\n", max(5, intdiv($rounds, 2)));
printf("  plain php (boot and count)  %8.2f\n", $turns['plain']);
printf("  cold bin/altair eval        %8.2f   %.2fx plain php (target: <= 1.15x)\n", $turns['cold'], $turns['cold'] / $turns['plain']);
printf("  bare php -r ''              %8.2f   warm 1+1 is %.3fx of it, %.3fx %d ms apart (target: <= 0.02x)\n", $turns['php -r'], $one50 / $turns['php -r'],
    $oneSpaced50 / $turns['php -r'], BENCH_GAP_MS);
foreach (BENCH_APPS as $name => [$snippet]) {
    printf("  MCP / warm evaluate(), %-8s %.2fx (target: <= 1.15x)\n", $name, $mcpRatio[$name]);
}

// The Laravel fixture on MariaDB through .env: the CLI through a running server, MCP and tinker.
$servers = [];
@mkdir("$base-servers", 0755, true);
$mysql = bench_server('mariadb', "$base-servers", $servers);
if (!isset($mysql['ALTAIR_MYSQL_PORT'])) {
    echo "\nMariaDB rows: not measured: tests/servers/mariadb.sh could not start a server\n";
} else {
    $env = "DB_CONNECTION=mysql\nDB_HOST=127.0.0.1\nDB_PORT={$mysql['ALTAIR_MYSQL_PORT']}\nDB_DATABASE=app\nDB_USERNAME=app\nDB_PASSWORD=secret\n";
    $db = bench_app("$base-servers", 'mariadb-app', $env);
    $tinkerRoot = "$base-servers/tinker-app";
    $tinker = bench_tinker($tinkerRoot);
    if ($tinker === null) {
        file_put_contents("$tinkerRoot/.env", preg_replace('/^DB_CONNECTION=.*\n/m', '', (string) file_get_contents("$tinkerRoot/.env")) . $env);
    }
    $runtime = "$base-servers/run";
    mkdir($runtime, 0700);
    putenv("XDG_RUNTIME_DIR=$runtime");
    exec(escapeshellarg($bin) . ' serve --daemon --project-root=' . escapeshellarg($db) . ' 2>&1', $out, $started);
    $commands = ['cli' => [$bin, 'eval', '--project-root=' . $db, BENCH_APPS['laravel'][0]]];
    if ($tinker === null) {
        $commands['tinker'] = [PHP_BINARY, "$tinkerRoot/artisan", 'tinker', '--execute=echo App\Models\User::count();'];
    }
    for ($i = 0; $i < 4; $i++) { // each server worker's first call (ServeCommand::DEFAULT_WORKERS)
        $answer = strtok((string) shell_exec(implode(' ', array_map('escapeshellarg', $commands['cli']))), "\n");
    }
    $dbRounds = $rounds;
    $turns = bench_turns($commands, $dbRounds, $db);
    $mcp = new BenchMcp($db);
    [$dbMcp] = bench_percentiles(fn () => $mcp->evaluate(BENCH_APPS['laravel'][0]), $rounds);
    [$dbMcpSpaced] = bench_percentiles(fn () => $mcp->evaluate(BENCH_APPS['laravel'][0]), $rounds, BENCH_GAP_MS);
    $mcp->close();
    exec(escapeshellarg($bin) . ' serve --stop --project-root=' . escapeshellarg($db) . ' 2>&1');
    printf("\nlaravel on MariaDB through .env, User::count() (p50, ms; CLI and tinker %d rounds taking turns)\n", $dbRounds);
    printf("  bin/altair eval, serve running %5.2f   (%s; serve started: %s)\n", $turns['cli'], $answer, $started === 0 ? 'yes' : 'NO');
    printf("  MCP tools/call              %8.2f   (%d ms apart: %.2f)\n", $dbMcp, BENCH_GAP_MS, $dbMcpSpaced);
    if ($tinker === null) {
        printf("  php artisan tinker --execute %7.2f   the CLI %.1fx faster (target: >= 10x), MCP %.1fx faster, %.1fx %d ms apart (target: >= 30x)\n",
            $turns['tinker'], $turns['tinker'] / $turns['cli'], $turns['tinker'] / $dbMcp, $turns['tinker'] / $dbMcpSpaced, BENCH_GAP_MS);
    } else {
        echo "  tinker --execute: not measured: $tinker\n";
    }
    foreach ($servers as $script => $dir) {
        exec(escapeshellarg($script) . ' stop ' . escapeshellarg($dir) . ' >/dev/null 2>&1');
    }
    exec('rm -rf ' . escapeshellarg("$base-servers"));
}
printf("load average while measuring: %s\n", implode(' ', array_map(fn ($l) => sprintf('%.2f', $l), sys_getloadavg() ?: [])));
foreach ($roots as $root) {
    exec('rm -rf ' . escapeshellarg($root));
}
array_map('unlink', glob("$base-*-plain.php") ?: []);
