--TEST--
Sessions: two sessions of one Evaluator, and its warm evaluations between their calls, never see each other's state
--DESCRIPTION--
Issue 38, item 5 (isolation between two concurrent sessions). Both sessions run in the same booted
template, beside its ordinary workers: each call sees its own session's variables only, and a
call of one cannot read the other's holder (its /proc is not there for it).
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/sessions.inc';
use Altair\Eval\{Evaluator, EvalRequest};

$root = altair_session_root('s003');
$evaluator = new Evaluator(warm: true);
$a = $evaluator->openSession(altair_session_request('$secret = "alpha"; return getmypid();', $root));
$b = $evaluator->openSession(altair_session_request('$secret = "beta"; return getmypid();', $root));
var_dump($a->id !== $b->id);
$holderA = $a->opening->result['value'];
foreach ([$a, $b, $a, $b] as $i => $session) {
    $r = $session->evaluate('$secret .= "+"; return $secret;');
    echo altair_session_line($r), "\n";
    $warm = $evaluator->evaluate(altair_session_request('return isset($secret) ? $secret : "nothing";', $root));
    echo "warm: ", $warm->result['value'], "\n";
}
// B's call cannot reach A's holder's memory or environment.
$r = $b->evaluate("return [@file_get_contents('/proc/$holderA/environ'), @fopen('/proc/$holderA/mem', 'r'), @file_get_contents('/proc/$holderA/cmdline')];");
echo json_encode(array_column($r->result['value'], 'value')), "\n";
// A failed call of B changes nothing of A.
echo altair_session_line($b->evaluate('$secret = "gone"; throw new Exception("x");')), "\n";
echo altair_session_line($a->evaluate('return $secret;')), "\n";
echo altair_session_line($b->evaluate('return $secret;')), "\n";
$a->close();
echo altair_session_line($b->evaluate('return $secret;')), "\n";
?>
--EXPECT--
bool(true)
call 2 ok=yes kept=yes "alpha+"
warm: nothing
call 2 ok=yes kept=yes "beta+"
warm: nothing
call 3 ok=yes kept=yes "alpha++"
warm: nothing
call 3 ok=yes kept=yes "beta++"
warm: nothing
[false,false,false]
call 5 ok=no kept=no Exception
call 4 ok=yes kept=yes "alpha++"
call 6 ok=yes kept=yes "beta++"
call 7 ok=yes kept=yes "beta++"
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('s003-');
?>
