--TEST--
Warm: plain templates (a write-enabled policy; one that could not boot the app) are pid 1 of a PID namespace of their own too; their workers name no process of the machine, and still read their own /proc entry where /proc is readable
--DESCRIPTION--
Issue 21 item 3, extended to plain templates. A write-enabled worker used to see its template's pid on
the host as posix_getppid(). Now the host starts every template in a PID namespace of its own (where it
may make one); a plain worker mounts its /proc entry from the host's /proc by that /proc's own "self"
link (getpid() is another number in the namespace): with a project root of /, where open_basedir and
Landlock admit /proc, the entry it reads is its own.
--EXTENSIONS--
altair_eval
posix
--SKIPIF--
<?php
require __DIR__ . '/../helpers.inc';
if (($why = altair_view_unavailable()) !== null) die('skip the private view cannot be built here: ' . $why);
if (!altair_pidns_possible()) die('skip this user cannot make a PID namespace here (templates then keep the host\'s pids)');
?>
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_test_root('w014');
$e = new Evaluator(warm: true);
$snippet = 'return [getmypid(), posix_getppid(), posix_getsid(0)];';
[$pid, $parent, $session] = array_column($e->evaluate(new EvalRequest($snippet, $root, allowWrites: true))->result['value'], 'value');
$template = altair_test_template();
var_dump($parent === 1, $pid > 1 && $pid === $session, $template > 1 && $template !== $pid);
// Seen from here: the template's innermost pid (its namespace's) is 1. (String functions only on
// this side: tests/warm runs under valgrind, to which PCRE's JIT is opaque.)
var_dump((altair_test_children()[$template] ?? null) === 1);

// Root /: too many directories to watch, so its template says PLAIN and the host starts a plain
// one (with that note) for the policy; /proc is readable there, and the worker's /proc/self is its
// own entry (its NSpid ends with the number it knows).
$own = 'preg_match("/^NSpid:\\\\s+([\\\\d\\\\s]+)$/m", (string) @file_get_contents("/proc/self/status"), $m); $n = preg_split("/\\\\s+/", trim($m[1] ?? "")); return [getmypid(), (int) end($n), count($n), posix_getppid()];';
$r = $e->evaluate(new EvalRequest($own, '/', env: 'clean'));
[$mine, $inner, $levels, $parent] = array_column($r->result['value'] ?? [], 'value');
var_dump($r->ok, $r->sandbox['booted_template'], $mine === $inner, $levels, $parent);
$e->close();
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
int(2)
int(1)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('w014-');
?>
