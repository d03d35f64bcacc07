--TEST--
Evaluator: echo is captured as stdout, separately from the return value
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r002');

$r = altair_eval('echo "hello "; print "world"; return "value";', $root);
var_dump($r->ok, $r->stdout, $r->result['value'], $r->stdoutTruncated);
?>
--EXPECT--
bool(true)
string(11) "hello world"
string(5) "value"
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r002-');
?>
