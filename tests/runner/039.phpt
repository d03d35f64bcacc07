--TEST--
Evaluator: a caller that loaded the extension by a relative path (-d extension=modules/…) gets it in the child and in a warm template, which start in the project root
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r039');
// The loaded module's own file, and a relative path to it from its directory's parent.
$so = null;
// (No preg_*: PCRE's JIT code is opaque to valgrind, which runs this suite with -m.)
foreach (explode("\n", (string) file_get_contents('/proc/self/maps')) as $line) {
    $path = strstr($line, '/');
    if ($path !== false && str_ends_with($path, '/altair_eval.so')) {
        $so = $path;
        break;
    }
}
$cwd = dirname($so, 2);
$relative = substr($so, strlen($cwd) + 1);
$args = [];
foreach (altair_test_php_args() as $arg) {
    $args[] = str_contains($arg, 'altair_eval.so') ? 'extension=' . $relative : $arg;
}
$caller = <<<'PHP'
$root = $argv[1];
foreach ([false, true] as $warm) {
    $r = (new Altair\Eval\Evaluator(warm: $warm))->evaluate(new Altair\Eval\EvalRequest('return 6 * 7;', $root));
    echo $warm ? 'warm' : 'cold', ' ', json_encode([$r->ok, $r->result['value'] ?? null]), "\n";
}
PHP;
$process = proc_open(array_merge([PHP_BINARY], $args, ['-r', $caller, $root]), [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, $cwd);
echo stream_get_contents($pipes[1]), stream_get_contents($pipes[2]);
proc_close($process);
var_dump(str_starts_with($relative, '/'), str_contains(implode(' ', $args), 'extension=' . $relative));
?>
--EXPECT--
cold [true,42]
warm [true,42]
bool(false)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r039-');
?>
