--TEST--
Thin host: a disable_functions set in the child's own ini (a scan dir file) stays disabled in the child, through a full and a thin host, with ours added after it
--DESCRIPTION--
Issue 21. The host used to pass -d disable_functions=<its own ini's value>,<ours>: a thin host
(php -n) has no such value, so the child would have lost the ini's own list. Now the child's ini is
applied by PHP as usual and the guest adds ours (guest/engine.c). On main this fails only for the
thin host (which had no altair_eval.child_* settings there either).
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
require __DIR__ . '/thin_host.inc';
$root = altair_test_root('r053');
$conf = altair_test_root('r053-conf');
file_put_contents($conf . '/99-altair-test.ini', "disable_functions = str_rot13,similar_text\n");
$scan = thin_test_scan_dir() . ':' . $conf;

$code = <<<'PHP'
$r = (new Altair\Eval\Evaluator())->evaluate(new Altair\Eval\EvalRequest(
    'return [function_exists("str_rot13"), function_exists("similar_text"), function_exists("exec"), ini_get("disable_functions")];', $argv[1]));
echo json_encode($r->ok ? $r->result['value'] : $r->toArray());
PHP;
$environment = ['PHP_INI_SCAN_DIR' => $scan] + getenv();
foreach (['full' => thin_test_host('full'), 'thin' => thin_test_host('thin', $scan)] as $kind => $host) {
    [$out, $err] = thin_test_run($host, $code, $root, $kind === 'full' ? $environment : null);
    $value = json_decode($out, true);
    $list = $value[3]['value'] ?? '';
    printf("%s: str_rot13 %s, similar_text %s, exec %s; disable_functions starts with the ini's: %s, then ours: %s%s\n", $kind,
        json_encode($value[0]['value'] ?? null), json_encode($value[1]['value'] ?? null), json_encode($value[2]['value'] ?? null),
        json_encode(str_starts_with($list, 'str_rot13,similar_text,')), json_encode(str_contains($list, ',exec,shell_exec,')),
        $err === '' ? '' : " stderr: $err");
}
?>
--EXPECT--
full: str_rot13 false, similar_text false, exec false; disable_functions starts with the ini's: true, then ours: true
thin: str_rot13 false, similar_text false, exec false; disable_functions starts with the ini's: true, then ours: true
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r053-');
?>
