--TEST--
bin/altair eval --bootstrap=relative/path is taken from --project-root, not the current directory
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php if (!is_file('/usr/share/php/Symfony/Component/Console/Application.php') && !is_file(__DIR__ . '/../../../php/vendor/autoload.php')) die('skip symfony/console is not installed'); ?>
--FILE--
<?php
require __DIR__ . '/../../helpers.inc';
$root = altair_test_root('b005');
mkdir($root . '/tools');
file_put_contents($root . '/tools/boot.php', "<?php\nreturn new class { public function get(string \$id) { return \"from the bootstrap: \$id\"; } public function has(string \$id): bool { return true; } };\n");
$cli = realpath(__DIR__ . '/../../../bin/altair.php');
$command = [PHP_BINARY, '-d', 'extension=' . realpath(__DIR__ . '/../../../modules/altair_eval.so'), $cli, 'eval',
    '--project-root=' . $root, '--bootstrap=tools/boot.php', '--format=json', '--', 'return container("x");'];
$process = proc_open($command, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, sys_get_temp_dir());
$out = stream_get_contents($pipes[1]);
$err = stream_get_contents($pipes[2]);
$status = proc_close($process);
$json = json_decode($out, true);
var_dump($status, $json['result']['value'] ?? $err, $json['host']['framework'] ?? null, $json['host']['bootstrap'] ?? null);
?>
--EXPECT--
int(0)
string(21) "from the bootstrap: x"
string(9) "bootstrap"
string(14) "tools/boot.php"
--CLEAN--
<?php
require __DIR__ . '/../../helpers.inc';
altair_test_clean('b005-');
?>
