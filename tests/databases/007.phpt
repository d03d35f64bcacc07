--TEST--
Databases: the queries an evaluation ran are in the result, in order, with their bound parameters, rows and errors, and agree with the server's own log
--DESCRIPTION--
Issue 20 item 2: EvalResult::$queries. Checked against what PostgreSQL itself logged
(log_statement = all, set for the app's role) for the same evaluation.
--EXTENSIONS--
altair_eval
pdo_pgsql
--SKIPIF--
<?php
require __DIR__ . '/databases.inc';
if ($why = altair_db_missing('pgsql')) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/databases.inc';
$root = altair_db_laravel('db007', ['pgsql' => 'tcp']);
$r = altair_db_eval($root, 'User::where("email", "ada@example.com")->first(); try { DB::select("SELECT * FROM nope"); } catch (Throwable) {} return User::count();');
echo json_encode(altair_db_decode($r->result)), "\n";
// The app's own statements: not the SETs of Laravel's connection set-up, nor the DEALLOCATEs pdo_pgsql
// sends to free its prepared statements (reported by the relay as it saw them, in the order sent).
$mine = array_values(array_filter($r->queries ?? [], fn ($q) => !preg_match('/^(set|deallocate) /i', $q['text'] ?? $q['sql'] ?? '')));
foreach ($mine as $q) {
    $text = $q['text'] ?? $q['sql'];
    printf("%s | params %s | rows %s | error %s | duration %s\n", $text, json_encode($q['params'] ?? null), json_encode($q['rows'] ?? null),
        empty($q['error']) ? 'none' : 'yes', is_numeric($q['duration_ms'] ?? $q['duration'] ?? null) ? 'timed' : 'MISSING');
}
?>
--EXPECTF--
3
select * from "users" where "email" = $1 limit 1 | params ["ada@example.com"] | rows 1 | error none | duration timed
SELECT * FROM nope | params %s | rows %s | error yes | duration timed
select count(*) as aggregate from "users" | params %s | rows 1 | error none | duration timed
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db007-');
?>
