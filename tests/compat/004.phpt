--TEST--
univeros compatibility: ValueEncoder's documented shapes, and its encode($value, $seen, $depth) signature
--EXTENSIONS--
altair_eval
--FILE--
<?php
use Altair\Eval\Encoder\ValueEncoder;

function show(string $label, array $encoded): void { echo $label, ': ', json_encode($encoded, JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION), "\n"; }

// univeros's constants
var_dump(ValueEncoder::MAX_DEPTH, ValueEncoder::ITERABLE_PREVIEW, ValueEncoder::STRING_MAX);

// the shapes its documentation lists, key for key
show('null', ValueEncoder::encode(null));
show('bool', ValueEncoder::encode(true));
show('int', ValueEncoder::encode(42));
show('float', ValueEncoder::encode(3.14));
show('nan', ValueEncoder::encode(NAN));
show('inf', ValueEncoder::encode(INF));
show('-inf', ValueEncoder::encode(-INF));
show('string', ValueEncoder::encode('hi'));
$long = ValueEncoder::encode(str_repeat('a', ValueEncoder::STRING_MAX + 100));
// documented: truncated and length added (the value carries no "...(truncated)" suffix here: docs/univeros.md, Differences)
var_dump($long['type'], $long['truncated'], $long['length'], strlen($long['value']) === ValueEncoder::STRING_MAX);
show('list', ValueEncoder::encode([1, 2, 3]));
show('assoc', ValueEncoder::encode(['a' => 1, 'b' => 2]));
$o = new stdClass(); $o->name = 'x';
$shape = ValueEncoder::encode($o);
var_dump($shape['type'], $shape['class'], $shape['id'] === spl_object_id($o), $shape['properties']['name']);
$debug = ValueEncoder::encode(new class { public string $secret = 'real'; public function __debugInfo(): array { return ['public' => 'safe']; } });
var_dump(array_keys($debug['properties']));
$gen = (function () { $i = 0; while (true) { yield $i++; } })();
$it = ValueEncoder::encode($gen);
var_dump($it['type'], $it['class'], count($it['preview']), $it['exhausted'], array_key_exists('size_hint', $it), $it['preview'][0]);
$small = ValueEncoder::encode(new ArrayIterator(['a' => 1, 'b' => 2]));
var_dump($small['exhausted'], $small['size_hint'], $small['preview'][0]['key']['value']);
$a = new stdClass(); $b = new stdClass(); $a->next = $b; $b->back = $a;
$ref = ValueEncoder::encode($a)['properties']['next']['properties']['back'];
var_dump($ref['type'], $ref['class'], $ref['id'] === spl_object_id($a));
$h = fopen('php://memory', 'rb');
$res = ValueEncoder::encode($h);
var_dump($res['type'], $res['value']);
// nesting stops at MAX_DEPTH levels
$cursor = ValueEncoder::encode([[[[[['leaf']]]]]]);
for ($i = 0; $i < ValueEncoder::MAX_DEPTH; $i++) { $cursor = $cursor['value'][0]; }
var_dump($cursor['truncated'], $cursor['count']);

// $seen: object ids (as keys) already on the path encode as references
$c = new stdClass(); $c->child = $o;
show('seen', ValueEncoder::encode($c, [spl_object_id($o) => true])['properties']['child']);
show('seen itself', ValueEncoder::encode($o, [spl_object_id($o) => true]));
// ids of nothing live, and string keys, are ignored; the object is usable as before afterwards
show('seen unknown', ValueEncoder::encode($c, [999999 => true, 'x' => true])['properties']['child']);
show('after', ValueEncoder::encode($c)['properties']['child']);
// $depth: the level $value is at; at MAX_DEPTH an array or object is truncated; clamped to [0, MAX_DEPTH]
show('depth 2', ValueEncoder::encode([[1]], [], 2));
show('depth max', ValueEncoder::encode([1, 2], [], ValueEncoder::MAX_DEPTH));
show('depth max object', ValueEncoder::encode($o, [], ValueEncoder::MAX_DEPTH));
show('depth beyond', ValueEncoder::encode([1], [], 99));
show('depth negative', ValueEncoder::encode([[[1]]], [], -5));
show('scalar at depth', ValueEncoder::encode(7, [], ValueEncoder::MAX_DEPTH));
?>
--EXPECTF--
int(3)
int(50)
int(10000)
null: {"type":"null","value":null}
bool: {"type":"bool","value":true}
int: {"type":"int","value":42}
float: {"type":"float","value":3.14}
nan: {"type":"float","value":"NaN"}
inf: {"type":"float","value":"Infinity"}
-inf: {"type":"float","value":"-Infinity"}
string: {"type":"string","value":"hi"}
string(6) "string"
bool(true)
int(10100)
bool(true)
list: {"type":"array","is_list":true,"count":3,"value":[{"type":"int","value":1},{"type":"int","value":2},{"type":"int","value":3}]}
assoc: {"type":"array","is_list":false,"count":2,"value":{"a":{"type":"int","value":1},"b":{"type":"int","value":2}}}
string(6) "object"
string(8) "stdClass"
bool(true)
array(2) {
  ["type"]=>
  string(6) "string"
  ["value"]=>
  string(1) "x"
}
array(1) {
  [0]=>
  string(6) "public"
}
string(8) "iterable"
string(9) "Generator"
int(50)
bool(false)
bool(false)
array(2) {
  ["key"]=>
  array(2) {
    ["type"]=>
    string(3) "int"
    ["value"]=>
    int(0)
  }
  ["value"]=>
  array(2) {
    ["type"]=>
    string(3) "int"
    ["value"]=>
    int(0)
  }
}
bool(true)
int(2)
string(1) "a"
string(9) "reference"
string(8) "stdClass"
bool(true)
string(8) "resource"
string(6) "stream"
bool(true)
int(1)
seen: {"type":"reference","class":"stdClass","id":%d}
seen itself: {"type":"reference","class":"stdClass","id":%d}
seen unknown: {"type":"object","class":"stdClass","id":%d,"properties":{"name":{"type":"string","value":"x"}}}
after: {"type":"object","class":"stdClass","id":%d,"properties":{"name":{"type":"string","value":"x"}}}
depth 2: {"type":"array","is_list":true,"count":1,"value":[{"type":"array","is_list":true,"count":1,"truncated":true}]}
depth max: {"type":"array","is_list":true,"count":2,"truncated":true}
depth max object: {"type":"object","class":"stdClass","id":%d,"truncated":true}
depth beyond: {"type":"array","is_list":true,"count":1,"truncated":true}
depth negative: {"type":"array","is_list":true,"count":1,"value":[{"type":"array","is_list":true,"count":1,"value":[{"type":"array","is_list":true,"count":1,"value":[{"type":"int","value":1}]}]}]}
scalar at depth: {"type":"int","value":7}
