--TEST--
Hosts: a SQLite database inside the project is readable and not writable unless allowWrites
--DESCRIPTION--
Layer: kernel (Landlock: the project tree is read-only, so SQLite opens the file read-only and
refuses the write with "attempt to write a readonly database"). The file stays byte-for-byte the
same and no journal is left behind. With allowWrites the same INSERT goes through.
--EXTENSIONS--
altair_eval
pdo_sqlite
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('h003');
mkdir($root . '/var');
$file = $root . '/var/app.sqlite';
$db = new PDO('sqlite:' . $file);
$db->exec("CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT); INSERT INTO users (email) VALUES ('ada@example.com'), ('grace@example.com')");
$db = null;
$before = hash_file('sha256', $file);

$read = 'return (new PDO("sqlite:var/app.sqlite"))->query("SELECT count(*) FROM users")->fetchColumn();';
$write = '$db = new PDO("sqlite:var/app.sqlite", null, null, [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);
    $db->exec("INSERT INTO users (email) VALUES (\'linus@example.com\')");
    return $db->query("SELECT count(*) FROM users")->fetchColumn();';

$r = altair_eval($read, $root);
echo 'read: ', $r->result['value'], "\n";
$r = altair_eval($write, $root);
echo 'write: ', $r->exception['class'], ': ', $r->exception['message'], "\n";
var_dump(hash_file('sha256', $file) === $before, glob($root . '/var/*'));

$r = altair_eval($write, $root, ['allowWrites' => true]);
echo 'write with allowWrites: ', $r->result['value'], "\n";
var_dump(hash_file('sha256', $file) === $before);
?>
--EXPECTF--
read: 2
write: PDOException: SQLSTATE[HY000]: General error: 8 attempt to write a readonly database
bool(true)
array(1) {
  [0]=>
  string(%d) "%s/var/app.sqlite"
}
write with allowWrites: 3
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('h003-');
?>
