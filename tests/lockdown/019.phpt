--TEST--
Lockdown: the child dies with its caller (cold evaluation)
--DESCRIPTION--
Kernel layer: the parent-death signal. A caller evaluating a long snippet is killed; its child goes too.
--EXTENSIONS--
altair_eval
posix
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('l019');
$caller = <<<'PHP'
$e = new Altair\Eval\Evaluator();
$e->evaluate(new Altair\Eval\EvalRequest('file_put_contents(getcwd() . "/child.pid", (string) getmypid()); sleep(30);', $argv[1], timeoutMs: 60000, allowWrites: true));
PHP;
$process = proc_open(array_merge([PHP_BINARY], altair_test_php_args(), ['-r', $caller, $root]), [], $pipes);
for ($i = 0; $i < 200 && !is_file($root . '/child.pid'); $i++) { usleep(20000); }
$child = (int) file_get_contents($root . '/child.pid');
var_dump($child > 0, file_exists("/proc/$child"));
proc_terminate($process, SIGKILL);
proc_close($process);
for ($i = 0; $i < 100 && file_exists("/proc/$child") && !preg_match('/^\d+ \(.*\) Z/', (string) @file_get_contents("/proc/$child/stat")); $i++) { usleep(20000); }
$stat = (string) @file_get_contents("/proc/$child/stat");
var_dump($stat === '' || preg_match('/^\d+ \(.*\) Z/', $stat) === 1);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('l019-');
?>
