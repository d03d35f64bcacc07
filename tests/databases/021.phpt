--TEST--
Databases: MariaDB's guard held by the server itself (issue 35): a login with a write behind it, '--' then DEL or a no-break space, and what would end the transaction, all judged on the server
--DESCRIPTION--
Issue 35 items 1 and 3, through the real Evaluator on the Laravel fixture (cold and warm, as run.sh
runs every test twice). Every escape found came from the relay reading bytes differently from the
server; the guard is now an XA transaction under a name only the relay knows, which the server itself
refuses to end, and no client byte reaches the server before it is open. Each route is judged by
reading the server afterwards (rows, the user's password hash, the server's files), never by what the
snippet said:
  - a raw socket to the relayed address (a libpq connection left half open, reached as php://fd/N)
    that sends the login and an INSERT in one write (the INSERT was committed before the guard);
  - `SET @x = 1 --<DEL>'` + newline + `, PASSWORD = PASSWORD(…) -- '` (the user's password was changed);
  - `--<DEL>` and `, autocommit = 0, autocommit = 1` in rollback mode after a DELETE (the DELETE stayed);
  - `SELECT … --<DEL>'` + newline + `INTO OUTFILE`, and `INTO<0xA0>OUTFILE` on a latin1 connection,
    for a user with FILE (a file was written on the server);
  - the refusal names rollback mode as a mode ("the database is in rollback mode"), not "is rollback".
--EXTENSIONS--
altair_eval
pdo_mysql
pgsql
--SKIPIF--
<?php
require __DIR__ . '/databases.inc';
if ($why = altair_db_missing('mysql')) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/databases.inc';
$root = altair_db_laravel('db021', ['mysql' => 'tcp']);
$port = altair_db_server('mysql')['port'];
altair_db_root("DROP USER IF EXISTS 'victim'@'%', 'filer'@'%'");
altair_db_root("CREATE USER 'victim'@'%' IDENTIFIED BY 'victim'; GRANT ALL ON app.* TO 'victim'@'%'; CREATE USER 'filer'@'%' IDENTIFIED BY 'filer'; GRANT ALL ON app.* TO 'filer'@'%'; GRANT FILE ON *.* TO 'filer'@'%'");
$before = altair_db_fingerprint('mysql');
$unchanged = fn () => altair_db_fingerprint('mysql') === $before ? 'server unchanged' : 'SERVER CHANGED';
$message = fn (Altair\Eval\EvalResult $r) => $r->ok ? 'passed: ' . json_encode(altair_db_decode($r->result)) : (string) ($r->exception['message'] ?? $r->error['message'] ?? '?');

echo "-- a login and an INSERT in one write\n";
// The relay's address, reached by a libpq connection left half open: the MySQL greeting comes, and
// the snippet answers it itself (mysql_native_password), its INSERT in the same write as the login.
$raw = <<<'PHP'
$c = pg_connect("host=127.0.0.1 port=%d connect_timeout=5", PGSQL_CONNECT_ASYNC);
pg_connect_poll($c);
$s = null;
for ($n = 64; $n > 2 && !$s; $n--) { // the newest socket: libpq's
    $h = @fopen("php://fd/$n", "r+");
    if ($h && (fstat($h)["mode"] & 0170000) === 0140000) { $s = $h; }
}
stream_set_blocking($s, true);
$read = function (int $n) use ($s) { $b = ""; while (strlen($b) < $n) { $p = fread($s, $n - strlen($b)); if ($p === "" || $p === false) { throw new RuntimeException("closed"); } $b .= $p; } return $b; };
$packet = function () use ($read) { $h = $read(4); return $read(unpack("V", substr($h, 0, 3) . "\0")[1]); };
$g = $packet();
$at = strpos($g, "\0", 1) + 1 + 4;
$scramble = substr($g, $at, 8) . substr($g, $at + 8 + 1 + 2 + 1 + 2 + 2 + 1 + 10, 12);
$token = sha1("secret", true) ^ sha1($scramble . sha1(sha1("secret", true), true), true);
$login = pack("VVC", 0x1 | 0x8 | 0x200 | 0x2000 | 0x8000 | 0x20000 | 0x80000, 1 << 24, 45) . str_repeat("\0", 23) . "app\0" . chr(20) . $token . "app\0mysql_native_password\0";
$insert = "\x03INSERT INTO posts (user_id, title, body) VALUES (1, 'pipelined', 'x')";
fwrite($s, substr(pack("V", strlen($login)), 0, 3) . "\x01" . $login . substr(pack("V", strlen($insert)), 0, 3) . "\x00" . $insert);
$ok = $packet();
$reply = $packet();
return [ord($ok[0]) === 0 ? "logged in" : "login failed", $reply[0] === "\xff" ? "INSERT: error " . unpack("v", substr($reply, 1, 2))[1] : "INSERT: OK"];
PHP;
$r = altair_db_eval($root, sprintf($raw, $port));
echo $message($r), ', ', $unchanged(), "\n";

echo "-- '--' then DEL: a password change behind a comment the relay did not see end\n";
$hash = fn () => trim(altair_db_root("SELECT authentication_string FROM mysql.user WHERE user = 'victim'"));
$was = $hash();
$r = altair_db_eval($root, '$p = new PDO("mysql:host=127.0.0.1;port=' . $port . ';dbname=app", "victim", "victim", [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]); return $p->exec("SET @x = 1 --\x7f\'\n, PASSWORD = PASSWORD(\'changed\') -- \'");');
echo str_contains($message($r), 'refused: the database is read-only in this evaluation') ? 'refused' : 'NOT REFUSED: ' . $message($r),
    ', password ', $hash() === $was ? 'unchanged' : 'CHANGED', "\n";

echo "-- rollback mode: the autocommit switch behind '--' then DEL, after a DELETE\n";
$r = altair_db_eval($root, 'DB::delete("DELETE FROM posts"); try { DB::statement("SET @x = 1 --\x7f\'\n, autocommit = 0, autocommit = 1 -- \'"); } catch (Throwable $e) { $m = $e->getMessage(); } return [DB::table("posts")->count(), $m ?? "passed"];', altair_db_rollback());
$v = $r->ok ? altair_db_decode($r->result) : [null, $message($r)];
echo 'posts in the evaluation: ', $v[0], ', ', str_contains((string) $v[1], 'refused: the database is in rollback mode in this evaluation') ? 'the switch refused, naming rollback mode' : 'NOT REFUSED: ' . $v[1], ', ', $unchanged(), "\n";

echo "-- INTO OUTFILE hidden from the relay, for a user with FILE\n";
$files = [];
foreach (['--<DEL> then a newline' => "SELECT 1 --\x7f'\nINTO OUTFILE '%s' -- '", 'a no-break space on latin1' => "SELECT 1 INTO\xa0OUTFILE '%s'"] as $route => $sql) {
    $file = sys_get_temp_dir() . '/altair-db021-' . getmypid() . '-' . md5($route) . '.txt';
    @unlink($file);
    $files[] = $file;
    $r = altair_db_eval($root, '$p = new PDO("mysql:host=127.0.0.1;port=' . $port . ';dbname=app;charset=latin1", "filer", "filer", [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]); return $p->query(' . var_export(sprintf($sql, $file), true) . ')->fetchAll();');
    echo "$route: ", str_contains($message($r), 'refused') ? 'refused' : 'NOT REFUSED: ' . $message($r), ', ', file_exists($file) ? 'A FILE WAS WRITTEN' : 'no file on the server', "\n";
}

echo "-- reads still work\n";
echo altair_db_eval($root, 'return User::count();')->result['value'], ' users, ', $unchanged(), "\n";
foreach ($files as $file) {
    @unlink($file);
}
altair_db_root("DROP USER 'victim'@'%', 'filer'@'%'");
?>
--EXPECT--
-- a login and an INSERT in one write
passed: ["logged in","INSERT: error 1792"], server unchanged
-- '--' then DEL: a password change behind a comment the relay did not see end
refused, password unchanged
-- rollback mode: the autocommit switch behind '--' then DEL, after a DELETE
posts in the evaluation: 0, the switch refused, naming rollback mode, server unchanged
-- INTO OUTFILE hidden from the relay, for a user with FILE
--<DEL> then a newline: refused, no file on the server
a no-break space on latin1: refused, no file on the server
-- reads still work
3 users, server unchanged
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db021-');
foreach (glob(sys_get_temp_dir() . '/altair-db021-*') as $file) {
    @unlink($file);
}
?>
