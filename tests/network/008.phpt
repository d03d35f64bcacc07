--TEST--
Network: a declared socket inside a directory the view binds anyway (the project) is reached through the relay, not directly: the relay's socket covers the real one
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
$root = altair_test_root('n008');
$echo = new AltairEchoServer('n008', $root . '/db.sock');

$snippet = sprintf('$r = new Redis(); $r->connect(%s); return $r->rawCommand("ECHO", "x");', var_export($root . '/db.sock', true));
$r = altair_eval($snippet, $root, ['allowEndpoints' => ['unix:' . $root . '/db.sock']]);
echo json_encode(array_map(fn ($v) => $v['value'], $r->result['value'] ?? [])), "\n";
// Counted by the relay: the connection went through it.
var_dump($r->sandbox['databases'][0]['connections'], $echo->waitClosed(1));
$echo->stop();
?>
--EXPECT--
["ECHO","x"]
int(1)
int(1)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('n008-');
?>
