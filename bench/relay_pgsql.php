<?php
/*
 * The PostgreSQL relay engine's cost (docs/relay.md, "PostgreSQL"): 1,000 `SELECT 1` round trips
 * with pdo_pgsql through tests/relay/proxy.c built with the engine (read-only, rollback, writes)
 * against the same server directly, side by side in one run (rounds interleaved, medians), and
 * the queries capture on (a query log) against off; then the engine alone in process
 * (bench/relay_pgsql_engine.c), whose CPU per query does not depend on the machine's load.
 *
 *   php bench/relay_pgsql.php [ROUNDS]
 *
 * Starts its own server with tests/servers/postgres.sh and builds the proxy with cc -O2. Needs
 * pdo_pgsql (php-pgsql).
 */
declare(strict_types=1);

const QUERIES = 1000;
$rounds = (int) ($argv[1] ?? 7);
$root = dirname(__DIR__);
$work = trim((string) shell_exec('mktemp -d /tmp/altair-bench-pgsql.XXXXXX'));
chmod($work, 0755);
$proxies = [];

register_shutdown_function(function () use ($root, $work, &$proxies): void {
    foreach ($proxies as $proxy) {
        proc_terminate($proxy);
        proc_close($proxy);
    }
    shell_exec(escapeshellarg("$root/tests/servers/postgres.sh") . ' stop ' . escapeshellarg("$work/pg"));
    shell_exec('rm -rf ' . escapeshellarg($work));
});

/* The test proxy sets TCP_NODELAY on both legs, as the host's relay (and libpq, and the server)
 * does: what is measured is the engine, not Nagle's algorithm waiting for delayed ACKs. */
copy("$root/tests/relay/proxy.c", "$work/proxy.c");
$build = sprintf('cc -O2 -I %1$s/relay -DRELAY_ENGINE=altair_relay_engine_pgsql -o %2$s/proxy %2$s/proxy.c %1$s/relay/buf.c %1$s/relay/mode.c %1$s/relay/pgsql/*.c -DHAVE_PG_QUERY -lpg_query -lcrypto 2>&1',
    escapeshellarg($root), escapeshellarg($work));
exec($build, $output, $status);
if ($status !== 0) {
    fwrite(STDERR, implode("\n", $output) . "\n");
    exit(1);
}
mkdir("$work/pg");
$vars = shell_exec(escapeshellarg("$root/tests/servers/postgres.sh") . ' start ' . escapeshellarg("$work/pg"));
preg_match_all('/(ALTAIR_PGSQL_\w+)=(\S+)/', (string) $vars, $m);
$server = array_combine($m[1], $m[2]);

/** Starts a proxy; returns its port. */
function proxy(string $work, string $mode, string $upstream, ?string $log, array &$proxies): int
{
    $command = [$work . '/proxy', $mode, 'tcp:127.0.0.1:0', $upstream];
    if ($log !== null) {
        $command[] = $log;
    }
    $process = proc_open($command, [1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes);
    $proxies[] = $process;
    $line = (string) fgets($pipes[1]);
    if (!preg_match('/^ready (\d+)/', $line, $mm)) {
        fwrite(STDERR, "proxy $mode did not start\n");
        exit(1);
    }
    return (int) $mm[1];
}

/** Seconds for QUERIES pg_query() calls (one simple Query, one round trip each). */
function run_pgsql(int $port): float
{
    $c = pg_connect("host=127.0.0.1 port=$port dbname=app user=app password=secret", PGSQL_CONNECT_FORCE_NEW);
    pg_query($c, 'SELECT 1');
    $start = hrtime(true);
    for ($i = 0; $i < QUERIES; $i++) {
        pg_fetch_row(pg_query($c, 'SELECT 1'));
    }
    $seconds = (hrtime(true) - $start) / 1e9;
    pg_close($c);
    return $seconds;
}

/** Seconds for QUERIES PDO::query() calls on one connection (connecting excluded): pdo_pgsql
 * prepares on the server, so each is a Parse, a Bind/Execute and a DEALLOCATE round trip. */
function run(int $port): float
{
    $db = new PDO("pgsql:host=127.0.0.1;port=$port;dbname=app", 'app', 'secret', [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);
    $db->query('SELECT 1')->fetchColumn();
    $start = hrtime(true);
    for ($i = 0; $i < QUERIES; $i++) {
        $db->query('SELECT 1')->fetchColumn();
    }
    return (hrtime(true) - $start) / 1e9;
}

$upstream = 'tcp:127.0.0.1:' . $server['ALTAIR_PGSQL_PORT'];
$ports = [
    'direct' => (int) $server['ALTAIR_PGSQL_PORT'],
    'read-only' => proxy($work, 'read-only', $upstream, null, $proxies),
    'read-only, queries logged' => proxy($work, 'read-only', $upstream, "$work/queries.jsonl", $proxies),
    'rollback' => proxy($work, 'rollback', $upstream, null, $proxies),
    'writes' => proxy($work, 'writes', $upstream, null, $proxies),
];
$median = function (array $values): float {
    sort($values);
    return $values[intdiv(count($values), 2)];
};
printf("%d x SELECT 1 over TCP, median of %d rounds, rounds interleaved (%s)\n", QUERIES, $rounds, trim((string) shell_exec($server['ALTAIR_PGSQL_BIN'] . '/postgres --version')));
foreach (['pg_query (1 round trip)' => 'run_pgsql', 'PDO::query (3 round trips)' => 'run'] as $title => $driver) {
    $times = array_fill_keys(array_keys($ports), []);
    for ($round = 0; $round < $rounds; $round++) {
        foreach ($ports as $label => $port) {
            $times[$label][] = $driver($port);
        }
    }
    $direct = $median($times['direct']);
    echo "$title\n";
    foreach ($times as $label => $values) {
        $t = $median($values);
        printf("  %-28s %7.1f ms  %6.1f us/query  %.2fx direct  %.2fx writes\n", $label, $t * 1e3, $t / QUERIES * 1e6, $t / $direct, $t / $median($times['writes']));
    }
    printf("  queries capture on/off (read-only): %.3fx\n", $median($times['read-only, queries logged']) / $median($times['read-only']));
}

/* The engine alone, in process: its own CPU per round trip, free of the scheduler's noise. */
$engine = sprintf('cc -O2 -I %1$s/relay -o %2$s/engine %1$s/bench/relay_pgsql_engine.c %1$s/relay/buf.c %1$s/relay/mode.c %1$s/relay/pgsql/*.c -DHAVE_PG_QUERY -lpg_query -lcrypto 2>&1 && %2$s/engine 100000 %3$d',
    escapeshellarg($root), escapeshellarg($work), $rounds);
passthru($engine, $status);
exit($status);
