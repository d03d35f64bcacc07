--TEST--
ExceptionEncoder: class, message, file, line, code and frames without arguments
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
function thrower(string $secret) { throw new InvalidArgumentException('bad value', 42); }
try { thrower('p4ssw0rd'); } catch (Throwable $e) { $r = Altair\Eval\Encoder\ExceptionEncoder::encode($e); }
var_dump($r['class'], $r['message'], $r['code'], basename($r['file']), $r['line'], $r['previous']);
var_dump(count($r['stack_trace']), $r['stack_trace'][0]['function'], basename($r['stack_trace'][0]['file']), $r['stack_trace'][0]['line']);
var_dump(str_contains(json_encode($r), 'p4ssw0rd'), array_keys($r));
?>
--EXPECT--
string(24) "InvalidArgumentException"
string(9) "bad value"
int(42)
string(7) "021.php"
int(3)
array(0) {
}
int(1)
string(7) "thrower"
string(7) "021.php"
int(4)
bool(false)
array(7) {
  [0]=>
  string(5) "class"
  [1]=>
  string(7) "message"
  [2]=>
  string(4) "file"
  [3]=>
  string(4) "line"
  [4]=>
  string(4) "code"
  [5]=>
  string(11) "stack_trace"
  [6]=>
  string(8) "previous"
}
