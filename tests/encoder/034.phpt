--TEST--
ValueEncoder: a preview entry keeps the value it was taken with when a hook on its key moves the iterator on
--EXTENSIONS--
altair_eval
--FILE--
<?php
use Altair\Eval\Encoder\ValueEncoder;
class Mover { public $gen; public function __debugInfo(): array { $this->gen->next(); return []; } }
class Payload { public function __construct(public string $name) {} }
function build(): Generator {
    $mover = new Mover();
    $gen = (function () use ($mover) { yield $mover => new Payload('first'); yield 'k2' => new Payload('second'); })();
    $mover->gen = $gen;
    $gen->current();
    return $gen;
}
foreach ([ValueEncoder::encode(build()), json_decode(ValueEncoder::encodeJson(build()), true)] as $r) {
    echo $r['preview'][0]['value']['properties']['name']['value'], "\n";
}
?>
--EXPECT--
first
first
