--TEST--
Warm isolation: SysV segments a snippet creates and detaches do not stay allocated after the call
--DESCRIPTION--
Detached segments are not counted by RLIMIT_AS, and they outlive the process that made them as
long as their IPC namespace lives. Warm workers shared their template's namespace, so segments
stayed allocated until Evaluator::close(). Now every worker has its own namespace, which dies
with it. The test reads the segment list of the namespace the worker's parent is in (the
template's when warm, the caller's when cold; nsenter when that is not the caller's).
--EXTENSIONS--
altair_eval
shmop
posix
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('wi008');
$base = 0x5A190000 + (getmypid() & 0xfff) * 4;
$r = altair_eval("for (\$i = 0; \$i < 3; \$i++) { \$s = @shmop_open($base + \$i, 'c', 0600, 16 << 20); if (\$s) { shmop_write(\$s, 'x', 0); } unset(\$s); } return posix_getppid();", $root);
// Cold: this process. Warm: the template, seen from here (a worker cannot name it where it has a
// PID namespace of its own: posix_getppid() is 1 there).
$templates = altair_test_templates();
$parent = count($templates) === 1 ? $templates[0] : $r->result['value'];
$namespace = fn (int $pid) => (string) readlink("/proc/$pid/ns/ipc");
$listing = $namespace($parent) === $namespace(getmypid())
    ? file_get_contents('/proc/sysvipc/shm')
    : (string) shell_exec('nsenter --target ' . (int) $parent . ' --ipc cat /proc/sysvipc/shm');
$left = 0;
foreach (array_slice(explode("\n", trim($listing)), 1) as $line) {
    $key = (int) preg_split('/\s+/', trim($line))[0];
    $left += $key >= $base && $key < $base + 3 ? 1 : 0;
}
var_dump($r->ok, $parent > 0, $left);
?>
--EXPECT--
bool(true)
bool(true)
int(0)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('wi008-');
?>
