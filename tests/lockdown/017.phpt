--TEST--
Lockdown: the audit log and project files cannot be truncated, overwritten or removed
--DESCRIPTION--
Kernel layer (Landlock: the project tree is read-only without allowWrites; open_basedir allows it).
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('l017');
mkdir($root . '/.altair', 0755, true);
$log = $root . '/.altair/events.jsonl';
file_put_contents($log, "{\"id\":\"1\"}\n");
file_put_contents($root . '/composer.json', '{}');
$snippet = <<<'PHP'
$root = getcwd();
$log = "$root/.altair/events.jsonl";
return json_encode([
    'truncate' => ($f = @fopen($log, 'r+')) ? ftruncate($f, 0) : false,
    'overwrite' => @file_put_contents($log, ''),
    'append forged event' => @file_put_contents($log, "{\"id\":\"forged\"}\n", FILE_APPEND),
    'unlink' => @unlink($log),
    'rename' => @rename($log, "$root/.altair/old.jsonl"),
    'project file' => @file_put_contents("$root/composer.json", 'tampered'),
    'chmod' => @chmod("$root/composer.json", 0777),
]);
PHP;
$r = altair_eval($snippet, $root);
echo $r->result['value'], "\n";
var_dump(file_get_contents($log), file_get_contents($root . '/composer.json'), decoct(fileperms($root . '/composer.json') & 0777));
?>
--EXPECT--
{"truncate":false,"overwrite":false,"append forged event":false,"unlink":false,"rename":false,"project file":false,"chmod":false}
string(11) "{"id":"1"}
"
string(2) "{}"
string(3) "644"
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('l017-');
?>
