--TEST--
Apps: Laravel with no bootstrap file, through bin/altair eval: Eloquent (with and without use), config(), DB, facades, a provider's binding
--DESCRIPTION--
Issue 13 points 1 and 6: the app is detected (artisan + bootstrap/app.php) and its console kernel
booted before the snippet's first line, so the everyday idioms work without calling container();
an app class is reachable by its short name, as in Tinker. The result says what was booted.
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
$root = altair_test_app('laravel', 'a001');

foreach ([
    'use App\Models\User; return User::count();',
    'return App\Models\User::count();',
    'return User::count();',
    'return config("app.name");',
    'return DB::table("users")->count();',
    'return Illuminate\Support\Facades\DB::table("posts")->where("user_id", 1)->value("title");',
    'return Config::get("database.default");',
    'return app(App\Contracts\Greeter::class)->greet("Ada");',
    'return container(App\Contracts\Greeter::class)->greet("Grace");',
    'return App\Models\User::where("email", "grace@example.com")->first()->posts()->count();',
    'return App\Models\User::find(1)->is_admin;',
    'return now()->year >= 2024;',
    'return app()->environment();',
] as $snippet) {
    $r = altair_cli($root, $snippet);
    echo $r['exit'], ' ', altair_value($r['result']), "\n";
}

$host = altair_cli($root, 'return 1;')['result']['host'] ?? null;
echo json_encode([$host['framework'] ?? null, $host['environment'] ?? null]), "\n";
echo preg_match('/^8\.83\.\d+$/', (string) ($host['version'] ?? '')) ? "version ok\n" : 'version ' . json_encode($host) . "\n";
?>
--EXPECT--
0 3
0 3
0 3
0 "Altair Fixture"
0 3
0 "Notes by Ada Lovelace"
0 "sqlite"
0 "Hello, Ada!"
0 "Hello, Grace!"
0 1
0 true
0 true
0 "local"
["laravel","local"]
version ok
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('a001-');
?>
