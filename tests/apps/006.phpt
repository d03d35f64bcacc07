--TEST--
Apps: a Doctrine entity with private properties an agent can read: its mapped fields, as a map (needs the encoder's casters)
--DESCRIPTION--
Issue 13 point 7, through bin/altair eval on the real Symfony app: Product's properties are all
private; today they encode as "properties": [] (empty, and a JSON list). The node shape is the
encoder's; this checks that the values are there and that properties is never a list.
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
$root = altair_test_app('symfony', 'a006');

$r = altair_cli($root, 'return container(App\Repository\ProductRepository::class)->find(2);');
$result = $r['result']['result'] ?? null;
$json = json_encode($result, JSON_UNESCAPED_SLASHES);
echo $r['exit'], ' ', $result['class'] ?? 'no class', "\n";
foreach (['"Kettle"', '3450', '"priceCents"', '"name"'] as $needle) {
    echo $needle, ': ', str_contains($json, $needle) ? 'shown' : 'missing', "\n";
}
echo 'properties is a list: ', json_encode(isset($result['properties']) && array_is_list($result['properties']) && $result['properties'] !== []
    || str_contains($json, '"properties":[]')), "\n";
?>
--EXPECT--
0 App\Entity\Product
"Kettle": shown
3450: shown
"priceCents": shown
"name": shown
properties is a list: false
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('a006-');
?>
