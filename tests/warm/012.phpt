--TEST--
Warm pool: altair_eval.warm_pool=0 keeps no worker waiting; each request is served by a worker forked for it
--EXTENSIONS--
altair_eval
posix
--INI--
altair_eval.warm_pool=0
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
use Altair\Eval\{EvalRequest, Evaluator};

// A template's live children as its PID namespace numbers them (a worker's getmypid()).
$children = fn (int $parent): array => array_values(altair_test_children($parent));
$root = altair_test_root('w012');
$e = new Evaluator(warm: true);
$served = $workers = [];
foreach ([false, true, false] as $writes) {
    $pid = $e->evaluate(new EvalRequest('return getmypid();', $root, allowWrites: $writes))->result['value'];
    // The template, seen from here (a worker cannot name it where it has a PID namespace of its own).
    $template = altair_test_template();
    $served[] = $pid;
    // Which worker: a number is unique within its template's namespace only.
    $workers[] = "$template:$pid";
    var_dump(array_values(array_diff($children($template), $served)));
}
var_dump(count(array_unique($workers)));
$e->close();
?>
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('w012-');
?>
--EXPECT--
array(0) {
}
array(0) {
}
array(0) {
}
int(3)
