--TEST--
Evaluator: the child sees its policy in ALTAIR_EVAL_* and the caller cannot spoof it
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r025');

putenv('ALTAIR_EVAL_UNSAFE=1');
$r = altair_eval('return getenv("ALTAIR_EVAL_ALLOW_WRITES") . getenv("ALTAIR_EVAL_ALLOW_NETWORK") . getenv("ALTAIR_EVAL_UNSAFE");', $root);
var_dump($r->result['value']);
$r = altair_eval('return getenv("ALTAIR_EVAL_ALLOW_WRITES") . getenv("ALTAIR_EVAL_ALLOW_NETWORK") . getenv("ALTAIR_EVAL_UNSAFE");', $root, ['allowWrites' => true, 'allowNetwork' => true]);
var_dump($r->result['value']);
?>
--EXPECT--
string(3) "000"
string(3) "110"
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r025-');
?>
