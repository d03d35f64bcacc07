--TEST--
univeros compatibility: EvalRequest's constants, positional and named construction (unsafe before bootstrap), clamping, readable properties
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('c001');
file_put_contents($root . '/boot.php', "<?php return null;\n");

use Altair\Eval\EvalRequest;

// univeros's constants, with its values; this project's first names stay as aliases
var_dump(EvalRequest::DEFAULT_TIMEOUT_MS, EvalRequest::MIN_TIMEOUT_MS, EvalRequest::MAX_TIMEOUT_MS);
var_dump(EvalRequest::DEFAULT_MEMORY_MB, EvalRequest::MIN_MEMORY_MB, EvalRequest::MAX_MEMORY_MB);
var_dump(EvalRequest::DEFAULT_MEMORY_LIMIT_MB === EvalRequest::DEFAULT_MEMORY_MB,
    EvalRequest::MIN_MEMORY_LIMIT_MB === EvalRequest::MIN_MEMORY_MB,
    EvalRequest::MAX_MEMORY_LIMIT_MB === EvalRequest::MAX_MEMORY_MB);

// univeros's eight parameters, positionally, in its order: ..., allowNetwork, unsafe, bootstrap
$r = new EvalRequest('return 1;', $root, 2000, 64, true, true, true, 'boot.php');
var_dump($r->snippet, $r->projectRoot === $root, $r->timeoutMs, $r->memoryLimitMb, $r->allowWrites, $r->allowNetwork, $r->unsafe, $r->bootstrap === $root . '/boot.php');

// by name, as univeros's EvalCommand builds it
$r = new EvalRequest(snippet: 'return 2;', projectRoot: $root, timeoutMs: 300, memoryLimitMb: 32,
    allowWrites: false, allowNetwork: false, unsafe: true, bootstrap: null);
var_dump($r->timeoutMs, $r->memoryLimitMb, $r->unsafe, $r->bootstrap);

// univeros's EvaluatorTest shape: two positional, then one, then a named bootstrap
$r = new EvalRequest('return 3;', $root, EvalRequest::MIN_TIMEOUT_MS, bootstrap: $root . '/boot.php');
var_dump($r->timeoutMs, $r->memoryLimitMb, $r->unsafe, basename($r->bootstrap));

// every limit is clamped into its range, never refused
foreach ([[0, 0], [-1, -1], [99, 15], [100, 16], [60000, 512], [60001, 513], [PHP_INT_MAX, PHP_INT_MAX], [PHP_INT_MIN, PHP_INT_MIN]] as [$t, $m]) {
    $r = new EvalRequest('return 1;', $root, $t, $m);
    echo $t, '/', $m, ' -> ', $r->timeoutMs, '/', $r->memoryLimitMb, "\n";
}

// defaults
$r = new EvalRequest('return 1;', $root);
var_dump($r->timeoutMs, $r->memoryLimitMb, $r->allowWrites, $r->allowNetwork, $r->unsafe, $r->bootstrap);

// a value, as univeros's: a root or bootstrap that does not exist is kept as given (univeros's own
// tests build such requests for its SecurityProfile and WrapperBuilder); evaluate() refuses it
$r = new EvalRequest('return 1;', '/srv/app', bootstrap: '/srv/app/config/container.php');
var_dump($r->projectRoot, $r->bootstrap);
try { (new Altair\Eval\Evaluator())->evaluate($r); } catch (ValueError $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }

// readable, not writable
try { $r->unsafe = true; } catch (Error $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
?>
--EXPECT--
int(5000)
int(100)
int(60000)
int(128)
int(16)
int(512)
bool(true)
bool(true)
bool(true)
string(9) "return 1;"
bool(true)
int(2000)
int(64)
bool(true)
bool(true)
bool(true)
bool(true)
int(300)
int(32)
bool(true)
NULL
int(100)
int(128)
bool(false)
string(8) "boot.php"
0/0 -> 100/16
-1/-1 -> 100/16
99/15 -> 100/16
100/16 -> 100/16
60000/512 -> 60000/512
60001/513 -> 60000/512
9223372036854775807/9223372036854775807 -> 60000/512
-9223372036854775808/-9223372036854775808 -> 100/16
int(5000)
int(128)
bool(false)
bool(false)
bool(false)
NULL
string(8) "/srv/app"
string(29) "/srv/app/config/container.php"
ValueError: Altair\Eval\Evaluator::evaluate(): Argument #1 ($request) must have an existing directory as $projectRoot, "/srv/app" is not
Error: Cannot modify readonly property Altair\Eval\EvalRequest::$unsafe
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('c001-');
?>
