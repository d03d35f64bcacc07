--TEST--
Evaluator: 1+1 comes back as a typed int from a real child
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r001');

$r = altair_eval('return 1+1;', $root);
var_dump($r->ok, $r->ok(), $r->result, $r->exitCode, $r->timedOut, $r->error, $r->exception);
var_dump($r->durationMs >= 0, $r->memoryPeakBytes > 0);
?>
--EXPECT--
bool(true)
bool(true)
array(2) {
  ["type"]=>
  string(3) "int"
  ["value"]=>
  int(2)
}
int(0)
bool(false)
NULL
NULL
bool(true)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r001-');
?>
