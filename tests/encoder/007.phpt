--TEST--
ValueEncoder: the width cap keeps MAX_WIDTH elements with the full count
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
$r = Altair\Eval\Encoder\ValueEncoder::encode(range(1, 200000));
var_dump($r['count'], count($r['value']), $r['truncated'], $r['is_list'], $r['value'][99]['value']);
var_dump(strlen(json_encode($r)) < 5000);
$r = Altair\Eval\Encoder\ValueEncoder::encode(range(1, Altair\Eval\Encoder\ValueEncoder::MAX_WIDTH));
var_dump(isset($r['truncated']), count($r['value']));
?>
--EXPECT--
int(200000)
int(100)
bool(true)
bool(true)
int(100)
bool(true)
bool(false)
int(100)
