--TEST--
ValueEncoder: every property with its visibility as var_dump shows it, uninitialized typed ones as such, always a map
--EXTENSIONS--
altair_eval
--FILE--
<?php
use Altair\Eval\Encoder\ValueEncoder;
class Base { private $secret = 'base'; protected int $count = 1; private ?string $lazy; }
#[AllowDynamicProperties]
class Child extends Base { private $secret = 'child'; public int $id; public string $name = 'n'; protected $p = null; public $gone = 1; }
$c = new Child(); $c->dyn = 1; unset($c->gone);
$a = ValueEncoder::encode($c);
foreach ($a['properties'] as $name => $node) {
    echo $name, ' => ', json_encode($node), "\n";
}
var_dump(json_decode(ValueEncoder::encodeJson($c), true)['properties'] === $a['properties']);
/* No properties: still a map in JSON. */
echo ValueEncoder::encodeJson(new stdClass()), "\n";
echo "debugInfo null: ", json_encode(json_decode(ValueEncoder::encodeJson(new class { public function __debugInfo() { return null; } }))->properties), "\n";
/* A __debugInfo() that returns a cast of the object shows the visibilities too. */
class Cast { private $a = 1; protected $b = 2; public function __debugInfo(): array { return (array) $this; } }
echo json_encode(array_keys(ValueEncoder::encode(new Cast())['properties'])), "\n";
?>
--EXPECT--
secret:Base:private => {"type":"string","value":"base"}
count:protected => {"type":"int","value":1}
lazy:Base:private => {"type":"uninitialized","declared":"?string"}
secret:Child:private => {"type":"string","value":"child"}
id => {"type":"uninitialized","declared":"int"}
name => {"type":"string","value":"n"}
p:protected => {"type":"null","value":null}
dyn => {"type":"int","value":1}
bool(true)
{"type":"object","class":"stdClass","id":2,"properties":{}}
debugInfo null: {}
["a:Cast:private","b:protected"]
