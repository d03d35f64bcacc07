--TEST--
ValueEncoder: the caps are public constants, the class is static-only
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
var_dump(Altair\Eval\Encoder\ValueEncoder::MAX_DEPTH, Altair\Eval\Encoder\ValueEncoder::ITERABLE_PREVIEW, Altair\Eval\Encoder\ValueEncoder::STRING_MAX, Altair\Eval\Encoder\ValueEncoder::MAX_WIDTH);
var_dump(Altair\Eval\Encoder\ValueEncoder::BODY_PREVIEW_BYTES);
var_dump(Altair\Eval\Encoder\ExceptionEncoder::MAX_TRACE_FRAMES, Altair\Eval\Encoder\ExceptionEncoder::MAX_PREVIOUS_CHAIN);
try { new Altair\Eval\Encoder\ValueEncoder(); } catch (Error $e) { echo $e->getMessage(), "\n"; }
?>
--EXPECT--
int(3)
int(50)
int(10000)
int(100)
int(1000)
int(30)
int(10)
Call to private Altair\Eval\Encoder\ValueEncoder::__construct() from global scope
