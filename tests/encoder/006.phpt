--TEST--
ValueEncoder: arrays say whether they are lists, and keep their keys
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
show([1, 'two', 3.0]); show(['a' => 1, 'b' => [true]]); show([3 => 'x', 1 => 'y']); show([]);
?>
--EXPECT--
{
    "type": "array",
    "is_list": true,
    "count": 3,
    "value": [
        {
            "type": "int",
            "value": 1
        },
        {
            "type": "string",
            "value": "two"
        },
        {
            "type": "float",
            "value": 3.0
        }
    ]
}
{
    "type": "array",
    "is_list": false,
    "count": 2,
    "value": {
        "a": {
            "type": "int",
            "value": 1
        },
        "b": {
            "type": "array",
            "is_list": true,
            "count": 1,
            "value": [
                {
                    "type": "bool",
                    "value": true
                }
            ]
        }
    }
}
{
    "type": "array",
    "is_list": false,
    "count": 2,
    "value": {
        "3": {
            "type": "string",
            "value": "x"
        },
        "1": {
            "type": "string",
            "value": "y"
        }
    }
}
{
    "type": "array",
    "is_list": true,
    "count": 0,
    "value": []
}
