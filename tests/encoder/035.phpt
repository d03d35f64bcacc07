--TEST--
ValueEncoder: the byte budget cuts a large value, marks each container it cut (truncated, omitted) and the root
--EXTENSIONS--
altair_eval
--FILE--
<?php
use Altair\Eval\Encoder\ValueEncoder;
$budget = ValueEncoder::RESULT_MIN_BYTES;
$flags = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION;
/* 20 rows of 50 strings of 1000 bytes: about 1 MB of JSON, eight times the budget. */
$value = array_fill(0, 20, array_fill(0, 50, str_repeat('a', 1000)));
$json = ValueEncoder::encodeJson($value, $budget);
$array = ValueEncoder::encode($value, maxBytes: $budget);
var_dump(strlen($json) <= $budget, strlen(json_encode($array, $flags)) <= $budget);
/* Plain ASCII and integers: the array output counts exactly as the JSON output writes. */
var_dump(json_decode($json, true) === $array);
var_dump($array['budget_exhausted'], $array['truncated'], $array['count']);
$rows = $array['value'];
$last = $rows[count($rows) - 1];
/* The rows shown plus the omitted ones are all the rows; the last row shown was cut inside. */
var_dump(count($rows) + $array['omitted'] === 20, $last['truncated'], count($last['value']) + $last['omitted'] === 50);
foreach (array_slice($rows, 0, -1) as $row) {
    if (isset($row['truncated']) || count($row['value']) !== 50) { echo "a full row was cut\n"; }
}
/* What was kept is close to the budget: the cut is not wasteful. */
var_dump(strlen($json) > $budget - 4096);

/* Object properties and iterable previews are cut the same way. */
$object = new stdClass();
foreach (range(1, 90) as $i) { $object->{"p$i"} = str_repeat('b', 2000); }
$r = ValueEncoder::encode($object, maxBytes: $budget);
var_dump($r['budget_exhausted'], $r['truncated'], $r['count'], count($r['properties']) + $r['omitted'] === 90);
$r = json_decode(ValueEncoder::encodeJson(new ArrayIterator(array_fill(0, 50, str_repeat('c', 5000))), $budget), true);
var_dump($r['budget_exhausted'], $r['truncated'], $r['exhausted'], count($r['preview']) < 50);

/* A value within the budget has no marker at all. */
var_dump(ValueEncoder::encode([1, 2, 3], maxBytes: $budget) === ValueEncoder::encode([1, 2, 3]));
var_dump(array_key_exists('budget_exhausted', ValueEncoder::encode(str_repeat('x', 100))));

/* The budget is bounded, and the default is the class constant. */
foreach ([$budget - 1, ValueEncoder::RESULT_MAX_BYTES + 1] as $bad) {
    try { ValueEncoder::encodeJson(1, $bad); } catch (ValueError $e) { echo $e->getMessage(), "\n"; }
}
var_dump(ValueEncoder::RESULT_MAX_BYTES, ValueEncoder::RESULT_MIN_BYTES);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(20)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(90)
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(false)
Altair\Eval\Encoder\ValueEncoder::encodeJson(): Argument #2 ($maxBytes) must be between 131072 and 8388608
Altair\Eval\Encoder\ValueEncoder::encodeJson(): Argument #2 ($maxBytes) must be between 131072 and 8388608
int(8388608)
int(131072)
