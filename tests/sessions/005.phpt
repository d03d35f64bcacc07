--TEST--
Sessions: an idle session ends by itself; a closed, dropped or expired one leaves no process and no directory behind
--DESCRIPTION--
Issue 38, item 4 (bounded) and the quality bar (no stray process, no leftover scratch directory).
The holder waits for a call at most the session's idle timeout, then ends the session itself; the
host says so on the next call. close() and the object's end end it at once.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/sessions.inc';
use Altair\Eval\{Evaluator, EvalException};

$root = altair_session_root('s005');
$evaluator = new Evaluator(warm: true);
$dirs = function () use ($evaluator): array {
    return array_values(array_filter(glob(altair_scratch_base() . '/' . getmypid() . '-warm-*/*', GLOB_ONLYDIR) ?: []));
};
$holder = fn ($session) => $session->evaluate('return getmypid();')->result['value'];

// Idle past its timeout (1 s).
$idle = $evaluator->openSession(altair_session_request('return 1;', $root), 1000);
$inner = $holder($idle);
usleep(2500000);
var_dump(altair_session_alive($inner), $idle->isOpen(), $idle->endedBecause());
try {
    $idle->evaluate('return 1;');
} catch (EvalException $e) {
    echo str_ends_with($e->getMessage(), 'it was idle longer than its idle timeout') ? "idle: refused\n" : $e->getMessage() . "\n";
}

// Closed. (Its dir is on disk where the template has no view of its own: a container.)
$before = $dirs();
$closed = $evaluator->openSession(altair_session_request('return 1;', $root));
$inner = $holder($closed);
var_dump(altair_session_alive($inner));
$closed->close();
usleep(300000);
var_dump(altair_session_alive($inner), $dirs() === $before);

// Dropped (the object's end).
$dropped = $evaluator->openSession(altair_session_request('return 1;', $root));
$inner = $holder($dropped);
$dropped = null;
usleep(300000);
var_dump(altair_session_alive($inner), $dirs() === $before);
?>
--EXPECT--
bool(false)
bool(false)
string(40) "it was idle longer than its idle timeout"
idle: refused
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('s005-');
?>
