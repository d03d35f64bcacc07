--TEST--
Warm: a snippet reaches its worker whole whatever its size, in a pipe up to ALTAIR_EVAL_SNIPPET_PIPE_MAX and in a memfd beyond, and its lines stay where they were
--DESCRIPTION--
The host sends a warm call's snippet in a pipe when it fits one (runner/scratch.c snippet_pipe) and
in a sealed memfd otherwise; the worker copies it into its dir with read() from a pipe and pread()
from a file (guest/lockdown/mount.c). Sizes on both sides of the limit (60 KiB as prepared), and
far beyond a pipe's 64 KiB: the value must come back whole and an exception on the last line must
name that line.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_test_root('w020');
$e = new Evaluator(warm: true);
foreach ([0, 61000, 61440, 70000, 1000000] as $padding) {
    // $padding bytes of a comment on line 2, then 50 lines, the last one throws.
    $snippet = "\$s = 'x';\n/*" . str_repeat('p', $padding) . "*/\n" . str_repeat("\$s .= 'y';\n", 50)
        . "if (strlen(\$s) === 51) { throw new RuntimeException('len ' . strlen(\$s)); }";
    $r = $e->evaluate(new EvalRequest($snippet, $root));
    echo $padding, ': ', $r->exception['message'] ?? json_encode($r->error), ' line ', $r->exception['line'] ?? '?', "\n";
    $r = $e->evaluate(new EvalRequest("return strlen('" . str_repeat('z', $padding) . "');", $root));
    var_dump($r->result['value'] === $padding);
}
?>
--EXPECT--
0: len 51 line 53
bool(true)
61000: len 51 line 53
bool(true)
61440: len 51 line 53
bool(true)
70000: len 51 line 53
bool(true)
1000000: len 51 line 53
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('w020-');
?>
