--TEST--
Evaluator: eval() runs (libraries that compile code need it) and is held by the same guards as the snippet
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r028');

$r = altair_eval('return eval("return 42;");', $root);
var_dump($r->result['value'], $r->sandbox['eval_blocked']);
// Code built from a string gets no more than the snippet: no programs, no writes in the project,
// no reads outside it, no guard setting loosened.
$r = altair_eval('return eval("return exec(\"id\");");', $root);
var_dump($r->exception['class'], $r->exception['message']);
$r = altair_eval('return eval("return @file_put_contents(\"' . $root . '/planted\", \"x\");");', $root);
var_dump($r->result['value'], file_exists($root . '/planted'));
$r = altair_eval('return eval("return @file_get_contents(\"/etc/passwd\");");', $root);
var_dump($r->result['value']);
$r = altair_eval('$before = ini_get("open_basedir"); eval("ini_set(\"open_basedir\", \"/\");"); return ini_get("open_basedir") === $before && str_starts_with($before, ' . var_export($root, true) . ');', $root);
var_dump($r->result['value']);
?>
--EXPECT--
int(42)
bool(false)
string(5) "Error"
string(33) "Call to undefined function exec()"
bool(false)
bool(false)
bool(false)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r028-');
?>
