--TEST--
ValueEncoder: strings, including multibyte UTF-8, come back unchanged
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
show(''); show('plain'); show('héllo wörld ✓ 😀'); show("line\nbreak\t\0nul");
?>
--EXPECT--
{
    "type": "string",
    "value": ""
}
{
    "type": "string",
    "value": "plain"
}
{
    "type": "string",
    "value": "héllo wörld ✓ 😀"
}
{
    "type": "string",
    "value": "line\nbreak\t\u0000nul"
}
