<?php
/*
 * bin/altair eval end to end, side by side in one run (issue 14 point 3), each command started the
 * way a shell-driven agent starts it (stdout a pipe), rounds interleaved, medians and p90 in ms:
 *   - bare php:           php -r 'return 1;'
 *   - php + extension:    php -d extension=<module> -r 'return 1;'   (what loading the module costs)
 *   - cold:               bin/altair eval 'return 1;'               (no server for the project)
 *   - server:             the same, with `bin/altair serve --daemon` running for the project
 * Targets: cold <= 2.0x bare php; with the server <= 1.2x.
 *
 * Run: php bench/cli.php [rounds]   (needs modules/altair_eval.so; XDG_RUNTIME_DIR is set to a
 * scratch directory so that no other server is used)
 */
declare(strict_types=1);

$rounds = (int) ($argv[1] ?? 21);
$root = dirname(__DIR__);
$altair = $root . '/bin/altair';
$module = $root . '/modules/altair_eval.so';
$scratch = sys_get_temp_dir() . '/altair-bench-cli-' . getmypid();
$cold = $scratch . '/cold';
$served = $scratch . '/served';
foreach ([$scratch, $cold, $served, $scratch . '/run'] as $directory) {
    @mkdir($directory, 0700, true);
}
$environment = ['XDG_RUNTIME_DIR' => $scratch . '/run', 'PHP_BINARY' => PHP_BINARY] + getenv();

/** @param list<string> $command */
function run(array $command, array $environment): float
{
    $start = hrtime(true);
    $process = proc_open($command, [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $environment);
    $out = stream_get_contents($pipes[1]);
    stream_get_contents($pipes[2]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    $exit = proc_close($process);
    $elapsed = (hrtime(true) - $start) / 1e6;
    if ($exit !== 0) {
        fwrite(STDERR, sprintf("bench/cli: %s exited %d: %s\n", implode(' ', $command), $exit, $out));
        exit(1);
    }

    return $elapsed;
}

/** @param list<float> $samples */
function percentile(array $samples, float $p): float
{
    sort($samples);

    return $samples[(int) floor($p * (count($samples) - 1))];
}

$commands = [
    'bare php' => [PHP_BINARY, '-r', 'return 1;'],
    'php + extension' => [PHP_BINARY, '-d', 'extension=' . $module, '-r', 'return 1;'],
    'cold bin/altair eval' => [$altair, 'eval', '--project-root=' . $cold, 'return 1;'],
    'bin/altair eval, server' => [$altair, 'eval', '--project-root=' . $served, 'return 1;'],
];
run([$altair, 'serve', '--daemon', '--idle-timeout=600', '--project-root=' . $served], $environment);
try {
    foreach ($commands as $command) {
        run($command, $environment); // warm-up: the launcher's cache, the page cache, the template
    }
    $samples = array_fill_keys(array_keys($commands), []);
    for ($i = 0; $i < $rounds; $i++) {
        foreach ($commands as $name => $command) {
            $samples[$name][] = run($command, $environment);
        }
    }
} finally {
    run([$altair, 'serve', '--stop', '--project-root=' . $served], $environment);
}

$bare = percentile($samples['bare php'], 0.5);
printf("bin/altair eval 'return 1;' end to end, %d interleaved rounds (PHP %s, %d CPUs)\n\n", $rounds, PHP_VERSION, (int) shell_exec('nproc'));
printf("%-26s %9s %9s %10s\n", '', 'p50 ms', 'p90 ms', 'x bare');
foreach ($samples as $name => $values) {
    $p50 = percentile($values, 0.5);
    printf("%-26s %9.1f %9.1f %9.2fx\n", $name, $p50, percentile($values, 0.9), $p50 / $bare);
}
printf("\ntargets: cold <= 2.00x, server <= 1.20x\n");
exec('rm -rf ' . escapeshellarg($scratch));
