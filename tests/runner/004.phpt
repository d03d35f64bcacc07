--TEST--
Evaluator: a parse error comes back in error with the snippet line
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r004');

$r = altair_eval("\$a = 1;\n\$b = ;\nreturn \$a;", $root);
var_dump($r->ok, $r->result, $r->exception, $r->exitCode);
var_dump($r->error['type'], $r->error['file'], $r->error['line']);
var_dump(str_contains($r->error['message'], 'syntax error'));
?>
--EXPECT--
bool(false)
NULL
NULL
int(255)
string(7) "E_PARSE"
string(11) "snippet.php"
int(2)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
foreach (glob(sys_get_temp_dir() . '/altair-eval-test-r004-*') as $d) altair_test_remove($d);
?>
