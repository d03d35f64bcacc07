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
mkdir($root . '/a:b');
// paths are checked when the request is evaluated (a request is a value, as univeros's is)
$evaluate = fn (EvalRequest $request) => (new Evaluator())->evaluate($request);
$cases = [
    fn () => new EvalRequest('', $root),
    fn () => $evaluate(new EvalRequest('return 1;', $root . '/missing')),
    fn () => $evaluate(new EvalRequest('return 1;', $file)),
    fn () => $evaluate(new EvalRequest('return 1;', $root . '/a:b')),
    fn () => $evaluate(new EvalRequest('return 1;', $root, bootstrap: $outside)),
    fn () => $evaluate(new EvalRequest('return 1;', $root, bootstrap: '../' . basename($outside))),
    fn () => $evaluate(new EvalRequest('return 1;', $root, bootstrap: 'missing.php')),
    fn () => $evaluate(new EvalRequest('return 1;', $root, bootstrap: '.')),
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
ValueError: Altair\Eval\Evaluator::evaluate(): Argument #1 ($request) must have an existing directory as $projectRoot, "ROOT/missing" is not
ValueError: Altair\Eval\Evaluator::evaluate(): Argument #1 ($request) must have an existing directory as $projectRoot, "ROOT/file.txt" is not
ValueError: Altair\Eval\Evaluator::evaluate(): Argument #1 ($request) must not have any of the characters " : ; or a line break in $projectRoot ("ROOT/a:b")
ValueError: Altair\Eval\Evaluator::evaluate(): Argument #1 ($request) must have an existing file inside the project root "ROOT" as $bootstrap, "OUTSIDE" is not
ValueError: Altair\Eval\Evaluator::evaluate(): Argument #1 ($request) must have an existing file inside the project root "ROOT" as $bootstrap, "OUTSIDE" is not
ValueError: Altair\Eval\Evaluator::evaluate(): Argument #1 ($request) must have an existing file inside the project root "ROOT" as $bootstrap, "missing.php" is not
ValueError: Altair\Eval\Evaluator::evaluate(): Argument #1 ($request) must have an existing file inside the project root "ROOT" as $bootstrap, "ROOT" is not
ValueError: Altair\Eval\Evaluator::__construct(): Argument #3 ($phpBinary) must be an executable PHP binary, "ROOT/file.txt" is not
ValueError: Altair\Eval\Evaluator::__construct(): Argument #3 ($phpBinary) must be an executable PHP binary, "ROOT/missing-php" is not
array(0) {
}
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r020-');
?>
