--TEST--
ValueEncoder: null, bool, int and float keep their type
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
show(null); show(true); show(false); show(0); show(-42); show(PHP_INT_MAX); show(1.0); show(-0.0); show(1.5e300); show(0.1);
?>
--EXPECT--
{
    "type": "null",
    "value": null
}
{
    "type": "bool",
    "value": true
}
{
    "type": "bool",
    "value": false
}
{
    "type": "int",
    "value": 0
}
{
    "type": "int",
    "value": -42
}
{
    "type": "int",
    "value": 9223372036854775807
}
{
    "type": "float",
    "value": 1.0
}
{
    "type": "float",
    "value": -0.0
}
{
    "type": "float",
    "value": 1.5e+300
}
{
    "type": "float",
    "value": 0.1
}
