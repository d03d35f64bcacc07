--TEST--
Encoders never write opcache's protected shared memory: immutable arrays, interned strings and keys, enum cases and class constants from a cached script
--DESCRIPTION--
Issue 18 item 10, the encoders' side of the audit. This file is cached by opcache with
opcache.protect_memory=1, so its literal arrays are immutable and its strings interned, in memory
that is read-only outside compilation: an encoder that took a reference (or a recursion mark) on any
of them would crash here. Both outputs, and the exception encoder.
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php if (!function_exists('opcache_get_status')) die('skip opcache is not loaded'); ?>
--INI--
opcache.enable=1
opcache.enable_cli=1
opcache.protect_memory=1
opcache.file_update_protection=0
--FILE--
<?php
use Altair\Eval\Encoder\ExceptionEncoder;
use Altair\Eval\Encoder\ValueEncoder;

enum Suit: string { case Hearts = 'H'; }
final class Box { public const LIST = ['a' => ['b', 'c'], 'd' => [1, 2.5, true, null]]; public array $items = ['x' => ['y']]; }

var_dump(opcache_is_script_cached(__FILE__));
$values = [['a' => ['b', 'c'], 'list' => [1, 2, 3]], Box::LIST, Suit::Hearts, new Box(), 'interned literal', [Suit::Hearts, Box::LIST]];
foreach ($values as $value) {
    $array = ValueEncoder::encode($value);
    $json = json_decode(ValueEncoder::encodeJson($value), true);
    echo $array['type'], ' ', json_encode($array == $json), "\n";
}
$e = ExceptionEncoder::encode(new RuntimeException('interned message', 3));
echo $e['class'], ' ', $e['message'], "\n";
// The literals are intact.
var_dump(Box::LIST['a'], (new Box())->items);
?>
--EXPECT--
bool(true)
array true
array true
enum true
object true
string true
array true
RuntimeException interned message
array(2) {
  [0]=>
  string(1) "b"
  [1]=>
  string(1) "c"
}
array(1) {
  ["x"]=>
  array(1) {
    [0]=>
    string(1) "y"
  }
}
