--TEST--
Lockdown: no route writes outside the project root, even with allowWrites
--DESCRIPTION--
Ini layer (open_basedir) and kernel layer (Landlock). Every way a snippet can name a file is tried:
plain functions, SplFileObject, copy/rename/touch/mkdir, the php://filter and compress.zlib
wrappers, chdir + a relative path, raising open_basedir, and a link. None leaves a mark.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('l012');
$outside = $root . '-outside';
altair_test_remove($outside);
mkdir($outside);
file_put_contents($root . '/inside.txt', 'inside');
$snippet = sprintf(<<<'PHP'
$out = %s;
$tries = [];
$tries['file_put_contents'] = @file_put_contents("$out/a", 'x');
$tries['fopen'] = ($f = @fopen("$out/b", 'w')) ? fwrite($f, 'x') : false;
try { $tries['SplFileObject'] = (new SplFileObject("$out/c", 'w'))->fwrite('x'); } catch (Throwable $e) { $tries['SplFileObject'] = get_class($e); }
$tries['copy'] = @copy(__DIR__ . '/snippet.php', "$out/d");
$tries['rename'] = @rename(getcwd() . '/inside.txt', "$out/e");
$tries['touch'] = @touch("$out/f");
$tries['mkdir'] = @mkdir("$out/g");
$tries['php://filter'] = @file_put_contents("php://filter/write=string.rot13/resource=$out/h", 'x');
$tries['compress.zlib'] = @file_put_contents("compress.zlib://$out/i", 'x');
$tries['chdir+relative'] = @chdir($out) ? @file_put_contents('j', 'x') : 'chdir refused';
$tries['raise open_basedir'] = ini_set('open_basedir', '/') === false ? @file_put_contents("$out/k", 'x') : 'raised';
try { $tries['link'] = link(__DIR__ . '/snippet.php', "$out/l"); } catch (Throwable $e) { $tries['link'] = get_class($e); }
$tries['tempnam'] = dirname((string) @tempnam($out, 'x')) === $out;
return json_encode($tries);
PHP, var_export($outside, true));
foreach ([false, true] as $writes) {
    $r = altair_eval($snippet, $root, ['allowWrites' => $writes]);
    echo $writes ? "with writes\n" : "without writes\n";
    foreach (json_decode($r->result['value'], true) as $route => $outcome) {
        echo "  $route: ", var_export($outcome, true), "\n";
    }
}
var_dump(scandir($outside), file_get_contents($root . '/inside.txt'));
?>
--EXPECT--
without writes
  file_put_contents: false
  fopen: false
  SplFileObject: 'RuntimeException'
  copy: false
  rename: false
  touch: false
  mkdir: false
  php://filter: false
  compress.zlib: false
  chdir+relative: 'chdir refused'
  raise open_basedir: false
  link: 'Error'
  tempnam: false
with writes
  file_put_contents: false
  fopen: false
  SplFileObject: 'RuntimeException'
  copy: false
  rename: false
  touch: false
  mkdir: false
  php://filter: false
  compress.zlib: false
  chdir+relative: 'chdir refused'
  raise open_basedir: false
  link: 'Error'
  tempnam: false
array(2) {
  [0]=>
  string(1) "."
  [1]=>
  string(2) ".."
}
string(6) "inside"
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('l012-');
?>
