--TEST--
Evaluator: FFI is disabled
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r011');

if (!extension_loaded('ffi')) { echo "FFI not loaded in this PHP: nothing to break\n"; }
$r = altair_eval('$ffi = FFI::cdef("int getpid(void);"); return $ffi->getpid();', $root);
var_dump($r->ok, $r->exception['class'] ?? null, $r->sandbox['ffi_disabled']);
$r = altair_eval('ini_set("ffi.enable", "1"); return ini_get("ffi.enable");', $root);
var_dump($r->result['value']);
?>
--EXPECT--
bool(false)
string(13) "FFI\Exception"
bool(true)
string(1) "0"
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r011-');
?>
