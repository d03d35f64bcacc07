--TEST--
Databases: Laravel's cache and a raw client on Redis: reads answer, every write is refused, and the server is unchanged
--DESCRIPTION--
Issue 19 item 2 (Redis): only commands the server itself flags read-only pass (the relay asks it
with COMMAND INFO); EVAL only as EVAL_RO. Judged with redis-cli afterwards.
--EXTENSIONS--
altair_eval
redis
--SKIPIF--
<?php
require __DIR__ . '/databases.inc';
if ($why = altair_db_missing('redis')) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/databases.inc';
$root = altair_db_laravel('db004', ['redis' => 'tcp']);
altair_db_client('redis', '-n 1 SET altair_fixture_database_altair_fixture_cache:greeting ' . escapeshellarg(serialize('hello')));
altair_db_client('redis', 'SET plain-key kept');
$before = altair_db_fingerprint('redis');
echo 'Cache::get: ', json_encode(altair_db_eval($root, 'return Cache::get("greeting");')->result['value'] ?? null), "\n";
$raw = '$e = Dotenv\Dotenv::parse(file_get_contents(base_path(".env"))); $r = new Redis(); $r->connect("127.0.0.1", (int) $e["REDIS_PORT"]); $r->auth($e["REDIS_PASSWORD"]);';
echo 'raw GET: ', json_encode(altair_db_eval($root, $raw . 'return $r->get("plain-key");')->result['value'] ?? null), "\n";
$routes = [
    'Cache::put' => 'return Cache::put("k", "v", 60);',
    'Cache::forget' => 'return Cache::forget("greeting");',
    'Cache::flush' => 'return Cache::flush();',
    'Redis::set' => 'return Redis::set("k", "v");',
    'raw SET' => $raw . 'return $r->set("plain-key", "changed");',
    'raw FLUSHALL' => $raw . 'return $r->flushAll();',
    'raw EVAL' => $raw . 'return $r->eval("return redis.call(\'set\', \'plain-key\', \'lua\')");',
    'raw MULTI' => $raw . '$r->multi(); $r->get("plain-key"); $r->del("plain-key"); return $r->exec();',
    'raw rawCommand' => $raw . 'return $r->rawCommand("DEL", "plain-key");',
];
foreach ($routes as $route => $snippet) {
    $r = altair_db_eval($root, $snippet);
    $refused = !$r->ok || in_array(altair_db_decode($r->result) ?? null, [false, null], true);
    echo str_pad($route, 16), $refused ? 'refused' : 'NOT REFUSED: ' . json_encode($r->result), altair_db_fingerprint('redis') === $before ? ', server unchanged' : ', SERVER CHANGED', "\n";
}
?>
--EXPECT--
Cache::get: "hello"
raw GET: "kept"
Cache::put      refused, server unchanged
Cache::forget   refused, server unchanged
Cache::flush    refused, server unchanged
Redis::set      refused, server unchanged
raw SET         refused, server unchanged
raw FLUSHALL    refused, server unchanged
raw EVAL        refused, server unchanged
raw MULTI       refused, server unchanged
raw rawCommand  refused, server unchanged
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db004-');
?>
