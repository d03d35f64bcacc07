--TEST--
Warm isolation: a SysV shared memory segment left by one call is not there for the next
--DESCRIPTION--
Each evaluation (cold child or warm worker) has an IPC namespace of its own, which dies with it.
Before, warm workers shared their template's namespace and the marker crossed.
--EXTENSIONS--
altair_eval
shmop
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('wi001');
$key = 0x5A170000 + (getmypid() & 0xffff);
$first = altair_eval("\$s = @shmop_open($key, 'c', 0600, 64); return \$s !== false && shmop_write(\$s, 'marker', 0) === 6;", $root);
$second = altair_eval("\$s = @shmop_open($key, 'a', 0, 0); return \$s === false ? 'none' : shmop_read(\$s, 0, 6);", $root);
// Where the namespace's limits cannot be set (no root), seccomp refuses SysV IPC: false then.
$refused = in_array('ipcns: SysV IPC calls are refused by seccomp instead', $first->sandbox['unavailable'], true);
// Inside a container, whose profile refuses the namespace, seccomp's refusal is what holds.
var_dump($first->result['value'] === !$refused, $first->sandbox['ipcns'] || $refused, $second->result['value']);
// Nor in the caller's own namespace.
var_dump(@shmop_open($key, 'a', 0, 0));
?>
--EXPECT--
bool(true)
bool(true)
string(4) "none"
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('wi001-');
?>
