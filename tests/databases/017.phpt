--TEST--
Databases: in a container whose databases are Compose service names (DB_HOST=mysql, answered by the container's DNS, not /etc/hosts), every name leads to the relay with no flags, read-only, cold, warm (serve) and through MCP, as root and as uid 65534, and no query of the child leaves the machine
--DESCRIPTION--
Issue 34 items 1 and 5: under tests/containers/container.c (Docker's default seccomp rules: the
child has no network, IPC or mount namespace) with the container's own /etc/resolv.conf naming a
DNS server that knows `mysql`, `pgsql` and `redis` (tests/containers/dns_server.inc, as Docker's
embedded server at 127.0.0.11 does), the Laravel fixture's .env names its servers by those names.
The child's resolver asks over TCP (RES_OPTIONS=use-vc) and the host answers it (declared names
only): the DNS server sees the host's own lookups and nothing of the child's. Every write route is
judged by reading each server with its own client afterwards.
--EXTENSIONS--
altair_eval
pdo_mysql
pdo_pgsql
redis
posix
--SKIPIF--
<?php
require __DIR__ . '/databases.inc';
if ($why = altair_db_missing('mysql', 'pgsql', 'redis')) die("skip $why");
if (posix_geteuid() !== 0) die('skip needs root: a DNS server on port 53 and container.c --bind (tests/databases/run.sh runs it as root)');
if (!shell_exec('command -v cc')) die('skip needs cc for tests/containers/container.c');
?>
--FILE--
<?php
require __DIR__ . '/databases.inc';

$work = altair_test_root('db017-work');
chmod($work, 0755);
exec('cc -O1 -o ' . escapeshellarg("$work/container") . ' ' . escapeshellarg(__DIR__ . '/../containers/container.c'), $out, $status);
$status === 0 || die("container.c did not build\n");
$ready = "$work/dns";
$dns = proc_open([PHP_BINARY, '-n', __DIR__ . '/../containers/dns_server.inc', '127.0.0.53', '53', $ready,
    'mysql=127.0.0.1', 'pgsql=127.0.0.1', 'redis=127.0.0.1'], [], $pipes);
for ($i = 0; $i < 500 && !is_file($ready); $i++) {
    usleep(10000);
}
is_file($ready) || die("the DNS server did not start\n");
file_put_contents("$work/resolv.conf", "nameserver 127.0.0.53\noptions timeout:1 attempts:1\n");
@mkdir("$work/run", 0777);
chmod("$work/run", 0777);

