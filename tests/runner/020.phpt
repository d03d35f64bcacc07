--TEST--
EvalRequest and Evaluator: bad input fails in the caller with a clear exception
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r020');

use Altair\Eval\{EvalRequest, Evaluator};
$file = $root . '/file.txt'; touch($file);
$outside = tempnam(sys_get_temp_dir(), 'altair-outside');
$cases = [
    fn () => new EvalRequest('', $root),
    fn () => new EvalRequest('return 1;', $root . '/missing'),
    fn () => new EvalRequest('return 1;', $file),
    fn () => new EvalRequest('return 1;', $root, bootstrap: $outside),
    fn () => new EvalRequest('return 1;', $root, bootstrap: '../' . basename($outside)),
    fn () => new EvalRequest('return 1;', $root, bootstrap: 'missing.php'),
    fn () => new Evaluator(phpBinary: $file),
    fn () => new Evaluator(phpBinary: $root . "/missing-php"),
];
foreach ($cases as $case) {
    try { $case(); echo "no exception\n"; } catch (Throwable $e) { echo get_class($e), ': ', str_replace([$root, $outside], ['ROOT', 'OUTSIDE'], $e->getMessage()), "\n"; }
}
unlink($outside);
var_dump(altair_scratch_dirs($root));
?>
--EXPECTF--
ValueError: Altair\Eval\EvalRequest::__construct(): Argument #1 ($snippet) must not be empty
ValueError: Altair\Eval\EvalRequest::__construct(): Argument #2 ($projectRoot) must be an existing directory, "ROOT/missing" is not
ValueError: Altair\Eval\EvalRequest::__construct(): Argument #2 ($projectRoot) must be an existing directory, "ROOT/file.txt" is not
ValueError: Altair\Eval\EvalRequest::__construct(): Argument #8 ($bootstrap) must be an existing file inside the project root "ROOT", "OUTSIDE" is not
ValueError: Altair\Eval\EvalRequest::__construct(): Argument #8 ($bootstrap) must be an existing file inside the project root "ROOT", "../%s" is not
ValueError: Altair\Eval\EvalRequest::__construct(): Argument #8 ($bootstrap) must be an existing file inside the project root "ROOT", "missing.php" is not
ValueError: Altair\Eval\Evaluator::__construct(): Argument #3 ($phpBinary) must be an executable PHP binary, "ROOT/file.txt" is not
ValueError: Altair\Eval\Evaluator::__construct(): Argument #3 ($phpBinary) must be an executable PHP binary, "ROOT/missing-php" is not
array(0) {
}
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
foreach (glob(sys_get_temp_dir() . '/altair-eval-test-r020-*') as $d) altair_test_remove($d);
?>
