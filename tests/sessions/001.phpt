--TEST--
Sessions: state carries from one call to the next; a call that does not end well leaves it exactly as before
--DESCRIPTION--
Issue 38, item 2. The opening defines $x; each call runs in a copy of the last good state. An
exception, a fatal error, exit(), a timeout and the memory limit each end a call without keeping
anything it did (its $x = 100 is gone), and the session goes on from the state before it.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/sessions.inc';
use Altair\Eval\Evaluator;

$root = altair_session_root('s001');
$session = (new Evaluator())->openSession(altair_session_request('$x = 41; $seen = []; return booted_answer();', $root));
echo altair_session_line($session->opening), "\n";
var_dump(strlen($session->id), ctype_xdigit($session->id), $session->projectRoot === $root, $session->calls());
foreach ([
    'return ++$x;',
    '$x = 100; throw new RuntimeException("no");',
    'return $x;',
    '$x = 100; trigger_error("fatal", E_USER_ERROR);',
    'return $x;',
    '$x = 100; exit(3);',
    'return $x;',
    '$x = 100; while (true) {}',
    'return $x;',
    '$x = 100; $big = str_repeat("x", 512 * 1024 * 1024);',
    'return $x;',
    '$seen[] = $x; $o = new ArrayObject([1, 2]); return count($seen);',
    'return [$x, $seen, $o->count(), booted_answer()];',
] as $snippet) {
    $r = $session->evaluate($snippet, 1000);
    echo altair_session_line($r), "\n";
    if ($r->session['id'] !== $session->id) {
        echo "wrong id\n";
    }
    altair_check_claims($r->sandbox);
}
var_dump($session->calls(), $session->isOpen(), $session->endedBecause());
$session->close();
var_dump($session->isOpen(), $session->endedBecause());
try {
    $session->evaluate('return $x;');
} catch (Altair\Eval\EvalException $e) {
    echo $e->getMessage() === "Session {$session->id} has ended: closed" ? "refused after close\n" : $e->getMessage() . "\n";
}
?>
--EXPECT--
call 1 ok=yes kept=yes 42
int(32)
bool(true)
bool(true)
int(1)
call 2 ok=yes kept=yes 42
call 3 ok=no kept=no RuntimeException
call 4 ok=yes kept=yes 42
call 5 ok=no kept=no E_USER_ERROR
call 6 ok=yes kept=yes 42
call 7 ok=no kept=no exit 3
call 8 ok=yes kept=yes 42
call 9 ok=no kept=no time
call 10 ok=yes kept=yes 42
call 11 ok=no kept=no memory
call 12 ok=yes kept=yes 42
call 13 ok=yes kept=yes 1
call 14 ok=yes kept=yes [{"type":"int","value":42},{"type":"array","is_list":true,"count":1,"value":[{"type":"int","value":42}]},{"type":"int","value":2},{"type":"int","value":42}]
int(14)
bool(true)
NULL
bool(false)
string(6) "closed"
refused after close
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('s001-');
?>
