--TEST--
Warm: different policies get different templates, each with its own guards
--EXTENSIONS--
altair_eval
posix
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('w004');
use Altair\Eval\{Evaluator, EvalRequest};
$evaluator = new Evaluator(warm: true);
$probe = 'return @file_put_contents("written.txt", "x") !== false;';
// Each call, and the templates this process holds after it (the workers cannot name theirs: a
// template runs in a PID namespace of its own where the kernel allows one).
$call = function (EvalRequest $request) use ($evaluator): array {
    return [$evaluator->evaluate($request), altair_test_templates()];
};
[$readOnly, $after1] = $call(new EvalRequest($probe, $root));
[$writable, $after2] = $call(new EvalRequest($probe, $root, allowWrites: true));
[$readOnlyAgain, $after3] = $call(new EvalRequest($probe, $root));
[$readOnlyThird, $after4] = $call(new EvalRequest($probe, $root));
[$network, $after5] = $call(new EvalRequest('return 1;', $root, allowNetwork: true));
[$w1, $w2, $w3] = [$readOnly->result['value'], $writable->result['value'], $readOnlyAgain->result['value']];
// The write-enabled call restarted the read-only template (its cache could be stale, see
// tests/warm_isolation/007.phpt): only its own is left; read-only calls after it share a new one;
// the network policy gets another.
$t1 = $after1[0];
$t2 = array_values(array_diff($after2, $after1));
$t3 = array_values(array_diff($after3, $after2));
var_dump($w1, $w2, $w3, count($after1) === 1 && $after2 === $t2 && count($t2) === 1,
    count($t3) === 1 && $t3[0] !== $t1 && $after4 === $after3, count(array_diff($after5, $after4)) === 1);
// The network: closed for the read-only policy (its own network namespace, or where a container
// refuses one, sockets refused by seccomp), open for the other.
$closed = fn (array $s): bool => $s['netns'] || $s['sockets_blocked'];
var_dump($closed($readOnly->sandbox), $closed($network->sandbox));
?>
--EXPECT--
bool(false)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('w004-');
?>
