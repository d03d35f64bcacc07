--TEST--
Network: with allowNetwork and a declared database, the host makes the child's inet sockets and their connections: blocking and non-blocking TCP and UDP reach other addresses, the database only through the relay (by ext-sockets too), and what would connect without connect() (TCP fast open, raw sockets) is refused
--EXTENSIONS--
altair_eval
sockets
posix
--SKIPIF--
<?php
if (!is_executable('/usr/bin/redis-server') || !is_executable('/usr/bin/redis-cli')) die('skip redis-server and redis-cli are not installed (tests/servers/redis.sh installs them)');
?>
--FILE--
<?php
require __DIR__ . '/network.inc';
$root = altair_test_root('n015');
$dir = sys_get_temp_dir() . '/altair-n015-redis-' . getmypid();
exec(escapeshellarg(__DIR__ . '/../servers/redis.sh') . ' start ' . escapeshellarg($dir), $lines);
preg_match('/ALTAIR_REDIS_PORT=(\d+)/', implode(' ', $lines), $m) || die("redis did not start\n");
$port = (int) $m[1];
$echo = new AltairEchoServer('n015');
$udp = stream_socket_server('udp://127.0.0.1:0', $errno, $error, STREAM_SERVER_BIND);
$udpPort = (int) substr(strrchr(stream_socket_get_name($udp, false), ':'), 1);

$snippet = sprintf(<<<'PHP'
$out = [];
// Blocking connect (ext-sockets' default): the host connects its copy and answers when done.
$s = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
$out['blocking'] = socket_connect($s, '127.0.0.1', %1$d) && socket_write($s, "one\n") === 4 ? trim((string) socket_read($s, 100)) : socket_strerror(socket_last_error($s));
socket_close($s);
// Non-blocking: EINPROGRESS, then writable.
$s = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
socket_set_nonblock($s);
$started = @socket_connect($s, '127.0.0.1', %1$d) ? 'at once' : socket_last_error($s);
$r = null; $w = [$s]; $e = null;
socket_select($r, $w, $e, 2);
socket_set_block($s);
$out['non-blocking'] = ($started === SOCKET_EINPROGRESS ? 'in progress' : $started) . ', ' . (socket_write($s, "two\n") === 4 ? trim((string) socket_read($s, 100)) : 'not connected');
socket_close($s);
// UDP, connected, to a server of the test.
$s = socket_create(AF_INET, SOCK_DGRAM, SOL_UDP);
$out['udp'] = socket_connect($s, '127.0.0.1', %2$d) && socket_write($s, 'datagram') === 8 ? 'sent' : socket_strerror(socket_last_error($s));
socket_close($s);
// The declared database by ext-sockets: the relay's Redis engine answers.
$s = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
socket_connect($s, '127.0.0.1', %3$d);
socket_write($s, "AUTH secret\r\nSET from-n015 1\r\n");
usleep(200000);
$out['database'] = str_replace("\r\n", ' ', (string) socket_read($s, 1000));
socket_close($s);
// A send that connects by itself, to the database's port: refused before anything leaves.
$s = socket_create(AF_INET, SOCK_STREAM, SOL_TCP);
$out['fast open'] = @socket_sendto($s, "PING\r\n", 6, 0x20000000 /* MSG_FASTOPEN */, '127.0.0.1', %3$d) === false ? socket_strerror(socket_last_error($s)) : 'SENT';
// Raw packets need no connect(): refused (root here would otherwise have CAP_NET_RAW).
$out['raw'] = @socket_create(AF_INET, SOCK_RAW, 1) === false ? socket_strerror(socket_last_error()) : 'MADE';
return $out;
PHP, $echo->port, $udpPort, $port);
$r = altair_eval($snippet, $root, ['allowNetwork' => true, 'databases' => ["redis://127.0.0.1:$port"]]);
echo json_encode(array_map(fn ($v) => $v['value'], $r->result['value'] ?? []), JSON_PRETTY_PRINT), "\n";
if (!$r->ok) {
    echo json_encode($r->exception ?? $r->error), "\n";
}
echo 'datagram received: ', stream_socket_recvfrom($udp, 100), "\n";
$db = $r->sandbox['databases'][0];
echo $db['mode'], ' via ', $db['reached_through'], ', connections ', $db['connections'], "\n";
echo 'key written: ', trim((string) shell_exec("redis-cli -p $port --user app --pass secret --no-auth-warning EXISTS from-n015")), "\n";
$echo->stop();
exec(escapeshellarg(__DIR__ . '/../servers/redis.sh') . ' stop ' . escapeshellarg($dir));
?>
--EXPECTF--
{
    "blocking": "one",
    "non-blocking": "in progress, two",
    "udp": "sent",
    "database": "+OK -altair_eval: SET refused: the database is read-only in this evaluation %s",
    "fast open": "Operation not permitted",
    "raw": "Operation not permitted"
}
datagram received: datagram
read-only via relay, connections 1
key written: 0
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('n015-');
?>
