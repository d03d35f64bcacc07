--TEST--
Warm: the template dies with its caller
--EXTENSIONS--
altair_eval
posix
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('w005');
$caller = <<<'PHP'
$e = new Altair\Eval\Evaluator(warm: true);
$e->evaluate(new Altair\Eval\EvalRequest('return 1;', $argv[1]));
// The template: this process's child (it is pid 1 in a PID namespace of its own, where it may be).
echo trim((string) file_get_contents('/proc/' . getmypid() . '/task/' . getmypid() . '/children')), "\n";
sleep(30);
PHP;
$extension = ini_get('extension') ?: '';
$process = proc_open(array_merge([PHP_BINARY], altair_test_php_args(), ['-r', $caller, $root]), [1 => ['pipe', 'w']], $pipes);
$template = (int) trim(fgets($pipes[1]));
$status = proc_get_status($process);
var_dump($template > 0, file_exists("/proc/$template"));
posix_kill($status['pid'], SIGKILL);
proc_close($process);
for ($i = 0; $i < 50 && file_exists("/proc/$template") && !str_contains((string) @file_get_contents("/proc/$template/stat"), ') Z'); $i++) {
    usleep(20000);
}
$stat = (string) @file_get_contents("/proc/$template/stat");
var_dump($stat === '' || preg_match('/^\d+ \(.*\) Z/', $stat) === 1);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('w005-');
?>
