--TEST--
Short class names: the app's own classes when unambiguous; never vendor classes; ambiguous names left alone; assert() is available
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../../helpers.inc';
$root = altair_test_root('b006');
$files = [
    'composer.json' => json_encode(['autoload' => ['psr-4' => ['Shop\\' => 'src/']]]),
    'src/Catalog/Product.php' => "<?php\nnamespace Shop\\Catalog;\nfinal class Product { public static function label(): string { return 'catalog product'; } }\n",
    'src/Catalog/Item.php' => "<?php\nnamespace Shop\\Catalog;\nfinal class Item {}\n",
    'src/Orders/Item.php' => "<?php\nnamespace Shop\\Orders;\nfinal class Item {}\n",
    'vendor/acme/lib/Widget.php' => "<?php\nnamespace Acme;\nfinal class Widget {}\n",
    'vendor/autoload.php' => <<<'PHP'
        <?php
        spl_autoload_register(function (string $class): void {
            $map = ['Shop\\' => dirname(__DIR__) . '/src/', 'Acme\\' => __DIR__ . '/acme/lib/'];
            foreach ($map as $prefix => $dir) {
                if (str_starts_with($class, $prefix) && is_file($file = $dir . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php')) {
                    require $file;
                }
            }
        });
        PHP,
    'vendor/composer/autoload_classmap.php' => "<?php\nreturn ['Acme\\\\Widget' => __DIR__ . '/../acme/lib/Widget.php', 'Shop\\\\Catalog\\\\Product' => __DIR__ . '/../../src/Catalog/Product.php'];\n",
];
foreach ($files as $path => $contents) {
    @mkdir(dirname($root . '/' . $path), 0755, true);
    file_put_contents($root . '/' . $path, $contents);
}
foreach (['return Product::label();', 'return get_class(new Product());', 'return class_exists("Item");', 'return class_exists("Widget");', 'return new Item();'] as $snippet) {
    $r = altair_eval($snippet, $root);
    echo str_pad($snippet, 36), json_encode($r->result['value'] ?? $r->exception['message']), "\n";
}
// Doctrine's idiom: a namespaced file importing assert() as a function.
$r = altair_eval("namespace Shop;\nuse function assert;\nassert(1 === 1);\nreturn function_exists('assert');", $root);
echo json_encode($r->result['value'] ?? $r->exception['message']), "\n";
?>
--EXPECT--
return Product::label();            "catalog product"
return get_class(new Product());    "Shop\\Catalog\\Product"
return class_exists("Item");        false
return class_exists("Widget");      false
return new Item();                  "Class \"Item\" not found"
true
--CLEAN--
<?php
require __DIR__ . '/../../helpers.inc';
altair_test_clean('b006-');
?>
