--TEST--
Booted warm, with or without a private view: the template boots once for all its calls; a worker finds no other evaluation's scratch and no dir of its template but its own; a runaway worker ends at its deadline; the template's own dir goes with it
--DESCRIPTION--
Issue 34 item 4. Inside a container (tests/containers/container.c: Docker's seccomp rules, no mount,
PID or IPC namespace) a booted template used to be refused ("the template has no private view") and
every call booted the app. Now the template's scratch is a dir of its own beneath the scratch base
(<pid>-warm-<random>, 0700, made by the host: runner/warm.c), its workers' dirs inside it, and
Landlock gives the template and its workers that dir alone of the base (guest/lockdown/booted.c).
With a view the same dir is covered by the template's capped tmpfs. Either way: one boot; an
evaluation running meanwhile in another process (its own warm template) keeps its scratch to
itself, unseen, unread and unwritten; the template's earlier workers' dirs are gone; the deadline
ends a sleeping worker (translated through the PID namespace where there is one); close() removes
the template's dir. The same on the host and under tests/containers/run.sh.
--EXTENSIONS--
altair_eval
posix
--SKIPIF--
<?php
require __DIR__ . '/boot_probe.inc';
if ($why = altair_booted_kernel_missing()) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/boot_probe.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$boot = '$GLOBALS["boot_id"] = bin2hex(random_bytes(8)); file_put_contents(sys_get_temp_dir() . "/boot-file", "written by the boot");';
$root = altair_booted_project('b021', $boot);
$other = altair_booted_project('b021-other', $boot);
$base = altair_scratch_base();

// Evaluation A, in another process with a warm evaluator of its own: a secret in its scratch, then
// it waits until B is done (a file of its project), and returns what the secret holds then.
$a = <<<'PHP'
file_put_contents(sys_get_temp_dir() . "/secret.txt", "secret-of-A");
for ($i = 0; $i < 800 && !file_exists(getcwd() . "/done"); $i++) { usleep(25000); }
return [file_get_contents(sys_get_temp_dir() . "/secret.txt"), $GLOBALS["boot_id"] !== null];
PHP;
$code = sprintf('require %s; $e = new Altair\Eval\Evaluator(warm: true); echo json_encode(altair_booted_plain($e->evaluate(new Altair\Eval\EvalRequest(%s, %s, timeoutMs: 30000))));',
    var_export(__DIR__ . '/boot_probe.inc', true), var_export($a, true), var_export($other, true));
