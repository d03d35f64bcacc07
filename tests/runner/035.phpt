--TEST--
Evaluator: a 15 MB result is dropped at resultMaxBytes (limit_exceeded result_size) and a caller with memory_limit=128M survives it
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r035');
$caller = $root . '-caller.php';
file_put_contents($caller, <<<'PHP'
<?php
use Altair\Eval\{EvalRequest, Evaluator};
$evaluator = new Evaluator(warm: getenv('ALTAIR_EVAL_TEST_WARM') === '1');
$r = $evaluator->evaluate(new EvalRequest('return array_fill(0,100,array_fill(0,100,array_fill(0,60,7)));', $argv[1]));
// Cut by the guest's encoder below the evaluator's maximum: a truncated result, named, not dropped.
echo json_encode([$r->ok, $r->limitExceeded, $r->result['type'], $r->result['budget_exhausted'] ?? false,
    strlen(json_encode($r->result)) < Evaluator::RESULT_MAX_BYTES, $r->error['type'] ?? null, $r->exitCode]), "\n";
// The evaluator still works, and a result under the maximum comes back whole.
$r = $evaluator->evaluate(new EvalRequest('return array_fill(0,10,array_fill(0,10,7));', $argv[1]));
echo json_encode([$r->ok, $r->limitExceeded, $r->result['count']]), "\n";
echo memory_get_peak_usage() < 64 * 1024 * 1024 ? "caller stayed small\n" : "caller grew\n";
PHP);
$command = array_merge([PHP_BINARY, '-n'], altair_test_php_args(), ['-d', 'memory_limit=128M', $caller, $root]);
$process = proc_open($command, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
echo stream_get_contents($pipes[1]);
$stderr = stream_get_contents($pipes[2]);
echo 'caller exit ', proc_close($process), $stderr === '' ? '' : "\n$stderr", "\n";

// The maximum is the evaluator's: configurable, bounded, and exposed as a constant.
var_dump(Altair\Eval\Evaluator::RESULT_MAX_BYTES, (new Altair\Eval\Evaluator())->resultMaxBytes);
$small = new Altair\Eval\Evaluator(resultMaxBytes: 64 * 1024);
$r = $small->evaluate(new Altair\Eval\EvalRequest('return array_fill(0, 100, str_repeat("b", 9000));', $root));
echo json_encode([$r->ok, $r->limitExceeded, $r->result['type'], $r->result['max_bytes'], $r->error['type']]), "\n";
try {
    new Altair\Eval\Evaluator(resultMaxBytes: 10);
} catch (ValueError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
unlink($caller);
?>
--EXPECTF--
[true,"result_size","array",true,true,null,0]
[true,null,10]
caller stayed small
caller exit 0
int(2097152)
int(2097152)
[false,"result_size","omitted",65536,"result_size"]
ValueError: Altair\Eval\Evaluator::__construct(): Argument #%d ($resultMaxBytes) must be between 16384 and 4294967295
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r035-');
?>
