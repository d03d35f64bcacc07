--TEST--
Network: with allowNetwork the child has the host's network, but a declared database is still reached only through the relay, read-only, on any local address of its port and by its socket; other addresses are connected by the host
--EXTENSIONS--
altair_eval
redis
posix
--SKIPIF--
<?php
if (!is_executable('/usr/bin/redis-server') || !is_executable('/usr/bin/redis-cli')) die('skip redis-server and redis-cli are not installed (tests/servers/redis.sh installs them)');
?>
--FILE--
<?php
require __DIR__ . '/network.inc';
$root = altair_test_root('n007');
$dir = sys_get_temp_dir() . '/altair-n007-redis-' . getmypid();
exec(escapeshellarg(__DIR__ . '/../servers/redis.sh') . ' start ' . escapeshellarg($dir), $lines);
preg_match('/ALTAIR_REDIS_PORT=(\d+).*ALTAIR_REDIS_SOCKET=(\S+)/', implode(' ', $lines), $m) || die("redis did not start\n");
[, $port, $socket] = $m;
$other = new AltairEchoServer('n007b');

$snippet = sprintf(<<<'PHP'
$seen = [];
foreach ([['127.0.0.1', %d], ['localhost', %d], [%s, 0]] as [$host, $port]) {
    try {
        $r = new Redis();
        $r->connect($host, $port, 2);
        $r->auth('secret');
        try { $r->set('from-n007', '1'); $written = 'written'; } catch (RedisException $e) { $written = 'refused'; }
        $seen[] = $r->get('greeting') . ' ' . $written;
    } catch (RedisException $e) {
        $seen[] = $e->getMessage();
    }
}
$s = stream_socket_client("tcp://127.0.0.1:%d", $no, $message, 2);
fwrite($s, "*2\r\n$4\r\nECHO\r\n$5\r\nhello\r\n");
$seen[] = $s ? trim(fread($s, 100)) : $message;
return $seen;
PHP, $port, $port, var_export($socket, true), $other->port);
$r = altair_eval($snippet, $root, ['allowNetwork' => true,
    'databases' => ["redis://127.0.0.1:$port", "redis+unix://$socket"]]);
var_dump($r->ok, $r->sandbox['connect_intercepted'], $r->sandbox['sockets_intercepted']);
echo json_encode(array_map(fn ($v) => $v['value'], $r->result['value'] ?? [])), "\n";
foreach ($r->sandbox['databases'] as $db) {
    echo $db['protocol'], ' ', $db['mode'], ' ', $db['reached_through'], ' ', $db['connections'], "\n";
}
// The server is unchanged: every write was refused by the relay's Redis engine.
echo trim((string) shell_exec("redis-cli -p $port --user app --pass secret --no-auth-warning EXISTS from-n007")), "\n";
var_dump($other->waitClosed(1));
$other->stop();
exec(escapeshellarg(__DIR__ . '/../servers/redis.sh') . ' stop ' . escapeshellarg($dir));
?>
--EXPECTF--
bool(true)
bool(true)
bool(true)
["hello refused","hello refused","hello refused","*2\r\n$4\r\nECHO\r\n$5\r\nhello"]
redis read-only relay 2
redis read-only relay 1
0
int(1)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('n007-');
?>
