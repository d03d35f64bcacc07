--TEST--
Network: IPv6 endpoints, ::1 and another address of the host, are reached through the relay by PHP's own stream clients (phpredis here; mysqlnd and fsockopen resolve the same way)
--DESCRIPTION--
Issue 19 item 3 ("a non-loopback IP", unchanged inside the sandbox). Two things did not hold: an
IPv6 address other than ::1 was not relayed at all (the guest now adds it to its namespace's
loopback interface, as it does an IPv4 one), and no IPv6 address worked for PHP's stream clients,
::1 included: PHP's resolver asks once per process whether IPv6 works, with a datagram socket that
the seccomp filter refuses under endpoints, and then resolves no IPv6 address. The guest asks it
before the filter now. The other address is one the host has (scope global), else a private one
this test puts on the host's loopback interface for its run.
--EXTENSIONS--
altair_eval
redis
posix
--SKIPIF--
<?php
require __DIR__ . '/../helpers.inc';
if (!is_readable('/proc/net/if_inet6')) die('skip no IPv6 in this kernel');
if (!str_contains((string) file_get_contents('/proc/net/if_inet6'), '00000000000000000000000000000001')) die('skip no ::1 here');
$global = trim((string) shell_exec("ip -6 -o addr show scope global 2>/dev/null"));
if ($global === '' && posix_getuid() !== 0) die('skip no global IPv6 address, and only root may add one for the test');
?>
--FILE--
<?php
require __DIR__ . '/network.inc';
$root = altair_test_root('n014');

// Another IPv6 address of the host: one it has, else a private one on its loopback interface.
$added = null;
if (preg_match('/inet6 ([0-9a-f:]+)\//', (string) shell_exec('ip -6 -o addr show scope global 2>/dev/null'), $m) === 1) {
    $other = $m[1];
} else {
    $other = 'fd00:a17a:e7a1::' . dechex(getmypid() & 0xffff);
    shell_exec('ip -6 addr add ' . escapeshellarg("$other/128") . ' dev lo nodad 2>&1');
    $added = $other;
}
foreach (['::1' => '::1', 'another address' => $other] as $label => $address) {
    $echo = new AltairEchoServer("n014-" . md5($address), "tcp://[$address]:0");
    $endpoint = "[$address]:$echo->port";
    $r = altair_eval(sprintf('$r = new Redis(); $r->connect(%s, %d, 2); return $r->rawCommand("ECHO", "over IPv6");', var_export($address, true), $echo->port),
        $root, ['allowEndpoints' => [$endpoint]]);
    $db = $r->sandbox['databases'][0] ?? [];
    printf("%s: %s, %s through the %s, %d connection, netns %s, unavailable %s\n", $label,
        $r->ok ? json_encode(array_column($r->result['value'], 'value')) : 'FAILED ' . ($r->exception['message'] ?? json_encode($r->error)),
        ($db['address'] ?? '') === $endpoint ? 'the endpoint as given' : 'ANOTHER ADDRESS ' . ($db['address'] ?? 'none'),
        $db['reached_through'] ?? '?', $db['connections'] ?? -1, var_export($r->sandbox['netns'], true), json_encode($r->sandbox['unavailable']));
    $echo->stop();
}
if ($added !== null) {
    shell_exec('ip -6 addr del ' . escapeshellarg("$added/128") . ' dev lo 2>&1');
}
?>
--EXPECT--
::1: ["ECHO","over IPv6"], the endpoint as given through the relay, 1 connection, netns true, unavailable []
another address: ["ECHO","over IPv6"], the endpoint as given through the relay, 1 connection, netns true, unavailable []
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('n014-');
?>
