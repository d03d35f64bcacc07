--TEST--
ValueEncoder: hooks that throw huge messages stay within the budget: messages cut at STRING_MAX, the rest left out
--EXTENSIONS--
altair_eval
--FILE--
<?php
use Altair\Eval\Encoder\ValueEncoder;
class Loud { public function __debugInfo(): array { throw new RuntimeException(str_repeat('m', 1 << 20)); } }
class LoudDestructor { public function __destruct() { throw new LogicException(str_repeat('d', 1 << 20)); } }
class Releaser { public function __debugInfo(): array { return ['gone' => new LoudDestructor()]; } }
$budget = ValueEncoder::RESULT_MIN_BYTES;
foreach (['Loud', 'Releaser'] as $class) {
    $value = [];
    for ($i = 0; $i < 40; $i++) { $value[] = new $class(); }
    $json = ValueEncoder::encodeJson($value, $budget);
    $r = json_decode($json, true, 512, JSON_THROW_ON_ERROR);
    $array = ValueEncoder::encode($value, maxBytes: $budget);
    var_dump(strlen($json) <= $budget, strlen($r['value'][0]['error']['message']) === ValueEncoder::STRING_MAX);
    var_dump($r['budget_exhausted'], $r['omitted'] > 0, count($array['value']) === count($r['value']));
}
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
