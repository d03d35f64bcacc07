--TEST--
Warm isolation: the opcache functions that read or change the shared cache return false
--DESCRIPTION--
Before, a snippet could list every script earlier calls compiled (opcache_get_status), compile a
file into the cache for later calls (opcache_compile_file), and wipe the cache for the next call
(opcache_reset). They now answer as they do with opcache off. opcache_get_configuration (the
settings only) stays.
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php if (!extension_loaded('Zend OPcache')) die('skip opcache is not loaded'); ?>
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('wi005');
mkdir("$root/src");
file_put_contents("$root/src/Earlier.php", '<?php return "earlier";');
touch("$root/src/Earlier.php", time() - 60);
file_put_contents("$root/src/Other.php", '<?php return "other";');
touch("$root/src/Other.php", time() - 60);
$earlier = altair_eval('return require "src/Earlier.php";', $root);
$r = altair_eval('return [
    opcache_get_status(true),
    opcache_compile_file("src/Other.php"),
    opcache_is_script_cached(' . var_export("$root/src/Earlier.php", true) . '),
    opcache_invalidate(' . var_export("$root/src/Earlier.php", true) . ', true),
    opcache_reset(),
    is_array(opcache_get_configuration()),
];', $root);
var_dump($earlier->result['value']);
echo json_encode(array_column($r->result['value'], 'value')), "\n";
?>
--EXPECT--
string(7) "earlier"
[false,false,false,false,false,true]
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('wi005-');
?>
