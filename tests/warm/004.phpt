--TEST--
Warm: different policies get different templates, each with its own guards
--EXTENSIONS--
altair_eval
posix
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('w004');
use Altair\Eval\{Evaluator, EvalRequest};
$evaluator = new Evaluator(warm: true);
$probe = 'return [posix_getppid(), @file_put_contents("written.txt", "x") !== false];';
$readOnly = $evaluator->evaluate(new EvalRequest($probe, $root));
$writable = $evaluator->evaluate(new EvalRequest($probe, $root, allowWrites: true));
$readOnlyAgain = $evaluator->evaluate(new EvalRequest($probe, $root));
$readOnlyThird = $evaluator->evaluate(new EvalRequest($probe, $root));
$network = $evaluator->evaluate(new EvalRequest('return posix_getppid();', $root, allowNetwork: true));
[$t1, $w1] = array_column($readOnly->result['value'], 'value');
[$t2, $w2] = array_column($writable->result['value'], 'value');
[$t3, $w3] = array_column($readOnlyAgain->result['value'], 'value');
$t4 = $readOnlyThird->result['value'][0]['value'];
// The write-enabled call restarted the read-only template (its cache could be stale, see
// tests/warm_isolation/007.phpt); read-only calls after it share the new one.
var_dump($w1, $w2, $w3, $t1 !== $t2, $t1 !== $t3 && $t3 === $t4, $network->result['value'] !== $t4);
var_dump($readOnly->sandbox['netns'], $network->sandbox['netns']);
?>
--EXPECT--
bool(false)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('w004-');
?>