$process = proc_open([PHP_BINARY, ...altair_test_php_args(), '-r', $code], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
$apid = proc_get_status($process)['pid'];
// Where A's secret is: on disk (no view: its template's dir), or in the view of one of A's
// processes (its worker's capped tmpfs), read through that process's root by the kernel.
$find = function (int $pid, string $prefix = '') use (&$find, $base, $apid): ?string {
    $found = trim((string) shell_exec('ls -d ' . escapeshellarg($prefix . $base) . "/$apid-*/secret.txt " . escapeshellarg($prefix . $base) . "/$apid-*/*/secret.txt 2>/dev/null"));
    if ($found !== '') {
        return substr(strtok($found, "\n"), strlen($prefix));
    }
    foreach (array_keys(altair_test_children($pid)) as $child) {
        if (($path = $find($child, "/proc/$child/root")) !== null) {
            return $path;
        }
    }
    return null;
};
for ($i = 0; $i < 800 && ($secret = $find($apid)) === null; $i++) {
    usleep(25000);
}
echo "A's secret found (on disk, or in the view of A's worker): ", json_encode($secret !== null), "\n";

$e = new Evaluator(warm: true);
// B: five calls. Each leaves a file in its own dir; each looks around its template's dir, at A's
// scratch and at the base of every scratch dir.
$snippet = '$secret = ' . var_export((string) $secret, true) . ";\n" . <<<'PHP'
$mine = sys_get_temp_dir();
file_put_contents("$mine/left-by-" . getmypid(), "x");
$template = dirname($mine);
$seen = array_values(array_diff(scandir($template) ?: ['template dir unreadable'], ['.', '..', basename($mine)]));
$reach = [];
foreach (['the secret' => $secret, 'its dir' => dirname($secret), "its template's dir" => dirname($secret, 2), 'the base' => dirname($template)] as $what => $path) {
    if (@file_get_contents($path) !== false || @scandir($path) !== false || glob("$path/*") !== []) {
        $reach[] = $what;
    }
}
$reach[] = @file_put_contents($secret, 'rewritten-by-B') !== false ? 'rewrote the secret' : null;
return [$GLOBALS['boot_id'], getmypid(), $seen, array_values(array_filter($reach))];
PHP;
$boots = $pids = [];
for ($call = 0; $call < 5; $call++) {
    $r = $e->evaluate(new EvalRequest($snippet, $root));
    [$bootId, $pid, $seen, $reach] = altair_booted_plain($r) + [null, null, null, null];
    $boots[] = $bootId;
    $pids[] = $pid;
    printf("call %d: booted %s, in its template's dir besides its own: %s, reached outside: %s\n", $call,
        json_encode($r->sandbox['booted_template']), json_encode($seen), json_encode($reach));
}
echo "one boot for five calls: ", json_encode(count(array_unique($boots)) === 1 && $boots[0] !== null), ", five workers: ",
    json_encode(count(array_unique($pids)) === 5), "\n";
$s = $r->sandbox;
echo "scratch capped exactly where the view is: ", json_encode($s['scratch_capped'] === $s['mountns']), ", landlock: ",
    json_encode($s['landlock_abi'] >= 6), "\n";
touch("$other/done");
$outputA = stream_get_contents($pipes[1]);
$errorA = stream_get_contents($pipes[2]);
proc_close($process);
echo "A's secret after B: ", $outputA !== '' ? $outputA : $errorA, "\n";

// The template's dir on the host: its own, private.
$template = altair_test_template();
$dirs = glob("$base/" . getmypid() . '-warm-*');
echo "the template's dir: ", count($dirs), ", 0700: ", json_encode(count($dirs) === 1 && (fileperms($dirs[0]) & 0777) === 0700), "\n";

// A worker that sleeps past its deadline (no CPU limit ends it): the host ends its group.
$r = $e->evaluate(new EvalRequest('echo getmypid(), "\n"; flush(); sleep(30);', $root, timeoutMs: 1000));
$sleeper = (int) $r->stdout;
for ($i = 0; $i < 200 && in_array($sleeper, altair_test_children($template, true), true); $i++) {
    usleep(10000);
}
echo "deadline: timed out ", json_encode($r->timedOut), ", in time ", json_encode($r->durationMs < 10000), ", the worker gone: ",
    json_encode($sleeper > 1 && !in_array($sleeper, altair_test_children($template, true), true)), "\n";
$e->close();
echo "after close(), template dirs left: ", count(glob("$base/" . getmypid() . '-warm-*')), "\n";
?>
--EXPECT--
A's secret found (on disk, or in the view of A's worker): true
call 0: booted true, in its template's dir besides its own: ["boot-file"], reached outside: []
call 1: booted true, in its template's dir besides its own: ["boot-file"], reached outside: []
call 2: booted true, in its template's dir besides its own: ["boot-file"], reached outside: []
call 3: booted true, in its template's dir besides its own: ["boot-file"], reached outside: []
call 4: booted true, in its template's dir besides its own: ["boot-file"], reached outside: []
one boot for five calls: true, five workers: true
scratch capped exactly where the view is: true, landlock: true
A's secret after B: ["secret-of-A",true]
the template's dir: 1, 0700: true
deadline: timed out true, in time true, the worker gone: true
after close(), template dirs left: 0
--CLEAN--
<?php
require __DIR__ . '/clean.inc';
altair_clean_roots('b021');
?>
