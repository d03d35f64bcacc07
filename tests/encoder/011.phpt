--TEST--
ValueEncoder: __debugInfo() is preferred over the properties
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
class Secretive { public $password = 'hunter2'; public function __debugInfo(): array { return ['password' => '***', 'other' => [1]]; } }
$r = Altair\Eval\Encoder\ValueEncoder::encode(new Secretive()); unset($r['id']);
echo json_encode($r, JSON_PRETTY_PRINT), "\n";
?>
--EXPECT--
{
    "type": "object",
    "class": "Secretive",
    "properties": {
        "password": {
            "type": "string",
            "value": "***"
        },
        "other": {
            "type": "array",
            "is_list": true,
            "count": 1,
            "value": [
                {
                    "type": "int",
                    "value": 1
                }
            ]
        }
    }
}
