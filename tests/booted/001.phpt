--TEST--
Booted warm: a model method, a config value and a .env value edited between two calls are seen by the next call
--DESCRIPTION--
Issue 14 point 1, invalidation: whatever a warm template has loaded, the call after an edit is
served from the edited files (a template that booted the app must be replaced, never reused).
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php
require __DIR__ . '/booted.inc';
if ($why = altair_test_app_missing()) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/booted.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_test_app('laravel', 'b001');
$e = new Evaluator(warm: true);
$probe = new EvalRequest('return implode(" ", [User::find(1)->label(), config("greeting.salutation"), env("ALTAIR_PROBE")]);', $root);

altair_booted_edit("$root/app/Models/User.php", "    public function posts(", "    public function label(): string\n    {\n        return 'first';\n    }\n\n    public function posts(");
file_put_contents("$root/.env", "\nALTAIR_PROBE=one\n", FILE_APPEND);
var_dump(altair_booted_value($e->evaluate($probe)));
var_dump(altair_booted_value($e->evaluate($probe)));

altair_booted_edit("$root/app/Models/User.php", "return 'first';", "return 'second';");
var_dump(altair_booted_value($e->evaluate($probe)));

altair_booted_edit("$root/config/greeting.php", "'Hello'", "'Howdy'");
var_dump(altair_booted_value($e->evaluate($probe)));

altair_booted_edit("$root/.env", "ALTAIR_PROBE=one", "ALTAIR_PROBE=two");
var_dump(altair_booted_value($e->evaluate($probe)));
$e->close();
?>
--EXPECT--
string(15) "first Hello one"
string(15) "first Hello one"
string(16) "second Hello one"
string(16) "second Howdy one"
string(16) "second Howdy two"
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('b001-');
?>
