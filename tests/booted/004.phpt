--TEST--
Booted warm: each call starts from the app as booted (container, config, statics), from the same template
--EXTENSIONS--
altair_eval
posix
--SKIPIF--
<?php
require __DIR__ . '/booted.inc';
if ($why = altair_test_app_missing()) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/booted.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_test_app('laravel', 'b004');
$e = new Evaluator(warm: true);
// Every call changes the container, the config, a model's static state and the database
// connection's state, and reports what it found before changing them.
$snippet = <<<'PHP'
    $found = [
        app()->bound('altair.probe') ? app('altair.probe') : 0,
        config('greeting.salutation'),
        User::getEventDispatcher() === null ? 'no dispatcher' : 'dispatcher',
        count(DB::getQueryLog()),
    ];
    app()->instance('altair.probe', $found[0] + 1);
    config(['greeting.salutation' => 'Changed']);
    User::unsetEventDispatcher();
    DB::enableQueryLog();
    User::count();
    return json_encode([0, $found]);
    PHP;
$calls = [];
for ($i = 0; $i < 3; $i++) {
    $calls[] = json_decode(altair_booted_value($e->evaluate(new EvalRequest($snippet, $root))), true);
    // The template, seen from here (a worker cannot name it where it has a PID namespace of its own).
    $calls[$i][0] = altair_test_template();
}
var_dump(count(array_unique(array_column($calls, 0))) === 1 && $calls[0][0] > 1);
echo json_encode(array_column($calls, 1)), "\n";
$e->close();
?>
--EXPECT--
bool(true)
[[0,"Hello","dispatcher",0],[0,"Hello","dispatcher",0],[0,"Hello","dispatcher",0]]
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('b004-');
?>
