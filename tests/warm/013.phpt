--TEST--
Warm pool: with a database relay, each waiting worker of a booted template already has its own network namespace (its listeners made before its request), never the template's or another worker's
--EXTENSIONS--
altair_eval
posix
--INI--
altair_eval.warm_pool=3
--SKIPIF--
<?php
require __DIR__ . '/../booted/boot_probe.inc';
if ($why = altair_booted_unavailable()) die("skip $why");
if ($why = altair_netns_unavailable()) die("skip no network namespace can be made here ($why): each worker's connect() goes to the host instead (lockdown/seccomp.c, interception)");
?>
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
use Altair\Eval\{EvalRequest, Evaluator};

// A template's live children, by their pid here (for /proc) => as its PID namespace numbers them.
$children = fn (int $parent): array => altair_test_children($parent);
$net = fn (int $pid): string => (string) @readlink("/proc/$pid/ns/net");
$root = altair_test_root('w013');
$e = new Evaluator(warm: true);
// A declared database: every worker listens for it in a network namespace of its own (nothing
// needs to answer at the address: no connection is made).
$request = new EvalRequest('return getmypid();', $root, databases: ['mysql://127.0.0.1:3306']);
$served = [];
for ($i = 0; $i < 3; $i++) {
    $r = $e->evaluate($request);
    $served[] = $r->result['value'];
    $template = altair_test_template();
    printf("call %d: ok %s, booted %s, relayed %s\n", $i, var_export($r->ok, true), var_export($r->sandbox['booted_template'], true),
        $r->sandbox['databases'][0]['reached_through'] ?? '?');
    for ($tries = 0; $tries < 500 && count($waiting = array_keys(array_diff($children($template), $served))) < 3; $tries++) {
        usleep(20000);
    }
    // Waiting for their request, each already in a network namespace of its own: a namespace is
    // made once the worker has its listeners ready, so wait for every one to differ from the template's.
    for ($tries = 0; $tries < 500 && array_filter($waiting, fn (int $w): bool => $net($w) === $net($template)); $tries++) {
        usleep(20000);
    }
    $namespaces = array_map($net, $waiting);
    printf("  %d waiting, namespaces distinct: %s, none the template's: %s, none the caller's: %s\n", count($waiting),
        var_export(count(array_unique($namespaces)) === count($namespaces), true),
        var_export(!in_array($net($template), $namespaces, true), true),
        var_export(!in_array($net(getmypid()), $namespaces, true), true));
}
$e->close();
?>
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('w013-');
?>
--EXPECT--
call 0: ok true, booted true, relayed relay
  3 waiting, namespaces distinct: true, none the template's: true, none the caller's: true
call 1: ok true, booted true, relayed relay
  3 waiting, namespaces distinct: true, none the template's: true, none the caller's: true
call 2: ok true, booted true, relayed relay
  3 waiting, namespaces distinct: true, none the template's: true, none the caller's: true
