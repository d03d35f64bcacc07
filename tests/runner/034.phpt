--TEST--
Evaluator: memory_peak_bytes is the snippet's PHP peak and memory_peak_rss_bytes the child's own, not the caller's
--EXTENSIONS--
altair_eval
--INI--
memory_limit=-1
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r034');
$mb = 1024 * 1024;

// The caller holds 300 MB (touched, so resident); the child's figures must not include it.
$ballast = str_repeat('x', 300 * $mb);
$r = altair_eval('return 1;', $root);
var_dump($r->memoryPeakBytes > 0 && $r->memoryPeakBytes < 20 * $mb);
var_dump($r->memoryPeakRssBytes > 0 && $r->memoryPeakRssBytes < 150 * $mb);
var_dump($r->toArray()['memory_peak_rss_bytes'] === $r->memoryPeakRssBytes);
unset($ballast);

// A snippet that allocates 40 MB reports at least that, in both figures.
$r = altair_eval('$s = str_repeat("a", 40 * 1024 * 1024); return strlen($s);', $root);
var_dump($r->memoryPeakBytes >= 40 * $mb, $r->memoryPeakRssBytes >= 40 * $mb);
// memory_get_peak_usage(true) inside the snippet is what the result reports.
$r = altair_eval('$s = str_repeat("a", 8 * 1024 * 1024); return memory_get_peak_usage(true);', $root);
var_dump($r->result['value'] <= $r->memoryPeakBytes);

// Killed before it could report: no figures rather than wrong ones.
$r = altair_eval('while (true) {}', $root, ['timeoutMs' => 300]);
var_dump($r->memoryPeakBytes, $r->memoryPeakRssBytes);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
NULL
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r034-');
?>
