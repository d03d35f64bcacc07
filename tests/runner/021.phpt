--TEST--
EvalRequest: numbers are clamped, paths resolved, properties readonly
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r021');

use Altair\Eval\EvalRequest;
$r = new EvalRequest('return 1;', $root . '/.', timeoutMs: 1, memoryLimitMb: 100000);
var_dump($r->timeoutMs === EvalRequest::MIN_TIMEOUT_MS, $r->memoryLimitMb === EvalRequest::MAX_MEMORY_LIMIT_MB, $r->projectRoot === $root);
$r = new EvalRequest('return 1;', $root, timeoutMs: PHP_INT_MAX, memoryLimitMb: -5);
var_dump($r->timeoutMs, $r->memoryLimitMb, $r->bootstrap, $r->allowWrites, $r->allowNetwork, $r->unsafe);
try { $r->timeoutMs = 5; } catch (Error $e) { echo $e->getMessage(), "\n"; }
$d = new EvalRequest('return 1;', $root);
var_dump($d->timeoutMs === EvalRequest::DEFAULT_TIMEOUT_MS, $d->memoryLimitMb === EvalRequest::DEFAULT_MEMORY_LIMIT_MB);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
int(60000)
int(16)
NULL
bool(false)
bool(false)
bool(false)
Cannot modify readonly property Altair\Eval\EvalRequest::$timeoutMs
bool(true)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r021-');
?>
