--TEST--
Lockdown: allowWrites opens the project root for writing, and nothing outside it
--DESCRIPTION--
Layer: kernel (Landlock read+write beneath the root) for the first write; the write outside the
root is stopped by open_basedir first and Landlock second.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('l004');
$outside = $root . '-outside';
@mkdir($outside);

$snippet = sprintf('return json_encode([@file_put_contents(getcwd() . "/written", "x"), @file_put_contents(%s, "x")]);', var_export($outside . '/mark', true));
$r = altair_eval($snippet, $root, ['allowWrites' => true]);
var_dump(...json_decode($r->result['value'], true));
var_dump(file_get_contents($root . '/written'), file_exists($outside . '/mark'));
?>
--EXPECT--
int(1)
bool(false)
string(1) "x"
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('l004-');
?>
