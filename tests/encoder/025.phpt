--TEST--
ExceptionEncoder: string codes (PDOException) and invalid UTF-8 messages
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
$e = new PDOException('SQLSTATE[42S02]: no table');
$p = new ReflectionProperty(Exception::class, 'code'); $p->setValue($e, '42S02');
$r = Altair\Eval\Encoder\ExceptionEncoder::encode($e);
var_dump($r['code']);
$r = Altair\Eval\Encoder\ExceptionEncoder::encode(new Exception("bad \xff byte"));
var_dump($r['message'], json_encode($r) !== false);
$cyclic = new Exception('a'); $other = new Exception('b', 0, $cyclic);
$p = new ReflectionProperty(Exception::class, 'previous'); $p->setValue($cyclic, $other);
$r = Altair\Eval\Encoder\ExceptionEncoder::encode($cyclic);
var_dump(count($r['previous']), end($r['previous']));
?>
--EXPECT--
string(5) "42S02"
string(12) "bad � byte"
bool(true)
int(11)
array(2) {
  ["truncated"]=>
  bool(true)
  ["remaining"]=>
  int(10000)
}
