--TEST--
Booted warm: the template boots once; every call gets a fresh copy of the booted app, from the same template
--DESCRIPTION--
Issue 14 point 1. The boot counts itself and records its pid; each snippet reads the count, then
bumps it. Warm: always 1 (booted once, and what the previous call did is gone), booted in the
worker's parent (the template), which stays the same across calls. Cold: booted in the child itself.
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

$root = altair_booted_project('b005', '$GLOBALS["boots"] = ($GLOBALS["boots"] ?? 0) + 1; $GLOBALS["boot_pid"] = getmypid();');
$snippet = '$seen = [$GLOBALS["boots"], $GLOBALS["boot_pid"] === posix_getppid(), $GLOBALS["boot_pid"] === getmypid(), container("answer"), posix_getppid()];'
    . ' $GLOBALS["boots"]++; return $seen;';

$warm = new Evaluator(warm: true);
$templates = [];
for ($i = 0; $i < 3; $i++) {
    $r = $warm->evaluate(new EvalRequest($snippet, $root));
    $seen = altair_booted_plain($r);
    array_pop($seen);
    // Which template, seen from here: posix_getppid() is 1 in a template's PID namespace of its own.
    $templates[] = altair_test_template();
    echo json_encode([$seen, $r->sandbox['booted_template'], $r->host['framework']]), "\n";
}
var_dump(count(array_unique($templates)));
$warm->close();

$r = (new Evaluator())->evaluate(new EvalRequest($snippet, $root));
$seen = altair_booted_plain($r);
array_pop($seen);
echo json_encode([$seen, $r->sandbox['booted_template']]), "\n";
?>
--EXPECT--
[[1,true,false,42],true,"univeros"]
[[1,true,false,42],true,"univeros"]
[[1,true,false,42],true,"univeros"]
int(1)
[[1,false,true,42],false]
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('b005-');
?>
