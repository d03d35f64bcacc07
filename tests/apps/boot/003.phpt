--TEST--
Laravel read-only: logs reach stderr, views compile and the file cache writes into the scratch, the project is unchanged
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php require __DIR__ . '/boot.inc'; if ($why = altair_boot_missing('laravel')) die("skip $why"); ?>
--FILE--
<?php
require __DIR__ . '/boot.inc';
$root = altair_boot_laravel('b003');
$before = altair_boot_tree($root);

$r = altair_eval('Log::info("logged by the snippet"); Cache::put("k", "cached", 60); return [view("hello", ["name" => "ada"])->render(), Cache::get("k"), str_starts_with(storage_path(), sys_get_temp_dir()), str_starts_with(storage_path(), dirname(sys_get_temp_dir()) . "/")];', $root, ['timeoutMs' => ALTAIR_BOOT_TIMEOUT_MS]);
echo json_encode($r->exception['message'] ?? $r->error ?? null), "\n";
// Storage is in the run's scratch; a booted template's worker finds it in the template's scratch,
// where the boot put it (the parent of the worker's own dir).
$seen = array_map(fn ($v) => $v['value'], $r->result['value'] ?? []);
$in_scratch = $r->sandbox['booted_template'] ? $seen[3] : $seen[2];
echo json_encode([$seen[0], $seen[1], $in_scratch]), "\n";
var_dump(str_contains($r->stderr, 'logged by the snippet'));
var_dump(altair_boot_tree($root) === $before);
// Writes on: the app's own storage, as Laravel would.
$r = altair_eval('Log::info("kept by the app"); return storage_path();', $root, ['timeoutMs' => ALTAIR_BOOT_TIMEOUT_MS, 'allowWrites' => true]);
var_dump($r->result['value'] === $root . '/storage', str_contains((string) @file_get_contents($root . '/storage/logs/laravel.log'), 'kept by the app'), str_contains($r->stderr, 'kept by the app'));
?>
--EXPECT--
null
["Hello, ada!\n","cached",true]
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../../helpers.inc';
altair_test_clean('b003-');
?>
