--TEST--
ValueEncoder: closures show what they call and where they come from
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
class Holder { public function make() { return function () { return 1; }; } public static function stat() {} }
function named() {}
$clean = function (array $r) { unset($r['id']); $r['file'] = isset($r['file']) ? basename($r['file']) : null; return $r; };
echo json_encode($clean(Altair\Eval\Encoder\ValueEncoder::encode(fn () => 1))), "\n";
echo json_encode($clean(Altair\Eval\Encoder\ValueEncoder::encode((new Holder())->make()))), "\n";
echo json_encode($clean(Altair\Eval\Encoder\ValueEncoder::encode(Closure::fromCallable('strlen')))), "\n";
echo json_encode($clean(Altair\Eval\Encoder\ValueEncoder::encode(named(...)))), "\n";
echo json_encode($clean(Altair\Eval\Encoder\ValueEncoder::encode(Holder::stat(...)))), "\n";
?>
--EXPECT--
{"type":"closure","class":"Closure","function":"{closure}","file":"014.php","line":6}
{"type":"closure","class":"Closure","function":"{closure}","file":"014.php","line":3,"this":"Holder","scope":"Holder"}
{"type":"closure","class":"Closure","function":"strlen","file":null}
{"type":"closure","class":"Closure","function":"named","file":"014.php","line":4}
{"type":"closure","class":"Closure","function":"Holder::stat","file":"014.php","line":3,"scope":"Holder"}
