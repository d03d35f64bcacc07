--TEST--
Network: a Unix socket endpoint is reached through the relay at the path the app names, also through a linked directory (/var/run -> /run); another socket file next to it is absent
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
$root = altair_test_root('n006');
$dir = sys_get_temp_dir() . '/altair-n006-' . getmypid();
@mkdir($dir . '/run/app', 0700, true);
@symlink($dir . '/run', $dir . '/var-run');
$echo = new AltairEchoServer('n006', $dir . '/run/app/echo.sock');
$other = new AltairEchoServer('n006b', $dir . '/run/app/other.sock');

$snippet = sprintf(<<<'PHP'
$seen = [];
foreach (%s as $path) {
    try {
        $r = new Redis();
        $r->connect($path);
        $seen[] = $r->rawCommand("ECHO", "x") === ["ECHO", "x"] ? "reached" : "odd";
    } catch (RedisException $e) {
        $seen[] = "absent";
    }
}
return $seen;
PHP, var_export([$dir . '/var-run/app/echo.sock', $dir . '/run/app/echo.sock', $dir . '/run/app/other.sock'], true));
$r = altair_eval($snippet, $root, ['allowEndpoints' => ['unix:' . $dir . '/var-run/app/echo.sock']]);
var_dump($r->ok);
echo json_encode(array_map(fn ($v) => $v['value'], $r->result['value'] ?? [])), "\n";
$db = $r->sandbox['databases'][0];
var_dump($db['protocol'], $db['address'] === $dir . '/var-run/app/echo.sock', $db['mode'], $db['reached_through'], $db['connections']);
var_dump($echo->waitClosed(1), $other->closed());
// The host's listener (a socket file in the scratch dir) went with the scratch dir.
var_dump(altair_scratch_dirs($root));
$echo->stop();
$other->stop();
?>
--EXPECT--
bool(true)
["reached","absent","absent"]
string(3) "raw"
bool(true)
string(13) "not protected"
string(5) "relay"
int(1)
int(1)
int(0)
array(0) {
}
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('n006-');
foreach (glob(sys_get_temp_dir() . '/altair-n006-*') as $d) altair_test_remove($d);
?>
