--TEST--
Lockdown: no route reads outside the project root and the runtime
--DESCRIPTION--
Ini layer (open_basedir) and kernel layer (Landlock). A secret next to the project, /etc, the
caller through /proc, traversal, include, glob, directory iterators and highlight_file.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('l013');
$secret = $root . '-secret.txt';
file_put_contents($secret, 'the secret');
$snippet = sprintf(<<<'PHP'
$secret = %s;
$tries = [];
$tries['file_get_contents'] = @file_get_contents($secret);
$tries['traversal'] = @file_get_contents(getcwd() . '/../' . basename($secret));
$tries['/proc/self/root'] = @file_get_contents('/proc/self/root' . $secret);
$tries['caller environ'] = @file_get_contents('/proc/' . posix_getppid() . '/environ');
$tries['caller cmdline'] = @file_get_contents('/proc/' . posix_getppid() . '/cmdline');
$tries['/etc/shadow'] = @file_get_contents('/etc/shadow');
$tries['file()'] = @file('/etc/hostname');
try { $tries['SplFileObject'] = (new SplFileObject($secret))->fgets(); } catch (Throwable $e) { $tries['SplFileObject'] = get_class($e); }
$tries['include'] = @include $secret;
$tries['glob'] = glob('/etc/*');
try { $tries['DirectoryIterator'] = iterator_count(new DirectoryIterator('/root')); } catch (Throwable $e) { $tries['DirectoryIterator'] = get_class($e); }
$tries['scandir'] = @scandir(dirname($secret));
ob_start(); $shown = @highlight_file($secret); $tries['highlight_file'] = $shown ? ob_get_clean() : (ob_end_clean() && false);
$tries['raise open_basedir'] = ini_set('open_basedir', '/') === false ? @file_get_contents($secret) : 'raised';
return json_encode($tries);
PHP, var_export($secret, true));
$r = altair_eval($snippet, $root);
foreach (json_decode($r->result['value'], true) as $route => $outcome) {
    echo "$route: ", json_encode($outcome), "\n";
}
var_dump(str_contains($r->stdout . $r->stderr . json_encode($r->result), 'the secret'));
unlink($secret);
?>
--EXPECT--
file_get_contents: false
traversal: false
/proc/self/root: false
caller environ: false
caller cmdline: false
/etc/shadow: false
file(): false
SplFileObject: "RuntimeException"
include: false
glob: []
DirectoryIterator: "UnexpectedValueException"
scandir: false
highlight_file: false
raise open_basedir: false
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('l013-');
?>
