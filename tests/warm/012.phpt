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

$children = function (int $parent): array {
    $found = [];
    foreach (glob('/proc/[0-9]*/stat') as $file) {
        $stat = (string) @file_get_contents($file);
        $fields = $stat === '' ? [] : explode(' ', substr($stat, strrpos($stat, ') ') + 2));
        if ($fields && (int) $fields[1] === $parent && $fields[0] !== 'Z') {
            $found[] = (int) basename(dirname($file));
        }
    }
    return $found;
};
$root = altair_test_root('w012');
$e = new Evaluator(warm: true);
$served = [];
foreach ([false, true, false] as $writes) {
    [$pid, $template] = array_column($e->evaluate(new EvalRequest('return [getmypid(), posix_getppid()];', $root, allowWrites: $writes))->result['value'], 'value');
    $served[] = $pid;
    var_dump(array_values(array_diff($children($template), $served)));
}
var_dump(count(array_unique($served)));
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
