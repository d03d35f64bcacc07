--TEST--
Booted warm: a file the boot left open (a SQLite database behind an eagerly built PDO) is each worker's own copy of that file, never an empty one; what cannot be reopened is booted per evaluation, and the sandbox says why
--DESCRIPTION--
Issue 18 item 11. A worker replaces every inherited descriptor with a private one; in a booted
template that was done through /proc/self/fd/N, which the template does not have, so each worker got
an empty memfd in place of the database: "no such table", with the run still ok. Now the template
matches each descriptor its boot left open with a file the boot opened (device and inode), and each
worker reopens that file by path at the same offset (guest/template/deps.c). A descriptor on
anything else (here a file the boot wrote in its temp dir) makes the template refuse to serve booted: its
workers boot the app themselves, and sandbox.unavailable says why.
Issue 36 item 1: the database is data (SQLite's pager opened it, PHP's file layer did not): a row
written between two calls leaves the template booted (the same boot_id), the worker's query counts
it, and what the boot itself computed from the database stays what it was at the boot. A database
file replaced at its path is one a worker could not reopen: the next call is a new boot's.
--EXTENSIONS--
altair_eval
pdo_sqlite
posix
--SKIPIF--
<?php
require __DIR__ . '/boot_probe.inc';
if ($why = altair_booted_unavailable()) die("skip $why (tests/booted/009.phpt checks the reason)");
?>
--FILE--
<?php
require __DIR__ . '/boot_probe.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_booted_project('bd014', <<<'PHP'
$GLOBALS['pdo'] = new PDO('sqlite:' . __DIR__ . '/../app.sqlite', null, null, [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);
$GLOBALS['at_boot'] = (int) $GLOBALS['pdo']->query('SELECT COUNT(*) FROM items')->fetchColumn();
$GLOBALS['data'] = fopen(__DIR__ . '/../data.txt', 'r');
fgets($GLOBALS['data']);
PHP);
$db = new PDO("sqlite:$root/app.sqlite");
$db->exec('CREATE TABLE items (name TEXT)');
$db->exec("INSERT INTO items VALUES ('teapot'), ('kettle')");
file_put_contents("$root/data.txt", "first line\nsecond line\n");

$snippet = 'return [$GLOBALS["at_boot"], $GLOBALS["pdo"]->query("SELECT group_concat(name) FROM items")->fetchColumn(), fgets($GLOBALS["data"])];';
$warm = new Evaluator(warm: true);
$cold = new Evaluator();
foreach (['first call', 'second call'] as $step) {
    $r = $warm->evaluate(new EvalRequest($snippet, $root));
    echo "$step: ", json_encode(altair_booted_plain($r)), ' booted: ', json_encode($r->sandbox['booted_template']), "\n";
}
echo 'cold: ', json_encode(altair_booted_plain($cold->evaluate(new EvalRequest($snippet, $root)))), "\n";

$boot = $r->host['boot_id'];
// The database changes: data, so the same boot serves, and the worker's query sees the new row.
$db->exec("INSERT INTO items VALUES ('mug')");
$r = $warm->evaluate(new EvalRequest($snippet, $root));
echo 'after an insert: ', json_encode(altair_booted_plain($r)), ' booted: ', json_encode($r->sandbox['booted_template']),
    ' same boot: ', json_encode($r->host['boot_id'] === $boot), "\n";
// The database file replaced (a copy renamed over it): the descriptor the boot left open is on the old
// file, so a new template boots on the new one, as a cold child does.
copy("$root/app.sqlite", "$root/app.sqlite.new");
$copy = new PDO("sqlite:$root/app.sqlite.new");
$copy->exec("INSERT INTO items VALUES ('cup')");
$copy = null;
rename("$root/app.sqlite.new", "$root/app.sqlite");
$r = $warm->evaluate(new EvalRequest($snippet, $root));
echo 'after a replacement: ', json_encode(altair_booted_plain($r)), ' same boot: ', json_encode($r->host['boot_id'] === $boot), "\n";
$warm->close();

// A boot that keeps a file open that it did not open in the project (one it wrote in its temp dir):
// booted per evaluation, and the sandbox says why.
$outside = altair_booted_project('bd014-outside', '$path = sys_get_temp_dir() . "/boot-data"; file_put_contents($path, "made at boot"); $GLOBALS["made"] = fopen($path, "r");');
$warm = new Evaluator(warm: true);
$r = $warm->evaluate(new EvalRequest('return is_resource($GLOBALS["made"]) && fread($GLOBALS["made"], 64) === "made at boot";', $outside));
var_dump($r->ok, altair_booted_plain($r), $r->sandbox['booted_template']);
echo implode("\n", array_filter($r->sandbox['unavailable'], fn ($line) => str_starts_with($line, 'warm: '))), "\n";
$warm->close();
?>
--EXPECTF--
first call: [2,"teapot,kettle","second line\n"] booted: true
second call: [2,"teapot,kettle","second line\n"] booted: true
cold: [2,"teapot,kettle","second line\n"]
after an insert: [2,"teapot,kettle,mug","second line\n"] booted: true same boot: true
after a replacement: [4,"teapot,kettle,mug,cup","second line\n"] same boot: false
bool(true)
bool(true)
bool(false)
warm: the app is booted per evaluation (the boot left descriptor %d open on something a worker cannot reopen)
--CLEAN--
<?php
require __DIR__ . '/clean.inc';
altair_clean_roots('bd014');
?>
