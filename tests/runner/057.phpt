--TEST--
Runner: a web SAPI's request that evaluated cold keeps no zombie once it ends (the CLI leaves its dying child to init)
--DESCRIPTION--
Issue 21 item 2, for cold children (runner/supervise.c, reap_deferred): evaluate() returns once the
child answered and waits for it later. At the end of a request of any SAPI but the CLI, every such
child is waited for, so a worker that idles between requests (FPM, CGI) keeps no zombie; the CLI's
request ends with its process. php-cgi -T 2 runs the script twice in one process: the second run
finds the first one's child gone (without the wait at the end of the request it is this process's
zombie until the next evaluation).
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php
if (!is_executable(PHP_BINDIR . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION) && !is_executable(PHP_BINDIR . '/php-cgi')) {
    die('skip no php-cgi next to this php (scripts/test installs it)');
}
?>
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r057');
$cgi = PHP_BINDIR . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
$cgi = is_executable($cgi) ? $cgi : PHP_BINDIR . '/php-cgi';
$script = $root . '-cgi.php';
$mark = $root . '-child';
@unlink($mark);
file_put_contents($script, <<<'PHP'
<?php
$root = substr(__FILE__, 0, -strlen('-cgi.php'));
$mark = $root . '-child';
if (is_file($mark)) {
    $pid = (int) file_get_contents($mark);
    $stat = (string) @file_get_contents("/proc/$pid/stat");
    $after = strrpos($stat, ')');
    echo "the first request's child, in the second: ", $stat === '' ? 'gone' : ($after !== false && substr($stat, $after + 2, 1) === 'Z' ? 'A ZOMBIE' : 'STILL THERE, DYING'), "\n";
    exit;
}
$r = (new Altair\Eval\Evaluator())->evaluate(new Altair\Eval\EvalRequest('return getmypid();', $root));
file_put_contents($mark, (string) $r->result['value']);
echo "first request: evaluated ", $r->ok ? 'ok' : 'NOT OK', "\n";
PHP);
$command = array_merge([$cgi, '-n', '-q', '-T', '2'], altair_test_php_args(), [$script]);
$process = proc_open($command, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null,
    ['PATH' => (string) getenv('PATH')]);
fclose($pipes[0]);
echo trim(preg_replace('/^\s*Elapsed time:.*$/m', '', stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]))), "\n";
proc_close($process);
@unlink($script);
@unlink($mark);
?>
--EXPECT--
first request: evaluated ok
the first request's child, in the second: gone
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r057-');
