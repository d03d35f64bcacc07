--TEST--
ValueEncoder: the depth cap stops at MAX_DEPTH with a typed marker
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
show([[[[[1]]]]]); show(['a' => ['b' => ['c' => []]]]);
?>
--EXPECT--
{
    "type": "array",
    "is_list": true,
    "count": 1,
    "value": [
        {
            "type": "array",
            "is_list": true,
            "count": 1,
            "value": [
                {
                    "type": "array",
                    "is_list": true,
                    "count": 1,
                    "value": [
                        {
                            "type": "array",
                            "is_list": true,
                            "count": 1,
                            "truncated": true
                        }
                    ]
                }
            ]
        }
    ]
}
{
    "type": "array",
    "is_list": false,
    "count": 1,
    "value": {
        "a": {
            "type": "array",
            "is_list": false,
            "count": 1,
            "value": {
                "b": {
                    "type": "array",
                    "is_list": false,
                    "count": 1,
                    "value": {
                        "c": {
                            "type": "array",
                            "is_list": true,
                            "count": 0
                        }
                    }
                }
            }
        }
    }
}
