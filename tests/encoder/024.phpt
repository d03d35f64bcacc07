--TEST--
ExceptionEncoder: the stack trace is capped at MAX_TRACE_FRAMES with a truncation entry
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
function deep(int $n) { if ($n === 0) { throw new Exception('bottom'); } deep($n - 1); }
try { deep(40); } catch (Exception $e) { $r = Altair\Eval\Encoder\ExceptionEncoder::encode($e); }
var_dump(count($r['stack_trace']), $r['stack_trace'][29]['function'], $r['stack_trace'][30]);
?>
--EXPECT--
int(31)
string(4) "deep"
array(2) {
  ["truncated"]=>
  bool(true)
  ["remaining"]=>
  int(11)
}
