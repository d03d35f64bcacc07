--TEST--
Evaluator: an output flood is truncated at the cap and the caller stays bounded
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r018');

$before = memory_get_peak_usage();
$r = altair_eval('for ($i = 0; $i < 64; $i++) { echo str_repeat("y", 65536); fwrite(STDERR, str_repeat("z", 65536)); } return "done";', $root);
var_dump($r->ok, $r->result['value'], strlen($r->stdout) === Altair\Eval\EvalResult::OUTPUT_MAX_BYTES, $r->stdoutTruncated);
var_dump(strlen($r->stderr) === Altair\Eval\EvalResult::OUTPUT_MAX_BYTES, $r->stderrTruncated, $r->limitExceeded);
$r = altair_eval('while (true) { echo str_repeat("y", 65536); }', $root, ['timeoutMs' => 300]);
var_dump($r->timedOut, strlen($r->stdout) <= Altair\Eval\EvalResult::OUTPUT_MAX_BYTES);
var_dump(memory_get_peak_usage() - $before < 16 * Altair\Eval\EvalResult::OUTPUT_MAX_BYTES);
?>
--EXPECT--
bool(true)
string(4) "done"
bool(true)
bool(true)
bool(true)
bool(true)
string(6) "output"
bool(true)
bool(true)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r018-');
?>
