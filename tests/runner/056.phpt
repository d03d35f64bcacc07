--TEST--
Runner: a cold evaluation returns once its child has answered, killed; the child is waited for later and nothing of it stays
--DESCRIPTION--
Issue 21 item 2, for cold children (runner/supervise.c, on_answered and reap_deferred): once the
guest's status frame is in, the host kills the child's group and returns without waiting for the
kernel's teardown of its memory and namespaces (about 4 ms of a cold Laravel count on this VM); the
child is waited for when the next evaluation starts, at the end of the request and of the process.
  - right after evaluate() the child is gone or dying (in its exit, or SIGKILL pending), never at
    work; it stays this caller's zombie until the next evaluation (the build before reaped it before
    returning: gone), after which it is gone, and no zombie of this caller piles up;
  - its exit code is still the snippet's (the status frame's);
  - a caller that exits right after its evaluation leaves nothing: init takes the dying child;
  - a caller that reaps every child itself (pcntl_waitpid(-1)) takes nothing from the next call.
--EXTENSIONS--
altair_eval
pcntl
posix
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r056');
$e = new Altair\Eval\Evaluator();
$state = function (int $pid): string {
    $status = @file_get_contents("/proc/$pid/status");
    if ($status === false) {
        return 'gone';
    }
    $fields = [];
    foreach (explode("\n", $status) as $line) {
        [$name, $value] = array_pad(explode(':', $line, 2), 2, '');
        $fields[$name] = trim($value);
    }
    return str_starts_with($fields['State'] ?? '', 'Z') || altair_test_dying($pid, $fields) ? 'dying' : 'AT WORK: ' . ($fields['State'] ?? '?');
};

$pids = [];
for ($i = 0; $i < 5; $i++) {
    $r = $e->evaluate(new Altair\Eval\EvalRequest('return getmypid();', $root));
    $pid = $r->result['value'];
    $now = $state($pid);
    echo "call $i: ", in_array($now, ['gone', 'dying'], true) ? 'gone or dying' : $now, "\n";
    $pids[] = $pid;
}
// The last one is not waited for until the next call: once its exit is done it is a zombie of
// this caller (on the build before, reaped before evaluate() returned: gone).
$last = end($pids);
$zombie = 'not yet';
for ($i = 0; $i < 200; $i++) {
    $stat = (string) @file_get_contents("/proc/$last/stat");
    $after = strrpos($stat, ')');
    if ($stat === '' || ($after !== false && substr($stat, $after + 2, 1) === 'Z')) {
        $zombie = $stat === '' ? 'gone' : 'a zombie';
        break;
    }
    usleep(10000);
}
echo "the last one, until the next call: ", $zombie, "\n";
$e->evaluate(new Altair\Eval\EvalRequest('return 1;', $root));
echo "the first five after the next call: ", json_encode(array_map($state, $pids)), "\n";
$zombies = count(altair_test_children(null, true));
echo "children of this caller, zombies included: ", $zombies <= 1 ? 'at most the last one' : $zombies, "\n";

$r = $e->evaluate(new Altair\Eval\EvalRequest('exit(3);', $root));
echo "exit(3): exit code ", $r->exitCode, "\n";

// A caller that ends right after its call.
$out = shell_exec(implode(' ', array_map('escapeshellarg', array_merge([PHP_BINARY], altair_test_php_args(), ['-r',
    'echo (new Altair\Eval\Evaluator())->evaluate(new Altair\Eval\EvalRequest("return getmypid();", $argv[1]))->result["value"];', $root]))));
$pid = (int) $out;
$left = 'AT WORK';
for ($i = 0; $i < 200 && $pid > 0; $i++) {
    if (($left = $state($pid)) === 'gone') {
        break;
    }
    usleep(10000);
}
echo "a caller that ends at once: its child ", $pid > 0 ? $left : "NOT SEEN ($out)", "\n";

// A caller that reaps every child: the evaluation after its waitpid(-1) is whole.
$e->evaluate(new Altair\Eval\EvalRequest('return 1;', $root));
while (pcntl_waitpid(-1, $status, WNOHANG) > 0) {
}
$r = $e->evaluate(new Altair\Eval\EvalRequest('return 2;', $root));
echo "after the caller's own waitpid(-1): ", json_encode($r->result['value'] ?? $r->error), "\n";
?>
--EXPECT--
call 0: gone or dying
call 1: gone or dying
call 2: gone or dying
call 3: gone or dying
call 4: gone or dying
the last one, until the next call: a zombie
the first five after the next call: ["gone","gone","gone","gone","gone"]
children of this caller, zombies included: at most the last one
exit(3): exit code 3
a caller that ends at once: its child gone
after the caller's own waitpid(-1): 2
