--TEST--
Evaluator: container() from ALTAIR_EVAL_BOOTSTRAP in the environment
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r014');

file_put_contents($root . '/env-boot.php', '<?php return new class { public function has($id) { return true; } public function get($id) { return "env:$id"; } };');
putenv('ALTAIR_EVAL_BOOTSTRAP=env-boot.php');
$r = altair_eval('return container("x");', $root);
putenv('ALTAIR_EVAL_BOOTSTRAP');
var_dump($r->result['value']);
?>
--EXPECT--
string(5) "env:x"
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r014-');
?>
