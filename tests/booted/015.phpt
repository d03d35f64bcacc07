--TEST--
Booted warm: a project tree the template cannot watch whole is booted per evaluation, and the sandbox says why
--DESCRIPTION--
Issue 18 item 2. A booted template answers only while it knows every change to what its boot
depended on; a directory it cannot watch (here one deeper than it goes) could hold a file the boot
read, changed unseen. Such a tree is served by a plain template: every worker boots the project
itself (guest/template/deps.c), and sandbox.unavailable gives the reason.
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php
require __DIR__ . '/boot_probe.inc';
if ($why = altair_booted_unavailable()) die("skip $why (tests/booted/009.phpt checks the reason)");
?>
--FILE--
<?php
require __DIR__ . '/boot_probe.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_booted_project('bd015', '$GLOBALS["deep"] = file_get_contents(__DIR__ . "/../" . str_repeat("d/", 40) . "value.txt");');
mkdir("$root/" . str_repeat('d/', 40), 0755, true);
file_put_contents("$root/" . str_repeat('d/', 40) . 'value.txt', 'one');

$warm = new Evaluator(warm: true);
$r = $warm->evaluate(new EvalRequest('return $GLOBALS["deep"];', $root));
var_dump(altair_booted_plain($r), $r->sandbox['booted_template']);
echo implode("\n", array_filter($r->sandbox['unavailable'], fn ($line) => str_starts_with($line, 'warm: '))), "\n";
file_put_contents("$root/" . str_repeat('d/', 40) . 'value.txt', 'two');
var_dump(altair_booted_plain($warm->evaluate(new EvalRequest('return $GLOBALS["deep"];', $root))));
$warm->close();
?>
--EXPECTF--
string(3) "one"
bool(false)
warm: the app is booted per evaluation (the project's directories cannot all be watched (%d watched; at most %d, %d deep, and the user's inotify watches))
string(3) "two"
--CLEAN--
<?php
require __DIR__ . '/clean.inc';
altair_clean_roots('bd015');
?>
