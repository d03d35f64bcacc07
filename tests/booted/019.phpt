--TEST--
Booted warm: a pooled worker's Landlock layer and seccomp filter go in before its request, and every call still gets its own limits and guards
--DESCRIPTION--
Issue 21 (the warm path at its limit): a booted template's waiting worker installs its Landlock
layer and its seccomp filter while it waits (guest/lockdown/booted.c, lock_ahead). What the worker
does after its request came must still hold per call: RLIMIT_CPU lowered to that call's own
timeout (the filter lets the worker lower its own, never raise it), the result channel on 3 and
sealed (the request's channel lands there without the dup2 the filter refuses), and the filter and
Landlock in force for the snippet: no copy of the channel, no write outside its own dir, no
setrlimit. (Processes and the network in booted workers: tests/lockdown and tests/isolation in the
warm pass, tests/booted/006.) Three calls with different timeouts, served by pooled workers. The
sandbox says nothing missing beyond what a cold child here says (inside a container: the
namespaces its profile refuses).
--EXTENSIONS--
altair_eval
posix
--SKIPIF--
<?php
require __DIR__ . '/boot_probe.inc';
if ($why = altair_booted_unavailable()) die("skip $why (tests/booted/009.phpt checks the reason)");
?>
--FILE--
<?php
require __DIR__ . '/boot_probe.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_booted_project('b019', '');
$snippet = '$root = ' . var_export($root, true) . ";\n" . <<<'PHP'
$limits = posix_getrlimit();
return [
    'cpu' => $limits['soft cpu'] . '/' . $limits['hard cpu'],
    'dup the channel' => @fopen('php://fd/3', 'w') !== false,
    'write the project' => @file_put_contents("$root/written", 'x') !== false,
    'write its own dir' => file_put_contents(sys_get_temp_dir() . '/mine', 'x') === 1,
    'setrlimit' => function_exists('posix_setrlimit'),
    'pid' => getmypid(),
];
PHP;
$e = new Evaluator(warm: true);
$pids = [];
foreach ([2500, 9000, 1000] as $timeout) {
    $r = $e->evaluate(new EvalRequest($snippet, $root, timeoutMs: $timeout));
    $value = altair_booted_plain($r);
    $pids[] = $value['pid'] ?? null;
    unset($value['pid']);
    echo json_encode($value), "\n";
    $s = $r->sandbox;
    echo json_encode([$s['booted_template'], $s['seccomp'], $s['landlock_abi'] >= 1, $s['processes_blocked'],
        $s['parent_death'], $s['rlimits'], $s['result_channel'], array_values(array_diff($s['unavailable'], altair_cold_notes()))]), "\n";
}
var_dump(count(array_unique($pids)) === 3);
var_dump(file_exists("$root/written"));
$e->close();
?>
--EXPECT--
{"cpu":"4\/5","dup the channel":false,"write the project":false,"write its own dir":true,"setrlimit":false}
[true,true,true,true,true,true,true,[]]
{"cpu":"10\/11","dup the channel":false,"write the project":false,"write its own dir":true,"setrlimit":false}
[true,true,true,true,true,true,true,[]]
{"cpu":"2\/3","dup the channel":false,"write the project":false,"write its own dir":true,"setrlimit":false}
[true,true,true,true,true,true,true,[]]
bool(true)
bool(false)
--CLEAN--
<?php
require __DIR__ . '/clean.inc';
altair_clean_roots('b019');
?>
