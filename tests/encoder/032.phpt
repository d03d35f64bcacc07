--TEST--
ValueEncoder: invalid UTF-8 keys stay distinct: the readable key plus the raw bytes in base64, and the container says so
--EXTENSIONS--
altair_eval
--FILE--
<?php
use Altair\Eval\Encoder\ValueEncoder;
$array = ["a\xff" => 1, "a\xfe" => 2, "ok" => 3, "\xc3" => 4];
$object = new stdClass();
$object->{"p\xff"} = 'x';
$object->{"p\xfe"} = 'y';
foreach ([$array, $object] as $value) {
    $a = ValueEncoder::encode($value);
    $json = ValueEncoder::encodeJson($value);
    echo json_encode($a, JSON_UNESCAPED_UNICODE), "\n";
    /* The JSON text has no duplicate keys: decoding as objects keeps every entry. */
    $decoded = json_decode($json, false, 512, JSON_THROW_ON_ERROR);
    echo count((array) ($decoded->value ?? $decoded->properties)), "\n";
    var_dump(json_decode($json, true) === $a);
}
/* Valid keys are untouched, and the container has no flag. */
echo json_encode(ValueEncoder::encode(['é' => 1])), "\n";
?>
--EXPECT--
{"type":"array","is_list":false,"count":4,"value":{"a� (base64:Yf8=)":{"type":"int","value":1},"a� (base64:Yf4=)":{"type":"int","value":2},"ok":{"type":"int","value":3},"� (base64:ww==)":{"type":"int","value":4}},"invalid_utf8_keys":true}
4
bool(true)
{"type":"object","class":"stdClass","id":1,"properties":{"p� (base64:cP8=)":{"type":"string","value":"x"},"p� (base64:cP4=)":{"type":"string","value":"y"}},"invalid_utf8_keys":true}
2
bool(true)
{"type":"array","is_list":false,"count":1,"value":{"\u00e9":{"type":"int","value":1}}}
