--TEST--
Evaluator: a forked grandchild does not outlive the evaluation
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r008');

$mark = $root . '/fork-mark';
$snippet = <<<PHP
if (pcntl_fork() === 0) { usleep(700000); file_put_contents('$mark', 'outlived'); exit(0); }
while (true) {}
PHP;
$r = altair_eval($snippet, $root, ['timeoutMs' => 300, 'unsafe' => true]);
var_dump($r->timedOut);
$r = altair_eval(str_replace('while (true) {}', 'return 1;', $snippet), $root, ['unsafe' => true]);
var_dump($r->ok);
usleep(1200000);
var_dump(file_exists($mark));
// Without unsafe the fork itself is refused.
$r = altair_eval('return pcntl_fork();', $root);
var_dump($r->exception['message']);
?>
--EXPECT--
bool(true)
bool(true)
bool(false)
string(39) "Call to undefined function pcntl_fork()"
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
foreach (glob(sys_get_temp_dir() . '/altair-eval-test-r008-*') as $d) altair_test_remove($d);
?>
