--TEST--
Symfony read-only with a stale container: the app's var/cache is copied to the scratch and rebuilt there, the project's cache is unchanged
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php require __DIR__ . '/boot.inc'; if ($why = altair_boot_missing('symfony')) die("skip $why"); ?>
--FILE--
<?php
require __DIR__ . '/boot.inc';
$root = altair_boot_symfony('b008');
// With writes on, the kernel compiles its container into the project, as Symfony does.
$r = altair_eval('return container()->has("kernel");', $root, ['timeoutMs' => ALTAIR_BOOT_TIMEOUT_MS, 'allowWrites' => true]);
var_dump($r->result['value'] ?? $r->exception['message'], is_file($root . '/var/cache/dev/App_KernelDevDebugContainer.php'));
// The agent edits the app: the kernel's configuration changes, the compiled container is stale.
$kernel = file_get_contents($root . '/src/Kernel.php');
file_put_contents($root . '/src/Kernel.php', str_replace('$container->services()', '$container->parameters()->set("fixture.version", 2); $container->services()', $kernel));
touch($root . '/src/Kernel.php', time() + 5);
$before = altair_boot_tree($root);
$r = altair_eval('return container()->getParameter("fixture.version");', $root, ['timeoutMs' => ALTAIR_BOOT_TIMEOUT_MS]);
echo json_encode($r->result['value'] ?? $r->exception), "\n";
var_dump(altair_boot_tree($root) === $before);
?>
--EXPECT--
bool(true)
bool(true)
2
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../../helpers.inc';
altair_test_clean('b008-');
?>
