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
 *
 * --soak [N]: N (1000) warm evaluations of User::count() through one MCP server on the Laravel
 * fixture; prints the server's RSS and descriptor count before and after, and the p95 of the first
 * and the last 100 calls. Targets: RSS growth < 5 MB, no descriptor growth, last p95 <= 1.2x first.
 *
 * Run: php -d extension=modules/altair_eval.so bench/warm_app.php [rounds] | --soak [N]
 */
declare(strict_types=1);

use Altair\Eval\EvalRequest;
use Altair\Eval\Evaluator;

require __DIR__ . '/../tests/apps/fixtures/build.php';

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

/** @return array{float, float} p50, p95 in ms of $rounds calls (after one warm-up) */
function bench_percentiles(callable $call, int $rounds): array
{
    $call();
    $samples = [];
    for ($i = 0; $i < $rounds; $i++) {
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

$soak = ($argv[1] ?? '') === '--soak';
$rounds = $soak ? (int) ($argv[2] ?? 1000) : (int) ($argv[1] ?? 30);
$base = sys_get_temp_dir() . '/altair-bench-warm-app-' . getmypid();
$roots = [];
foreach (array_keys(BENCH_APPS) as $name) {
    $roots[$name] = "$base-$name";
    altair_apps_build($name, $roots[$name]);
}
if ($soak) {
    bench_soak($roots['laravel'], $rounds);
    exit(0);
}

$warm = new Evaluator(warm: true);
printf("%d runs each (p50 / p95, ms)\n", $rounds);
foreach (BENCH_APPS as $name => [$snippet, $plain]) {
    $root = $roots[$name];
    file_put_contents("$base-$name-plain.php", "<?php\n\$root = \$argv[1];\nrequire \$root . '/vendor/autoload.php';\n$plain\n");
    $answer = trim((string) shell_exec(escapeshellarg(PHP_BINARY) . ' ' . escapeshellarg("$base-$name-plain.php") . ' ' . escapeshellarg($root)));
    [$plain50, $plain95] = bench_percentiles(fn () => shell_exec(escapeshellarg(PHP_BINARY) . ' ' . escapeshellarg("$base-$name-plain.php") . ' ' . escapeshellarg($root)), max(5, intdiv($rounds, 3)));
    $request = new EvalRequest($snippet, $root);
    $result = $warm->evaluate($request);
    [$warm50, $warm95] = bench_percentiles(fn () => $warm->evaluate($request), $rounds);
    $template = (int) ($warm->evaluate(new EvalRequest('return posix_getppid();', $root))->result['value'] ?? 0);
    $mcp = new BenchMcp($root);
    [$mcp50, $mcp95] = bench_percentiles(fn () => $mcp->evaluate($snippet), $rounds);
    $mcp->close();
    printf("%s: plain php answers %s, warm answers %s\n", $name, $answer, json_encode($result->result['value'] ?? $result->toArray()['exception']['message'] ?? null));
    printf("  template booted the app: %s\n", $result->sandbox['booted_template'] ? 'yes' : 'no (' . implode('; ', array_filter($result->sandbox['unavailable'], fn ($l) => str_starts_with($l, 'warm: '))) . ')');
    printf("  plain php (boot and count)  %8.2f / %8.2f\n", $plain50, $plain95);
    printf("  warm evaluate()             %8.2f / %8.2f   %.1fx faster than plain php (targets: <= 5 ms, >= 30x)\n", $warm50, $warm95, $plain50 / $warm50);
    printf("  MCP tools/call              %8.2f / %8.2f   (target: <= 8 ms)\n", $mcp50, $mcp95);
    printf("  template memory (VmRSS / PSS) %s\n", bench_memory($template));
}
$one = new EvalRequest('return 1+1;', $roots['laravel']);
[$one50, $one95] = bench_percentiles(fn () => $warm->evaluate($one), $rounds);
printf("warm evaluate('return 1+1;')  %8.2f / %8.2f   (target: <= 1 ms)\n", $one50, $one95);
$warm->close();
printf("load average while measuring: %s\n", implode(' ', array_map(fn ($l) => sprintf('%.2f', $l), sys_getloadavg() ?: [])));
foreach ($roots as $root) {
    exec('rm -rf ' . escapeshellarg($root));
}
array_map('unlink', glob("$base-*-plain.php") ?: []);
