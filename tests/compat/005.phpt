--TEST--
univeros compatibility: ExceptionEncoder's documented shape {class, message, file, line, code, stack_trace, previous}, the caps
--EXTENSIONS--
altair_eval
--FILE--
<?php
use Altair\Eval\Encoder\ExceptionEncoder;

var_dump(ExceptionEncoder::MAX_PREVIOUS_CHAIN, ExceptionEncoder::MAX_TRACE_FRAMES);

function raise(): RuntimeException { return new RuntimeException('boom', 42); }
$e = ExceptionEncoder::encode(raise());
// univeros's keys, in its order (previous: this project always has it, [] when there is none)
echo implode(',', array_keys($e)), "\n";
var_dump($e['class'], $e['message'], $e['code'], $e['file'] === __FILE__, is_int($e['line']), is_array($e['stack_trace']));
var_dump($e['stack_trace'][0]['function'], $e['stack_trace'][0]['file'] === __FILE__, $e['previous']);

// the previous chain: each cause with class, message, file and line; at most MAX_PREVIOUS_CHAIN
// causes (then this project's marker of what was left out: docs/univeros.md, Differences)
$current = new LogicException('root');
for ($i = 0; $i < ExceptionEncoder::MAX_PREVIOUS_CHAIN + 5; $i++) {
    $current = new RuntimeException('wrap-' . $i, 0, $current);
}
$chain = ExceptionEncoder::encode($current)['previous'];
$causes = array_filter($chain, fn (array $c): bool => isset($c['class']));
var_dump(count($causes), end($chain), $chain[0]['class'], $chain[0]['message'], $chain[0]['file'] === __FILE__, is_int($chain[0]['line']));

// the trace: at most MAX_TRACE_FRAMES frames, then one marker
function recurse(int $n): RuntimeException { return $n ? recurse($n - 1) : new RuntimeException('deep'); }
$trace = ExceptionEncoder::encode(recurse(40))['stack_trace'];
var_dump(count($trace) === ExceptionEncoder::MAX_TRACE_FRAMES + 1, end($trace));

// any Throwable, Errors too
echo implode(',', array_keys(ExceptionEncoder::encode(new TypeError('t')))), "\n";
?>
--EXPECT--
int(10)
int(30)
class,message,file,line,code,stack_trace,previous
string(16) "RuntimeException"
string(4) "boom"
int(42)
bool(true)
bool(true)
bool(true)
string(5) "raise"
bool(true)
array(0) {
}
int(10)
array(2) {
  ["truncated"]=>
  bool(true)
  ["remaining"]=>
  int(5)
}
string(16) "RuntimeException"
string(7) "wrap-13"
bool(true)
bool(true)
bool(true)
array(2) {
  ["truncated"]=>
  bool(true)
  ["remaining"]=>
  int(11)
}
class,message,file,line,code,stack_trace,previous
