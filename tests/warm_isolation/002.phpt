--TEST--
Warm isolation: a message left in a SysV queue by one call is not there for the next
--EXTENSIONS--
altair_eval
sysvmsg
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('wi002');
$key = 0x5A180000 + (getmypid() & 0xffff);
$first = altair_eval("\$q = @msg_get_queue($key, 0600); return \$q !== false && msg_send(\$q, 1, 'marker', false);", $root);
$second = altair_eval("\$q = @msg_get_queue($key, 0600); return \$q !== false && @msg_receive(\$q, 0, \$type, 100, \$m, false, MSG_IPC_NOWAIT) ? \$m : 'none';", $root);
// Where the namespace's limits cannot be set (no root), seccomp refuses SysV IPC: false then.
$refused = in_array('ipcns: SysV IPC calls are refused by seccomp instead', $first->sandbox['unavailable'], true);
var_dump($first->result['value'] === !$refused, $second->result['value']);
var_dump(msg_queue_exists($key));
?>
--EXPECT--
bool(true)
string(4) "none"
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('wi002-');
?>
