--TEST--
Evaluator: a snippet that returns nothing gives null, not the 1 an included file would
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r032');
foreach (['echo 5;', '?>just html', 'function f() {}', 'if (false) { return 7; }', 'return 1;', 'return;', '1;'] as $snippet) {
    $r = altair_eval($snippet, $root);
    echo str_pad($snippet, 26), json_encode($r->result), ' ', json_encode($r->stdout), "\n";
}
?>
--EXPECT--
echo 5;                   {"type":"null","value":null} "5"
?>just html               {"type":"null","value":null} "just html"
function f() {}           {"type":"null","value":null} ""
if (false) { return 7; }  {"type":"null","value":null} ""
return 1;                 {"type":"int","value":1} ""
return;                   {"type":"null","value":null} ""
1;                        {"type":"int","value":1} ""
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r032-');
?>
