--TEST--
ValueEncoder: resources show their type and id, closed ones too
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
$f = fopen('php://memory', 'r');
$r = Altair\Eval\Encoder\ValueEncoder::encode($f);
var_dump($r['type'], $r['value'], $r['id'] === get_resource_id($f));
fclose($f);
$r = Altair\Eval\Encoder\ValueEncoder::encode($f);
var_dump($r['value']);
?>
--EXPECT--
string(8) "resource"
string(6) "stream"
bool(true)
string(7) "Unknown"
