--TEST--
Network: a snippet killed at its deadline with relayed connections open leaves no descriptor, connection or process behind
--EXTENSIONS--
altair_eval
redis
posix
--FILE--
<?php
require __DIR__ . '/network.inc';
$root = altair_test_root('n003');
$echo = new AltairEchoServer('n003');

// Two connections, one mid-conversation, then the snippet outlives its deadline.
$snippet = altair_echo_snippet('127.0.0.1', $echo->port) . ' ';
$snippet = sprintf('$a = new Redis(); $a->connect("127.0.0.1", %d, 2); $a->rawCommand("ECHO", "one");'
    . ' $b = new Redis(); $b->connect("127.0.0.1", %d, 2); $b->rawCommand("ECHO", "two");'
    . ' while (true) { usleep(1000); }', $echo->port, $echo->port);
$before = altair_open_fds();
$r = altair_eval($snippet, $root, ['allowEndpoints' => [$echo->address], 'timeoutMs' => 500]);
var_dump($r->timedOut, $r->limitExceeded, $r->sandbox['databases'][0]['connections']);
// Both relayed connections were closed on the server's side when the evaluation ended.
var_dump($echo->waitClosed(2));
// The caller holds exactly what it held before (a warm evaluator keeps its template's socket).
var_dump(altair_open_fds() - $before <= (getenv('ALTAIR_EVAL_TEST_WARM') === '1' ? 1 : 0));
// And a second evaluation is served as the first.
$r = altair_eval(altair_echo_snippet('127.0.0.1', $echo->port), $root, ['allowEndpoints' => [$echo->address]]);
echo json_encode(array_map(fn ($v) => $v['value'], $r->result['value'] ?? [])), "\n";
var_dump($echo->waitClosed(3));
$echo->stop();
?>
--EXPECT--
bool(true)
string(4) "time"
int(2)
int(2)
bool(true)
["ECHO","through the relay"]
int(3)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('n003-');
?>
