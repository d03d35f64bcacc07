--TEST--
Isolation: a scratch tree deeper than any fixed limit is removed, by the run that made it and by the sweep after a killed caller
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('i002');

// unsafe: no private view, so the snippet writes into the host's scratch dir itself and the
// evaluator's removal is what is tested (with the view, scratch is a tmpfs that vanishes).
$deep = 'mkdir(__DIR__ . str_repeat("/d", 300), 0700, true); file_put_contents(__DIR__ . str_repeat("/d", 300) . "/f", "x");'
    . ' mkdir(__DIR__ . "/locked/in", 0700, true); chmod(__DIR__ . "/locked", 0500); return 1;';
$r = altair_eval($deep, $root, ['unsafe' => true]);
var_dump($r->ok, altair_scratch_dirs($root));

// A tree of the same depth left by a caller that is gone: swept by the next evaluation.
$base = altair_scratch_base();
$stale = $base . '/999999998-feedfacefeedface';
// Built beside the base and renamed in whole: any evaluation running meanwhile on this machine
// sweeps the base too, and must never meet the tree half made.
$building = dirname($base) . '/altair-eval-test-i002-stale-' . getmypid();
mkdir($building . str_repeat('/d', 300), 0700, true);
file_put_contents($building . str_repeat('/d', 300) . '/f', 'x');
rename($building, $stale);
$r = altair_eval('return 2;', $root);
var_dump($r->ok, file_exists($stale));
?>
--EXPECT--
bool(true)
array(0) {
}
bool(true)
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('i002-');
?>
