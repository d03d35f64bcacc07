--TEST--
Lockdown: fail closed when another extension drops the post-startup hook that disables our functions: the guest runs nothing and says why, cold and warm
--DESCRIPTION--
Issue 21. Our disabled functions (exec, pcntl_*, curl_* offline, ...) are applied by the guest after
every module's startup, through zend_post_startup_cb, chained (guest/engine.c). An extension that
replaces that callback without calling the previous one would leave them all enabled; the guest
then refuses to run the project or the snippet, with an error in the result. The extension here
is built for the test: its MINIT (after altair_eval's) sets zend_post_startup_cb to NULL.
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php
foreach (['cc', 'php-config'] as $tool) {
    if (trim((string) shell_exec('command -v ' . $tool . ' 2>/dev/null')) === '') {
        die("skip no $tool to build the test's extension");
    }
}
?>
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('l021');
$build = altair_test_root('l021-build');
file_put_contents($build . '/drop.c', <<<'C'
    #include "php.h"
    static PHP_MINIT_FUNCTION(altair_test_drop)
    {
        zend_post_startup_cb = NULL;
        return SUCCESS;
    }
    zend_module_entry altair_test_drop_module_entry = {
        STANDARD_MODULE_HEADER, "altair_test_drop", NULL, PHP_MINIT(altair_test_drop), NULL, NULL, NULL, NULL,
        "0", STANDARD_MODULE_PROPERTIES
    };
    ZEND_DLEXPORT zend_module_entry *get_module(void) { return &altair_test_drop_module_entry; }
    C);
exec('cc -shared -fPIC -o ' . escapeshellarg($build . '/drop.so') . ' ' . trim((string) shell_exec('php-config --includes'))
    . ' ' . escapeshellarg($build . '/drop.c') . ' 2>&1', $output, $status);
echo 'built: ', json_encode($status === 0), $status === 0 ? '' : ' ' . implode("\n", $output), "\n";

$code = <<<'PHP'
foreach (['cold' => false, 'warm' => true] as $mode => $warm) {
    $r = (new Altair\Eval\Evaluator(warm: $warm))->evaluate(new Altair\Eval\EvalRequest('echo "the snippet ran"; return function_exists("exec");', $argv[1]));
    printf("%s: ok %s, stdout %s, error %s: %s\n", $mode, json_encode($r->ok), json_encode($r->stdout),
        $r->error['type'] ?? '-', $r->error['message'] ?? '-');
}
PHP;
$host = [PHP_BINARY, ...altair_test_php_args(), '-d', 'extension=' . $build . '/drop.so'];
$process = proc_open([...$host, '-r', $code, $root], [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
echo stream_get_contents($pipes[1]);
stream_get_contents($pipes[2]);
proc_close($process);
?>
--EXPECT--
built: true
cold: ok false, stdout "", error E_CORE_ERROR: altair_eval: the functions this evaluation disables were not disabled at startup (another extension replaced zend_post_startup_cb without calling the previous one); the snippet was not run
warm: ok false, stdout "", error E_CORE_ERROR: altair_eval: the functions this evaluation disables were not disabled at startup (another extension replaced zend_post_startup_cb without calling the previous one); the snippet was not run
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('l021-');
?>
