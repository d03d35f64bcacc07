--TEST--
Booted warm: what a worker writes (the boot's files, its own scratch, SysV IPC) never reaches the next call
--DESCRIPTION--
Issue 14 point 1, isolation on booted templates. Workers share the template's scratch tmpfs (the
boot's files are there) and its IPC namespace. A worker that changes a boot file makes the template
retire: the next call gets a new template and the boot's file as the boot left it. A worker's own
scratch dir and its SysV objects are removed before the next worker, from the same template.
--EXTENSIONS--
altair_eval
posix
sysvmsg
--SKIPIF--
<?php
require __DIR__ . '/boot_probe.inc';
if ($why = altair_booted_unavailable()) die("skip $why (tests/booted/009.phpt checks the reason)");
?>
--FILE--
<?php
require __DIR__ . '/boot_probe.inc';
use Altair\Eval\{EvalRequest, Evaluator};

// Each template's boot draws its own id: which template served a call (a worker cannot name its
// template's pid, which is 1 in a PID namespace of its own where the kernel allows one).
$root = altair_booted_project('b007', '$GLOBALS["boot_file"] = sys_get_temp_dir() . "/boot.txt"; file_put_contents($GLOBALS["boot_file"], "as booted"); $GLOBALS["boot_id"] = bin2hex(random_bytes(8));');
$warm = new Evaluator(warm: true);
$run = fn (string $snippet) => altair_booted_plain($warm->evaluate(new EvalRequest($snippet, $root)));

$change = '$before = file_get_contents($GLOBALS["boot_file"]); file_put_contents($GLOBALS["boot_file"], "changed"); return [$before, $GLOBALS["boot_id"]];';
[$first, $t1] = $run($change);
[$second, $t2] = $run($change);
[$third, $t3] = $run('return [file_get_contents($GLOBALS["boot_file"]), $GLOBALS["boot_id"]];');
[$fourth, $t4] = $run('return [file_get_contents($GLOBALS["boot_file"]), $GLOBALS["boot_id"]];');
echo json_encode([$first, $second, $third, $fourth]), "\n";
var_dump($t1 !== $t2, $t2 !== $t3, $t3 === $t4);

// A worker's own scratch dir is gone after it; the same template serves the next call.
[$t5] = $run('file_put_contents(sys_get_temp_dir() . "/mine", "x"); return [$GLOBALS["boot_id"]];');
[$left, $t6] = $run('return [glob(dirname(sys_get_temp_dir()) . "/*/mine"), $GLOBALS["boot_id"]];');
var_dump($left, $t5 === $t4, $t6 === $t5);

// SysV: a queue and its message left by one worker are gone for the next. Where the worker has no
// IPC namespace of its own (inside a container, whose profile refuses it; or without the rights to
// cap its limits), seccomp refuses SysV IPC to every worker instead, and the sandbox says so.
$key = 0x5B007000 + (getmypid() & 0xfff);
$refused = in_array('ipcns: SysV IPC calls are refused by seccomp instead', $warm->evaluate(new EvalRequest('return 1;', $root))->sandbox['unavailable'], true);
[$sent, $t7] = $run("\$q = @msg_get_queue($key); return [\$q === false ? 'refused' : msg_send(\$q, 1, 'worker secret', false), \$GLOBALS['boot_id']];");
[$count, $t8] = $run("\$q = @msg_get_queue($key); return [\$q === false ? 'refused' : msg_stat_queue(\$q)['msg_qnum'], \$GLOBALS['boot_id']];");
var_dump($refused ? [$sent, $count] === ['refused', 'refused'] : $sent === true && $count === 0, $t7 === $t6, $t8 === $t7);
$warm->close();
?>
--EXPECT--
["as booted","as booted","as booted","as booted"]
bool(true)
bool(true)
bool(true)
array(0) {
}
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('b007-');
?>
