--TEST--
Evaluator: eval() is rejected and cannot loosen the guards
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r028');

$r = altair_eval('return eval("return 42;");', $root);
var_dump($r->exception['class'], $r->exception['message'], $r->sandbox['eval_blocked']);
$r = altair_eval('return create_function("", "return 1;");', $root);
var_dump($r->exception['class']);
?>
--EXPECT--
string(5) "Error"
string(77) "eval() and other code built from strings are disabled in altair_eval snippets"
bool(true)
string(5) "Error"
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
foreach (glob(sys_get_temp_dir() . '/altair-eval-test-r028-*') as $d) altair_test_remove($d);
?>
