--TEST--
Booted warm: a file edited while the template is booting, after the boot read it, is seen by the next call
--DESCRIPTION--
Issue 18 item 2: what a booted template depends on is recorded from before its boot starts. The
boot reads data.php, then waits on a FIFO (under node_modules/, which the template never watches)
until a helper process has edited data.php. That template knows at the end of its boot that what it
read changed, so it never answers: the first call is served by a new one, which reads the edited
file, and so is the next, as a cold child. Stat'ing the boot's files after the boot (as the template
did) took the edited file for the one the boot had read, and kept serving the old value.
--EXTENSIONS--
altair_eval
posix
--SKIPIF--
<?php
require __DIR__ . '/boot_probe.inc';
if ($why = altair_booted_unavailable()) die("skip $why (tests/booted/009.phpt checks the reason)");
?>
--FILE--
<?php
require __DIR__ . '/boot_probe.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_booted_project('bd013', <<<'PHP'
$GLOBALS['data'] = require __DIR__ . '/../data.php';
$fifo = __DIR__ . '/../node_modules/sync';
if (file_exists($fifo)) {
    // Blocks until the helper opened it for writing (after this boot read data.php).
    fread(fopen($fifo, 'r'), 2);
}
PHP);
file_put_contents("$root/data.php", '<?php return "one";');
mkdir("$root/node_modules");
posix_mkfifo("$root/node_modules/sync", 0600);

// The helper: waits for the boot to open the FIFO, edits data.php, removes the FIFO, lets the boot go on.
$helper = proc_open([PHP_BINARY, '-n', '-r', '[$fifo, $data] = array_slice($argv, 1); $w = fopen($fifo, "w");'
    . ' file_put_contents($data, "<?php return \"two\";"); unlink($fifo); fwrite($w, "go"); fclose($w);', "$root/node_modules/sync", "$root/data.php"],
    [0 => ['file', '/dev/null', 'r'], 1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes);

$warm = new Evaluator(warm: true);
$snippet = 'return [$GLOBALS["data"], posix_getppid()];';
$first = altair_booted_plain($warm->evaluate(new EvalRequest($snippet, $root, timeoutMs: 20000)));
// The template, seen from here (a worker cannot name it where it has a PID namespace of its own);
// the helper is this process's child too.
$template = fn (): array => array_values(array_diff(altair_test_templates(), [proc_get_status($helper)['pid']]));
$first[1] = $template();
$helperPid = proc_get_status($helper)['pid'];
proc_close($helper);
$second = $warm->evaluate(new EvalRequest($snippet, $root));
$secondTemplate = array_values(array_diff(altair_test_templates(), [$helperPid]));
$cold = (new Evaluator())->evaluate(new EvalRequest($snippet, $root));
var_dump($first[0], file_exists("$root/node_modules/sync"));
var_dump($second->sandbox['booted_template'], altair_booted_plain($second)[0], altair_booted_plain($cold)[0]);
var_dump(count($first[1]) === 1 && $secondTemplate === $first[1]);
$warm->close();
?>
--EXPECT--
string(3) "two"
bool(false)
bool(true)
string(3) "two"
string(3) "two"
bool(true)
--CLEAN--
<?php
require __DIR__ . '/clean.inc';
altair_clean_roots('bd013');
?>
