--TEST--
ValueEncoder: NaN, Infinity and -Infinity become strings
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
show(NAN); show(INF); show(-INF); show([NAN, 1.5]);
?>
--EXPECT--
{
    "type": "float",
    "value": "NaN"
}
{
    "type": "float",
    "value": "Infinity"
}
{
    "type": "float",
    "value": "-Infinity"
}
{
    "type": "array",
    "is_list": true,
    "count": 2,
    "value": [
        {
            "type": "float",
            "value": "NaN"
        },
        {
            "type": "float",
            "value": 1.5
        }
    ]
}
