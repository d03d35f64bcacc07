--TEST--
Isolation: syslog() and host datagram sockets such as /dev/log are out of reach, even with the network allowed
--EXTENSIONS--
altair_eval
sockets
--SKIPIF--
<?php
require __DIR__ . '/../helpers.inc';
if (($why = altair_view_unavailable()) !== null) die('skip the private view cannot be built here: ' . $why);
?>
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('i006');

// A stand-in for /dev/log: a datagram socket outside the root that this test listens on.
$path = sys_get_temp_dir() . '/altair-i006-' . getmypid() . '.sock';
@unlink($path);
$log = socket_create(AF_UNIX, SOCK_DGRAM, 0);
socket_bind($log, $path);
socket_set_nonblock($log);

$snippet = sprintf(<<<'PHP'
syslog(LOG_AUTH | LOG_WARNING, "forged auth line");
$s = socket_create(AF_UNIX, SOCK_DGRAM, 0);
return [file_exists("/dev/log"), @socket_sendto($s, "<36>forged", 10, 0, %s)];
PHP, var_export($path, true));
$r = altair_eval($snippet, $root, ['allowNetwork' => true]);
var_dump($r->ok, $r->sandbox['mountns'], $r->result['value'][0]['value'], $r->result['value'][1]['value']);
var_dump(@socket_recv($log, $received, 1024, MSG_DONTWAIT), $received);
socket_close($log);
unlink($path);
?>
--EXPECT--
bool(true)
bool(true)
bool(false)
bool(false)
bool(false)
NULL
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('i006-');
?>
