--TEST--
ValueEncoder: a string past STRING_MAX is cut on a UTF-8 boundary, with its length
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
$s = 'a' . str_repeat('é', 6000); // 12001 bytes; byte 10000 is inside an é
$r = Altair\Eval\Encoder\ValueEncoder::encode($s);
var_dump(strlen($r['value']), mb_check_encoding($r['value'], 'UTF-8'), $r['length'], $r['truncated'], isset($r['invalid_utf8']));
$r = Altair\Eval\Encoder\ValueEncoder::encode(str_repeat('x', Altair\Eval\Encoder\ValueEncoder::STRING_MAX));
var_dump(strlen($r['value']), isset($r['truncated']), isset($r['length']));
$r = Altair\Eval\Encoder\ValueEncoder::encode(str_repeat('x', Altair\Eval\Encoder\ValueEncoder::STRING_MAX + 1));
var_dump(strlen($r['value']), $r['truncated'], $r['length']);
?>
--EXPECT--
int(9999)
bool(true)
int(12001)
bool(true)
bool(false)
int(10000)
bool(false)
bool(false)
int(10000)
bool(true)
int(10001)
