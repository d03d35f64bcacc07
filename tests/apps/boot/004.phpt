--TEST--
Detection order: an explicit bootstrap wins (relative to the project root); config/container.php never for Laravel; a boot failure is the result, attributed to the boot
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php require __DIR__ . '/boot.inc'; if ($why = altair_boot_missing('laravel')) die("skip $why"); ?>
--FILE--
<?php
require __DIR__ . '/boot.inc';
// Laravel loads every file in config/ as configuration: container.php is one of them, not a bootstrap.
$root = altair_boot_laravel('b004', [
    'config/container.php' => "<?php\nreturn ['not' => 'a container'];\n",
    'tools/boot.php' => "<?php\nreturn new class { public function get(string \$id) { return \"explicit:\$id\"; } public function has(string \$id): bool { return true; } };\n",
]);
$r = altair_eval('return [get_class(container()), config("container.not")];', $root, ['timeoutMs' => ALTAIR_BOOT_TIMEOUT_MS]);
echo json_encode([$r->host['framework'], array_column($r->result['value'] ?? [], 'value') ?: $r->exception['message'] ?? null]), "\n";

// An explicit bootstrap, relative: against the project root, whatever the current directory.
chdir(sys_get_temp_dir());
$r = altair_eval('return container("y");', $root, ['timeoutMs' => ALTAIR_BOOT_TIMEOUT_MS, 'bootstrap' => 'tools/boot.php']);
echo json_encode([$r->host['framework'], $r->host['bootstrap'], $r->result['value'] ?? $r->exception['message'] ?? null]), "\n";
putenv('ALTAIR_EVAL_BOOTSTRAP=tools/boot.php');
// (A cold evaluator: a warm template keeps the environment it started with.)
$r = (new Altair\Eval\Evaluator())->evaluate(new Altair\Eval\EvalRequest('return container("z");', $root, timeoutMs: ALTAIR_BOOT_TIMEOUT_MS));
putenv('ALTAIR_EVAL_BOOTSTRAP');
echo json_encode([$r->host['framework'], $r->result['value'] ?? $r->exception['message'] ?? null]), "\n";

// A provider that throws while the app boots: the snippet never runs, the result says why.
altair_boot_write($root, ['app/Providers/AppServiceProvider.php' => "<?php\nnamespace App\\Providers;\nclass AppServiceProvider extends \\Illuminate\\Support\\ServiceProvider {\n    public function boot(): void { throw new \\LogicException('provider exploded'); }\n}\n"]);
$r = altair_eval('echo "snippet ran"; return 1;', $root, ['timeoutMs' => ALTAIR_BOOT_TIMEOUT_MS]);
var_dump($r->ok, $r->stdout, $r->exception['class'], $r->exception['message'], $r->exception['previous'][0]['class'], $r->exception['previous'][0]['file'], $r->host['framework']);
?>
--EXPECT--
["laravel",["Illuminate\\Foundation\\Application","a container"]]
["bootstrap","tools\/boot.php","explicit:y"]
["bootstrap","explicit:z"]
bool(false)
string(0) ""
string(31) "Altair\Eval\Guest\BootException"
string(78) "Booting the project (laravel) failed before the snippet ran: provider exploded"
string(14) "LogicException"
string(36) "app/Providers/AppServiceProvider.php"
string(7) "laravel"
--CLEAN--
<?php
require __DIR__ . '/../../helpers.inc';
altair_test_clean('b004-');
?>
