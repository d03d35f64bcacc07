--TEST--
A Composer path repository symlinked into vendor/ from outside the root: readable, read-only, and nothing else outside is
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../../helpers.inc';
$base = altair_test_root('b007');
$root = $base . '/app';
$package = $base . '/packages/greeter';   // outside the project root, as `"type": "path"` repositories are
$secret = $base . '/packages/not-a-package';
foreach ([$root . '/vendor/composer', $root . '/vendor/acme', $package . '/src', $secret] as $dir) {
    mkdir($dir, 0755, true);
}
file_put_contents($package . '/composer.json', '{"name": "acme/greeter", "autoload": {"psr-4": {"Acme\\\\Greeter\\\\": "src/"}}}');
file_put_contents($package . '/src/Greeter.php', "<?php\nnamespace Acme\\Greeter;\nfinal class Greeter { public function greet(): string { return 'hello from a path repository'; } }\n");
file_put_contents($secret . '/secret.txt', 'not for the child');
symlink('../../../packages/greeter', $root . '/vendor/acme/greeter');   // what Composer does for a path repository
// A symlink out of the root to a directory that is not a package is never followed into open_basedir.
symlink('../../../packages/not-a-package', $root . '/vendor/acme/not-a-package');
file_put_contents($root . '/vendor/composer/installed.json', json_encode(['packages' => [
    ['name' => 'acme/greeter', 'install-path' => '../acme/greeter'],
    ['name' => 'acme/not-a-package', 'install-path' => '../acme/not-a-package'],
]]));
file_put_contents($root . '/vendor/autoload.php', <<<'PHP'
    <?php
    spl_autoload_register(function (string $class): void {
        if (str_starts_with($class, 'Acme\\Greeter\\')) {
            require __DIR__ . '/acme/greeter/src/' . substr($class, strlen('Acme\\Greeter\\')) . '.php';
        }
    });
    PHP);

$r = altair_eval('return (new Acme\Greeter\Greeter())->greet();', $root);
echo json_encode($r->result['value'] ?? $r->exception['message'] ?? $r->error['message']), "\n";
$r = altair_eval('return @file_put_contents("' . $package . '/planted.txt", "x");', $root);
var_dump($r->result['value'], file_exists($package . '/planted.txt'));
$r = altair_eval('return @file_get_contents("' . $secret . '/secret.txt");', $root);
var_dump($r->result['value']);
$r = altair_eval('return @file_get_contents("vendor/acme/not-a-package/secret.txt");', $root);
var_dump($r->result['value']);
?>
--EXPECT--
"hello from a path repository"
bool(false)
bool(false)
bool(false)
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../../helpers.inc';
altair_test_clean('b007-');
?>
