--TEST--
Lockdown: no network without allowNetwork, not even to a loopback listener of the caller
--DESCRIPTION--
Layer: both, ini first. Every userland route to a TCP socket (stream_socket_client, fsockopen,
socket_*, the http:// wrapper) is already removed by disable_functions / allow_url_fopen=0, so the
kernel layer (network namespace with loopback down, seccomp socket families, Landlock TCP) is
asserted through the sandbox report here and exercised directly by tests/lockdown/driver.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('l006');
$server = stream_socket_server('tcp://127.0.0.1:0', $errno, $error);
$port = (int) substr(strrchr(stream_socket_get_name($server, false), ':'), 1);

$snippet = sprintf(<<<'PHP'
$port = %d;
$tries = [];
foreach (['stream_socket_client', 'fsockopen', 'socket_create'] as $function) {
    try {
        $tries[$function] = $function === 'socket_create'
            ? $function(AF_INET, SOCK_STREAM, SOL_TCP)
            : ($function === 'fsockopen' ? $function('127.0.0.1', $port) : $function("tcp://127.0.0.1:$port"));
    } catch (Error $e) {
        $tries[$function] = 'unavailable';
    }
}
$tries['http'] = @file_get_contents("http://127.0.0.1:$port/");
$tries['inet pair'] = @stream_socket_pair(STREAM_PF_INET, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
return json_encode($tries);
PHP, $port);
$r = altair_eval($snippet, $root);
foreach (json_decode($r->result['value'], true) as $key => $value) {
    echo $key, ': ', var_export($value, true), "\n";
}
// Where the kernel refuses a network namespace (a container runtime's seccomp profile, see
// tests/containers/), the guard is seccomp's and Landlock's, and the note must say why.
$explained = (bool) preg_grep('/^netns: /', $r->sandbox['unavailable']);
echo 'netns: ', ($r->sandbox['netns'] || $explained) ? 'held or explained' : 'SILENTLY MISSING', "\n";
var_dump($r->sandbox['sockets_blocked']);
stream_set_blocking($server, false);
var_dump(@stream_socket_accept($server, 0));
?>
--EXPECT--
stream_socket_client: 'unavailable'
fsockopen: 'unavailable'
socket_create: 'unavailable'
http: false
inet pair: false
netns: held or explained
bool(true)
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('l006-');
?>
