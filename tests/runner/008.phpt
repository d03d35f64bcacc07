--TEST--
Evaluator: a forked grandchild does not outlive the evaluation
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r008');

$mark = $root . '/fork-mark';
// The grandchild keeps touching the mark: if it survived the evaluation, the mark would come back
// after the caller removed it. (A mark made before the kill, on a slow machine, proves nothing.)
$snippet = <<<PHP
if (pcntl_fork() === 0) { while (true) { @touch('$mark'); usleep(50000); } }
while (true) {}
PHP;
$r = altair_eval($snippet, $root, ['timeoutMs' => 300, 'unsafe' => true]);
@unlink($mark);
usleep(500000);
var_dump($r->timedOut, file_exists($mark));
$r = altair_eval(str_replace('while (true) {}', 'usleep(100000); return 1;', $snippet), $root, ['unsafe' => true]);
@unlink($mark);
usleep(500000);
var_dump($r->ok, file_exists($mark));
// Without unsafe the fork itself is refused.
$r = altair_eval('return pcntl_fork();', $root);
var_dump($r->exception['message']);
?>
--EXPECT--
bool(true)
bool(false)
bool(true)
bool(false)
string(39) "Call to undefined function pcntl_fork()"
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r008-');
?>
