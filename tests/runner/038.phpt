--TEST--
Evaluator: under CGI (as under FPM) the default binary is this build's php CLI, not the SAPI's own binary
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
$root = altair_test_root('r038');
$cgi = PHP_BINDIR . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
$cgi = is_executable($cgi) ? $cgi : PHP_BINDIR . '/php-cgi';
$script = $root . '-cgi.php';
file_put_contents($script, <<<'PHP'
<?php
$evaluator = new Altair\Eval\Evaluator();
echo PHP_SAPI, ' ', basename(PHP_BINARY) === basename($evaluator->phpBinary) ? 'own binary' : 'a php CLI', "\n";
$r = $evaluator->evaluate(new Altair\Eval\EvalRequest('return PHP_SAPI;', $argv[1] ?? $_SERVER['argv'][1]));
echo json_encode([$r->ok, $r->result, $r->error]), "\n";
PHP);
$command = array_merge([$cgi, '-n', '-q'], altair_test_php_args(), ['-f', $script, $root]);
// A clean environment: run-tests.php exports CGI variables (SCRIPT_FILENAME: this very test).
$process = proc_open($command, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null,
    ['PATH' => (string) getenv('PATH')]);
fclose($pipes[0]);
echo stream_get_contents($pipes[1]), stream_get_contents($pipes[2]);
proc_close($process);
unlink($script);
?>
--EXPECT--
cgi-fcgi a php CLI
[true,{"type":"string","value":"cli"},null]
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r038-');
?>
