--TEST--
Sessions: bad input never crashes the caller (an opening that fails, unsafe, bad arguments, a session object not made by openSession)
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/sessions.inc';
use Altair\Eval\{Evaluator, EvalException, EvalRequest, EvalSession};

$root = altair_session_root('s002');
$evaluator = new Evaluator();
$try = function (callable $call): void {
    try {
        $call();
        echo "no exception\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
};
// The opening runs first: one that throws opens nothing, and says why.
$try(fn () => $evaluator->openSession(altair_session_request('throw new LogicException("not today");', $root)));
$try(fn () => $evaluator->openSession(new EvalRequest('return 1;', $root, unsafe: true)));
$try(fn () => $evaluator->openSession(altair_session_request('return 1;', $root), 10));
$try(fn () => new EvalSession());
$try(fn () => (new ReflectionClass(EvalSession::class))->newInstanceWithoutConstructor()->evaluate('return 1;'));
$session = $evaluator->openSession(altair_session_request('return 1;', $root));
$try(fn () => clone $session);
$try(fn () => serialize($session));
$try(fn () => $session->evaluate(''));
$try(fn () => $session->evaluate('return 1;', 5));
$try(fn () => $session->evaluate(str_repeat(' ', EvalRequest::MAX_SNIPPET_BYTES + 1)));
echo altair_session_line($session->evaluate('return 2;')), "\n";
// Outside a session a result says so.
var_dump($evaluator->evaluate(new EvalRequest('return 1;', $root))->toArray()['session']);
var_dump(array_keys($session->evaluate('return 3;')->toArray()['session']));
var_dump(EvalSession::DEFAULT_IDLE_TIMEOUT_MS, EvalSession::MAX_OPEN, EvalSession::MAX_OPEN_PER_PROJECT, EvalSession::MAX_CALLS);
?>
--EXPECTF--
Altair\Eval\EvalException: Session: it could not be opened: its opening snippet did not end well (LogicException: not today)
Altair\Eval\EvalException: Session: a session runs sandboxed, and this request is unsafe (no sandbox): run its steps as separate evaluations instead
ValueError: Altair\Eval\Evaluator::openSession(): Argument #2 ($idleTimeoutMs) must be between 1000 and 86400000
Error: Call to private Altair\Eval\EvalSession::__construct() from global scope
ReflectionException: Class Altair\Eval\EvalSession is an internal class marked as final that cannot be instantiated without invoking its constructor
Error: Trying to clone an uncloneable object of class Altair\Eval\EvalSession
Exception: Serialization of 'Altair\Eval\EvalSession' is not allowed
ValueError: Altair\Eval\EvalSession::evaluate(): Argument #1 ($snippet) must not be empty
ValueError: Altair\Eval\EvalSession::evaluate(): Argument #2 ($timeoutMs) must be between 100 and 60000
ValueError: Altair\Eval\EvalSession::evaluate(): Argument #1 ($snippet) must be at most 1048576 bytes, 1048577 given
call 2 ok=yes kept=yes 2
NULL
array(3) {
  [0]=>
  string(2) "id"
  [1]=>
  string(4) "call"
  [2]=>
  string(4) "kept"
}
int(300000)
int(8)
int(4)
int(1000)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('s002-');
?>
