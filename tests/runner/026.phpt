--TEST--
Evaluator: exit() ends the snippet with its status and no value
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r026');

$r = altair_eval('echo "bye"; exit(0);', $root);
var_dump($r->ok, $r->result, $r->exitCode, $r->stdout, $r->error);
$r = altair_eval('exit(3);', $root);
var_dump($r->ok, $r->exitCode, $r->error);
?>
--EXPECT--
bool(true)
NULL
int(0)
string(3) "bye"
NULL
bool(false)
int(3)
NULL
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r026-');
?>
