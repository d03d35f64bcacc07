--TEST--
Thin host: a bad altair_eval.child_* setting is a clear EvalException, before any scratch dir or child exists
--DESCRIPTION--
Issue 21. altair_eval.child_ini (absolute php.ini path, or "-" for none), child_ini_scan_dir (empty
or absolute paths separated by ':') and child_extension (empty or an absolute path) are PHP_INI_SYSTEM
settings of the host (bin/altair's thin start sets them with -d); a value the runner cannot use
exactly must not start a child with another ini.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
require __DIR__ . '/thin_host.inc';
$root = altair_test_root('r054');
$module = thin_test_module();
$base = altair_scratch_base();

$code = <<<'PHP'
$root = $argv[1];
try {
    (new Altair\Eval\Evaluator())->evaluate(new Altair\Eval\EvalRequest('return 1;', $root));
    echo "evaluated";
} catch (Altair\Eval\EvalException $e) {
    echo get_class($e), ': ', $e->getMessage();
}
$left = array_values(array_filter(scandir($argv[2]) ?: [], fn ($entry) => str_starts_with($entry, getmypid() . '-')));
echo '; scratch left: ', json_encode([...$left, ...array_diff(scandir($root), ['.', '..'])]);
echo '; children: ', trim((string) @file_get_contents('/proc/' . getmypid() . '/task/' . getmypid() . '/children')) === '' ? 0 : 'some';
PHP;
$cases = [
    'relative php.ini' => ['altair_eval.child_ini=etc/php.ini'],
    'relative scan dir' => ['altair_eval.child_ini=/etc/php.ini', 'altair_eval.child_ini_scan_dir=/etc/conf.d:conf.d'],
    'relative module' => ['altair_eval.child_ini=-', 'altair_eval.child_extension=modules/altair_eval.so'],
    'module without ini' => ['altair_eval.child_extension=' . $module],
    'scan dir without ini' => ['altair_eval.child_ini_scan_dir=/etc/php/conf.d'],
];
foreach ($cases as $name => $settings) {
    $host = [PHP_BINARY, '-n', '-d', 'extension=' . $module];
    foreach ($settings as $setting) {
        array_push($host, '-d', $setting);
    }
    $process = proc_open([...$host, '-r', $code, $root, $base], [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    proc_close($process);
    echo $name, ': ', $out, $err, "\n";
}
?>
--EXPECT--
relative php.ini: Altair\Eval\EvalException: altair_eval.child_ini must be an absolute path to a php.ini, or "-" for none; scratch left: []; children: 0
relative scan dir: Altair\Eval\EvalException: altair_eval.child_ini_scan_dir must be empty or absolute paths separated by ':'; scratch left: []; children: 0
relative module: Altair\Eval\EvalException: altair_eval.child_extension must be empty or an absolute path to the module; scratch left: []; children: 0
module without ini: Altair\Eval\EvalException: altair_eval.child_ini_scan_dir and altair_eval.child_extension need altair_eval.child_ini; scratch left: []; children: 0
scan dir without ini: Altair\Eval\EvalException: altair_eval.child_ini_scan_dir and altair_eval.child_extension need altair_eval.child_ini; scratch left: []; children: 0
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r054-');
?>
