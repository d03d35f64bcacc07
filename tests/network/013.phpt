--TEST--
Network: a warm template's relay socket serves each evaluation's own worker only: a connection from any other process (here the caller itself, waiting in the listener's backlog) is closed unserved, never relayed to the server
--DESCRIPTION--
A warm template's view holds, at the app's socket path, a listener the host keeps for the template
(runner/warm.c); every worker of the template reaches it, so each evaluation's relay serves only the
connections whose peer (SO_PEERCRED) is its own worker (runner/relay.c, altair_eval_relay_borrow):
one an earlier worker left in the backlog, or anyone else's, is closed without reaching the server.
Here the caller connects to the template's listener on the host and writes; the next evaluation
accepts that connection first (it waits first in the backlog) and closes it: the caller reads end
of file, the echo server never sees it, and sandbox.databases counts only the worker's connection.
Without the check the relay would have passed the caller's bytes to the server and echoed them.
--EXTENSIONS--
altair_eval
redis
posix
--SKIPIF--
<?php
require __DIR__ . '/../helpers.inc';
if (($why = altair_view_unavailable()) !== null) die('skip the private view cannot be built here: ' . $why);
?>
--FILE--
<?php
require __DIR__ . '/network.inc';
$root = altair_test_root('n013');
$dir = sys_get_temp_dir() . '/altair-n013-' . getmypid();
@mkdir($dir, 0700, true);
$echo = new AltairEchoServer('n013', $dir . '/echo.sock');
$snippet = sprintf('$r = new Redis(); $r->connect(%s); return $r->rawCommand("ECHO", "x") === ["ECHO", "x"] ? "reached" : "odd";', var_export($dir . '/echo.sock', true));
$evaluator = new Altair\Eval\Evaluator(warm: true);
$request = new Altair\Eval\EvalRequest(snippet: $snippet, projectRoot: $root, allowEndpoints: ['unix:' . $dir . '/echo.sock']);

$r = $evaluator->evaluate($request);
echo 'first: ', $r->result['value'] ?? json_encode($r->exception), ', connections ', $r->sandbox['databases'][0]['connections'], "\n";
$listeners = glob(altair_scratch_base() . '/' . getmypid() . '-t*/relay-0.sock');
echo 'the template\'s listener on the host: ', count($listeners), "\n";
$intruder = stream_socket_client('unix://' . $listeners[0], $errno, $error, 2);
fwrite($intruder, "*2\r\n\$4\r\nECHO\r\n\$1\r\ny\r\n");

$r = $evaluator->evaluate($request);
echo 'second: ', $r->result['value'] ?? json_encode($r->exception), ', connections ', $r->sandbox['databases'][0]['connections'], "\n";
stream_set_timeout($intruder, 5);
$read = @fread($intruder, 64); // '' at end of file, false when reset (its bytes were never read)
echo 'the caller\'s connection: ', $read === '' || $read === false ? 'closed unserved' : 'SERVED: ' . json_encode($read), "\n";
fclose($intruder);
echo 'the echo server saw ', $echo->waitClosed(2), " connections, the workers' two\n";
$evaluator->close();
$echo->stop();
?>
--EXPECT--
first: reached, connections 1
the template's listener on the host: 1
second: reached, connections 1
the caller's connection: closed unserved
the echo server saw 2 connections, the workers' two
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('n013-');
foreach (glob(sys_get_temp_dir() . '/altair-n013-*') as $d) altair_test_remove($d);
?>
