--TEST--
Databases: Symfony with Doctrine on MariaDB and PostgreSQL (DATABASE_URL in .env.local): the repository answers, flush and DBAL writes are refused, the server is unchanged
--EXTENSIONS--
altair_eval
pdo_mysql
pdo_pgsql
--SKIPIF--
<?php
require __DIR__ . '/databases.inc';
if ($why = altair_db_missing('mysql', 'pgsql')) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/databases.inc';
foreach (['mysql', 'pgsql'] as $server) {
    $root = altair_db_symfony("db005-$server", $server);
    $before = altair_db_fingerprint_symfony($server);
    $r = altair_db_eval($root, 'return container(Doctrine\ORM\EntityManagerInterface::class)->getRepository(App\Entity\Product::class)->count([]);');
    echo "$server count: ", json_encode(altair_db_decode($r->result) ?? $r->exception['message'] ?? null), "\n";
    foreach ([
        'remove + flush' => '$em = container(Doctrine\ORM\EntityManagerInterface::class); foreach ($em->getRepository(App\Entity\Product::class)->findAll() as $p) { $em->remove($p); } $em->flush(); return true;',
        'DBAL statement' => 'return container(Doctrine\DBAL\Connection::class)->executeStatement("DELETE FROM product");',
    ] as $route => $snippet) {
        $r = altair_db_eval($root, $snippet);
        echo "  ", str_pad($route, 16), altair_db_refused($r), altair_db_fingerprint_symfony($server) === $before ? ', server unchanged' : ', SERVER CHANGED', "\n";
    }
}

function altair_db_fingerprint_symfony(string $server): string
{
    return altair_db_client($server, 'SELECT COUNT(*) FROM product');
}
?>
--EXPECTF--
mysql count: 3
  remove + flush  refused (%s), server unchanged
  DBAL statement  refused (%s), server unchanged
pgsql count: 3
  remove + flush  refused (%s), server unchanged
  DBAL statement  refused (%s), server unchanged
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db005-');
?>
