--TEST--
Network: a Redis declared in EvalRequest databases is reached through the relay and its engine: reads pass, writes are refused (read-only, rollback) or pass (allowWrites), judged by the server's own client; every command is in queries
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
$root = altair_test_root('n005');
$dir = sys_get_temp_dir() . '/altair-n005-redis-' . getmypid();
exec(escapeshellarg(__DIR__ . '/../servers/redis.sh') . ' start ' . escapeshellarg($dir), $lines, $status);
preg_match('/ALTAIR_REDIS_PORT=(\d+)/', implode(' ', $lines), $m) || die("redis did not start\n");
$port = (int) $m[1];
$cli = fn (string ...$args) => trim((string) shell_exec('redis-cli -p ' . $port . ' --user app --pass secret --no-auth-warning ' . implode(' ', array_map('escapeshellarg', $args))));

$snippet = sprintf('$r = new Redis(); $r->connect("127.0.0.1", %d, 2); $r->auth(["app", "secret"]);'
    . ' $g = $r->get("greeting"); try { $s = $r->set("written", "yes"); } catch (RedisException $e) { $s = $e->getMessage(); }'
    . ' return [$g, $s === true ? "set" : (string) $s];', $port);
foreach (['read-only' => false, 'rollback' => 'rollback', 'writes' => true] as $label => $writes) {
    $r = altair_eval($snippet, $root, ['databases' => ["redis://127.0.0.1:$port"], 'allowWrites' => $writes]);
    [$read, $write] = array_map(fn ($v) => $v['value'], $r->result['value']);
    echo "$label: ok ", var_export($r->ok, true), ", read $read, write ", str_contains($write, 'refused') ? 'refused' : $write,
        ", names --writes: ", var_export(str_contains($write, '--writes'), true), ", server has it: ", $cli('EXISTS', 'written'), "\n";
    $db = $r->sandbox['databases'][0];
    echo "  ", $db['protocol'], ' ', $db['mode'], ' ', $db['declared_by'], ' ', $db['reached_through'], ' ', $db['enforced_by'] !== null ? 'enforced' : 'NOT ENFORCED', "\n";
    echo "  queries: ", implode(' | ', array_map(fn ($q) => $q['text'] . ($q['refused'] ? ' (refused)' : ''), $r->queries)), "\n";
}
// The same server through its Unix socket, declared as redis+unix://: read-only still holds.
preg_match('/ALTAIR_REDIS_SOCKET=(\S+)/', implode(' ', $lines), $m);
$socket = $m[1];
$snippet = sprintf('$r = new Redis(); $r->connect(%s); $r->auth(["app", "secret"]);'
    . ' $g = $r->get("greeting"); try { $s = $r->set("by-socket", "yes"); } catch (RedisException $e) { $s = $e->getMessage(); }'
    . ' return [$g, $s === true ? "set" : (string) $s];', var_export($socket, true));
$r = altair_eval($snippet, $root, ['databases' => ["redis+unix://$socket"]]);
// Cold and warm alike (a warm worker binds its own evaluation's relay socket over the path).
[$read, $write] = array_map(fn ($v) => $v['value'], $r->result['value'] ?? [[], []]) + [null, null];
$line = "socket: read $read, write " . (str_contains((string) $write, 'refused') ? 'refused' : $write) . ", server has it: "
    . $cli('EXISTS', 'by-socket') . ", " . $r->sandbox['databases'][0]['mode'] . ", note " . json_encode($r->sandbox['databases'][0]['note']);
$expected = 'socket: read hello, write refused, server has it: 0, read-only, note null';
echo $line === $expected ? "socket: as expected\n" : "$line\n";
exec(escapeshellarg(__DIR__ . '/../servers/redis.sh') . ' stop ' . escapeshellarg($dir));
?>
--EXPECT--
read-only: ok true, read hello, write refused, names --writes: true, server has it: 0
  redis read-only EvalRequest databases relay enforced
  queries: AUTH *** *** | GET greeting | SET written yes (refused)
rollback: ok true, read hello, write refused, names --writes: true, server has it: 0
  redis rollback EvalRequest databases relay enforced
  queries: AUTH *** *** | GET greeting | SET written yes (refused)
writes: ok true, read hello, write set, names --writes: false, server has it: 1
  redis writes EvalRequest databases relay enforced
  queries: AUTH *** *** | GET greeting | SET written yes
socket: as expected
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('n005-');
?>
