--TEST--
ValueEncoder: an object on the current path becomes a reference; the same object twice elsewhere is encoded twice
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
class Node { public $name; public $child; public function __construct($n) { $this->name = $n; } }
$a = new Node('a'); $b = new Node('b'); $a->child = $b; $b->child = $a;
$r = Altair\Eval\Encoder\ValueEncoder::encode($a);
echo $r['type'], ' ', $r['properties']['child']['type'], ' ', $r['properties']['child']['properties']['child']['type'], "\n";
var_dump($r['properties']['child']['properties']['child']['id'] === spl_object_id($a));
$shared = new Node('s');
$r = Altair\Eval\Encoder\ValueEncoder::encode([$shared, $shared]);
echo $r['value'][0]['type'], ' ', $r['value'][1]['type'], "\n";
?>
--EXPECT--
object object reference
bool(true)
object object
