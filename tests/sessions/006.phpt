--TEST--
Sessions: at most EvalSession::MAX_OPEN_PER_PROJECT open per project per Evaluator; closing one makes room
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/sessions.inc';
use Altair\Eval\{Evaluator, EvalException, EvalSession};

$root = altair_session_root('s006');
$evaluator = new Evaluator(warm: true);
$open = [];
for ($i = 0; $i < EvalSession::MAX_OPEN_PER_PROJECT; $i++) {
    $open[] = $evaluator->openSession(altair_session_request("\$i = $i; return \$i;", $root));
}
try {
    $evaluator->openSession(altair_session_request('return 1;', $root));
    echo "opened one too many\n";
} catch (EvalException $e) {
    echo $e->getMessage(), "\n";
}
$open[0]->close();
$again = $evaluator->openSession(altair_session_request('return "again";', $root));
echo altair_session_line($again->opening), "\n";
foreach ($open as $n => $session) {
    if ($n > 0) {
        echo altair_session_line($session->evaluate('return $i;')), "\n";
    }
}
?>
--EXPECT--
Session: this Evaluator already has 4 sessions open for this project (at most 8, 4 per project): close one first
call 1 ok=yes kept=yes "again"
call 2 ok=yes kept=yes 1
call 2 ok=yes kept=yes 2
call 2 ok=yes kept=yes 3
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('s006-');
?>
