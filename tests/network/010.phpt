--TEST--
Network: a declared address that is a host name (a Docker service name, say) or a non-loopback IP works unchanged inside the sandbox: the name resolves to a relay address in the view's /etc/hosts, the IP is added to the child's own loopback
--EXTENSIONS--
altair_eval
redis
posix
--SKIPIF--
<?php
require __DIR__ . '/../helpers.inc';
if (($why = altair_view_unavailable()) !== null) die('skip the private view cannot be built here: ' . $why);
$ip = array_values(array_filter(explode(' ', trim((string) shell_exec('hostname -I 2>/dev/null'))), fn ($a) => filter_var($a, FILTER_VALIDATE_IP, FILTER_FLAG_IPV4) && !str_starts_with($a, '127.')))[0] ?? null;
if ($ip === null || gethostbyname(gethostname()) === gethostname()) die('skip this machine has no non-loopback IPv4 address or no resolvable host name');
?>
--FILE--
<?php
require __DIR__ . '/network.inc';
$root = altair_test_root('n010');
$ip = array_values(array_filter(explode(' ', trim((string) shell_exec('hostname -I'))), fn ($a) => filter_var($a, FILTER_VALIDATE_IP, FILTER_FLAG_IPV4) && !str_starts_with($a, '127.')))[0];
$name = strtolower(gethostname());
$port = (function (): int { $s = stream_socket_server('tcp://0.0.0.0:0'); $p = (int) substr(strrchr(stream_socket_get_name($s, false), ':'), 1); fclose($s); return $p; })();
$echo = new AltairEchoServer('n010', "tcp://0.0.0.0:$port");

$snippet = sprintf(<<<'PHP'
$seen = [];
foreach ([%s, %s, '127.0.0.1'] as $host) {
    try {
        $r = new Redis();
        $r->connect($host, %d, 2);
        $seen[] = $r->rawCommand("ECHO", "x") === ["ECHO", "x"] ? "reached" : "odd";
    } catch (RedisException $e) {
        $seen[] = "refused";
    }
}
return $seen;
PHP, var_export($name, true), var_export($ip, true), $port);
$r = altair_eval($snippet, $root, ['allowEndpoints' => ["$name:$port", "$ip:$port"]]);
echo json_encode(array_map(fn ($v) => $v['value'], $r->result['value'] ?? [])), "\n";
foreach ($r->sandbox['databases'] as $db) {
    echo $db['address'] === "$name:$port" ? 'NAME' : ($db['address'] === "$ip:$port" ? 'IP' : $db['address']), ': ', $db['reached_through'], ' ', $db['connections'], "\n";
}
var_dump($echo->waitClosed(2));
$echo->stop();
?>
--EXPECT--
["reached","reached","refused"]
NAME: relay 1
IP: relay 1
int(2)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('n010-');
?>