/** bin/altair in the container: [exit, stdout, stderr]. */
function run017(string $work, string $root, array $arguments, bool $unprivileged, string $input = ''): array
{
    $command = ["$work/container", "--bind=$work/resolv.conf:/etc/resolv.conf", ...($unprivileged ? ['--user=65534'] : []),
        PHP_BINARY, ALTAIR_TEST_BIN, ...$arguments];
    $env = ['HOME' => "$work/run", 'XDG_RUNTIME_DIR' => "$work/run/" . ($unprivileged ? 'nobody' : 'root')] + altair_bin_env();
    @mkdir($env['XDG_RUNTIME_DIR'], 0700);
    $unprivileged && chown($env['XDG_RUNTIME_DIR'], 65534);
    $process = proc_open($command, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, $root, $env);
    fwrite($pipes[0], $input);
    fclose($pipes[0]);
    $stdout = stream_get_contents($pipes[1]);
    $stderr = stream_get_contents($pipes[2]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    return [proc_close($process), $stdout, $stderr];
}

function databases017(?array $result): string
{
    altair_check_claims($result['sandbox'] ?? null);
    return implode(', ', array_map(fn ($db) => "{$db['address']} {$db['mode']} via {$db['reached_through']}",
        $result['sandbox']['databases'] ?? []));
}

$servers = ['mysql' => 'tcp', 'redis' => 'tcp'];
$root = altair_db_laravel('db017', $servers);
$env = (string) file_get_contents("$root/.env");
file_put_contents("$root/.env", preg_replace(['/^DB_HOST=.*$/m', '/^REDIS_HOST=.*$/m'], ['DB_HOST=mysql', 'REDIS_HOST=redis'], $env));
$pgsql = altair_db_laravel('db017-pgsql', ['pgsql' => 'tcp']);
file_put_contents("$pgsql/.env", preg_replace('/^DB_HOST=.*$/m', 'DB_HOST=pgsql', (string) file_get_contents("$pgsql/.env")));
$before = ['mysql' => altair_db_fingerprint('mysql'), 'pgsql' => altair_db_fingerprint('pgsql'), 'redis' => altair_db_fingerprint('redis')];
$mysqlPort = altair_db_server('mysql')['port'];

$read = 'return [User::count(), DB::table("posts")->count(), Cache::get("nothing-here", "none")];';
$writes = [
    'eloquent delete' => 'return DB::table("posts")->delete();',
    'raw pdo by name' => sprintf('return (new PDO("mysql:host=mysql;port=%d;dbname=app", "app", "secret"))->exec("DELETE FROM posts");', $mysqlPort),
    'cache write' => 'Cache::put("from-017", "x", 60); return Cache::get("from-017");',
    'undeclared name' => sprintf('try { new PDO("mysql:host=undeclared-017;port=%d;dbname=app", "app", "secret"); return "REACHED"; } catch (PDOException $e) { return $e->getMessage(); }', $mysqlPort),
];
foreach ([false, true] as $unprivileged) {
    echo $unprivileged ? "uid 65534:\n" : "root:\n";
    [$exit, $out] = run017($work, $root, ['eval', '--format=json', '--project-root=' . $root, '--', $read], $unprivileged);
    $r = json_decode($out, true);
    echo '  read: exit ', $exit, ' ', json_encode(altair_db_decode($r['result'] ?? null)), ' | ', databases017($r), "\n";
    foreach ($writes as $route => $snippet) {
        [$exit, $out] = run017($work, $root, ['eval', '--format=json', '--project-root=' . $root, '--', $snippet], $unprivileged);
        $r = json_decode($out, true);
        $said = $r['exception']['message'] ?? (is_string($r['result']['value'] ?? null) ? $r['result']['value'] : json_encode($r['result'] ?? $out));
        // A write is refused by the relay or the server; a name nobody declared does not resolve.
        $refusal = $route === 'undeclared name' ? '/getaddrinfo for undeclared-017 failed/' : '/refused|read-only/i';
        echo '  ', str_pad($route, 16), preg_match($refusal, $said) ? 'refused' : "NOT REFUSED: $said", "\n";
    }
    [$exit, $out] = run017($work, $pgsql, ['eval', '--format=json', '--project-root=' . $pgsql, '--', 'return [User::count(), DB::table("posts")->delete()];'], $unprivileged);
    $r = json_decode($out, true);
    echo '  pgsql by name: ', preg_match('/read-only/i', $r['exception']['message'] ?? '') ? 'write refused' : 'NOT REFUSED: ' . $out, ' | ', databases017($r), "\n";

    // Warm: bin/altair serve inside the container; the same calls go through it.
    [$exit, , $err] = run017($work, $root, ['serve', '--daemon', '--project-root=' . $root], $unprivileged);
    echo '  serve: ', $exit === 0 ? 'started' : "NOT STARTED: $err", "\n";
    foreach ([$read, $writes['eloquent delete']] as $snippet) {
        [$exit, $out] = run017($work, $root, ['eval', '--format=json', '--project-root=' . $root, '--', $snippet], $unprivileged);
        $r = json_decode($out, true);
        echo '    exit ', $exit, ' ', $r['exception'] ? (str_contains($r['exception']['message'], 'read-only') ? 'refused' : $r['exception']['message'])
            : json_encode(altair_db_decode($r['result'] ?? null)), ' | ', databases017($r), "\n";
    }
    run017($work, $root, ['serve', '--stop', '--project-root=' . $root], $unprivileged);

    // The agent's way in: bin/altair mcp over stdio in the container.
    $messages = [
        ['jsonrpc' => '2.0', 'id' => 0, 'method' => 'initialize', 'params' => ['protocolVersion' => '2025-06-18', 'capabilities' => new stdClass(), 'clientInfo' => ['name' => 'db017', 'version' => '1']]],
        ['jsonrpc' => '2.0', 'method' => 'notifications/initialized'],
        ['jsonrpc' => '2.0', 'id' => 1, 'method' => 'tools/call', 'params' => ['name' => 'framework__eval', 'arguments' => ['snippet' => $read, 'timeout_ms' => 20000]]],
        ['jsonrpc' => '2.0', 'id' => 2, 'method' => 'tools/call', 'params' => ['name' => 'framework__eval', 'arguments' => ['snippet' => $writes['eloquent delete'], 'timeout_ms' => 20000]]],
    ];
    [, $out] = run017($work, $root, ['mcp', '--project-root=' . $root], $unprivileged, implode('', array_map(fn ($m) => json_encode($m) . "\n", $messages)));
    foreach (explode("\n", trim($out)) as $line) {
        $m = json_decode($line, true);
        if (($m['id'] ?? 0) > 0) {
            $c = $m['result']['structuredContent'] ?? [];
            echo '  mcp ', $m['id'], ': ', $c['exception'] ? (str_contains($c['exception']['message'], 'read-only') ? 'refused' : $c['exception']['message'])
                : json_encode(altair_db_decode($c['result'] ?? null)), ' | ', databases017($c), "\n";
        }
    }
}
foreach ($before as $server => $fingerprint) {
    echo "$server unchanged: ", altair_db_fingerprint($server) === $fingerprint ? 'yes' : 'NO', "\n";
}
// What reached the DNS server: the host's own lookups of the declared names (UDP), never a query of
// the child's (TCP: its resolver asks over TCP, and the host answers those itself).
$asked = array_count_values(array_filter(explode("\n", (string) @file_get_contents("$ready.log"))));
ksort($asked);
echo 'the DNS server was asked: ', implode(', ', array_keys($asked)), "\n";
proc_terminate($dns);
proc_close($dns);
?>
--EXPECTF--
root:
  read: exit 0 [3,3,"none"] | mysql:%d read-only via relay, redis:%d read-only via relay
  eloquent delete refused
  raw pdo by name refused
  cache write     refused
  undeclared name refused
  pgsql by name: write refused | pgsql:%d read-only via relay
  serve: started
    exit 0 [3,3,"none"] | mysql:%d read-only via relay, redis:%d read-only via relay
    exit 1 refused | mysql:%d read-only via relay, redis:%d read-only via relay
  mcp 1: [3,3,"none"] | mysql:%d read-only via relay, redis:%d read-only via relay
  mcp 2: refused | mysql:%d read-only via relay, redis:%d read-only via relay
uid 65534:
  read: exit 0 [3,3,"none"] | mysql:%d read-only via relay, redis:%d read-only via relay
  eloquent delete refused
  raw pdo by name refused
  cache write     refused
  undeclared name refused
  pgsql by name: write refused | pgsql:%d read-only via relay
  serve: started
    exit 0 [3,3,"none"] | mysql:%d read-only via relay, redis:%d read-only via relay
    exit 1 refused | mysql:%d read-only via relay, redis:%d read-only via relay
  mcp 1: [3,3,"none"] | mysql:%d read-only via relay, redis:%d read-only via relay
  mcp 2: refused | mysql:%d read-only via relay, redis:%d read-only via relay
mysql unchanged: yes
pgsql unchanged: yes
redis unchanged: yes
the DNS server was asked: udp mysql, udp pgsql, udp redis
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db017');
?>
