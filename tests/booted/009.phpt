--TEST--
Booted warm: a template boots the project exactly when the kernel can hold it (Landlock ABI 6), and says why not otherwise
--DESCRIPTION--
Kernels differ: booted templates need Landlock with signal scoping (ABI >= 6) and seccomp. The
private view is not needed (issue 34: inside a container, whose seccomp profile refuses the mount
namespace, the template keeps its scratch in a dir of its own on disk). Where they hold, a
read-only warm evaluation is served by a booted template; where not, it is served by a plain one
and sandbox.unavailable gives the reason. A write-enabled one is never booted (its workers may
change what the boot loaded). This test runs everywhere.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/boot_probe.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_booted_project('b009', '');
$warm = new Evaluator(warm: true);
$s = $warm->evaluate(new EvalRequest('return container("answer");', $root))->sandbox;
$capable = $s['landlock_abi'] >= 6 && $s['seccomp'];
$why = array_values(array_filter($s['unavailable'], fn ($line) => str_starts_with($line, 'warm: the app is booted per evaluation (')));
var_dump($s['booted_template'] === $capable, $s['booted_template'] ? $why === [] : count($why) === 1);
$writes = $warm->evaluate(new EvalRequest('return container("answer");', $root, allowWrites: true));
var_dump($writes->ok, $writes->sandbox['booted_template']);
$warm->close();
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('b009-');
?>
