--TEST--
Network: with allowNetwork the child has the host's network, but a declared database's address is refused by the host (seccomp user notification), on any address of its port; other addresses stay reachable
--EXTENSIONS--
altair_eval
redis
posix
--FILE--
<?php
require __DIR__ . '/network.inc';
$root = altair_test_root('n007');
$database = new AltairEchoServer('n007a');
$other = new AltairEchoServer('n007b');

$snippet = sprintf(<<<'PHP'
$seen = [];
foreach ([['127.0.0.1', %d], ['localhost', %d], ['127.0.0.1', %d]] as [$host, $port]) {
    try {
        $r = new Redis();
        $r->connect($host, $port, 2);
        $seen[] = $r->rawCommand("ECHO", "x") === ["ECHO", "x"] ? "reached" : "odd";
    } catch (RedisException $e) {
        $seen[] = $e->getMessage();
    }
}
$s = @stream_socket_client("tcp://127.0.0.1:%d", $no, $message, 2);
$seen[] = $s ? "reached" : $message;
return $seen;
PHP, $database->port, $database->port, $other->port, $database->port);
$r = altair_eval($snippet, $root, ['allowNetwork' => true, 'databases' => ["redis://127.0.0.1:{$database->port}"]]);
var_dump($r->ok, $r->sandbox['connect_guarded']);
echo json_encode(array_map(fn ($v) => $v['value'], $r->result['value'] ?? [])), "\n";
$db = $r->sandbox['databases'][0];
var_dump($db['mode'], $db['reached_through'], $db['connections_refused'], str_contains($db['enforced_by'], 'refused'));
var_dump($database->closed(), $other->waitClosed(1));
$database->stop();
$other->stop();
?>
--EXPECT--
bool(true)
bool(true)
["Connection refused","Connection refused","reached","Connection refused"]
string(11) "unreachable"
string(4) "none"
int(3)
bool(true)
int(0)
int(1)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('n007-');
?>
