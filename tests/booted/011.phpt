--TEST--
Booted warm (Laravel): after a new command under app/Console/Commands, and after an edit of a file config/app.php reads with file_get_contents, the booted answer is the cold one
--DESCRIPTION--
Issue 18 item 2. A booted template answered from what its boot saw: the console kernel lists
app/Console/Commands while booting, and config/app.php read a VERSION file without including it,
so neither a new command nor an edited VERSION was seen by the next booted call. The template now
records every file its boot opened and every directory it listed, from before the boot starts
(guest/template/deps.c), and is replaced when any of them changes. An edit to a file the boot never
opened (a seeder) keeps the same template, and its answer is still the cold one.
--EXTENSIONS--
altair_eval
posix
--SKIPIF--
<?php
require __DIR__ . '/booted.inc';
if ($why = altair_test_app_missing()) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/booted.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_test_app('laravel', 'bd011');
altair_booted_edit("$root/app/Console/Kernel.php", "        require base_path('routes/console.php');", "        \$this->load(__DIR__ . '/Commands');\n        require base_path('routes/console.php');");
altair_booted_edit("$root/config/app.php", "    'timezone' => 'UTC',", "    'version' => trim(file_get_contents(base_path('VERSION'))),\n    'timezone' => 'UTC',");
file_put_contents("$root/VERSION", "1.0\n");
$command = fn (string $class, string $name) => "<?php\n\nnamespace App\\Console\\Commands;\n\nuse Illuminate\\Console\\Command;\n\n"
    . "class $class extends Command\n{\n    protected \$signature = '$name';\n\n    public function handle(): int\n    {\n        return 0;\n    }\n}\n";
mkdir("$root/app/Console/Commands");
file_put_contents("$root/app/Console/Commands/FirstCommand.php", $command('FirstCommand', 'app:first'));

$warm = new Evaluator(warm: true);
$cold = new Evaluator();
$snippet = 'return implode(" ", [config("app.version"), implode(",", array_values(array_filter(array_keys(Artisan::all()), fn ($n) => str_starts_with($n, "app:")))),'
    . ' str_contains(file_get_contents(database_path("seeders/DatabaseSeeder.php")), "ALTAIR") ? "marked" : "plain", posix_getppid()]);';
$template = null;
$compare = function (string $step) use ($warm, $cold, $root, $snippet, &$template): void {
    $w = $warm->evaluate(new EvalRequest($snippet, $root, timeoutMs: 20000));
    // The template, seen from here (a worker cannot name it where it has a PID namespace of its own).
    $template_now = altair_test_template();
    $c = $cold->evaluate(new EvalRequest($snippet, $root, timeoutMs: 20000));
    $answer = explode(' ', (string) altair_booted_value($w));
    array_pop($answer);
    $served = $template_now;
    $reference = explode(' ', (string) altair_booted_value($c));
    array_pop($reference);
    echo str_pad($step, 28), implode(' ', $answer), $answer === $reference ? ' (as cold)' : ' DIFFERS from cold: ' . implode(' ', $reference),
        $w->sandbox['booted_template'] ? '' : ' NOT BOOTED', $template === null ? '' : ($served === $template ? ', same template' : ', new template'), "\n";
    $template = $served;
};

$compare('first call');
$compare('nothing changed');
file_put_contents("$root/app/Console/Commands/SecondCommand.php", $command('SecondCommand', 'app:second'));
$compare('new command file');
// The same size, in the same second: only what the boot opened says it changed.
file_put_contents("$root/VERSION", "1.1\n");
$compare('VERSION edited');
file_put_contents("$root/database/seeders/DatabaseSeeder.php", "\n// ALTAIR\n", FILE_APPEND);
$compare('a file it never opened');
unlink("$root/app/Console/Commands/FirstCommand.php");
$compare('a command removed');
$warm->close();
?>
--EXPECT--
first call                  1.0 app:first plain (as cold)
nothing changed             1.0 app:first plain (as cold), same template
new command file            1.0 app:first,app:second plain (as cold), new template
VERSION edited              1.1 app:first,app:second plain (as cold), new template
a file it never opened      1.1 app:first,app:second marked (as cold), same template
a command removed           1.1 app:second marked (as cold), new template
--CLEAN--
<?php
require __DIR__ . '/clean.inc';
altair_clean_roots('bd011');
?>
