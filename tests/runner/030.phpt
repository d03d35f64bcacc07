--TEST--
Evaluator: the child runs in the project root, so relative paths resolve inside it
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r030');
file_put_contents($root . '/data.txt', 'inside');
chdir('/');
$r = altair_eval('return [getcwd(), file_get_contents("data.txt")];', $root);
var_dump($r->result['value'][0]['value'] === $root, $r->result['value'][1]['value']);
?>
--EXPECT--
bool(true)
string(6) "inside"
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r030-');
?>
