--TEST--
ValueEncoder: the width cap applies to object properties too
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
$o = new stdClass(); for ($i = 0; $i < 150; $i++) { $o->{"p$i"} = $i; }
$r = Altair\Eval\Encoder\ValueEncoder::encode($o);
var_dump(count($r['properties']), $r['count'], $r['truncated'], $r['properties']['p99']['value']);
?>
--EXPECT--
int(100)
int(150)
bool(true)
int(99)
