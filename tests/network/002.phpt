--TEST--
Network: an address nobody declared is unreachable from the child, even one a declared endpoint's server also listens next to; sandbox names the option
--EXTENSIONS--
altair_eval
redis
posix
--FILE--
<?php
require __DIR__ . '/network.inc';
$root = altair_test_root('n002');
$declared = new AltairEchoServer('n002a');
$other = new AltairEchoServer('n002b');

// Declared: $declared. The snippet tries $other's port (a real server on the host) and
// $declared's address on another loopback IP: neither exists in the child's network.
$snippet = sprintf(<<<'PHP'
$seen = [];
foreach ([['127.0.0.1', %d], ['127.0.0.2', %d], ['127.0.0.1', %d]] as [$host, $port]) {
    try {
        $r = new Redis();
        $r->connect($host, $port, 2);
        $seen[] = $r->rawCommand("ECHO", "x") === ["ECHO", "x"] ? "reached" : "odd";
    } catch (RedisException $e) {
        $seen[] = "refused";
    }
}
return $seen;
PHP, $other->port, $declared->port, $declared->port);
$r = altair_eval($snippet, $root, ['allowEndpoints' => [$declared->address]]);
var_dump($r->ok);
echo json_encode(array_map(fn ($v) => $v['value'], $r->result['value'] ?? [])), "\n";
var_dump($other->closed());
echo $r->sandbox['reachable'], "\n";
$declared->stop();
$other->stop();
?>
--EXPECT--
bool(true)
["refused","refused","reached"]
int(0)
the network is off: the child reaches only the declared databases and endpoints, through the host's relay (declare one with --database / EvalRequest databases, or --allow-endpoint / EvalRequest allowEndpoints)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('n002-');
?>
