--TEST--
Booted warm: a template that boots the project is pid 1 of a PID namespace of its own; its workers see no pid of the host, have their own /proc entry, and a runaway worker is still ended by the host at its deadline
--DESCRIPTION--
Issue 21 item 3. A booted worker used to run with the host's pids (its template's among them, as
posix_getppid()) and no /proc entry (it cannot mount one under the template's Landlock). Now the host
starts such a template in a PID namespace of its own (runner/warm.c) and the template mounts that
namespace's /proc over its view before the boot (guest/lockdown/mount_warm.c): pids only, each
process seeing those it could ptrace, which under Landlock is itself alone. The host translates the
worker's number (the template reports it in its namespace) to signal the worker's group at the
deadline: a sleeping worker, which no CPU limit would end, is gone when evaluate() returns.
--EXTENSIONS--
altair_eval
posix
--SKIPIF--
<?php
require __DIR__ . '/boot_probe.inc';
if ($why = altair_booted_unavailable()) die("skip $why (tests/booted/009.phpt checks the reason)");
if (!altair_pidns_possible()) die('skip this user cannot make a PID namespace here (the template then keeps the host\'s pids)');
?>
--FILE--
<?php
require __DIR__ . '/boot_probe.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_booted_project('b016', '$GLOBALS["boot_pid"] = getmypid();');
$e = new Evaluator(warm: true);
$snippet = 'return [getmypid(), posix_getppid(), posix_getsid(0), posix_getpgid(0), $GLOBALS["boot_pid"]];';
$first = altair_booted_plain($e->evaluate(new EvalRequest($snippet, $root)));
$second = altair_booted_plain($e->evaluate(new EvalRequest($snippet, $root)));
[$pid, $parent, $session, $group, $boot] = $first;
// The worker: its own session and group; its parent, where the boot ran, is pid 1; no host pid.
var_dump($parent === 1 && $boot === 1, $pid > 1 && $pid === $session && $pid === $group, $second[0] !== $pid && $second[1] === 1);
var_dump(!in_array($pid, altair_test_templates(), true));

// Seen from here: the template is pid 1 of its own namespace.
$template = altair_test_template();
preg_match('/^NSpid:\s+([\d\s]+)$/m', (string) file_get_contents("/proc/$template/status"), $m);
var_dump(array_map('intval', preg_split('/\s+/', trim($m[1]))) === [$template, 1]);
// Paths in the template's view, read through its root by the kernel (PHP would resolve the link
// /proc/PID/root itself, to / here).
$view = fn (string $path): string => (string) shell_exec('cat ' . escapeshellarg("/proc/$template/root$path") . ' 2>/dev/null');
$exists = fn (string $path): bool => trim((string) shell_exec('test -e ' . escapeshellarg("/proc/$template/root$path") . ' && echo yes')) === 'yes';
// Its view's /proc is that namespace's: its pid 1 is the template; only pids, and hidepid.
var_dump($view('/proc/1/cmdline') === file_get_contents("/proc/$template/cmdline"));
var_dump($exists('/proc/sys'), $exists('/proc/.host'));
$proc = array_values(array_filter(file("/proc/$template/mountinfo"), fn ($line) => explode(' ', $line)[4] === '/proc'));
$last = end($proc);
var_dump(str_contains($last, ' - proc proc ') && str_contains($last, 'hidepid=invisible') && str_contains($last, 'subset=pid'));
// The waiting workers are in it too, each with its entry there.
$waiting = altair_test_children($template);
var_dump(count($waiting) > 0 && !array_filter($waiting, fn (int $inner) => !str_contains($view("/proc/$inner/status"), "\nPPid:\t1\n")));

// A worker that sleeps past its deadline (no CPU limit ends it): the host ends its group.
$r = $e->evaluate(new EvalRequest('echo getmypid(), "\n"; flush(); sleep(30);', $root, timeoutMs: 1000));
$sleeper = (int) $r->stdout;
var_dump($r->timedOut, $sleeper > 1, $r->durationMs < 10000, !in_array($sleeper, altair_test_children($template), true));
$e->close();
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('b016-');
?>
