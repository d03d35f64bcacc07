--TEST--
Evaluator: an exception exits 1 and is encoded with snippet line numbers
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r003');

$r = altair_eval("\$a = 1;\n\n throw new DomainException('boom', 7);", $root);
var_dump($r->ok, $r->exitCode, $r->result, $r->error);
var_dump($r->exception['class'], $r->exception['message'], $r->exception['code'], $r->exception['file'], $r->exception['line']);
?>
--EXPECT--
bool(false)
int(1)
NULL
NULL
string(15) "DomainException"
string(4) "boom"
int(7)
string(11) "snippet.php"
int(3)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r003-');
?>
