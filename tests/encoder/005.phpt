--TEST--
ValueEncoder: invalid UTF-8 becomes U+FFFD with the raw bytes in base64, and always encodes as JSON
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
show("\xff\xfe abc");
show("ok \xc3\x28 end");
$r = Altair\Eval\Encoder\ValueEncoder::encode(['k' => "\x80", "\xffkey" => 1]);
var_dump(json_encode($r) !== false, base64_decode($r['value']['k']['base64']) === "\x80");
echo implode(',', array_keys($r['value'])), "\n";
?>
--EXPECT--
{
    "type": "string",
    "value": "�� abc",
    "invalid_utf8": true,
    "base64": "//4gYWJj"
}
{
    "type": "string",
    "value": "ok �( end",
    "invalid_utf8": true,
    "base64": "b2sgwyggZW5k"
}
bool(true)
bool(true)
k,�key (base64:/2tleQ==)
