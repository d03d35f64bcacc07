--TEST--
Laravel detected and booted before the snippet: facades, helpers, Eloquent, a binding, short class names
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php require __DIR__ . '/boot.inc'; if ($why = altair_boot_missing('laravel')) die("skip $why"); ?>
--FILE--
<?php
require __DIR__ . '/boot.inc';
$root = altair_boot_laravel('b001');

$r = altair_eval('return [config("app.name"), app()->environment(), DB::table("users")->count(), App\Models\User::count(), app("greeting"), now() instanceof Carbon\Carbon];', $root, ['timeoutMs' => ALTAIR_BOOT_TIMEOUT_MS]);
echo json_encode($r->exception['message'] ?? $r->error ?? null), "\n";
echo json_encode(array_map(fn ($v) => $v['value'], $r->result['value'] ?? [])), "\n";
var_dump($r->host);
// Tinker's short names: App\Models\User as User, only because it is unambiguous and the app's own.
$r = altair_eval('return User::count();', $root, ['timeoutMs' => ALTAIR_BOOT_TIMEOUT_MS]);
echo json_encode($r->result ?? $r->exception['message']), "\n";
$r = altair_eval('return get_class(container());', $root, ['timeoutMs' => ALTAIR_BOOT_TIMEOUT_MS]);
echo json_encode($r->result['value']), "\n";
?>
--EXPECTF--
null
["BootFixture","local",2,2,"hello from a binding",true]
array(6) {
  ["framework"]=>
  string(7) "laravel"
  ["version"]=>
  string(7) "8.83.26"
  ["environment"]=>
  string(5) "local"
  ["bootstrap"]=>
  NULL
  ["debug"]=>
  NULL
  ["boot_id"]=>
  string(16) "%x"
}
{"type":"int","value":2}
"Illuminate\\Foundation\\Application"
--CLEAN--
<?php
require __DIR__ . '/../../helpers.inc';
altair_test_clean('b001-');
?>
