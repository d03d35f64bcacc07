--TEST--
Warm: a waiting worker that is taking its faults ahead never sleeps through its own request (30 fresh templates, 10 calls each)
--DESCRIPTION--
A waiting worker populates its pages only while no request runs: it reads a sequence the template
bumps on every change, looks at its own eventfd, then sleeps on the sequence (a futex) while
another worker's request runs. It looked at its eventfd before it read the sequence: a request of
its own that came between the two left it asleep, and that call timed out (about 1 evaluator in 45
on this machine; 3 of 4 runs of this test failed on that build). Fresh templates, calls back to
back: each call's start and end is a change the waiting workers, still populating, must follow.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_test_root('w018');
$failed = [];
for ($k = 0; $k < 30; $k++) {
    $e = new Evaluator(warm: true);
    foreach (range(1, 10) as $call) {
        $r = $e->evaluate(new EvalRequest('return 6 * 7;', $root, timeoutMs: 3000));
        if (($r->result['value'] ?? null) !== 42) {
            $failed[] = "template $k, call $call" . ($r->timedOut ? ': timed out' : ': ' . json_encode($r->toArray()));
        }
    }
    $e->close();
}
echo "every call answered: ", json_encode($failed === []), "\n";
if ($failed !== []) {
    print_r($failed);
}
?>
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('w018');
?>
--EXPECT--
every call answered: true
