--TEST--
Lockdown: with the realpath cache back on, a symlink swapped after a cached check reaches nothing outside the project
--DESCRIPTION--
PHP turns its realpath cache off under open_basedir: a link checked once and cached, then swapped to
point outside, could carry an operation on the path string past open_basedir. The guest turns the
cache back on only where the private view and Landlock both hold (guest/guest.c,
realpath_cache_back), since the kernel then refuses what lies outside whatever PHP's cache says.
This test swaps a link of the project (symlink() itself is disabled in the child; rename() swaps it)
from a directory inside to a secret directory of the host, outside the project, and tries every
kind of access through it: nothing of the secret comes back. It also proves
the cache is on where both hold, or it would prove nothing, and off where either is missing
(tests/containers runs this file under Docker's default seccomp rules, where there is no view).
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('l020');
$secret = sys_get_temp_dir() . '/altair-eval-test-l020-secret-' . getmypid();
@mkdir($secret);
file_put_contents("$secret/f", 'SECRET-l020');
// symlink() is disabled in the child, so the links are the project's own, made here: p1/l leads
// inside, p2/l to the secret. With writes allowed the snippet renames the real directories (which
// open_basedir allows: both are inside), so that p/l is first the one, then the other.
mkdir("$root/in");
file_put_contents("$root/in/f", 'inside');
mkdir("$root/p1");
mkdir("$root/p2");
symlink("$root/in", "$root/p1/l");
symlink($secret, "$root/p2/l");
$snippet = <<<'PHP'
$d = getcwd();
rename("$d/p1", "$d/p");
$seen = ['first read' => file_get_contents("$d/p/l/f")];
$seen['cache on'] = realpath_cache_size() > 0; // after the read: rename() empties the cache
$seen['swapped'] = rename("$d/p", "$d/p1") && rename("$d/p2", "$d/p");
clearstatcache(false);
$seen['file_get_contents'] = @file_get_contents("$d/p/l/f");
$seen['fopen'] = ($h = @fopen("$d/p/l/f", "r")) ? fread($h, 100) : false;
$seen['file'] = @file("$d/p/l/f");
$seen['scandir'] = @scandir("$d/p/l");
$seen['glob'] = glob("$d/p/l/*");
$seen['copy'] = @copy("$d/p/l/f", "$d/copied") ? file_get_contents("$d/copied") : false;
$seen['readfile'] = (function () use ($d) { ob_start(); @readfile("$d/p/l/f"); return ob_get_clean(); })();
$seen['SplFileObject'] = (function () use ($d) { try { return (new SplFileObject("$d/p/l/f"))->fgets(); } catch (Throwable $e) { return false; } })();
$seen['include'] = (function () use ($d) { try { return @include "$d/p/l/f"; } catch (Throwable $e) { return false; } })();
return $seen;
PHP;
$r = altair_eval($snippet, $root, ['allowWrites' => true]);
$json = json_encode($r->toArray());
var_dump($r->ok);
var_dump(str_contains($json, 'SECRET-l020'));
$value = $r->result['value'] ?? [];
// on exactly where the view and Landlock both hold (here; not under tests/containers' rules)
$guarded = ($r->sandbox['mountns'] ?? false) === true && ($r->sandbox['landlock_abi'] ?? 0) >= 1;
var_dump(($value['cache on']['value'] ?? null) === $guarded);
var_dump($value['first read']['value'] ?? null, $value['swapped']['value'] ?? null);
var_dump(file_get_contents("$secret/f"));
?>
--EXPECT--
bool(true)
bool(false)
bool(true)
string(6) "inside"
bool(true)
string(11) "SECRET-l020"
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('l020-');
?>
