--TEST--
Sessions: never an answer from old code: a change to a file the boot loaded ends the sessions built on it, with a clear error
--DESCRIPTION--
Issue 38, item 4. The session's state was built by the boot of its template: once boot.php changes,
its next call is refused (the template is stale; it is replaced for ordinary evaluations, which see
the new code), and so is a session whose template the Evaluator stopped (close()).
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/sessions.inc';
use Altair\Eval\{Evaluator, EvalException};

$root = altair_session_root('s004');
$evaluator = new Evaluator(warm: true);
$session = $evaluator->openSession(altair_session_request('$n = booted_answer(); return $n;', $root));
echo altair_session_line($session->evaluate('return ++$n;')), "\n";
$inner = $session->evaluate('return getmypid();')->result['value'];
file_put_contents("$root/boot.php", str_replace('return 42;', 'return 43;', file_get_contents("$root/boot.php")));
try {
    $session->evaluate('return $n;');
    echo "answered from old code\n";
} catch (EvalException $e) {
    echo preg_match("/^Session {$session->id} has ended: the application's code changed since it was opened "
        . "\\((a file its boot loaded: .*boot\\.php|a change in a directory its boot depended on)\\), and its state was built from the old code$/",
        $e->getMessage()) ? "stale: refused\n" : $e->getMessage() . "\n";
}
var_dump($session->isOpen(), altair_session_alive($inner));
echo $evaluator->evaluate(altair_session_request('return booted_answer();', $root))->result['value'], "\n";

$second = $evaluator->openSession(altair_session_request('return booted_answer();', $root));
echo altair_session_line($second->opening), "\n";
$evaluator->close();
try {
    $second->evaluate('return 1;');
} catch (EvalException $e) {
    echo str_contains($e->getMessage(), 'its template was stopped') ? "stopped: refused\n" : $e->getMessage() . "\n";
}
?>
--EXPECT--
call 2 ok=yes kept=yes 43
stale: refused
bool(false)
bool(false)
43
call 1 ok=yes kept=yes 43
stopped: refused
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('s004-');
?>
