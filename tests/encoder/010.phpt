--TEST--
ValueEncoder: objects show every property with its visibility, with their handle as id
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
#[AllowDynamicProperties]
class Point { public int $x = 1; public ?Point $next = null; protected $hidden = 'p'; private $secret = 's'; public int $unset; }
$p = new Point(); $p->dynamic = 'd';
$r = Altair\Eval\Encoder\ValueEncoder::encode($p);
var_dump($r['id'] === spl_object_id($p));
unset($r['id']);
echo json_encode($r, JSON_PRETTY_PRINT), "\n";
show(new stdClass());
?>
--EXPECT--
bool(true)
{
    "type": "object",
    "class": "Point",
    "properties": {
        "x": {
            "type": "int",
            "value": 1
        },
        "next": {
            "type": "null",
            "value": null
        },
        "hidden:protected": {
            "type": "string",
            "value": "p"
        },
        "secret:Point:private": {
            "type": "string",
            "value": "s"
        },
        "unset": {
            "type": "uninitialized",
            "declared": "int"
        },
        "dynamic": {
            "type": "string",
            "value": "d"
        }
    }
}
{
    "type": "object",
    "class": "stdClass",
    "id": 2,
    "properties": []
}
