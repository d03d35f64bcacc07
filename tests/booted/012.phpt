--TEST--
Booted warm (Symfony): a new class under src/ (a console command, autoconfigured) is in the next booted call's container, as in a cold one's
--DESCRIPTION--
Issue 18 item 2. docs/frameworks.md promises that after an edit of src/ the next call rebuilds the
container. A booted template's container was built by its boot, which lists src/ for its service
resource: a new class there was never seen by the booted calls. The template now records the
directories its boot listed (and Composer's PSR-4 dirs) from before the boot starts and is replaced
when an entry is added there (guest/template/deps.c).
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

$root = altair_test_app('symfony', 'bd012');
$warm = new Evaluator(warm: true);
$cold = new Evaluator();
$snippet = 'return [container("console.command_loader")->has("app:hello"), class_exists(App\Command\HelloCommand::class), posix_getppid()];';
$template = null;
$compare = function (string $step) use ($warm, $cold, $root, $snippet, &$template): void {
    $w = $warm->evaluate(new EvalRequest($snippet, $root, timeoutMs: 20000));
    // The template, seen from here (a worker cannot name it where it has a PID namespace of its own).
    $template_now = altair_test_template();
    $c = $cold->evaluate(new EvalRequest($snippet, $root, timeoutMs: 20000));
    $answer = altair_booted_value($w);
    is_array($answer) && array_pop($answer);
    $served = $template_now;
    $reference = altair_booted_value($c);
    if (is_array($reference)) {
        array_pop($reference);
    }
    echo str_pad($step, 20), json_encode(array_column((array) $answer, 'value')), $answer === $reference ? ' (as cold)' : ' DIFFERS from cold: ' . json_encode($reference),
        $w->sandbox['booted_template'] ? '' : ' NOT BOOTED', $template === null ? '' : ($served === $template ? ', same template' : ', new template'), "\n";
    $template = $served;
};

$compare('first call');
$compare('nothing changed');
file_put_contents("$root/src/Command/HelloCommand.php", "<?php\n\nnamespace App\\Command;\n\nuse Symfony\\Component\\Console\\Command\\Command;\n\n"
    . "class HelloCommand extends Command\n{\n    protected static \$defaultName = 'app:hello';\n}\n");
$compare('a new class in src/');
$warm->close();
?>
--EXPECT--
first call          [false,false] (as cold)
nothing changed     [false,false] (as cold), same template
a new class in src/ [true,true] (as cold), new template
--CLEAN--
<?php
require __DIR__ . '/clean.inc';
altair_clean_roots('bd012');
?>
