--TEST--
Lockdown: the result channel cannot be reached from userland (php://fd/3 is refused by the kernel)
--DESCRIPTION--
Layer: kernel only (seccomp: dup/dup2/dup3/fcntl(F_DUPFD) of the channel fd return EBADF).
php://fd/N is not subject to open_basedir: PHP dup()s the descriptor, and that dup is what the
filter refuses. /proc/self/fd/3 is refused by open_basedir, and could not be opened anyway: the
channel is a socket (ENXIO), which is why the guest reports result_channel only for a socket.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('l007');

$snippet = <<<'PHP'
$proc = @fopen('/proc/self/fd/3', 'w');
$fd = @fopen('php://fd/3', 'w');
return json_encode([$proc === false, $fd === false, error_get_last()['message'] ?? '', 'genuine']);
PHP;
$r = altair_eval($snippet, $root);
var_dump($r->ok, $r->sandbox['result_channel']);
[$proc, $fd, $message, $genuine] = json_decode($r->result['value'], true);
var_dump($proc, $fd, str_contains($message, 'Bad file descriptor'), $genuine);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
string(7) "genuine"
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('l007-');
?>
