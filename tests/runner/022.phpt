--TEST--
Evaluator: a child that closes its stdio and sleeps is waited for, not spun on
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r022');

$r = altair_eval('fclose(STDOUT); fclose(STDERR); usleep(300000); return "slept";', $root);
var_dump($r->ok, $r->result['value']);
$r = altair_eval('fclose(STDOUT); fclose(STDERR); sleep(10);', $root, ['timeoutMs' => 300]);
var_dump($r->timedOut, $r->exitCode);
?>
--EXPECT--
bool(true)
string(5) "slept"
bool(true)
int(124)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r022-');
?>
