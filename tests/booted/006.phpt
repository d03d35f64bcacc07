--TEST--
Booted warm: the boot runs in the template with no more rights than a snippet (project read-only, host files, network, processes, the host, the template's control socket)
--DESCRIPTION--
Issue 14 point 1: the boot is project code, so the template locks down before it. Each probe is
something a hostile boot would try; all must fail. The boot's own findings come back through the
snippet (the worker is a copy of the booted template).
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

$outside = altair_test_root('b006-outside');
file_put_contents("$outside/secret", 'host secret');
$host = getmypid();
$root = altair_booted_project('b006', <<<PHP
\$GLOBALS['probes'] = [
    'write the project' => @file_put_contents(__DIR__ . '/../written', 'x') !== false,
    'read a host file' => @file_get_contents('$outside/secret') !== false,
    'connect out' => function_exists('stream_socket_client') && @stream_socket_client('tcp://127.0.0.1:22', \$errno, \$error, 1) !== false,
    'signal the host' => function_exists('posix_kill') && @posix_kill($host, 0),
    'control socket (moved)' => @fopen('php://fd/128', 'w') !== false,
    // fd 3 holds /dev/null in the template (so that no file of the boot lands where a worker's
    // result channel goes): open, but no socket.
    'control socket (fd 3)' => (\$fd3 = @fopen('php://fd/3', 'r')) !== false && (fstat(\$fd3)['mode'] & 0170000) === 0140000,
    'fork' => function_exists('pcntl_fork'),
    'exec' => function_exists('proc_open'),
];
PHP);

$warm = new Evaluator(warm: true);
$r = $warm->evaluate(new EvalRequest('return $GLOBALS["probes"];', $root));
var_dump($r->ok, $r->sandbox['booted_template']);
foreach (altair_booted_plain($r) as $probe => $held) {
    echo $probe, ': ', $held ? 'ALLOWED' : 'refused', "\n";
}
// The template still serves (nothing the boot tried broke it).
var_dump(altair_booted_plain($warm->evaluate(new EvalRequest('return container("answer");', $root))));
$warm->close();
var_dump(file_exists("$root/written"));
?>
--EXPECT--
bool(true)
bool(true)
write the project: refused
read a host file: refused
connect out: refused
signal the host: refused
control socket (moved): refused
control socket (fd 3): refused
fork: refused
exec: refused
int(42)
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('b006');
?>
