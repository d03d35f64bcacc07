--TEST--
Warm: a caller forked after a warm evaluation (pcntl_fork) gets a template of its own; its parent's keeps serving, and the fork's end does not stop it
--DESCRIPTION--
A warm Evaluator holds its template's control socket; pcntl_fork copies it. The fork used to send
its request on the parent's socket and, when it ended, stop the parent's template (SIGKILL by pid,
its relay files unlinked): the parent's next call failed ("the template could not start a worker").
A template belongs to the process that started it (runner/warm.c template_stop): a fork only
closes its copies and starts its own.
--EXTENSIONS--
altair_eval
pcntl
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_test_root('w015');
$e = new Evaluator(warm: true);
$first = $e->evaluate(new EvalRequest('return 1 + 1;', $root));
$template = altair_test_template();
$out = sys_get_temp_dir() . '/altair-eval-w015-' . getmypid();
$pid = pcntl_fork();
if ($pid === 0) {
    $r = $e->evaluate(new EvalRequest('return 2 + 2;', $root));
    $mine = altair_test_templates();
    file_put_contents($out, json_encode([$r->result['value'] ?? $r->toArray(), count($mine) === 1 && $mine[0] !== $template]));
    exit(0);
}
pcntl_waitpid($pid, $status);
[$value, $own] = json_decode((string) file_get_contents($out), true);
@unlink($out);
echo "fork: answered $value, with a template of its own: ", json_encode($own), "\n";
$again = $e->evaluate(new EvalRequest('return 3 + 3;', $root));
echo "parent: answered ", json_encode($again->result['value'] ?? $again->toArray()), ", its template still the same: ",
    json_encode(altair_test_template() === $template), "\n";
?>
--EXPECT--
fork: answered 4, with a template of its own: true
parent: answered 6, its template still the same: true
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('w015');
?>
