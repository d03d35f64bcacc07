--TEST--
ExceptionEncoder: paths inside the project root are relative to it
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
$root = dirname(__DIR__);
try { throw new Exception('x'); } catch (Exception $e) {}
var_dump(Altair\Eval\Encoder\ExceptionEncoder::encode($e, $root)['file']);
var_dump(Altair\Eval\Encoder\ExceptionEncoder::encode($e, $root . '/')['file']);
var_dump(Altair\Eval\Encoder\ExceptionEncoder::encode($e, $root . '/enc')['file'] === __FILE__);
var_dump(Altair\Eval\Encoder\ExceptionEncoder::encode($e)['file'] === __FILE__);
?>
--EXPECT--
string(15) "encoder/022.php"
string(15) "encoder/022.php"
bool(true)
bool(true)
