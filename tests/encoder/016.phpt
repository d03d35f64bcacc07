--TEST--
ValueEncoder: Traversables become previews: size_hint when Countable, at most ITERABLE_PREVIEW items, exhausted or not
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
function strip(array $r): array { unset($r['id']); return $r; }
echo json_encode(strip(Altair\Eval\Encoder\ValueEncoder::encode(new ArrayIterator(['a' => 1, 'b' => 2])))), "\n";
$infinite = (function () { $i = 0; while (true) { yield $i++; } })();
$r = Altair\Eval\Encoder\ValueEncoder::encode($infinite);
var_dump($r['type'], $r['class'], count($r['preview']), $r['exhausted'], $r['preview'][49]['value']['value'], isset($r['size_hint']));
$done = (function () { yield 1; })(); foreach ($done as $_) {}
echo json_encode(strip(Altair\Eval\Encoder\ValueEncoder::encode($done))), "\n";
class Bag implements IteratorAggregate { public function getIterator(): Iterator { return new ArrayIterator([10, 20]); } }
echo json_encode(strip(Altair\Eval\Encoder\ValueEncoder::encode(new Bag()))), "\n";
$keys = (function () { yield 'k' => 'v'; yield 2.5 => null; })();
echo json_encode(strip(Altair\Eval\Encoder\ValueEncoder::encode($keys))), "\n";
?>
--EXPECT--
{"type":"iterable","class":"ArrayIterator","size_hint":2,"preview":[{"key":{"type":"string","value":"a"},"value":{"type":"int","value":1}},{"key":{"type":"string","value":"b"},"value":{"type":"int","value":2}}],"exhausted":true}
string(8) "iterable"
string(9) "Generator"
int(50)
bool(false)
int(49)
bool(false)
{"type":"iterable","class":"Generator","preview":[],"exhausted":true}
{"type":"iterable","class":"Bag","preview":[{"key":{"type":"int","value":0},"value":{"type":"int","value":10}},{"key":{"type":"int","value":1},"value":{"type":"int","value":20}}],"exhausted":true}
{"type":"iterable","class":"Generator","preview":[{"key":{"type":"string","value":"k"},"value":{"type":"string","value":"v"}},{"key":{"type":"float","value":2.5},"value":{"type":"null","value":null}}],"exhausted":true}
