--TEST--
ValueEncoder: an array whose other owners a hook dropped is destroyed by the encoder's release, not leaked
--EXTENSIONS--
altair_eval
--INI--
zend.enable_gc=0
--FILE--
<?php
use Altair\Eval\Encoder\ValueEncoder;
class Dies { public function __construct(public string $name) {} public function __destruct() { echo "destroyed with the array: {$this->name}\n"; } }
class Dropper { public $owner; public function __debugInfo(): array { $this->owner->list = null; return []; } }
class Owner { public $list; }
function build(string $name): Owner { $o = new Owner(); $d = new Dropper(); $d->owner = $o; $o->list = [$d, new Dies($name), str_repeat('x', 1 << 20)]; return $o; }
$o = build('encode');
ValueEncoder::encode($o);
echo "after encode\n";
$o = build('encodeJson');
ValueEncoder::encodeJson($o);
echo "after encodeJson\n";
/* Nothing stays behind: the megabyte string in each array is freed every time. */
$before = memory_get_usage();
for ($i = 0; $i < 20; $i++) {
    $o = build("round");
    ob_start();
    ValueEncoder::encode($o);
    ValueEncoder::encodeJson($o);
    ob_end_clean();
}
echo memory_get_usage() - $before < (1 << 20) ? "no growth\n" : "grew\n";
/* What the destroyed array held may throw from its destructor: an error on the array's node. */
class Loud { public function __destruct() { throw new RuntimeException('element destructor'); } }
$o = new Owner(); $d = new Dropper(); $d->owner = $o; $o->list = [$d, new Loud()]; unset($d);
echo json_encode(ValueEncoder::encode($o)['properties']['list']['error']), "\n";
?>
--EXPECT--
destroyed with the array: encode
after encode
destroyed with the array: encodeJson
after encodeJson
no growth
{"class":"RuntimeException","message":"element destructor"}
