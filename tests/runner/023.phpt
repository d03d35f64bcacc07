--TEST--
Evaluator: scratch directories left by a dead caller are swept by the next run
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r023');

$base = altair_scratch_base();
mkdir($base . '/999999999-deadbeefdeadbeef', 0700, true);
touch($base . '/999999999-deadbeefdeadbeef/snippet.php');
mkdir($base . '/' . getmypid() . '-0000000000000000', 0700, true);
touch($base . '/' . getmypid() . '-0000000000000000', time() - 3600);
$r = altair_eval('return 1;', $root);
var_dump($r->ok, altair_scratch_dirs($root), is_dir($base . '/999999999-deadbeefdeadbeef'));
?>
--EXPECT--
bool(true)
array(0) {
}
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r023-');
?>
