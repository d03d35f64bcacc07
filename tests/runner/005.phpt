--TEST--
Evaluator: fatal errors (compile and runtime) come back in error
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r005');

$r = altair_eval("function twice() {}\nfunction twice() {}", $root);
var_dump($r->ok, $r->exitCode, $r->error['type'], $r->error['file'], $r->error['line'], $r->error['message']);
$r = altair_eval("\n\ntrigger_error('custom fatal', E_USER_ERROR);", $root);
var_dump($r->ok, $r->exitCode, $r->error['type'], $r->error['line'], $r->error['message'], $r->limitExceeded);
var_dump(str_contains($r->stderr, 'custom fatal'), str_contains($r->stderr, 'snippet.php'), str_contains($r->stderr, altair_scratch_base()));
?>
--EXPECTF--
bool(false)
int(255)
string(15) "E_COMPILE_ERROR"
string(11) "snippet.php"
int(2)
string(%d) "Cannot redeclare twice() (previously declared in %s)"
bool(false)
int(255)
string(12) "E_USER_ERROR"
int(3)
string(12) "custom fatal"
NULL
bool(true)
bool(true)
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r005-');
?>
