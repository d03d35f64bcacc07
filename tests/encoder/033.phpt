--TEST--
Evaluator: a closure's file is shown as the exception encoder shows paths: "snippet.php" for the snippet
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('e033');
$r = altair_eval("\$f = function (int \$x): int { return \$x; };\nreturn \$f;", $root);
var_dump($r->ok, $r->result['type'], $r->result['file'], $r->result['line']);
?>
--EXPECT--
bool(true)
string(7) "closure"
string(11) "snippet.php"
int(1)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('e033-');
