--TEST--
Runner: effects, the guest's account in order, capped by count and bytes, empty with writes, kept through a fatal error, exit() and shutdown functions; fakeHttp checked at construction
--DESCRIPTION--
Issue 39 (docs/ARCHITECTURE.md, "Effects"): in read-only and rollback mode the guest records what
the app's recording transports saw (guest/effects.c), here through Altair\Eval\Guest\record_effect
itself, which those transports call. The list goes to the host in its own frame before the status
frame, so it survives a fatal error; it is capped at EvalResult::EFFECTS_MAX entries and a quarter
of the evaluator's resultMaxBytes (never dropped for its size), then a last {truncated: true}; a
string is cut at EFFECT_TEXT_MAX bytes and made valid UTF-8. With writes nothing is recorded.
EvalRequest's fakeHttp is checked when the request is made.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
use Altair\Eval\{EvalRequest, EvalResult, Evaluator};
$root = altair_test_root('r058');
$record = 'Altair\Eval\Guest\record_effect';

$r = altair_eval("$record('log', ['level' => 'info', 'message' => 'one', 'to' => ['a@b', 2, ['nested']], 'object' => new stdClass()]);"
    . "$record('mail', ['subject' => \"bad \\xff utf-8\", 'kind' => 'not mine', 'at_ns' => 1]); return 1;", $root);
echo json_encode($r->effects), "\n";
echo json_encode(array_keys($r->toArray())) === json_encode(['ok', 'result', 'stdout', 'stderr', 'exception', 'duration_ms', 'memory_peak_bytes', 'exit_code', 'timed_out', 'signal', 'limit_exceeded', 'error', 'stdout_truncated', 'stderr_truncated', 'sandbox', 'host', 'memory_peak_rss_bytes', 'queries', 'effects', 'session']) ? 'contract order' : 'ORDER', "\n";

// the count cap
$r = altair_eval("for (\$i = 0; \$i < 600; \$i++) { $record('log', ['message' => \"line \$i\"]); } return 1;", $root);
echo count($r->effects), ' ', json_encode($r->effects[count($r->effects) - 1]), ' ', $r->effects[EvalResult::EFFECTS_MAX - 1]['message'], ' ', var_export($r->ok, true), "\n";

// a string is cut; the byte cap is a quarter of resultMaxBytes, so the frame is never dropped
$r = altair_eval("$record('log', ['message' => str_repeat('é', 2000)]); return 1;", $root);
echo strlen($r->effects[0]['message']), ' <= ', EvalResult::EFFECT_TEXT_MAX, "\n";
$small = (new Evaluator(resultMaxBytes: 16384))->evaluate(new EvalRequest("for (\$i = 0; \$i < 100; \$i++) { $record('log', ['message' => str_repeat('x', 200)]); } return 1;", $root, ...(altair_test_network() ? ['allowNetwork' => true] : [])));
echo count($small->effects) < 20 ? 'cut early' : 'NOT CUT', ' ', json_encode($small->effects[count($small->effects) - 1]), ' ', var_export($small->limitExceeded, true), ' ', var_export($small->ok, true), "\n";

// rollback records; writes do not
foreach (['rollback' => 'rollback', 'writes' => true] as $mode => $writes) {
    $r = altair_eval("$record('job', ['class' => 'X']); return 1;", $root, ['allowWrites' => $writes]);
    echo $mode, ': ', count($r->effects), "\n";
}

// kept through a fatal error, exit() and what a shutdown function records after the value
$r = altair_eval("$record('log', ['message' => 'before']); \$a = str_repeat('x', 32 * 1024 * 1024);", $root, ['memoryLimitMb' => 16]);
echo 'fatal: ', $r->limitExceeded, ' ', json_encode(array_column($r->effects, 'message')), "\n";
$r = altair_eval("$record('log', ['message' => 'before']); exit(3);", $root);
echo 'exit: ', $r->exitCode, ' ', json_encode(array_column($r->effects, 'message')), "\n";
$r = altair_eval("register_shutdown_function(fn () => $record('log', ['message' => 'at shutdown'])); $record('log', ['message' => 'first']); return 1;", $root);
echo 'shutdown: ', json_encode(array_column($r->effects, 'message')), "\n";

// a result built by hand has the key too
$built = new EvalResult(null, '', '', null, 1, 0, 0, false, effects: [['kind' => 'log']]);
echo json_encode($built->toArray()['effects']), ' ', json_encode((new EvalResult(null, '', '', null, 1, 0, 0, false))->effects), "\n";

// fakeHttp: checked and normalized when the request is made
echo json_encode((new EvalRequest('1', $root, fakeHttp: ['post api.stripe.com/*' => '200:{"id":"ch_1"}', 'x.test' => '503']))->fakeHttp), "\n";
foreach ([['POST a b' => '200'], ['POST api.x/*' => 'ok'], ['POST api.x/*' => '600'], ['' => '200'], ['a/*'], ['a/*' => 200],
    array_fill_keys(array_map(fn ($i) => "a$i.test", range(1, EvalRequest::MAX_FAKE_HTTP + 1)), '200'), ['a/*' => '200:' . str_repeat('x', 9000)]] as $bad) {
    try {
        new EvalRequest('1', $root, fakeHttp: $bad);
        echo "ACCEPTED\n";
    } catch (ValueError $e) {
        echo preg_replace('/^.*\(\$fakeHttp\) /', '', $e->getMessage()), "\n";
    }
}
?>
--EXPECTF--
[{"kind":"log","level":"info","message":"one","to":["a@b",2],"object":null},{"kind":"mail","subject":"bad \ufffd utf-8"}]
contract order
501 {"truncated":true} line 499 true
%d <= 1024
cut early {"truncated":true} NULL true
rollback: 1
writes: 0
fatal: memory ["before"]
exit: 3 ["before"]
shutdown: ["first","at shutdown"]
[{"kind":"log"}] []
{"POST api.stripe.com\/*":"200:{\"id\":\"ch_1\"}","x.test":"503"}
must have "[METHOD ]host/path*" keys (a pattern of at most 512 bytes, no spaces)
must map each pattern to "STATUS[:BODY]" (a status 100-599, a body of at most 8192 bytes), "POST api.x/*" does not
must map each pattern to "STATUS[:BODY]" (a status 100-599, a body of at most 8192 bytes), "POST api.x/*" does not
must have "[METHOD ]host/path*" keys (a pattern of at most 512 bytes, no spaces)
must map "[METHOD ]host/path*" patterns to "STATUS[:BODY]" strings
must map "[METHOD ]host/path*" patterns to "STATUS[:BODY]" strings
must not have more than 32 entries
must map each pattern to "STATUS[:BODY]" (a status 100-599, a body of at most 8192 bytes), "a/*" does not
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r058');
?>
