--TEST--
univeros compatibility: Evaluator takes univeros's (SubprocessRunner, WrapperBuilder, phpBinary) call, as its EvalConfiguration makes it; this project's named arguments still work
--EXTENSIONS--
altair_eval
--FILE--
<?php
// Stand-ins under univeros's names: its collaborators are plain userland objects the native
// evaluator accepts and does not use.
namespace Altair\Eval\Runner {
    final class SubprocessRunner {}
    final class WrapperBuilder {}
}

namespace {
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('c003');

use Altair\Eval\{EvalRequest, Evaluator};
use Altair\Eval\Runner\{SubprocessRunner, WrapperBuilder};

// univeros's default binary is the bare name "php": looked up in PATH, as proc_open's shell would
putenv('PATH=/nonexistent:' . dirname(PHP_BINARY));
$name = basename(PHP_BINARY);

// EvalConfiguration's factory, verbatim in shape
$binary = $name;
$factory = static fn (): Evaluator => new Evaluator(new SubprocessRunner(), new WrapperBuilder(), $binary);
$e = $factory();
var_dump($e->phpBinary === PHP_BINARY, $e->warm);
$r = $e->evaluate(new EvalRequest('return 1 + 1;', $root));
var_dump($r->ok(), $r->result);

// univeros's other call shapes: no argument, and its defaults spelled out by name
foreach ([new Evaluator(), new Evaluator(new SubprocessRunner()), new Evaluator(runner: new SubprocessRunner(), builder: new WrapperBuilder(), phpBinary: $name)] as $e) {
    echo $e->phpBinary === PHP_BINARY ? 'same binary' : 'other binary', ' ', json_encode($e->evaluate(new EvalRequest('return "x";', $root))->result), "\n";
}

// this project's named arguments, alone and after univeros's
$e = new Evaluator(warm: true);
var_dump($e->warm, $e->evaluate(new EvalRequest('return 3;', $root))->result['value']);
$e->close();
$e = new Evaluator(new SubprocessRunner(), new WrapperBuilder(), PHP_BINARY, true);
var_dump($e->warm, $e->evaluate(new EvalRequest('return 4;', $root))->result['value']);
$e->close();
var_dump((new Evaluator(phpBinary: PHP_BINARY))->phpBinary === PHP_BINARY);

// a binary passed first, as this project's 0.1 allowed, is now a clear TypeError: pass it by name
// (a string in univeros's SubprocessRunner slot would otherwise be silently ignored)
try { new Evaluator(PHP_BINARY); } catch (TypeError $t) { echo get_class($t), ': ', $t->getMessage(), "\n"; }
// a name that PATH does not hold, and an empty one
foreach (['no-such-php-binary', ''] as $bad) {
    try { new Evaluator(phpBinary: $bad); } catch (ValueError $t) { echo get_class($t), ': ', $t->getMessage(), "\n"; }
}
var_dump(altair_scratch_dirs($root));
}
?>
--EXPECT--
bool(true)
bool(false)
bool(true)
array(2) {
  ["type"]=>
  string(3) "int"
  ["value"]=>
  int(2)
}
same binary {"type":"string","value":"x"}
same binary {"type":"string","value":"x"}
same binary {"type":"string","value":"x"}
bool(true)
int(3)
bool(true)
int(4)
bool(true)
TypeError: Altair\Eval\Evaluator::__construct(): Argument #1 ($runner) must be of type ?object, string given
ValueError: Altair\Eval\Evaluator::__construct(): Argument #3 ($phpBinary) must be an executable PHP binary, "no-such-php-binary" is not
ValueError: Altair\Eval\Evaluator::__construct(): Argument #3 ($phpBinary) must be an executable PHP binary, "" is not
array(0) {
}
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('c003-');
?>
