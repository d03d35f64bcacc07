--TEST--
Evaluator: writes outside the project root are blocked
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r012');

$outside = sys_get_temp_dir() . '/altair-eval-outside-' . getmypid();
@unlink($outside);
$r = altair_eval("return file_put_contents('$outside', 'x');", $root);
var_dump($r->result, file_exists($outside), str_contains($r->stderr, 'open_basedir'));
$r = altair_eval("ini_set('open_basedir', '/'); return file_put_contents('$outside', 'x');", $root);
var_dump($r->result, file_exists($outside));
$r = altair_eval("return file_put_contents(__DIR__ . '/inside.txt', 'x');", $root);
var_dump($r->result);
?>
--EXPECT--
array(2) {
  ["type"]=>
  string(4) "bool"
  ["value"]=>
  bool(false)
}
bool(false)
bool(true)
array(2) {
  ["type"]=>
  string(4) "bool"
  ["value"]=>
  bool(false)
}
bool(false)
array(2) {
  ["type"]=>
  string(3) "int"
  ["value"]=>
  int(1)
}
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r012-');
?>
