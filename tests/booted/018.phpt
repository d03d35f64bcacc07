--TEST--
Booted warm: a file the boot read that has another link outside the project is checked by its stat, not by the watch's events: an edit through that other link is seen by the next call
--DESCRIPTION--
Issue 21. Before each request a booted template checks its boot's files. A file in a directory
the watch covers (template/deps.c: inotify on the project's directories), on a local filesystem,
with one link, is checked by the watch's events alone: every change to it is an event there. Not
one with other links: a write through a link outside the watched directories (an editor that
keeps links writes in place) raises no event in the project's directory, so such a file is still
stat'ed (guest/template/watch.c, by_events). Here config/version.txt is a hard link to a file
outside the project, edited in place through that outside link: each call must answer the edited
value (without the link check, the template would answer the boot's value). The edits through the
project's own path, where the watch's events are what sees them, are tests/booted/017.
--EXTENSIONS--
altair_eval
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

$root = altair_booted_project('b018', '$GLOBALS["version"] = trim(file_get_contents(__DIR__ . "/version.txt"));');
$outside = sys_get_temp_dir() . '/b018-outside-' . getmypid();
mkdir($outside);
file_put_contents("$outside/version.txt", "v0\n");
link("$outside/version.txt", "$root/config/version.txt");
var_dump(stat("$root/config/version.txt")['nlink']);
$e = new Evaluator(warm: true);
$snippet = 'return $GLOBALS["version"];';
$answers = [altair_booted_plain($e->evaluate(new EvalRequest($snippet, $root)))];
for ($i = 1; $i <= 3; $i++) {
    // in place, through the other link: same inode, no event in the project's directory
    $handle = fopen("$outside/version.txt", 'r+');
    ftruncate($handle, 0);
    fwrite($handle, "v$i\n");
    fclose($handle);
    touch("$outside/version.txt", time() + 10 * $i);
    $r = $e->evaluate(new EvalRequest($snippet, $root));
    $answers[] = altair_booted_plain($r) . ($r->sandbox['booted_template'] ? ' booted' : ' NOT BOOTED');
}
echo implode("\n", $answers), "\n";
var_dump(fileinode("$outside/version.txt") === fileinode("$root/config/version.txt"));
$e->close();
unlink("$outside/version.txt");
rmdir($outside);
?>
--EXPECT--
int(2)
v0
v1 booted
v2 booted
v3 booted
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('b018-');
?>
