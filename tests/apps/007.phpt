--TEST--
Apps: read-only by default on both apps: the SQLite database byte-for-byte unchanged, a write refused, nothing left in the project tree
--DESCRIPTION--
Issue 13 points 3 and 6: reads, then a write attempt (Eloquent create, Doctrine persist+flush)
without --writes. The database file's hash and every file and directory under the root (.altair/
included, vendor/debian left out) are the same afterwards. With --writes (and --allow-writes, the
other spelling) the same write goes through, proving the check can fail.
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
$apps = [
    'laravel' => ['database/database.sqlite', 'return User::count();',
        'return App\Models\User::create(["name" => "Eve", "email" => "eve@example.com", "password" => "x"])->id;'],
    'symfony' => ['var/data.db', 'return container(App\Repository\ProductRepository::class)->count([]);',
        '$em = container(Doctrine\ORM\EntityManagerInterface::class); $em->persist($p = new App\Entity\Product("Spoon", 120)); $em->flush(); return $p->getId();'],
];
foreach ($apps as $fixture => [$database, $read, $write]) {
    $root = altair_test_app($fixture, 'a007');
    $hash = hash_file('sha256', "$root/$database");
    $before = altair_tree($root);

    $r = altair_cli($root, $read);
    echo "$fixture read: ", $r['exit'], ' ', altair_value($r['result']), "\n";
    $r = altair_cli($root, $write);
    echo "$fixture write: ", $r['exit'], ' ', str_contains(json_encode($r['result']['exception'] ?? null), 'readonly') ? 'refused (readonly database)' : altair_value($r['result']), "\n";
    echo "$fixture database unchanged: ", json_encode(hash_file('sha256', "$root/$database") === $hash), "\n";
    echo "$fixture tree: ", json_encode(altair_tree_diff($before, altair_tree($root))), "\n";

    $r = altair_cli($root, $write, ['--writes']);
    echo "$fixture --writes: ", $r['exit'], ' ', altair_value($r['result']), "\n";
    $r = altair_cli($root, $read, ['--allow-writes']);
    echo "$fixture --allow-writes read: ", $r['exit'], ' ', altair_value($r['result']), "\n";
    echo "$fixture database changed: ", json_encode(hash_file('sha256', "$root/$database") !== $hash), "\n";
    altair_test_remove($root);
}
?>
--EXPECT--
laravel read: 0 3
laravel write: 1 refused (readonly database)
laravel database unchanged: true
laravel tree: []
laravel --writes: 0 4
laravel --allow-writes read: 0 4
laravel database changed: true
symfony read: 0 3
symfony write: 1 refused (readonly database)
symfony database unchanged: true
symfony tree: []
symfony --writes: 0 4
symfony --allow-writes read: 0 4
symfony database changed: true
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('a007-');
?>
