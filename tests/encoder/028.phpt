--TEST--
ValueEncoder: a count() that overwrites its parent's slot does not redirect getIterator() or the recursion mark
--EXTENSIONS--
altair_eval
--FILE--
<?php
use Altair\Eval\Encoder\ValueEncoder;
class Holder { public $child; }
class Counted implements IteratorAggregate, Countable {
    public $p;
    public function count(): int { $this->p->child = 0x41414141; return 2; }
    public function getIterator(): Iterator { return new ArrayIterator(['a', 'b']); }
}
function build(): Holder { $h = new Holder(); $c = new Counted(); $c->p = $h; $h->child = $c; return $h; }
foreach ([ValueEncoder::encode(build()), json_decode(ValueEncoder::encodeJson(build()), true)] as $r) {
    $child = $r['properties']['child'];
    echo $child['class'], ' ', $child['size_hint'], ' ', count($child['preview']), ' ', json_encode($child['exhausted']), "\n";
}
echo "survived\n";
?>
--EXPECT--
Counted 2 2 true
Counted 2 2 true
survived
