--TEST--
Databases: the relay is bounded (issue 35): a client that writes refused commands and never reads its answers does not grow the caller, and a long Redis pipeline ends at the evaluation's deadline
--DESCRIPTION--
Issue 35 item 5, through the real Evaluator on the Laravel fixture. The relay reads no more of a
client while what is queued back to it, what is queued for its server, or what the engine holds of it
is over a bound (runner/relay.c), so a snippet that writes 16 MB of refused commands on its driver's
socket and never reads the refusals blocks in its own write instead of growing the caller (it grew it
by ~33 times what it wrote: 16 MB → +470 MB); and the relay stops reading its clients at the
evaluation's deadline, with buffers whose front is taken off in O(1) (relay/buf.c), so a
2,000,000-command Redis pipeline with a 5 s limit returns at the limit (11.6 s before; 13.9 s
measured on the 2-core development machine). The caller's peak RSS is read from /proc/self/status.
--EXTENSIONS--
altair_eval
pdo_mysql
pdo_pgsql
redis
--SKIPIF--
<?php
require __DIR__ . '/databases.inc';
if ($why = altair_db_missing('mysql', 'pgsql', 'redis')) die("skip $why");
if (!is_readable('/proc/self/status')) die('skip needs /proc/self/status');
?>
--FILE--
<?php
require __DIR__ . '/databases.inc';
$peak = fn () => (int) preg_replace('/\D/', '', (string) current(preg_grep('/^VmHWM:/', file('/proc/self/status'))));
$socket = 'for ($n = 64; $n > 2; $n--) { $h = @fopen("php://fd/$n", "r+"); if ($h && (fstat($h)["mode"] & 0170000) === 0140000) { $s = $h; break; } }';
$flood = '$written = 0; while ($written < 16 << 20) { $w = fwrite($s, $chunk); if (!$w) { break; } $written += $w; } return $written;';
$routes = [
    'mysql' => '$p = new PDO("mysql:host=127.0.0.1;port=%d;dbname=app", "app", "secret"); $p->query("SELECT 1");' . $socket
        . '$cmd = "\x03DROP TABLE posts"; $chunk = str_repeat(substr(pack("V", strlen($cmd)), 0, 3) . "\x00" . $cmd, 4096);' . $flood,
    'pgsql' => '$p = new PDO("pgsql:host=127.0.0.1;port=%d;dbname=app", "app", "secret"); $p->query("SELECT 1");' . $socket
        . '$q = "DROP TABLE posts\0"; $chunk = str_repeat("Q" . pack("N", strlen($q) + 4) . $q, 4096);' . $flood,
];
foreach ($routes as $server => $snippet) {
    $root = altair_db_laravel("db019-$server", [$server => 'tcp']);
    $before = altair_db_fingerprint($server);
    altair_db_eval($root, 'return 1;');
    $was = $peak();
    $r = altair_db_eval($root, sprintf($snippet, altair_db_server($server)['port']), ['timeoutMs' => 4000]);
    $grown = ($peak() - $was) / 1024;
    echo "$server: 16 MB of refused commands never read: ", $r->timedOut ? 'the snippet blocked in its write' : 'WROTE IT ALL: ' . json_encode(altair_db_decode($r->result)),
        ', the caller grew ', $grown < 48 ? 'less than 48 MB' : "BY $grown MB", ', ', altair_db_fingerprint($server) === $before ? 'server unchanged' : 'SERVER CHANGED', "\n";
}

$root = altair_db_laravel('db019-redis', ['redis' => 'tcp']);
$port = altair_db_server('redis')['port'];
$started = microtime(true);
$r = altair_db_eval($root, '$r = new Redis(); $r->connect("127.0.0.1", ' . $port . '); $r->auth("secret"); $p = $r->pipeline(); for ($i = 0; $i < 2000000; $i++) { $p->get("k$i"); } return count($p->exec());', ['timeoutMs' => 5000]);
$took = microtime(true) - $started;
echo 'redis: a 2,000,000-command pipeline with a 5 s limit: ', $r->timedOut ? 'timed out' : 'finished', ', ', $took < 8 ? 'returned by the limit (within 3 s)' : sprintf('RETURNED AFTER %.1f s', $took), "\n";
?>
--EXPECT--
mysql: 16 MB of refused commands never read: the snippet blocked in its write, the caller grew less than 48 MB, server unchanged
pgsql: 16 MB of refused commands never read: the snippet blocked in its write, the caller grew less than 48 MB, server unchanged
redis: a 2,000,000-command pipeline with a 5 s limit: timed out, returned by the limit (within 3 s)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db019-');
?>
