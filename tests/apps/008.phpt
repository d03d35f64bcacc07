--TEST--
Apps: the same idioms through the MCP server (bin/altair mcp, JSON-RPC over stdio), no bootstrap, on both apps
--DESCRIPTION--
Issue 13 point 8: an agent without a shell uses framework__eval. Laravel: Eloquent by short name,
config(), a facade, Log::info() reaching the result; Symfony: a private Doctrine repository (which
needs assert(): refused before, and --unsafe is not available over MCP). Both read-only: the
database and the tree unchanged; allow_writes refused unless the server allows it (either spelling).
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

$root = altair_test_app('laravel', 'a008');
$before = altair_tree($root);
$answers = altair_mcp($root, [
    ['snippet' => 'return User::count();'],
    ['snippet' => 'return config("app.name");'],
    ['snippet' => 'return DB::table("users")->where("is_admin", true)->value("email");'],
    ['snippet' => 'Log::warning("mcp-log-line-7"); return true;'],
    ['snippet' => 'return view("greeting", ["name" => "Linus", "count" => 3])->render();'],
    ['snippet' => 'return 1;', 'allow_writes' => true],
]);
foreach (array_slice($answers, 0, 5) as $answer) {
    echo 'laravel ', altair_value($answer), "\n";
}
echo 'laravel log line: ', str_contains(json_encode([$answers[3]['stderr'] ?? '', $answers[3]['logs'] ?? null]), 'mcp-log-line-7') ? 'in the result' : 'missing', "\n";
echo 'laravel allow_writes: ', json_encode($answers[5]['result']['isError'] ?? null), "\n";
echo 'laravel tree: ', json_encode(altair_tree_diff($before, altair_tree($root))), "\n";

$root = altair_test_app('symfony', 'a008b');
$before = altair_tree($root);
$answers = altair_mcp($root, [
    ['snippet' => 'return container(App\Repository\ProductRepository::class)->count([]);'],
    ['snippet' => 'return container(App\Repository\ProductRepository::class)->find(3)->getName();'],
    ['snippet' => 'return container()->getParameter("kernel.environment");'],
    ['snippet' => 'return 1;', 'allow_writes' => true],
], ['--writes']);
foreach (array_slice($answers, 0, 3) as $answer) {
    echo 'symfony ', altair_value($answer), "\n";
}
echo 'symfony allow_writes with --writes: ', altair_value($answers[3]), "\n";
echo 'symfony tree: ', json_encode(altair_tree_diff($before, altair_tree($root))), "\n";
?>
--EXPECT--
laravel 3
laravel "Altair Fixture"
laravel "ada@example.com"
laravel true
laravel "<p>Hello, Linus! There are 3 users.</p>\n"
laravel log line: in the result
laravel allow_writes: true
laravel tree: []
symfony 3
symfony "Mug"
symfony "dev"
symfony allow_writes with --writes: 1
symfony tree: []
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('a008');
?>
