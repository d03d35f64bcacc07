--TEST--
Warm: a killed template is replaced transparently; close() stops the templates
--EXTENSIONS--
altair_eval
posix
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('w003');
use Altair\Eval\{Evaluator, EvalRequest};
$evaluator = new Evaluator(warm: true);
$evaluator->evaluate(new EvalRequest('return 1;', $root));
$template = altair_test_template();
posix_kill($template, SIGKILL);
usleep(100000);
$r = $evaluator->evaluate(new EvalRequest('return 6 * 7;', $root));
$replacement = altair_test_template();
var_dump($r->ok, $r->result['value'], $template > 0 && $replacement > 0 && $replacement !== $template);
$evaluator->close();
usleep(100000);
var_dump(file_exists("/proc/$replacement"));
// Usable again after close(): a new template comes up.
var_dump($evaluator->evaluate(new EvalRequest('return 1;', $root))->ok);
?>
--EXPECT--
bool(true)
int(42)
bool(true)
bool(false)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('w003-');
?>
