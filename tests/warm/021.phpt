--TEST--
Warm: a process an unsafe worker leaves running in a session of its own is its template's to reap: pid 1 of the template's PID namespace, or, where none can be made (a container), its subreaper
--DESCRIPTION--
Issue 34 item 4. The host ends a worker's process group; a process the worker started that leads a
session of its own outlives it (only an unsafe evaluation can start one). Inside its PID namespace
the template is pid 1 and inherits it. Inside a container there is no PID namespace: the orphan
went to the container's init, often a PHP process that never reaps, and stayed a zombie there. The
template is now the subreaper of its workers (PR_SET_CHILD_SUBREAPER, guest/template/template.c):
it inherits the orphan either way, and reaps it after a later worker.
--EXTENSIONS--
altair_eval
pcntl
posix
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_test_root('w021');
$flag = "$root-ends";
$e = new Evaluator(warm: true);
// The orphan ends when told to (unsafe: it may look at any path), at most after 20 s.
$r = $e->evaluate(new EvalRequest(sprintf('$pid = pcntl_fork(); if ($pid === 0) { posix_setsid();'
    . ' for ($i = 0; $i < 2000 && !file_exists(%s); $i++) { usleep(10000); } exit(0); } return $pid;', var_export($flag, true)), $root, unsafe: true));
$orphan = $r->result['value'] ?? null;
$template = altair_test_template();
// Once the worker is gone, the orphan (by its number in the template's namespace, if any) is one
// of the template's children.
for ($i = 0; $i < 500 && !in_array($orphan, altair_test_children($template, true), true); $i++) {
    usleep(10000);
}
echo "orphan started: ", json_encode(is_int($orphan) && $orphan > 0), ", the template's child: ",
    json_encode(in_array($orphan, altair_test_children($template, true), true)), "\n";
// It ends; the template reaps it after the next worker.
touch($flag);
for ($i = 0; $i < 500 && in_array($orphan, altair_test_children($template), true); $i++) {
    usleep(10000);
}
$e->evaluate(new EvalRequest('return 1;', $root, unsafe: true));
for ($i = 0; $i < 500 && in_array($orphan, altair_test_children($template, true), true); $i++) {
    usleep(10000);
}
echo "reaped: ", json_encode(!in_array($orphan, altair_test_children($template, true), true)), ", same template: ",
    json_encode(altair_test_template() === $template), "\n";
@unlink($flag);
$e->close();
?>
--EXPECT--
orphan started: true, the template's child: true
reaped: true, same template: true
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('w021');
?>
