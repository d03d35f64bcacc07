--TEST--
Evaluator: unsafe lifts the guards and says so
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r029');

$r = altair_eval('return function_exists("exec") && ini_get("open_basedir") === "";', $root, ['unsafe' => true]);
var_dump($r->result['value'], $r->sandbox['unsafe'], $r->sandbox['disable_functions'], $r->sandbox['open_basedir'], $r->sandbox['eval_blocked']);
?>
--EXPECT--
bool(true)
bool(true)
bool(false)
bool(false)
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r029-');
?>
