--TEST--
Evaluator: the scratch directory is removed on every path
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r017');

foreach (['return 1;', 'throw new Exception("x");', 'function f(){} function f(){}', 'return 1 +;', 'exit(4);',
          'while (true) {}', 'mkdir(__DIR__ . "/deep/er", 0700, true); file_put_contents(__DIR__ . "/deep/er/f", "x"); symlink("/etc", __DIR__ . "/link"); return 1;'] as $snippet) {
    // symlink() is disabled in the sandbox; unsafe lets the snippet plant one so removal is tested.
    $r = altair_eval($snippet, $root, ['timeoutMs' => str_contains($snippet, 'while') ? 300 : altair_generous_ms(5000), 'unsafe' => str_contains($snippet, 'symlink')]);
    echo json_encode(altair_scratch_dirs($root)), ' ', $r->exitCode, "\n";
}
var_dump(file_exists($root . '/.altair'), file_exists('/etc/passwd'));
?>
--EXPECT--
[] 0
[] 1
[] 255
[] 1
[] 4
[] 124
[] 0
bool(false)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r017-');
?>
