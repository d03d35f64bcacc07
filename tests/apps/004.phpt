--TEST--
Apps: Symfony with no bootstrap file, through bin/altair eval: Doctrine repository count()/find(), a private service, the kernel's environment
--DESCRIPTION--
Issue 13 points 1, 2 and 4: App\Kernel is found from the app's Composer autoload and booted with
.env (APP_ENV=dev); container() reaches private services (ProductRepository, never referenced, is
removed from a normally compiled container); Doctrine, which imports assert(), runs.
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
$root = altair_test_app('symfony', 'a004');

foreach ([
    'return container(App\Repository\ProductRepository::class)->count([]);',
    'return container(App\Repository\ProductRepository::class)->find(2)->getName();',
    'return container(App\Repository\ProductRepository::class)->findOneByName("Mug")->getPriceCents();',
    'return container("doctrine")->getRepository(App\Entity\Product::class)->count([]);',
    'return container(Doctrine\ORM\EntityManagerInterface::class)->createQuery("SELECT COUNT(p) FROM App\Entity\Product p")->getSingleScalarResult();',
    'return container(Doctrine\DBAL\Connection::class)->fetchOne("SELECT name FROM product WHERE id = 3");',
    '$p = container(App\Repository\ProductRepository::class)->find(1); return container(App\Service\PriceFormatter::class)->format($p);',
    'return container()->getParameter("kernel.environment");',
    'return $_SERVER["APP_ENV"] ?? null;',
] as $snippet) {
    $r = altair_cli($root, $snippet);
    echo $r['exit'], ' ', altair_value($r['result']), "\n";
}

$host = altair_cli($root, 'return 1;')['result']['host'] ?? null;
echo json_encode([$host['framework'] ?? null, $host['environment'] ?? null]), "\n";
echo preg_match('/^5\.4\.\d+$/', (string) ($host['version'] ?? '')) ? "version ok\n" : 'version ' . json_encode($host) . "\n";
?>
--EXPECT--
0 3
0 "Kettle"
0 650
0 3
0 3
0 "Mug"
0 "Teapot: 19.99 EUR"
0 "dev"
0 "dev"
["symfony","dev"]
version ok
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('a004-');
?>
