--TEST--
Network: an allowed endpoint that is not a database is reached through the host's relay (raw), with the child's own network namespace on
--EXTENSIONS--
altair_eval
redis
posix
--FILE--
<?php
require __DIR__ . '/network.inc';
$root = altair_test_root('n001');
$echo = new AltairEchoServer('n001');

$r = altair_eval(altair_echo_snippet('127.0.0.1', $echo->port), $root, ['allowEndpoints' => [$echo->address]]);
var_dump($r->ok);
echo json_encode(array_map(fn ($v) => $v['value'], $r->result['value'] ?? [])), "\n";
var_dump($r->sandbox['netns']);
$db = $r->sandbox['databases'][0];
var_dump($db['protocol'], $db['address'] === $echo->address, $db['mode'], $db['declared_by'], $db['reached_through'], $db['connections']);
// The relayed connection was closed when the evaluation ended.
var_dump($echo->waitClosed(1));
$echo->stop();
?>
--EXPECT--
bool(true)
["ECHO","through the relay"]
bool(true)
string(3) "raw"
bool(true)
string(13) "not protected"
string(14) "allowEndpoints"
string(5) "relay"
int(1)
int(1)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('n001-');
?>
