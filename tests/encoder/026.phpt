--TEST--
ValueEncoder::encodeJson(): the same encoding as encode(), written straight as JSON
--EXTENSIONS--
altair_eval
--FILE--
<?php
use Altair\Eval\Encoder\ValueEncoder;

enum Level: int { case High = 3; }
final class Point { public int $x = 1; public ?Point $next = null; private $secret = 's'; }
final class Loud { public function __debugInfo(): array { throw new LogicException("no \"debug\"\n"); } }
final class Counted implements IteratorAggregate, Countable {
    public function count(): int { throw new RuntimeException('uncountable'); }
    public function getIterator(): Iterator { return new ArrayIterator(['k' => 1.0, 2 => -0.5]); }
}
$cyclic = new Point(); $cyclic->next = $cyclic;
$self = [1]; $self[] = &$self;
$values = [
    'scalars' => [null, true, false, 0, -42, PHP_INT_MAX, 1.0, -0.0, 0.1, 1.5e300, NAN, INF, -INF],
    'strings' => ['', 'plain', "quote \" backslash \\ slash / tab \t nul \0 ctrl \x01", 'héllo ✓ 😀', "bad \xff byte", str_repeat('é', 6000)],
    'arrays' => [[], [1, 2], ['a' => 1, 'b' => [true]], [3 => 'x', -1 => 'y'], range(1, 150), [[[[[1]]]]], $self],
    'objects' => [new stdClass(), new Point(), $cyclic, Level::High, new Loud(), new Counted(), fn () => 1, (function () { yield 1; yield 'k' => 2; })()],
];
$fresh = static fn (mixed $v): mixed => $v instanceof Generator ? (function () { yield 1; yield 'k' => 2; })() : $v;
$failures = 0;
foreach ($values as $group => $list) {
    foreach ($list as $i => $value) {
        $json = ValueEncoder::encodeJson($fresh($value));
        $decoded = json_decode($json, true, 512, JSON_THROW_ON_ERROR);
        $expected = json_decode(json_encode(ValueEncoder::encode($fresh($value)), JSON_PRESERVE_ZERO_FRACTION | JSON_THROW_ON_ERROR), true);
        if ($value instanceof Generator) {
            unset($decoded['id'], $expected['id']); // two fresh generators: two handles
        }
        if ($decoded !== $expected) {
            $failures++;
            echo "$group #$i differs:\n  json:  $json\n  array: ", json_encode($expected), "\n";
        }
    }
}
echo "compared ", array_sum(array_map('count', $values)), " values, $failures differ\n";
echo ValueEncoder::encodeJson([1.0, 'a' => "x\"y"]), "\n";
?>
--EXPECT--
compared 34 values, 0 differ
{"type":"array","is_list":false,"count":2,"value":{"0":{"type":"float","value":1.0},"a":{"type":"string","value":"x\"y"}}}
