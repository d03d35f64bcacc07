--TEST--
univeros compatibility: EvalResult built by hand (positionally and by name), ok(), toArray() with univeros's nine keys first
--EXTENSIONS--
altair_eval
--FILE--
<?php
use Altair\Eval\EvalResult;

// positionally, univeros's eight parameters, as its fakes and decorators build one
$r = new EvalResult(['type' => 'int', 'value' => 42], 'out', 'err', null, 7, 4194304, 0, false);
var_dump($r->ok(), $r->ok, $r->result, $r->stdout, $r->stderr, $r->exception, $r->durationMs, $r->memoryPeakBytes, $r->exitCode, $r->timedOut);
echo json_encode(array_slice($r->toArray(), 0, 9)), "\n";

// by name
$r = new EvalResult(result: null, stdout: '', stderr: '', exception: ['class' => 'RuntimeException', 'message' => 'nope'],
    durationMs: 1, memoryPeakBytes: 2, exitCode: 1, timedOut: false);
var_dump($r->ok(), $r->exception['class']);

// ok() is univeros's rule: no time-out, no exception, exit code 0
var_dump((new EvalResult(null, '', '', null, 1, 0, 0, false))->ok());
var_dump((new EvalResult(null, '', '', null, 1, 0, 124, true))->ok());
var_dump((new EvalResult(null, '', '', null, 1, 0, 0, true))->ok());
var_dump((new EvalResult(null, '', '', null, 1, 0, 255, false))->ok());
var_dump((new EvalResult(null, '', '', ['class' => 'E'], 1, 0, 0, false))->ok());

// this project's additions: optional, named, after univeros's; an evaluator error also makes it not ok
$r = new EvalResult(null, '', '', null, 3, 0, 137, false, signal: 9, limitExceeded: 'memory',
    error: ['type' => 'signal', 'message' => 'killed'], stdoutTruncated: true, sandbox: ['seccomp' => true]);
var_dump($r->ok(), $r->signal, $r->limitExceeded, $r->error['type'], $r->stdoutTruncated, $r->stderrTruncated, $r->sandbox);
var_dump((new EvalResult(null, '', '', null, 1, 0, 0, false, error: ['type' => 'no_result']))->ok());

// toArray(): univeros's nine keys first, in its order, then this project's (which may grow)
$keys = array_keys($r->toArray());
echo implode(',', array_slice($keys, 0, 9)), "\n";
var_dump(array_diff(['signal', 'limit_exceeded', 'error', 'stdout_truncated', 'stderr_truncated', 'sandbox'], array_slice($keys, 9)));
$added = $r->toArray();
var_dump($added['signal'], $added['limit_exceeded'], $added['error'], $added['stdout_truncated'], $added['stderr_truncated'], $added['sandbox']);

// univeros's types are enforced
try { new EvalResult('x', '', '', null, 1, 0, 0, false); } catch (TypeError $e) { echo get_class($e), "\n"; }
try { new EvalResult(null, '', '', null, 1, 0, 0); } catch (ArgumentCountError $e) { echo get_class($e), "\n"; }
?>
--EXPECT--
bool(true)
bool(true)
array(2) {
  ["type"]=>
  string(3) "int"
  ["value"]=>
  int(42)
}
string(3) "out"
string(3) "err"
NULL
int(7)
int(4194304)
int(0)
bool(false)
{"ok":true,"result":{"type":"int","value":42},"stdout":"out","stderr":"err","exception":null,"duration_ms":7,"memory_peak_bytes":4194304,"exit_code":0,"timed_out":false}
bool(false)
string(16) "RuntimeException"
bool(true)
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)
int(9)
string(6) "memory"
string(6) "signal"
bool(true)
bool(false)
array(1) {
  ["seccomp"]=>
  bool(true)
}
bool(false)
ok,result,stdout,stderr,exception,duration_ms,memory_peak_bytes,exit_code,timed_out
array(0) {
}
int(9)
string(6) "memory"
array(2) {
  ["type"]=>
  string(6) "signal"
  ["message"]=>
  string(6) "killed"
}
bool(true)
bool(false)
array(1) {
  ["seccomp"]=>
  bool(true)
}
TypeError
ArgumentCountError
