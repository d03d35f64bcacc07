--TEST--
ValueEncoder: PHP references are followed; an array that contains itself becomes a reference marker
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
$x = 1; $a = [&$x, &$x]; show($a);
$self = [1]; $self[] = &$self; show($self);
?>
--EXPECT--
{
    "type": "array",
    "is_list": true,
    "count": 2,
    "value": [
        {
            "type": "int",
            "value": 1
        },
        {
            "type": "int",
            "value": 1
        }
    ]
}
{
    "type": "array",
    "is_list": true,
    "count": 2,
    "value": [
        {
            "type": "int",
            "value": 1
        },
        {
            "type": "reference",
            "class": "array",
            "id": null
        }
    ]
}
