--TEST--
Booted warm (Laravel): the app's data written or opened between two calls (its SQLite database, logs, sessions, views, cache) leaves the template booted, and each call answers as a cold one; code, Composer's files and a new class file still mean a new boot
--DESCRIPTION--
Issue 36 item 1, "data is not code" (docs/ARCHITECTURE.md, "Booted templates", "What is stale").
The boot's identity (host.boot_id, made by each boot) says whether a call was served by the boot
of the first call. Before: a SQLite client opening the database read-write, or a row written,
made every later call boot again (the boot had opened the database, so its close-after-write and
its journal's creation counted as a change to the boot's files).
--EXTENSIONS--
altair_eval
pdo_sqlite
--SKIPIF--
<?php
require __DIR__ . '/booted.inc';
if ($why = altair_test_app_missing()) die("skip $why");
require __DIR__ . '/boot_probe.inc';
if ($why = altair_booted_unavailable()) die("skip $why (tests/booted/009.phpt checks the reason)");
?>
--FILE--
<?php
require __DIR__ . '/booted.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_test_app('laravel', 'b022');
$warm = new Evaluator(warm: true);
$cold = new Evaluator();
$snippet = 'return [User::count(), method_exists(User::class, "label"), class_exists(App\Models\Tag::class)];';
$boot = $warm->evaluate(new EvalRequest($snippet, $root))->host['boot_id'];
$call = function (string $what) use ($warm, $cold, $snippet, $root, &$boot): void {
    $w = $warm->evaluate(new EvalRequest($snippet, $root));
    $c = $cold->evaluate(new EvalRequest($snippet, $root));
    $same = $w->host['boot_id'] === $boot;
    $boot = $w->host['boot_id'];
    $plain = fn ($value) => json_encode(is_array($value) ? array_column($value, 'value') : $value);
    printf("%-44s warm %s cold %s, %s\n", $what, $plain(altair_booted_value($w)), $plain(altair_booted_value($c)),
        $same ? 'same boot' : 'booted again');
};
$database = "$root/database/database.sqlite";

// Data: the template stays booted, and each call reads the data as it is now.
$client = new PDO("sqlite:$database");
$client->query('SELECT 1')->fetchAll();
$client = null;
$call('a client opened the database and closed it');
$client = new PDO("sqlite:$database");
$client->exec("INSERT INTO users (name, email, password) VALUES ('Dana', 'dana@example.com', 'x')");
$client = null;
$call('a row written (a journal made and removed)');
touch("$database-journal");
unlink("$database-journal");
$client = new PDO("sqlite:$database");
$client->exec('BEGIN; UPDATE users SET name = name; COMMIT;');
$client = null;
$call('a transaction, the journal left by another');
file_put_contents("$root/storage/logs/laravel.log", "[2026-01-01] local.INFO: a line\n", FILE_APPEND);
file_put_contents("$root/storage/logs/worker.log", "started\n");
$call('log lines, a new log file');
file_put_contents("$root/storage/framework/sessions/" . str_repeat('a', 40), 'a:0:{}');
file_put_contents("$root/storage/framework/views/" . sha1('greeting') . '.php', '<?php echo "hi";');
@mkdir("$root/storage/framework/cache/data/ab/cd", 0777, true);
file_put_contents("$root/storage/framework/cache/data/ab/cd/" . sha1('key'), '9999999999s:1:"v";');
$call('a session, a compiled view, a cache entry');
foreach (['config/app.php', '.env', 'vendor/autoload.php', 'routes/console.php'] as $file) {
    file_get_contents("$root/$file");
}
$call('the app\'s PHP files and .env read');
altair_booted_edit("$root/app/Models/User.php", "    public function posts(", "    public function label(): string\n    {\n        return 'edited';\n    }\n\n    public function posts(");
$call('a model the boot never loaded, edited');
$artisan = proc_open([PHP_BINARY, 'artisan', 'migrate:status'], [0 => ['file', '/dev/null', 'r'], 1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes, $root);
$call('the app\'s own artisan command ran (' . proc_close($artisan) . ')');

// Code: a new boot, which answers as the cold one.
file_put_contents("$root/app/Models/Tag.php", "<?php\nnamespace App\\Models;\n\nclass Tag\n{\n}\n");
$call('a new class file in an autoloaded directory');
file_put_contents("$root/vendor/composer/autoload_static.php", "\n// dumped again\n", FILE_APPEND);
$call('Composer\'s autoloader rewritten');
altair_booted_edit("$root/config/app.php", "'name' =>", "'unused' => true,\n    'name' =>");
$call('a config file the boot read, edited');
$warm->close();
?>
--EXPECT--
a client opened the database and closed it   warm [3,false,false] cold [3,false,false], same boot
a row written (a journal made and removed)   warm [4,false,false] cold [4,false,false], same boot
a transaction, the journal left by another   warm [4,false,false] cold [4,false,false], same boot
log lines, a new log file                    warm [4,false,false] cold [4,false,false], same boot
a session, a compiled view, a cache entry    warm [4,false,false] cold [4,false,false], same boot
the app's PHP files and .env read            warm [4,false,false] cold [4,false,false], same boot
a model the boot never loaded, edited        warm [4,true,false] cold [4,true,false], same boot
the app's own artisan command ran (0)        warm [4,true,false] cold [4,true,false], same boot
a new class file in an autoloaded directory  warm [4,true,true] cold [4,true,true], booted again
Composer's autoloader rewritten              warm [4,true,true] cold [4,true,true], booted again
a config file the boot read, edited          warm [4,true,true] cold [4,true,true], booted again
--CLEAN--
<?php
require __DIR__ . '/clean.inc';
altair_clean_roots('b022');
?>
