--TEST--
Warm: each call runs in a fresh worker; nothing one call does reaches the next
--EXTENSIONS--
altair_eval
posix
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('w001');
use Altair\Eval\{Evaluator, EvalRequest};
$evaluator = new Evaluator(warm: true);
var_dump($evaluator->warm);
$first = $evaluator->evaluate(new EvalRequest('$GLOBALS["leak"] = 1; function leaked() {} define("LEAKED", 1); class Leaked {} ini_set("display_errors", "0"); $_ENV["X"] = 1; return [getmypid(), 0];', $root));
// The template, seen from here (a worker cannot name it where it has a PID namespace of its own).
$template1 = altair_test_template();
$second = $evaluator->evaluate(new EvalRequest('return [getmypid(), 0, isset($GLOBALS["leak"]), function_exists("leaked"), defined("LEAKED"), class_exists("Leaked", false), ini_get("display_errors"), isset($_ENV["X"])];', $root));
$template2 = altair_test_template();
[$pid1] = array_column($first->result['value'], 'value');
[$pid2, , $global, $function, $constant, $class, $display, $env] = array_column($second->result['value'], 'value');
var_dump($pid1 !== $pid2, $template1 > 0 && $template1 === $template2, $template1 !== getmypid());
var_dump($global, $function, $constant, $class, $display, $env);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(false)
bool(false)
string(6) "stderr"
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('w001-');
?>
