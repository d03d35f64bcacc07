--TEST--
Isolation: a Unix stream socket outside the root (a database's) is unreachable unless allowlisted with unix:/path
--EXTENSIONS--
altair_eval
pgsql
--SKIPIF--
<?php
require __DIR__ . '/../helpers.inc';
if (($why = altair_view_unavailable()) !== null) die('skip the private view cannot be built here: ' . $why);
?>
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('i007');

$dir = sys_get_temp_dir() . '/altair-i007-' . getmypid();
@mkdir($dir);
$path = $dir . '/.s.PGSQL.5432';
@unlink($path);
$server = stream_socket_server('unix://' . $path);
stream_set_blocking($server, false);

function accepted($server): string
{
    $client = @stream_socket_accept($server, 0);
    if (!$client) {
        return 'nothing arrived';
    }
    stream_set_blocking($client, false);
    $bytes = (string) fread($client, 8);
    fclose($client);
    return 'a connection arrived' . ($bytes !== '' ? ' with data' : '');
}

$pg = sprintf('$c = @pg_connect("host=%s port=5432 dbname=x user=x connect_timeout=1"); return $c ? "connected" : "refused";', $dir);
$stream = sprintf('return @stream_socket_client("unix://%s", $no, $message, 1) ? "connected" : "refused";', $path);

// The network off: libpq (C, not bound by open_basedir) is the route.
$r = altair_eval($pg, $root, ['timeoutMs' => 5000]);
echo 'pg_connect, network off: ', $r->result['value'], ', ', accepted($server), "\n";
// The network on: PHP's own stream client is enabled, the socket file still does not exist.
$r = altair_eval($stream, $root, ['allowNetwork' => true]);
echo 'stream client, network on: ', $r->result['value'], ', ', accepted($server), "\n";
// Allowlisted: the socket file is bound into the view, and only it.
$r = altair_eval($pg, $root, ['timeoutMs' => 5000, 'allowEndpoints' => ['unix:' . $path]]);
echo 'pg_connect, allowlisted: ', $r->result['value'], ', ', accepted($server), "\n";
// Relayed, cold and warm alike: the host's listener is what the view has at the path.
var_dump($r->sandbox['databases'][0]['reached_through'] === 'relay');
fclose($server);
@unlink($path);
?>
--EXPECT--
pg_connect, network off: refused, nothing arrived
stream client, network on: refused, nothing arrived
pg_connect, allowlisted: refused, a connection arrived with data
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('i007-');
foreach (glob(sys_get_temp_dir() . '/altair-i007-*') as $d) { @unlink($d . '/.s.PGSQL.5432'); altair_test_remove($d); }
?>
