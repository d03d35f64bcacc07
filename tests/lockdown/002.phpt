--TEST--
Lockdown: no new process, even through a C path that disable_functions does not see
--DESCRIPTION--
Layer: kernel only (seccomp: clone without CLONE_THREAD, clone3, fork, vfork, execve).
mail() and proc_open() are disabled at the ini layer, but error_log() with type 1 calls php_mail()
in C, which popen()s sendmail_path. The request allows writes, so Landlock would let the spawned
command write its mark into the project root: only the process guard stands in the way. The
unsafe run (every guard lifted) is the control that proves the mark would appear.
--EXTENSIONS--
altair_eval
--INI--
sendmail_path=tee {PWD}/002.root/spawned.mark
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
// The root is fixed because --INI-- (where the mark path is) cannot name a per-run directory.
$root = __DIR__ . '/002.root';
altair_test_remove($root);
mkdir($root);
$mark = $root . '/spawned.mark';

$r = altair_eval('return error_log("payload", 1, "nobody@example.invalid");', $root, ['allowWrites' => true]);
var_dump($r->ok, $r->result, $r->sandbox['processes_blocked'], file_exists($mark));

$r = altair_eval('return error_log("payload", 1, "nobody@example.invalid");', $root, ['allowWrites' => true, 'unsafe' => true]);
var_dump($r->result, file_exists($mark));
?>
--EXPECT--
bool(true)
array(2) {
  ["type"]=>
  string(4) "bool"
  ["value"]=>
  bool(false)
}
bool(true)
bool(false)
array(2) {
  ["type"]=>
  string(4) "bool"
  ["value"]=>
  bool(true)
}
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_remove(__DIR__ . '/002.root');
?>
