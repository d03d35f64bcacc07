--TEST--
EvalResult queries: capped at QUERIES_MAX statements and QUERIES_MAX_BYTES bytes with a last truncated marker (a real Redis through the relay)
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
use Altair\Eval\EvalResult;

$root = altair_test_root('n011');
$dir = sys_get_temp_dir() . '/altair-n011-redis-' . getmypid();
exec(escapeshellarg(__DIR__ . '/../servers/redis.sh') . ' start ' . escapeshellarg($dir), $lines);
preg_match('/ALTAIR_REDIS_PORT=(\d+)/', implode(' ', $lines), $m) || die("redis did not start\n");
$port = (int) $m[1];
$connect = sprintf('$r = new Redis(); $r->connect("127.0.0.1", %d, 2); $r->auth(["app", "secret"]);', $port);
$options = ['databases' => ["redis://127.0.0.1:$port"], 'timeoutMs' => 20000];
var_dump(EvalResult::QUERIES_MAX, EvalResult::QUERIES_MAX_BYTES, EvalResult::QUERY_TEXT_MAX);

// Count: one more GET than the cap.
$r = altair_eval($connect . sprintf(' for ($i = 0; $i < %d; $i++) { $r->get("greeting"); } return true;', EvalResult::QUERIES_MAX + 10), $root, $options);
$queries = $r->queries;
$last = end($queries);
echo count($r->queries), ' ', json_encode($last), ' ', $r->queries[1]['text'], ' ', $r->queries[EvalResult::QUERIES_MAX - 1]['text'], "\n";

// Bytes: long commands (the Redis engine shows a long command cut at its own length) until the
// byte cap, which comes before the count cap.
$r = altair_eval($connect . ' $key = str_repeat("k", 10000); for ($i = 0; $i < 400; $i++) { $r->get($key); } return true;', $root, $options);
$queries = $r->queries;
$marker = array_pop($queries);
$sizes = array_map(fn ($q) => strlen($q['text']), $queries);
$kept = array_sum($sizes);
echo json_encode($marker), ' ', count($queries) < 400 && $kept <= EvalResult::QUERIES_MAX_BYTES && $kept + max($sizes) > EvalResult::QUERIES_MAX_BYTES
    ? 'at the byte cap' : 'kept ' . count($queries) . " ($kept bytes)", "\n";
exec(escapeshellarg(__DIR__ . '/../servers/redis.sh') . ' stop ' . escapeshellarg($dir));
?>
--EXPECT--
int(1000)
int(262144)
int(4096)
1001 {"truncated":true} GET greeting GET greeting
{"truncated":true} at the byte cap
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('n011-');
?>
