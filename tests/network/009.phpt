--TEST--
Network: a Laravel-style project's .env declares its Redis; the evaluation reaches it through the relay with no option, read-only, and an explicit declaration of the same address wins
--EXTENSIONS--
altair_eval
redis
--SKIPIF--
<?php
if (!is_executable('/usr/bin/redis-server') || !is_executable('/usr/bin/redis-cli')) die('skip redis-server and redis-cli are not installed (tests/servers/redis.sh installs them)');
?>
--FILE--
<?php
require __DIR__ . '/network.inc';
$root = altair_test_root('n009');
$dir = sys_get_temp_dir() . '/altair-n009-redis-' . getmypid();
exec(escapeshellarg(__DIR__ . '/../servers/redis.sh') . ' start ' . escapeshellarg($dir), $lines);
preg_match('/ALTAIR_REDIS_PORT=(\d+)/', implode(' ', $lines), $m) || die("redis did not start\n");
$port = (int) $m[1];
file_put_contents($root . '/artisan', "<?php\n");
file_put_contents($root . '/.env', "APP_ENV=local\nCACHE_DRIVER=redis\nREDIS_HOST=127.0.0.1\nREDIS_PASSWORD=secret\nREDIS_PORT=$port\n");

$snippet = sprintf('$r = new Redis(); $r->connect("127.0.0.1", %d, 2); $r->auth("secret");'
    . ' try { $r->set("from-env", "1"); $w = "written"; } catch (RedisException $e) { $w = "refused"; } return [$r->get("greeting"), $w];', $port);
$r = altair_eval($snippet, $root);
echo json_encode(array_map(fn ($v) => $v['value'], $r->result['value'] ?? [])), "\n";
$db = $r->sandbox['databases'][0];
echo $db['protocol'], ' ', $db['address'] === "127.0.0.1:$port" ? 'ADDRESS' : $db['address'], ' ', $db['mode'], ' ', $db['reached_through'], "\n";
echo str_contains($db['declared_by'], '.env') && str_contains($db['declared_by'], 'REDIS_HOST') && !str_contains($db['declared_by'], 'secret')
    ? "declared by .env, names only\n" : $db['declared_by'] . "\n";
echo trim((string) shell_exec("redis-cli -p $port --user app --pass secret --no-auth-warning EXISTS from-env")), "\n";

// The same address given explicitly: one declaration, the explicit one.
$r = altair_eval($snippet, $root, ['databases' => ["redis://127.0.0.1:$port"]]);
echo count($r->sandbox['databases']), ' ', $r->sandbox['databases'][0]['declared_by'], "\n";
exec(escapeshellarg(__DIR__ . '/../servers/redis.sh') . ' stop ' . escapeshellarg($dir));
?>
--EXPECT--
["hello","refused"]
redis ADDRESS read-only relay
declared by .env, names only
0
1 EvalRequest databases
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('n009-');
?>
