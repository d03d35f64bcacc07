--TEST--
Warm pool: a request goes to a worker the template forked before it came, each worker serves one evaluation, the pool is refilled to altair_eval.warm_pool, and a stale template's pool goes with it
--EXTENSIONS--
altair_eval
posix
--INI--
altair_eval.warm_pool=3
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
require __DIR__ . '/../booted/boot_probe.inc';
use Altair\Eval\{EvalRequest, Evaluator};

var_dump(ini_get('altair_eval.warm_pool'));
// The live (not zombie) children of a template, as its PID namespace numbers them (a worker's
// getmypid()), and the same by their pid here.
$children = fn (int $parent): array => array_values(altair_test_children($parent));
$hostPids = fn (int $parent, array $numbers): array => array_keys(array_intersect(altair_test_children($parent), $numbers));
$root = altair_booted_project('w011', '$GLOBALS["booted"] = ($GLOBALS["booted"] ?? 0) + 1;');
$e = new Evaluator(warm: true);
$code = 'return [getmypid(), $GLOBALS["booted"] ?? 0];';
[$first] = altair_booted_plain($e->evaluate(new EvalRequest($code, $root)));
// The template, seen from here (a worker cannot name it: it is pid 1 in a PID namespace of its own
// where the kernel allows one).
$template = altair_test_template();
$served = [$first];
for ($i = 0; $i < 5; $i++) {
    // Waiting before the request: the pool (the worker of the last call may still be exiting; its
    // replacement, forked while it ran, may be on its way: it is waited for, never more than 3).
    for ($tries = 0; $tries < 500 && count($waiting = array_values(array_diff($children($template), $served))) < 3; $tries++) {
        usleep(20000);
    }
    [$pid, $booted] = altair_booted_plain($e->evaluate(new EvalRequest($code, $root)));
    printf("call %d: %d waiting, served by one of them: %s, a new worker: %s, same template: %s, boot ran: %d\n", $i,
        count($waiting), var_export(in_array($pid, $waiting, true), true), var_export(!in_array($pid, $served, true), true),
        var_export(altair_test_template() === $template, true), $booted);
    $served[] = $pid;
}

// A boot file changes: the template is stale, and its waiting workers go with it.
$pool = $hostPids($template, array_diff($children($template), $served));
var_dump(in_array(count($pool), [2, 3], true));
touch("$root/config/container.php", time() + 60);
clearstatcache();
[$pid] = altair_booted_plain($e->evaluate(new EvalRequest($code, $root)));
$parent = altair_test_template();
var_dump($parent > 0 && $parent !== $template);
// Alive: a process, not a zombie.
$alive = function (int $pid): bool {
    $stat = (string) @file_get_contents("/proc/$pid/stat");
    return $stat !== '' && substr($stat, strrpos($stat, ') ') + 2, 1) !== 'Z';
};
for ($tries = 0; $tries < 500 && array_filter([$template, ...$pool], $alive); $tries++) {
    usleep(20000);
}
// Neither the old template nor any of its waiting workers is still running.
var_dump(array_values(array_filter([$template, ...$pool], $alive)));
var_dump(in_array(count(array_diff($children($parent), [$pid])), [2, 3], true));
$e->close();
?>
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('w011-');
?>
--EXPECT--
string(1) "3"
call 0: 3 waiting, served by one of them: true, a new worker: true, same template: true, boot ran: 1
call 1: 3 waiting, served by one of them: true, a new worker: true, same template: true, boot ran: 1
call 2: 3 waiting, served by one of them: true, a new worker: true, same template: true, boot ran: 1
call 3: 3 waiting, served by one of them: true, a new worker: true, same template: true, boot ran: 1
call 4: 3 waiting, served by one of them: true, a new worker: true, same template: true, boot ran: 1
bool(true)
bool(true)
array(0) {
}
bool(true)
