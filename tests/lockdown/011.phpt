--TEST--
Lockdown: SysV message queues and shared memory of other processes are out of reach
--DESCRIPTION--
Kernel layer (IPC namespace). sysvmsg/sysvshm/shmop are not in disable_functions: their keys are
machine-wide, so without a fresh IPC namespace a snippet could read or poison another process's
queue. The caller puts a message in a queue; the snippet opens the same key and finds it empty.
--EXTENSIONS--
altair_eval
sysvmsg
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('l011');
$key = 0x5A17E000 + (getmypid() & 0xfff);
$queue = msg_get_queue($key, 0600);
msg_send($queue, 1, 'caller secret', false);
$snippet = "\$q = msg_get_queue($key); \$n = msg_stat_queue(\$q)['msg_qnum']; @msg_receive(\$q, 0, \$t, 100, \$m, false, MSG_IPC_NOWAIT); return json_encode([\$n, \$m]);";
$r = altair_eval($snippet, $root);
// Without an IPC namespace (a container runtime refuses it, see tests/containers/) seccomp
// refuses the SysV calls instead and says so: the queue is out of reach either way.
$refused = in_array('ipcns: SysV IPC calls are refused by seccomp instead', $r->sandbox['unavailable'], true);
echo $refused ? ($r->ok ? 'reached' : 'refused by seccomp') : $r->result['value'], "\n";
var_dump($r->sandbox['ipcns'] || $refused);
$r = altair_eval($snippet, $root, ['unsafe' => true]);
echo 'unsafe: ', $r->result['value'], "\n";
msg_remove_queue($queue);
?>
--EXPECTREGEX--
(\[0,false\]|refused by seccomp)
bool\(true\)
unsafe: \[1,"caller secret"\]
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('l011-');
?>
