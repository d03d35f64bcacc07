--TEST--
Lockdown: a fork bomb through a C path that disable_functions does not see spawns nothing
--DESCRIPTION--
error_log() with type 1 makes PHP popen() sendmail from C; in a loop it would be a fork bomb.
Two layers: the ini layer unsets sendmail_path, so PHP refuses before any start (no refused start
is counted: limit_exceeded stays null, see tests/warm_isolation/010.phpt); beneath it seccomp
refuses every new process (processes_blocked; the refusal itself is proven by the lockdown
driver's "processes" case). The process table is unchanged.
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
NULL
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('l015-');
?>
