--TEST--
ValueEncoder: hostile hooks become markers with the error, never a fatal
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
class BadDebug { public function __debugInfo(): array { throw new LogicException('no debug for you'); } }
class WrongDebug { public function __debugInfo() { return 'not an array'; } }
class BadCount implements IteratorAggregate, Countable { public function count(): int { throw new RuntimeException('uncountable'); } public function getIterator(): Iterator { return new ArrayIterator([1]); } }
class BadIterator implements Iterator {
    private $i = 0;
    public function current(): mixed { if ($this->i === 2) { throw new DomainException('broken at 2'); } return $this->i; }
    public function key(): mixed { return $this->i; }
    public function next(): void { $this->i++; }
    public function rewind(): void { $this->i = 0; }
    public function valid(): bool { return true; }
}
class BadAggregate implements IteratorAggregate { public function getIterator(): Iterator { throw new Exception('no iterator'); } }
function strip(array $r): array { unset($r['id']); return $r; }
foreach ([new BadDebug(), new WrongDebug(), new BadCount(), new BadIterator(), new BadAggregate(), [new BadDebug()]] as $v) {
    $r = Altair\Eval\Encoder\ValueEncoder::encode($v);
    echo json_encode(is_array($v) ? $r : strip($r)), "\n";
}
echo "still running\n";
?>
--EXPECT--
{"type":"object","class":"BadDebug","error":{"class":"LogicException","message":"no debug for you"}}
{"type":"object","class":"WrongDebug","error":{"class":"TypeError","message":"__debugInfo() must return an array, string returned"}}
{"type":"iterable","class":"BadCount","preview":[{"key":{"type":"int","value":0},"value":{"type":"int","value":1}}],"exhausted":true,"error":{"class":"RuntimeException","message":"uncountable"}}
{"type":"iterable","class":"BadIterator","preview":[{"key":{"type":"int","value":0},"value":{"type":"int","value":0}},{"key":{"type":"int","value":1},"value":{"type":"int","value":1}}],"exhausted":false,"error":{"class":"DomainException","message":"broken at 2"}}
{"type":"iterable","class":"BadAggregate","preview":[],"exhausted":false,"error":{"class":"Exception","message":"no iterator"}}
{"type":"array","is_list":true,"count":1,"value":[{"type":"object","class":"BadDebug","id":6,"error":{"class":"LogicException","message":"no debug for you"}}]}
still running
