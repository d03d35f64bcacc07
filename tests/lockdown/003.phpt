--TEST--
Lockdown: the project root is read-only without allowWrites
--DESCRIPTION--
Layer: kernel only (Landlock). open_basedir is the project root, so the ini layer lets every one
of these writes through; Landlock grants the root read access only (scratch read+write).
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('l003');
file_put_contents($root . '/composer.json', '{"name":"altair/l003"}');

$snippet = <<<'PHP'
$root = getcwd();
return json_encode([
    'read' => file_get_contents($root . '/composer.json'),
    'create' => @file_put_contents($root . '/mark', 'x'),
    'overwrite' => @file_put_contents($root . '/composer.json', 'x'),
    'unlink' => @unlink($root . '/composer.json'),
    'rename' => @rename($root . '/composer.json', $root . '/moved.json'),
    'mkdir' => @mkdir($root . '/dir'),
    'scratch' => file_put_contents(__DIR__ . '/ok.txt', 'x'),
]);
PHP;
$r = altair_eval($snippet, $root);
var_dump($r->sandbox['landlock_abi'] >= 1);
foreach (json_decode($r->result['value'], true) as $key => $value) {
    echo $key, ': ', var_export($value, true), "\n";
}
var_dump(file_exists($root . '/mark'), file_exists($root . '/dir'), file_get_contents($root . '/composer.json'));
?>
--EXPECT--
bool(true)
read: '{"name":"altair/l003"}'
create: false
overwrite: false
unlink: false
rename: false
mkdir: false
scratch: 1
bool(false)
bool(false)
string(22) "{"name":"altair/l003"}"
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('l003-');
?>
