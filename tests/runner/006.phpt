--TEST--
Evaluator: an endless loop is stopped at the deadline (SIGTERM), exit 124
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r006');

$r = altair_eval('while (true) {}', $root, ['timeoutMs' => 300]);
var_dump($r->ok, $r->timedOut, $r->exitCode, $r->limitExceeded, $r->signal, $r->result, $r->error);
var_dump(altair_scratch_dirs($root));
?>
--EXPECT--
bool(false)
bool(true)
int(124)
string(4) "time"
int(15)
NULL
NULL
array(0) {
}
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r006-');
?>
