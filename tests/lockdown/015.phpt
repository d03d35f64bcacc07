--TEST--
Lockdown: a fork bomb through a C path that disable_functions does not see spawns nothing
--DESCRIPTION--
Kernel layer (seccomp). error_log() with type 1 makes PHP popen() sendmail from C; in a loop it
would be a fork bomb. Every attempt fails (the host answers each one EPERM through the filter's
listener and counts it: limit_exceeded says processes); the process table is unchanged.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('l015');
$before = count(glob('/proc/[0-9]*'));
$r = altair_eval('$ok = 0; for ($i = 0; $i < 200; $i++) { $ok += @error_log("x", 1, "nobody@example.invalid") ? 1 : 0; } return $ok;', $root, ['timeoutMs' => 10000]);
var_dump($r->ok, $r->result['value'], $r->sandbox['processes_blocked'], $r->limitExceeded);
var_dump(count(glob('/proc/[0-9]*')) - $before < 20);
?>
--EXPECT--
bool(true)
int(0)
bool(true)
string(9) "processes"
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
foreach (glob(sys_get_temp_dir() . '/altair-eval-test-l015-*') as $d) altair_test_remove($d);
?>
