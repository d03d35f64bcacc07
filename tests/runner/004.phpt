--TEST--
Evaluator: a parse error in the snippet is its exception (ParseError, exit code 1), with the snippet line and an excerpt
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r004');

$r = altair_eval("\$a = 1;\n\$b = ;\nreturn \$a;", $root);
var_dump($r->ok, $r->result, $r->error, $r->exitCode);
var_dump($r->exception['class'], $r->exception['file'], $r->exception['line'], $r->exception['stack_trace']);
var_dump(str_contains($r->exception['message'], 'syntax error'));
echo $r->exception['excerpt'], "\n";
?>
--EXPECT--
bool(false)
NULL
NULL
int(1)
string(10) "ParseError"
string(11) "snippet.php"
int(2)
array(0) {
}
bool(true)
  1 | $a = 1;
> 2 | $b = ;
  3 | return $a;
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r004-');
?>
