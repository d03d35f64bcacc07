--TEST--
Lockdown: memory_limit cannot be raised; allocating 1.6 GB after trying ends in a memory error
--DESCRIPTION--
Engine layer (locked ini) and kernel layer (RLIMIT_AS as the backstop).
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('l016');
$r = altair_eval('$raised = ini_set("memory_limit", "-1"); ini_restore("memory_limit"); $s = str_repeat("x", 1600 * 1024 * 1024); return strlen($s);', $root);
var_dump($r->ok, $r->limitExceeded, $r->error['type'], str_starts_with($r->error['message'], 'Allowed memory size of 134217728 bytes exhausted'));
var_dump($r->sandbox['rlimits'], $r->sandbox['ini_locked']);
?>
--EXPECT--
bool(false)
string(6) "memory"
string(7) "E_ERROR"
bool(true)
bool(true)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('l016-');
?>
