--TEST--
EvalRequest never writes an interned string (opcache.protect_memory: env 'clean' with envAllow, and the evaluation that reads them)
--DESCRIPTION--
Issue 18 item 10. This file is cached by opcache, so its literals ('clean', 'DATABASE_URL', the
list holding it) live in opcache's shared memory, which opcache.protect_memory keeps read-only.
Before, the constructor incremented the refcount of each envAllow name in place: SIGSEGV in the
caller. Names come in as literals, as computed strings and through a reference.
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php if (!function_exists('opcache_get_status')) die('skip opcache is not loaded'); ?>
--INI--
opcache.enable=1
opcache.enable_cli=1
opcache.protect_memory=1
opcache.file_update_protection=0
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
use Altair\Eval\EvalRequest;

var_dump(opcache_is_script_cached(__FILE__));
$root = altair_test_root('r050');
putenv('DATABASE_URL=sqlite::memory:');
putenv('ALTAIR_R050_HIDDEN=1');
$computed = 'DATABASE' . '_' . strtoupper('url');
$byReference = ['DATABASE_URL'];
$ref = &$byReference[0];
foreach ([['DATABASE_URL'], [$computed], $byReference] as $allow) {
    $request = new EvalRequest('return [getenv("DATABASE_URL"), getenv("ALTAIR_R050_HIDDEN")];', $root, env: 'clean', envAllow: $allow);
    var_dump($request->env, $request->envAllow);
    $r = altair_evaluator()->evaluate($request);
    echo json_encode(array_map(fn ($v) => $v['value'], $r->result['value'] ?? [])), "\n";
}
// The literal the requests were built from is intact.
var_dump(['DATABASE_URL']);
altair_test_remove($root);
?>
--EXPECT--
bool(true)
string(5) "clean"
array(1) {
  [0]=>
  string(12) "DATABASE_URL"
}
["sqlite::memory:",false]
string(5) "clean"
array(1) {
  [0]=>
  string(12) "DATABASE_URL"
}
["sqlite::memory:",false]
string(5) "clean"
array(1) {
  [0]=>
  string(12) "DATABASE_URL"
}
["sqlite::memory:",false]
array(1) {
  [0]=>
  string(12) "DATABASE_URL"
}
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r050-');
?>
