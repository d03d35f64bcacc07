--TEST--
Warm isolation: with writes, code compiled from a file the snippet then restored does not outlive the call
--DESCRIPTION--
opcache validates by timestamp. A write-enabled snippet rewrote a project file, backdated it,
included it (cached), then restored the bytes and the mtime: later warm calls ran the poisoned
version while the file on disk was identical. Write-enabled workers now compile into their own
memory only.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('wi006');
mkdir("$root/src");
$file = "$root/src/Greeting.php";
file_put_contents($file, '<?php return "clean";');
$mtime = time() - 60;
touch($file, $mtime);
$poison = '$f = "src/Greeting.php"; $clean = file_get_contents($f); $t = filemtime($f);
file_put_contents($f, "<?php return \"poison\";"); touch($f, $t); clearstatcache();
$seen = require $f;
file_put_contents($f, $clean); touch($f, $t); clearstatcache();
return $seen;';
$include = 'return require "src/Greeting.php";';
$first = altair_eval($poison, $root, ['allowWrites' => true]);
$second = altair_eval($include, $root, ['allowWrites' => true]);
$readOnly = altair_eval($include, $root);
clearstatcache();
var_dump($first->result['value'], file_get_contents($file) === '<?php return "clean";', filemtime($file) === $mtime);
var_dump($second->result['value'], $readOnly->result['value']);
?>
--EXPECT--
string(6) "poison"
bool(true)
bool(true)
string(5) "clean"
string(5) "clean"
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('wi006-');
?>
