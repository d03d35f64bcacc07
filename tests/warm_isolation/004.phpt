--TEST--
Warm isolation: opcache settings cannot be changed by a snippet
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php if (!extension_loaded('Zend OPcache')) die('skip opcache is not loaded'); ?>
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('wi004');
$names = ['opcache.validate_timestamps', 'opcache.file_update_protection', 'opcache.revalidate_freq', 'opcache.revalidate_path', 'opcache.enable'];
$snippet = 'return array_map(fn ($n) => [ini_get($n), ini_set($n, "0"), ini_restore($n), ini_get($n)], ' . var_export($names, true) . ');';
$r = altair_eval($snippet, $root);
foreach ($r->result['value'] as $i => $entry) {
    [$before, $set, , $after] = array_column($entry['value'], 'value');
    echo $names[$i], ': ', var_export($set, true), ', ', $before === $after ? 'unchanged' : "changed from $before to $after", "\n";
}
var_dump($r->sandbox['ini_locked']);
?>
--EXPECT--
opcache.validate_timestamps: false, unchanged
opcache.file_update_protection: false, unchanged
opcache.revalidate_freq: false, unchanged
opcache.revalidate_path: false, unchanged
opcache.enable: false, unchanged
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('wi004-');
?>
