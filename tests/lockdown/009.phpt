--TEST--
Lockdown: rlimits follow the request (memory + headroom, ceil(timeout) + grace) and are hard
--DESCRIPTION--
Layer: kernel only (setrlimit in the guest before the snippet). Soft equals hard for every limit
but CPU (SIGXCPU one second before SIGKILL), so the snippet cannot raise them; posix_setrlimit is
also disabled at the ini layer, and seccomp refuses setrlimit/prlimit64 with a new limit (root
would otherwise raise hard limits).
--EXTENSIONS--
altair_eval
posix
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('l009');

$r = altair_eval('return json_encode([posix_getrlimit(), function_exists("posix_setrlimit")]);', $root, ['timeoutMs' => 2500, 'memoryLimitMb' => 64]);
[$limits, $setrlimit] = json_decode($r->result['value'], true);
var_dump($limits['soft totalmem'] === (64 + 512) * 1024 * 1024, $limits['hard totalmem'] === $limits['soft totalmem']);
var_dump($limits['soft cpu'], $limits['hard cpu']);
var_dump($limits['soft filesize'], $limits['hard filesize']);
var_dump($limits['soft openfiles'] <= 256, $limits['hard openfiles'] <= 256);
var_dump($limits['soft core'], $limits['hard core']);
var_dump($setrlimit);
?>
--EXPECT--
bool(true)
bool(true)
int(4)
int(5)
int(67108864)
int(67108864)
bool(true)
bool(true)
int(0)
int(0)
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('l009-');
?>
