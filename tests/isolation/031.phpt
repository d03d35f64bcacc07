--TEST--
Isolation: rollback mode writes the project (a SQLite database, any file) into a private copy-on-write layer: the snippet sees its writes, the host's files are byte-for-byte unchanged, a file over the scratch cap is a "disk" limit
--DESCRIPTION--
Issue 20 item 1 (SQLite): with allowWrites "rollback" the project in the child's view is an overlay
whose upper layer lies in the capped scratch tmpfs (guest/lockdown/mount_overlay.c). Judged from
outside: the database file and the project tree are compared byte for byte after each run. Cold and
warm (scripts/test runs this directory both ways); without rollback the project stays read-only.
--EXTENSIONS--
altair_eval
pdo_sqlite
--SKIPIF--
<?php
require __DIR__ . '/../helpers.inc';
$r = altair_eval('return 1;', sys_get_temp_dir());
if (!$r->sandbox['mountns']) die('skip the private view cannot be built here: ' . implode('; ', $r->sandbox['unavailable']));
?>
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('i031');
$db = new PDO("sqlite:$root/app.sqlite");
$db->exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, total INT); INSERT INTO orders (total) VALUES (10), (20)');
$db = null;
file_put_contents("$root/notes.txt", "original\n");
$tree = fn () => md5(implode("\n", array_map(fn ($f) => $f . '=' . md5_file("$root/$f"), array_values(array_diff(scandir($root), ['.', '..'])))));
$before = $tree();

$snippet = '$p = new PDO("sqlite:" . getcwd() . "/app.sqlite", null, null, [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);'
    . '$p->beginTransaction(); $p->exec("INSERT INTO orders (total) VALUES (30)"); $p->commit();'
    . '$p->exec("UPDATE orders SET total = total * 2"); file_put_contents("notes.txt", "changed\n", FILE_APPEND); touch("new.txt");'
    . 'return [(int) $p->query("SELECT COUNT(*) FROM orders")->fetchColumn(), (int) $p->query("SELECT SUM(total) FROM orders")->fetchColumn(), file_get_contents("notes.txt")];';
$r = altair_eval($snippet, $root, ['allowWrites' => 'rollback']);
echo 'rollback: ', json_encode(array_column($r->result['value'] ?? [], 'value')), ', overlay ', var_export($r->sandbox['project_overlay'], true), "\n";
echo 'host tree unchanged: ', var_export($tree() === $before, true), "\n";
$r = altair_eval($snippet, $root, ['allowWrites' => 'rollback']);
echo 'a second run starts from the original: ', json_encode(array_column($r->result['value'] ?? [], 'value')), "\n";

$r = altair_eval($snippet, $root);
echo 'read-only: ', $r->ok ? 'WROTE' : 'refused: ' . $r->exception['message'], "\n";
echo 'host tree unchanged: ', var_export($tree() === $before, true), "\n";

// A file larger than the copy's bounds cannot be copied up: RLIMIT_FSIZE (file_size) or the scratch
// tmpfs's cap (disk) stops the copy, whichever is lower, and the result names it.
$big = fopen("$root/big.bin", 'w');
$chunk = random_bytes(1 << 20);
for ($i = 0; $i < 130; $i++) fwrite($big, $chunk);
fclose($big);
$sum = md5_file("$root/big.bin");
$r = altair_eval('$f = fopen("big.bin", "a"); $w = @fwrite($f, "x"); return $w;', $root, ['allowWrites' => 'rollback']);
echo 'over the cap: ', in_array($r->limitExceeded, ['file_size', 'disk'], true) ? 'a named limit' : var_export($r->limitExceeded, true), ', host file unchanged: ', var_export(md5_file("$root/big.bin") === $sum, true), "\n";
?>
--EXPECT--
rollback: [3,120,"original\nchanged\n"], overlay true
host tree unchanged: true
a second run starts from the original: [3,120,"original\nchanged\n"]
read-only: refused: SQLSTATE[HY000]: General error: 8 attempt to write a readonly database
host tree unchanged: true
over the cap: a named limit, host file unchanged: true
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('i031-');
?>
