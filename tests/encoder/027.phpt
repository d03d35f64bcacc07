--TEST--
ValueEncoder: a __debugInfo() that overwrites its parent's property slot cannot crash the walk
--EXTENSIONS--
altair_eval
--FILE--
<?php
use Altair\Eval\Encoder\ValueEncoder;
class Holder { public $child; }
class Vandal {
    public $p;
    public function __debugInfo(): array { $this->p->child = 0x41414141; return ['ok' => true]; }
}
function build(): Holder { $h = new Holder(); $v = new Vandal(); $v->p = $h; $h->child = $v; return $h; }
$a = ValueEncoder::encode(build());
echo json_encode($a['properties']['child']['properties']), "\n";
$j = json_decode(ValueEncoder::encodeJson(build()), true);
echo json_encode($j['properties']['child']['properties']), "\n";
/* The same from inside an array slot. */
class ArrayVandal { public $owner; public function __debugInfo(): array { $this->owner->list[0] = 0x41414141; return []; } }
class ArrayHolder { public $list = []; }
$h = new ArrayHolder(); $v = new ArrayVandal(); $v->owner = $h; $h->list[0] = $v; unset($v);
echo ValueEncoder::encode($h)['properties']['list']['value'][0]['class'], "\n";
echo "survived\n";
?>
--EXPECT--
{"ok":{"type":"bool","value":true}}
{"ok":{"type":"bool","value":true}}
ArrayVandal
survived
