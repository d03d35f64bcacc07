--TEST--
Warm: a template with threads does not fork; its evaluations run cold and say why
--DESCRIPTION--
fork() copies one thread: a lock another thread held (an extension's, started by something the ini
loads: a tracing agent's sender, a gRPC pool) would never be released in the worker. The template
checks Threads: in its /proc/self/status before every fork; it read that file after its view and
Landlock were in force, which refuse the open, so the check never saw a thread and it forked
anyway. It now opens the file before its lockdown; a template with threads answers EDEADLK, and
the evaluator runs that evaluation and its next ones cold, with a note in sandbox.unavailable.
The thread here comes from a library preloaded into PHP (a wrapper as the Evaluator's phpBinary),
as an extension's would.
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php
if (trim((string) shell_exec('command -v cc')) === '') {
    die('skip needs a C compiler (cc) to build the library that starts a thread');
}
?>
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_test_root('w017');
$dir = sys_get_temp_dir() . '/altair-eval-w017-' . getmypid();
@mkdir($dir, 0755, true);
file_put_contents("$dir/thread.c", <<<'C'
#include <pthread.h>
#include <unistd.h>
static void *idle(void *unused) { (void) unused; for (;;) pause(); return 0; }
__attribute__((constructor)) static void start(void) { pthread_t t; pthread_create(&t, 0, idle, 0); pthread_detach(t); }
C);
exec('cc -shared -fPIC -o ' . escapeshellarg("$dir/thread.so") . ' ' . escapeshellarg("$dir/thread.c") . ' -lpthread 2>&1', $out, $status);
file_put_contents("$dir/php", "#!/bin/sh\nLD_PRELOAD=" . escapeshellarg("$dir/thread.so") . ' exec ' . escapeshellarg(PHP_BINARY) . " \"\$@\"\n");
chmod("$dir/php", 0755);
echo "library built: ", json_encode($status === 0), "\n";

$e = new Evaluator(phpBinary: "$dir/php", warm: true);
$snippet = 'return count(array_diff(scandir("/proc/self/task") ?: [], [".", ".."])) ?: "no /proc/self/task";';
foreach (['first', 'second'] as $call) {
    $r = $e->evaluate(new EvalRequest('return 6 * 7;', $root));
    echo "$call: answered ", json_encode($r->result['value'] ?? $r->exception), ", cold: ", json_encode($r->sandbox['booted_template'] === false),
        ", said why: ", json_encode(in_array(true, array_map(fn ($l) => str_starts_with($l, 'warm: the template has threads'), $r->sandbox['unavailable']), true)), "\n";
}
echo "no template left running: ", json_encode(altair_test_templates() === []), "\n";

// Without threads the same wrapper (no preload) serves warm: the note is only for threads (no note
// beyond a cold child's here: inside a container, the namespaces its profile refuses).
file_put_contents("$dir/php", "#!/bin/sh\nexec " . escapeshellarg(PHP_BINARY) . " \"\$@\"\n");
$plain = new Evaluator(phpBinary: "$dir/php", warm: true);
$r = $plain->evaluate(new EvalRequest('return 6 * 7;', $root));
echo "without threads: answered ", json_encode($r->result['value'] ?? null), ", warm: ", json_encode($r->sandbox['booted_template']),
    ", notes: ", json_encode(array_values(array_diff($r->sandbox['unavailable'], altair_cold_notes()))), "\n";
$plain->close();
$e->close();
exec('rm -rf ' . escapeshellarg($dir));
?>
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('w017');
?>
--EXPECT--
library built: true
first: answered 42, cold: true, said why: true
second: answered 42, cold: true, said why: true
no template left running: true
without threads: answered 42, warm: true, notes: []
