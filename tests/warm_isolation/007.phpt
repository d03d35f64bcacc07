--TEST--
Warm isolation: a read-only template does not keep code a write-enabled call has since restored
--DESCRIPTION--
A write-enabled call leaves a changed file (with its old mtime) on disk; a read-only call
compiles it (its template caches it); a second write-enabled call restores the original bytes
and mtime. Validated by timestamp, the read-only template would go on running the change. A
write-enabled evaluation restarts the evaluator's other templates.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('wi007');
mkdir("$root/src");
$file = "$root/src/Greeting.php";
file_put_contents($file, '<?php return "clean";');
touch($file, time() - 60);
$swap = fn (string $to) => '$f = "src/Greeting.php"; $t = filemtime($f); file_put_contents($f, ' . var_export("<?php return \"$to\";", true) . '); touch($f, $t); return true;';
$include = 'return require "src/Greeting.php";';
$results = [];
$results[] = altair_eval($include, $root)->result['value'];
$results[] = altair_eval($swap('changed'), $root, ['allowWrites' => true])->result['value'];
$results[] = altair_eval($include, $root)->result['value'];
$results[] = altair_eval($swap('clean'), $root, ['allowWrites' => true])->result['value'];
$results[] = altair_eval($include, $root)->result['value'];
echo json_encode($results), "\n";
?>
--EXPECT--
["clean",true,"changed",true,"clean"]
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('wi007-');
?>
