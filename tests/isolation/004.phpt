--TEST--
Isolation: paths outside the root cannot be probed, even by C code that ignores open_basedir (libpq)
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
$root = altair_test_root('i005');

// Three places outside the root: a directory holding a socket file nobody accepts on, an empty
// directory, and nothing at all. On the host libpq tells them apart ("Connection refused",
// "No such file or directory"); in the private view none of them exists.
$outside = sys_get_temp_dir() . '/altair-i005-' . getmypid();
@mkdir($outside . '/with-socket', 0755, true);
@mkdir($outside . '/empty');
$socket = socket_create(AF_UNIX, SOCK_STREAM, 0);
socket_bind($socket, $outside . '/with-socket/.s.PGSQL.5432');

$snippet = sprintf(<<<'PHP'
$seen = [];
foreach (%s as $dir) {
    $c = @pg_connect("host=$dir port=5432 dbname=x user=x connect_timeout=2");
    $error = error_get_last()['message'] ?? '';
    $seen[basename($dir)] = $c ? 'connected' : (str_contains($error, 'No such file or directory') ? 'absent' : 'DISCLOSED');
}
return $seen;
PHP, var_export([$outside . '/with-socket', $outside . '/empty', $outside . '/nothing'], true));
$r = altair_eval($snippet, $root);
var_dump($r->ok, $r->sandbox['mountns']);
echo json_encode(array_map(fn ($v) => $v['value'], $r->result['value'])), "\n";
socket_close($socket);
unlink($outside . '/with-socket/.s.PGSQL.5432');
?>
--EXPECT--
bool(true)
bool(true)
{"with-socket":"absent","empty":"absent","nothing":"absent"}
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('i005-');
foreach (glob(sys_get_temp_dir() . '/altair-i005-*') as $d) altair_test_remove($d);
?>
