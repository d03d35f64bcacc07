--TEST--
Isolation: scratch lives outside the project, owner-only, and nothing is ever created in the project tree
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('i001');

foreach ([false, true] as $writes) {
    $r = altair_eval('file_put_contents(sys_get_temp_dir() . "/t", "x"); return [sys_get_temp_dir(), __DIR__];', $root, ['allowWrites' => $writes]);
    [$temp, $dir] = [$r->result['value'][0]['value'], $r->result['value'][1]['value']];
    var_dump($r->ok, str_starts_with($temp, $root), str_starts_with($dir, $root), $temp === $dir);
}
// open_basedir names the project and this run's own scratch dir only (a warm worker narrows the
// template's, which names the base of every scratch dir).
// A booted template's worker keeps the template's scratch (the boot's files are there; the template
// checks after each worker that nothing but the worker's own dir in it was touched: tests/booted).
$r = altair_eval('return [ini_get("open_basedir"), sys_get_temp_dir()];', $root);
$own = $r->result['value'][1]['value'];
var_dump($r->result['value'][0]['value'] === $root . ':' . ($r->sandbox['booted_template'] ? dirname($own) : $own));
$base = altair_scratch_base();
$info = stat($base);
printf("base %o owned by us: %s\n", $info['mode'] & 0777, var_export($info['uid'] === posix_geteuid(), true));
var_dump(str_starts_with($base, $root), scandir($root), altair_scratch_dirs($root));
?>
--EXPECT--
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
base 700 owned by us: true
bool(false)
array(2) {
  [0]=>
  string(1) "."
  [1]=>
  string(2) ".."
}
array(0) {
}
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('i001-');
?>
