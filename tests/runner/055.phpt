--TEST--
Evaluator: under CGI (as under FPM), whose ini the child does not load, the caller's own disable_functions stay disabled in the child, with ours
--DESCRIPTION--
Issue 21 moved our disabled functions into the guest (guest/engine.c), and the child's own ini's
disable_functions is applied by PHP. A CLI caller's ini is the child's; a CGI or FPM caller's is
not (the child is the CLI with its own ini), so the runner adds the caller's list to ours, as the
command line's disable_functions did before.
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
$root = altair_test_root('r055');
$cgi = PHP_BINDIR . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
$cgi = is_executable($cgi) ? $cgi : PHP_BINDIR . '/php-cgi';
$script = $root . '-cgi.php';
file_put_contents($script, <<<'PHP'
<?php
$r = (new Altair\Eval\Evaluator())->evaluate(new Altair\Eval\EvalRequest(
    'return [PHP_SAPI, function_exists("str_rot13"), function_exists("similar_text"), function_exists("exec"), function_exists("strlen"), ini_get("disable_functions")];',
    $argv[1] ?? $_SERVER['argv'][1]));
$value = array_column($r->result['value'] ?? [], 'value');
echo json_encode([$r->ok, ...array_slice($value, 0, 5)]), ' ', str_starts_with((string) ($value[5] ?? ''), 'str_rot13,similar_text,exec,') ? 'the caller\'s first, then ours' : 'list: ' . ($value[5] ?? '-'), "\n";
PHP);
$command = array_merge([$cgi, '-n', '-q'], altair_test_php_args(), ['-d', 'disable_functions=str_rot13,similar_text', '-f', $script, $root]);
// A clean environment: run-tests.php exports CGI variables (SCRIPT_FILENAME: this very test).
$process = proc_open($command, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null,
    ['PATH' => (string) getenv('PATH')]);
fclose($pipes[0]);
echo stream_get_contents($pipes[1]), stream_get_contents($pipes[2]);
proc_close($process);
unlink($script);
?>
--EXPECT--
[true,"cli",false,false,false,true] the caller's first, then ours
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r055-');
?>
