--TEST--
Apps: a vendor/ that symlinks to libraries outside the project (system packages, path repositories) works, read-only
--DESCRIPTION--
Issue 13 point 5 on the real apps: vendor/debian/php-libraries is a symlink to /usr/share/php, as
with a Composer path repository or system-installed libraries. Before, open_basedir refused every
require through it, even for `return 1;`. What the autoloader resolves to is readable, not writable.
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php
require __DIR__ . '/apps.inc';
if ($why = altair_test_app_missing()) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/apps.inc';
foreach ([
    'laravel' => ['return User::count();', 'return config("app.name");'],
    'symfony' => ['return container(App\Repository\ProductRepository::class)->count([]);', 'return container()->getParameter("kernel.environment");'],
] as $fixture => $snippets) {
    $root = altair_test_app($fixture, 'a009', 'symlink');
    echo $fixture, ' vendor is a symlink: ', json_encode(is_link("$root/vendor/debian/php-libraries")), "\n";
    foreach (['return 1;', ...$snippets] as $snippet) {
        $r = altair_cli($root, $snippet);
        echo $fixture, ' ', $r['exit'], ' ', altair_value($r['result']), "\n";
    }
    // Readable is not writable: the linked library tree stays out of reach for writes.
    $r = altair_cli($root, 'return @file_put_contents(' . var_export("$root/vendor/debian/php-libraries/Psr/altair-eval-probe", true) . ', "x");');
    echo $fixture, ' write through the link: ', altair_value($r['result']), ' ', json_encode(file_exists('/usr/share/php/Psr/altair-eval-probe')), "\n";
    altair_test_remove($root);
}
?>
--EXPECT--
laravel vendor is a symlink: true
laravel 0 1
laravel 0 3
laravel 0 "Altair Fixture"
laravel write through the link: false false
symfony vendor is a symlink: true
symfony 0 1
symfony 0 3
symfony 0 "dev"
symfony write through the link: false false
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('a009-');
@unlink('/usr/share/php/Psr/altair-eval-probe');
?>
