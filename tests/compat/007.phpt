--TEST--
EvalRequest: a snippet longer than MAX_SNIPPET_BYTES is refused with a ValueError before anything runs; one of exactly that size runs
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('c007');
use Altair\Eval\EvalRequest;

var_dump(EvalRequest::MAX_SNIPPET_BYTES);

// exactly the maximum: a comment fills it, and it runs
$prefix = 'return strlen("ok"); // ';
$snippet = $prefix . str_repeat('x', EvalRequest::MAX_SNIPPET_BYTES - strlen($prefix));
$r = altair_eval($snippet, $root);
var_dump(strlen($snippet), $r->ok(), $r->result);

// one byte more, and the 11 MB that used to end in a SIGKILL (exit 137): refused in the caller
foreach ([$snippet . 'x', 'return 1; // ' . str_repeat('y', 11 * 1024 * 1024)] as $long) {
    try {
        new EvalRequest($long, $root);
        echo "accepted\n";
    } catch (ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
// nothing ran: no scratch directory was made
var_dump(altair_scratch_dirs($root));
?>
--EXPECT--
int(1048576)
int(1048576)
bool(true)
array(2) {
  ["type"]=>
  string(3) "int"
  ["value"]=>
  int(2)
}
ValueError: Altair\Eval\EvalRequest::__construct(): Argument #1 ($snippet) must not be longer than EvalRequest::MAX_SNIPPET_BYTES (1048576 bytes), 1048577 bytes given
ValueError: Altair\Eval\EvalRequest::__construct(): Argument #1 ($snippet) must not be longer than EvalRequest::MAX_SNIPPET_BYTES (1048576 bytes), 11534349 bytes given
array(0) {
}
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('c007-');
?>
