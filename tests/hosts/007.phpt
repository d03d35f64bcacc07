--TEST--
Hosts: same ini: PHPRC and PHP_INI_SCAN_DIR planted after the caller started do not change the child's ini
--DESCRIPTION--
Layer: host. Neither variable is passed on; the child is started with -c <the php.ini the caller
loaded> and PHP_INI_SCAN_DIR set to the scan path the caller used (or -n when the caller ran with
-n). The callers here are started without -n (and with it), the way an application would run.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('h007');
preg_match('#\s(/\S+/altair_eval\.so)$#m', file_get_contents('/proc/self/maps'), $module);
mkdir($root . '/planted-rc');
mkdir($root . '/planted-scan');
file_put_contents($root . '/planted-rc/php.ini', "precision=5\n");
file_put_contents($root . '/planted-scan/zz-planted.ini', "serialize_precision=3\n");

$caller = <<<'PHP'
$root = $argv[1];
$observe = 'return json_encode([php_ini_loaded_file(), php_ini_scanned_files(), ini_get("precision"), ini_get("serialize_precision")]);';
$own = [php_ini_loaded_file(), php_ini_scanned_files(), ini_get("precision"), ini_get("serialize_precision")];
putenv("PHPRC=$root/planted-rc");
putenv("PHP_INI_SCAN_DIR=$root/planted-scan");
$r = (new Altair\Eval\Evaluator())->evaluate(new Altair\Eval\EvalRequest($observe, $root));
$child = json_decode($r->result['value'], true);
echo json_encode(['same ini as the caller' => $child === $own, 'loaded a php.ini' => $own[0] !== false, 'precision' => $child[2], 'serialize_precision' => $child[3]]), "\n";
PHP;
$env = array_diff_key(getenv(), ['PHPRC' => 1, 'PHP_INI_SCAN_DIR' => 1]);
foreach (['without -n' => [], 'with -n' => ['-n']] as $label => $flags) {
    $process = proc_open(array_merge([PHP_BINARY], $flags, ['-d', 'extension=' . $module[1], '-r', $caller, $root]), [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
    echo $label, ': ', stream_get_contents($pipes[1]), stream_get_contents($pipes[2]);
    proc_close($process);
}
?>
--EXPECTF--
without -n: {"same ini as the caller":true,"loaded a php.ini":%s,"precision":"14","serialize_precision":"-1"}
with -n: {"same ini as the caller":true,"loaded a php.ini":false,"precision":"14","serialize_precision":"-1"}
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('h007-');
?>
