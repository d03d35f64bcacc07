--TEST--
Apps: Laravel read-only that still works: Log::info() reaches the result, view()->render() compiles, the project is left as it was
--DESCRIPTION--
Issue 13 point 3: with writes off, storage/ (logs, compiled views, file cache) goes to the
evaluation's scratch; the log line is in the result; storage/ and the rest of the tree are unchanged.
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php
require __DIR__ . '/apps.inc';
if ($why = altair_test_app_missing()) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/apps.inc';
$root = altair_test_app('laravel', 'a002');
$before = altair_tree($root);

$r = altair_cli($root, 'Log::info("altair-log-line-42"); return "logged";');
echo $r['exit'], ' ', altair_value($r['result']), "\n";
$logs = json_encode([$r['result']['stderr'] ?? '', $r['result']['logs'] ?? null]);
echo str_contains($logs, 'altair-log-line-42') ? "log line in the result\n" : "log line missing: $logs\n";

$r = altair_cli($root, 'return view("greeting", ["name" => "Ada", "count" => User::count()])->render();');
echo $r['exit'], ' ', altair_value($r['result']), "\n";

$r = altair_cli($root, 'Cache::put("k", "v", 60); return Cache::get("k");');
echo $r['exit'], ' ', altair_value($r['result']), "\n";

echo json_encode(altair_tree_diff($before, altair_tree($root))), "\n";
?>
--EXPECT--
0 "logged"
log line in the result
0 "<p>Hello, Ada! There are 3 users.</p>\n"
0 "v"
[]
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('a002-');
?>
