--TEST--
Evaluator: warnings go to stderr, naming the snippet, and do not fail the run
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r027');

$r = altair_eval("\$x = [];\nreturn \$x['missing'] ?? @\$x['quiet'] . \$x['loud'];", $root);
var_dump($r->ok, $r->stderr);
?>
--EXPECTF--
bool(true)
string(%d) "%AWarning: Undefined array key "loud" in snippet.php on line 2
"
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r027-');
?>
