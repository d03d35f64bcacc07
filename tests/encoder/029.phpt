--TEST--
ValueEncoder: destructors run by the encoder's own releases may throw; encode() never throws, the node carries the error
--EXTENSIONS--
altair_eval
--FILE--
<?php
use Altair\Eval\Encoder\ValueEncoder;
class Boom { public function __construct(public string $why) {} public function __destruct() { throw new RuntimeException("destructor: {$this->why}"); } }
/* The array __debugInfo() returns is released by the encoder: Boom dies there. */
class Debugged { public function __debugInfo(): array { return ['b' => new Boom('debugInfo result')]; } }
/* A hook drops the last other owner of the object being walked: the encoder's release destroys it. */
class Orphan { public $owner; public function __destruct() { throw new LogicException('orphan destructor'); }
    public function __debugInfo(): array { $this->owner->child = null; $this->owner = null; return []; } }
class Owner { public $child; }
/* An iterator whose keys are fresh objects that throw when the encoder releases them. */
class Keys implements Iterator {
    private $i = 0;
    public function current(): mixed { return $this->i; }
    public function key(): mixed { return new Boom('key'); }
    public function next(): void { $this->i++; }
    public function rewind(): void { $this->i = 0; }
    public function valid(): bool { return $this->i < 1; }
}
/* A hook that throws an exception whose destructor throws too. */
class LoudException extends Exception { public function __destruct() { throw new Exception('exception destructor'); } }
class Thrower { public function __debugInfo(): array { throw new LoudException('hook'); } }

function cases(): array {
    $o = new Owner(); $o->child = new Orphan(); $o->child->owner = $o;
    return ['debugInfo' => new Debugged(), 'owner' => $o, 'keys' => new Keys(), 'thrower' => new Thrower()];
}
foreach (cases() as $name => $value) {
    $a = ValueEncoder::encode($value);
    echo $name, ': ', json_encode($a['error'] ?? $a['properties']['child']['error'] ?? null), "\n";
}
unset($value, $a);
foreach (cases() as $name => $value) {
    $j = json_decode(ValueEncoder::encodeJson($value), true, 512, JSON_THROW_ON_ERROR);
    echo $name, ': ', json_encode($j['error'] ?? $j['properties']['child']['error'] ?? null), "\n";
}
unset($value);
echo "nothing escaped\n";
?>
--EXPECT--
debugInfo: {"class":"RuntimeException","message":"destructor: debugInfo result"}
owner: {"class":"LogicException","message":"orphan destructor"}
keys: {"class":"RuntimeException","message":"destructor: key"}
thrower: {"class":"LoudException","message":"hook"}
debugInfo: {"class":"RuntimeException","message":"destructor: debugInfo result"}
owner: {"class":"LogicException","message":"orphan destructor"}
keys: {"class":"RuntimeException","message":"destructor: key"}
thrower: {"class":"LoudException","message":"hook"}
nothing escaped
