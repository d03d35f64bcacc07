--TEST--
Evaluator: a legitimate result too large for the caller is result_size, never integrity; a 17 MiB exception message is cut, not lost
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r036');

$r = altair_eval('return array_fill(0, 20, array_fill(0, 100, str_repeat("a", 10000)));', $root);
// Cut by the encoder at its budget (below what the evaluator takes in): ok, truncated, named.
echo json_encode([$r->ok, $r->limitExceeded, $r->error['type'] ?? null, $r->result['type'], $r->result['budget_exhausted'] ?? false,
    strlen(json_encode($r->result)) < Altair\Eval\Evaluator::RESULT_MAX_BYTES, $r->exitCode]), "\n";

$r = altair_eval('throw new RuntimeException(str_repeat("m", 17 * 1024 * 1024), 7, new LogicException(str_repeat("p", 20000)));', $root);
$e = $r->exception;
echo json_encode([$r->ok, $r->limitExceeded, $r->error, $r->exitCode]), "\n";
echo json_encode([$e['class'], strlen($e['message']), $e['message_truncated'], $e['message_length'], $e['code'], $e['line']]), "\n";
echo json_encode([$e['previous'][0]['class'], strlen($e['previous'][0]['message']), $e['previous'][0]['message_truncated'] ?? false]), "\n";
?>
--EXPECT--
[true,"result_size",null,"array",true,true,0]
[false,null,null,1]
["RuntimeException",65536,true,17825792,7,1]
["LogicException",20000,false]
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r036-');
?>
