--TEST--
Warm: a worker's session.save_path, sys_temp_dir and upload_tmp_dir are its own scratch dir, and a session is written there
--DESCRIPTION--
A worker takes these settings from its request (guest/template/template.c take_request). It set
session.save_path as a runtime change, whose handler resolved the not-yet-made dir against every
open_basedir entry (21 stats on every warm call); it is now set as at activation, with no check,
being the worker's own dir. What the snippet sees must not change: each call its own dir, the
three settings naming it, and a session file written into it.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_test_root('w019');
$snippet = <<<'PHP'
    session_id('altairtest');
    $started = session_start();
    $_SESSION['n'] = 1;
    session_write_close();
    return [__DIR__, ini_get('session.save_path'), sys_get_temp_dir(), ini_get('upload_tmp_dir'), $started,
        is_file(__DIR__ . '/sess_altairtest')];
    PHP;
$e = new Evaluator(warm: true);
$dirs = [];
foreach ([1, 2] as $call) {
    $r = $e->evaluate(new EvalRequest($snippet, $root));
    [$dir, $save, $temp, $upload, $started, $file] = array_column($r->result['value'] ?? [], 'value') + array_fill(0, 6, null);
    $dirs[] = $dir;
    echo "call $call: warm ", json_encode($r->sandbox['booted_template']), ", the three settings name its dir: ",
        json_encode($dir !== null && $save === $dir && $temp === $dir && $upload === $dir),
        ", session started: ", json_encode($started), ", written there: ", json_encode($file), "\n";
    if ($r->result === null) {
        var_dump($r->toArray());
    }
}
echo "each call its own dir: ", json_encode($dirs[0] !== $dirs[1]), "\n";
$e->close();
?>
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('w019');
?>
--EXPECT--
call 1: warm true, the three settings name its dir: true, session started: true, written there: true
call 2: warm true, the three settings name its dir: true, session started: true, written there: true
each call its own dir: true
