--TEST--
univeros compatibility: memory_peak_bytes is the snippet's PHP peak, memory_get_peak_usage(true) (needs the host branch's change; fails before it is merged)
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('c008');

// What the snippet itself measures at its end is what the result reports (not the child's RSS).
foreach (['return memory_get_peak_usage(true);',
          '$s = str_repeat("x", 64 * 1024 * 1024); unset($s); return memory_get_peak_usage(true);'] as $snippet) {
    $r = altair_eval($snippet, $root);
    var_dump($r->ok(), $r->memoryPeakBytes === $r->result['value'], $r->toArray()['memory_peak_bytes'] === $r->result['value']);
}
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('c008-');
?>
