--TEST--
Isolation: scratch has a total size cap and an inode cap, reported as limit_exceeded "disk"
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php
require __DIR__ . '/../helpers.inc';
if (($why = altair_view_unavailable()) !== null) die('skip the private view cannot be built here: ' . $why);
?>
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('i010');

// Three files of 60 MB each (each under the 64 MB per-file cap) do not fit in 128 MB.
$bytes = 'for ($i = 0; $i < 3; $i++) { $written[] = @file_put_contents(sys_get_temp_dir() . "/f$i", str_repeat("x", 60 << 20)); } return $written;';
$r = altair_eval($bytes, $root, ['memoryLimitMb' => 256, 'timeoutMs' => altair_generous_ms(20000)]);
var_dump($r->sandbox['scratch_capped'], $r->limitExceeded, $r->result['value'][2]['value']);

// More files than the inode cap allows.
$inodes = 'for ($i = 0; $i < 5000; $i++) { if (@file_put_contents(sys_get_temp_dir() . "/n$i", "") === false) { return $i; } } return -1;';
$r = altair_eval($inodes, $root, ['timeoutMs' => altair_generous_ms(20000)]);
var_dump($r->limitExceeded, $r->result['value'] > 4000 && $r->result['value'] < 4096);

// A run within the caps reports no limit.
$r = altair_eval('file_put_contents(sys_get_temp_dir() . "/small", "x"); return 1;', $root);
var_dump($r->ok, $r->limitExceeded);
?>
--EXPECT--
bool(true)
string(4) "disk"
bool(false)
string(4) "disk"
bool(true)
bool(true)
NULL
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('i010-');
?>
