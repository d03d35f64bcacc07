--TEST--
Evaluator: a result larger than the channel comes back cut at the encoder's budget, not as a forged channel
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
use Altair\Eval\Encoder\ValueEncoder;
$root = altair_test_root('e036');
/* About 20 MB of encoded JSON: more than the 16 MiB channel holds. */
/* The host reads 8 MB: under valgrind that takes longer than the default deadline. */
$r = altair_eval('return array_fill(0, 20, array_fill(0, 100, str_repeat("a", 10000)));', $root, ['timeoutMs' => altair_generous_ms(5000)]);
var_dump($r->ok, $r->timedOut, $r->error, $r->exception);
var_dump($r->result['budget_exhausted'], $r->result['truncated'], $r->result['count']);
var_dump(strlen(json_encode($r->result, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE)) <= ValueEncoder::RESULT_MAX_BYTES);
var_dump(count($r->result['value']) + $r->result['omitted'] === 20);
?>
--EXPECT--
bool(true)
bool(false)
NULL
NULL
bool(true)
bool(true)
int(20)
bool(true)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('e036-');
