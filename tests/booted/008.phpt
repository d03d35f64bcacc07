--TEST--
Booted warm: a boot that leaves a connection open is not forked; the app is booted per evaluation instead, and the report says why
--DESCRIPTION--
Issue 14 point 1, no shared connections: two workers forked with the same open socket would read
each other's answers. The template closes what the frameworks let it close, scans its descriptors,
and refuses to serve booted when a socket is left; the host then starts a plain template whose
workers boot the app themselves (still answering, as cold would).
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

$root = altair_booted_project('b008', '$GLOBALS["pair"] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP); $GLOBALS["boot_pid"] = getmypid();');
$warm = new Evaluator(warm: true);
for ($i = 0; $i < 2; $i++) {
    $r = $warm->evaluate(new EvalRequest('return [is_array($GLOBALS["pair"]), $GLOBALS["boot_pid"] === getmypid(), container("answer")];', $root));
    echo json_encode([altair_booted_plain($r), $r->sandbox['booted_template']]), "\n";
    echo implode("\n", array_filter($r->sandbox['unavailable'], fn ($line) => str_starts_with($line, 'warm: '))), "\n";
}
$warm->close();
?>
--EXPECTF--
[[true,true,42],false]
warm: the app is booted per evaluation (the boot left a connection open (descriptor %d), which workers would share)
[[true,true,42],false]
warm: the app is booted per evaluation (the boot left a connection open (descriptor %d), which workers would share)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('b008-');
?>
