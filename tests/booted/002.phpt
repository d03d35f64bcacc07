--TEST--
Booted warm: a boot that fails is the evaluation's result, exactly as cold; once fixed, the next call boots
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php
require __DIR__ . '/booted.inc';
if ($why = altair_test_app_missing()) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/booted.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_test_app('laravel', 'b002');
$warm = new Evaluator(warm: true);
$request = new EvalRequest('return User::count();', $root);
var_dump(altair_booted_value($warm->evaluate($request)));

altair_booted_edit("$root/app/Providers/AppServiceProvider.php", "public function boot()\n    {\n", "public function boot()\n    {\n        throw new \\RuntimeException('provider boom');\n");
// What may differ between two runs: times, memory, the scratch paths in the trace, the boot's identity.
$stable = function (array $contract): array {
    unset($contract['duration_ms'], $contract['memory_peak_bytes'], $contract['memory_peak_rss_bytes'], $contract['sandbox'], $contract['host']['boot_id']);
    return json_decode(preg_replace('#/tmp/altair-eval-[^"\\\\]*#', 'SCRATCH', json_encode($contract)), true);
};
$cold = $stable((new Evaluator())->evaluate($request)->toArray());
$fromWarm = $stable($warm->evaluate($request)->toArray());
var_dump($cold['ok'], $cold['exit_code'], $cold['exception']['class'], $cold['exception']['message']);
var_dump($cold['exception']['previous'][0]['message'] ?? null);
var_dump($fromWarm === $cold);
if ($fromWarm !== $cold) {
    var_dump(array_keys(array_filter($cold, fn ($v, $k) => ($fromWarm[$k] ?? null) !== $v, ARRAY_FILTER_USE_BOTH)));
}

altair_booted_edit("$root/app/Providers/AppServiceProvider.php", "        throw new \\RuntimeException('provider boom');\n", "");
var_dump(altair_booted_value($warm->evaluate($request)));
$warm->close();
?>
--EXPECT--
int(3)
bool(false)
int(1)
string(31) "Altair\Eval\Guest\BootException"
string(74) "Booting the project (laravel) failed before the snippet ran: provider boom"
string(13) "provider boom"
bool(true)
int(3)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('b002-');
?>
