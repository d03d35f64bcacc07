--TEST--
Warm isolation: SysV shared memory during a call is capped at the memory limit, queues at a few
--DESCRIPTION--
Detached segments escape RLIMIT_AS: 5 x 150 MB went past the cap during one cold call. The
child's own IPC namespace gets shmall = the memory limit (here 64 MiB: four 16 MiB segments) and
at most 16 message queues.
--EXTENSIONS--
altair_eval
shmop
sysvmsg
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('wi009');
$snippet = '$segments = 0; for ($i = 0; $i < 20; $i++) { $s = @shmop_open(0x5A1A0000 + $i, "c", 0600, 16 << 20); if ($s === false) break; $segments++; unset($s); }
$queues = 0; for ($i = 0; $i < 40; $i++) { if (@msg_get_queue(0x5A1B0000 + $i, 0600) === false) break; $queues++; }
return [$segments, $queues];';
$r = altair_eval($snippet, $root, ['memoryLimitMb' => 64]);
$counts = array_column($r->result['value'], 'value');
// Where the namespace's limits cannot be set (no root), seccomp refuses SysV IPC altogether.
$refused = in_array('ipcns: SysV IPC calls are refused by seccomp instead', $r->sandbox['unavailable'], true);
var_dump($counts === ($refused ? [0, 0] : [4, 16]) ?: $counts);
// Inside a container, whose profile refuses the namespace, seccomp's refusal is what holds.
var_dump($r->sandbox['ipcns'] || $refused);
?>
--EXPECT--
bool(true)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('wi009-');
?>
