--TEST--
ValueEncoder: hooks that re-enter the encoder, return their own object, or change the container being walked
--EXTENSIONS--
altair_eval
--INI--
pcre.jit=0
--FILE--
<?php
use Altair\Eval\Encoder\ValueEncoder;
/* A __debugInfo() that encodes itself: the object is on the path, so the inner walk sees a reference. */
class Reentrant { public function __debugInfo(): array { return ['inner' => ValueEncoder::encode($this)['type'], 'json' => json_decode(ValueEncoder::encodeJson([$this]), true)['value'][0]['type']]; } }
/* A __debugInfo() that returns its own object. */
class Mirror { public function __debugInfo(): array { return ['self' => $this]; } }
/* A hook that appends to, and empties, the array being walked. */
class Grower { public $holder; public function __debugInfo(): array { $this->holder->items[] = 'late'; $this->holder->items = []; return []; } }
class Holder { public $items = []; }
/* count() re-enters the encoder on its parent, which is on the path. */
class Counter implements IteratorAggregate, Countable { public $parent;
    public function count(): int { return ValueEncoder::encode($this->parent)['type'] === 'reference' ? 1 : 0; }
    public function getIterator(): Iterator { return new ArrayIterator([1]); } }
/* getIterator() returns the aggregate's own iterator, which encodes the aggregate again. */
class Loop implements IteratorAggregate { public function getIterator(): Iterator { return new ArrayIterator(['me' => $this]); } }

function holder(): Holder { $h = new Holder(); $g = new Grower(); $g->holder = $h; $h->items = [$g, 'second', 'third']; return $h; }
function counter(): stdClass { $c = new Counter(); $p = new stdClass(); $p->c = $c; $c->parent = $p; return $p; }
$cases = ['reentrant' => fn () => new Reentrant(), 'mirror' => fn () => new Mirror(), 'holder' => 'holder', 'counter' => 'counter', 'loop' => fn () => new Loop()];
foreach ($cases as $name => $make) {
    $a = ValueEncoder::encode($make());
    $j = json_decode(ValueEncoder::encodeJson($make()), true);
    $strip = fn (array $r) => preg_replace('/,"id":\d+/', '', json_encode($r));
    echo $name, ': ', $strip($a), "\n";
    var_dump($strip($j) === $strip($a));
}
?>
--EXPECT--
reentrant: {"type":"object","class":"Reentrant","properties":{"inner":{"type":"string","value":"reference"},"json":{"type":"string","value":"reference"}}}
bool(true)
mirror: {"type":"object","class":"Mirror","properties":{"self":{"type":"reference","class":"Mirror"}}}
bool(true)
holder: {"type":"object","class":"Holder","properties":{"items":{"type":"array","is_list":true,"count":3,"value":[{"type":"object","class":"Grower","properties":[]},{"type":"string","value":"second"},{"type":"string","value":"third"}]}}}
bool(true)
counter: {"type":"object","class":"stdClass","properties":{"c":{"type":"iterable","class":"Counter","size_hint":1,"preview":[{"key":{"type":"int","value":0},"value":{"type":"int","value":1}}],"exhausted":true}}}
bool(true)
loop: {"type":"iterable","class":"Loop","preview":[{"key":{"type":"string","value":"me"},"value":{"type":"reference","class":"Loop"}}],"exhausted":true}
bool(true)
