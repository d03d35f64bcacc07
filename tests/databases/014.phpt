--TEST--
Databases: on MariaDB a statement the server refuses when it is prepared (a write in the read-only transaction, a missing table) is in the result's queries with its error, as an executed one is
--DESCRIPTION--
Issue 20 item 2 (the queries in the result), on MySQL/MariaDB. Laravel prepares every statement
(COM_STMT_PREPARE, then COM_STMT_EXECUTE): a write refused by the server's read-only transaction,
or a statement on a table that does not exist, fails at the prepare and is never executed. Such a
failure is what the snippet saw (a QueryException), so it is listed with its error like a failed
execution; before, only executions and text queries were, and the result showed nothing of it. The
server's own client confirms nothing was deleted.
--EXTENSIONS--
altair_eval
pdo_mysql
--SKIPIF--
<?php
require __DIR__ . '/databases.inc';
if ($why = altair_db_missing('mysql')) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/databases.inc';
$root = altair_db_laravel('db014', ['mysql' => 'tcp']);
$r = altair_db_eval($root, 'try { User::query()->delete(); } catch (Throwable $e) { echo get_class($e), "\n"; } try { DB::select("SELECT * FROM nope"); } catch (Throwable $e) { echo get_class($e), "\n"; } return User::count();');
echo $r->stdout;
echo json_encode(altair_db_decode($r->result)), "\n";
$mine = array_values(array_filter($r->queries ?? [], fn ($q) => !preg_match('/^(set|use) /i', $q['text'] ?? '')));
foreach ($mine as $q) {
    printf("%s | rows %s | error %s | refused %s\n", $q['text'], json_encode($q['rows'] ?? null),
        empty($q['error']) ? 'none' : (str_contains((string) $q['error'], 'read-only') ? 'read-only' : 'yes'), json_encode($q['refused']));
}
echo trim(altair_db_client('mysql', 'SELECT COUNT(*) FROM users')), "\n";
?>
--EXPECT--
Illuminate\Database\QueryException
Illuminate\Database\QueryException
3
delete from `users` | rows null | error read-only | refused false
SELECT * FROM nope | rows null | error yes | refused false
select count(*) as aggregate from `users` | rows 1 | error none | refused false
3
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db014-');
?>
