--TEST--
Lockdown: a file past RLIMIT_FSIZE ends the child with SIGXFSZ
--DESCRIPTION--
Layer: kernel only (RLIMIT_FSIZE = ALTAIR_EVAL_RLIMIT_FSIZE_BYTES, 64 MiB); nothing at the ini
layer bounds file size. The write goes to scratch (sys_temp_dir), which Landlock lets it write.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('l008');

$snippet = '$f = fopen(sys_get_temp_dir() . "/big", "w"); fseek($f, 64 * 1024 * 1024); fwrite($f, "x"); return "survived";';
$r = altair_eval($snippet, $root);
var_dump($r->ok, $r->result, $r->signal === SIGXFSZ, $r->limitExceeded, $r->sandbox['rlimits'] ?? null);
var_dump(altair_scratch_dirs($root));
?>
--EXPECT--
bool(false)
NULL
bool(true)
string(9) "file_size"
bool(true)
array(0) {
}
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('l008-');
?>
