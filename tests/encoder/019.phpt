--TEST--
ValueEncoder: nested objects stop at the depth cap with a marker
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
$o = new stdClass(); $o->a = new stdClass(); $o->a->b = new stdClass(); $o->a->b->c = new stdClass(); $o->a->b->c->d = 1;
$r = Altair\Eval\Encoder\ValueEncoder::encode($o);
$c = $r['properties']['a']['properties']['b']['properties']['c'];
unset($c['id']);
echo json_encode($c), "\n";
?>
--EXPECT--
{"type":"object","class":"stdClass","truncated":true}
