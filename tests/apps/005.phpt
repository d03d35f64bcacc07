--TEST--
Apps: edit then check: a changed Symfony config or src file makes the next call rebuild the container, into the scratch, not var/cache
--DESCRIPTION--
Issue 13 point 3: an agent's loop is edit-then-check. The dev kernel sees its container is stale
and recompiles it; with writes off it must do that in the evaluation's scratch (var/cache/dev is
read-only) and see the edit. var/ stays byte-for-byte what it was.
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
$root = altair_test_app('symfony', 'a005');
$format = '$p = container(App\Repository\ProductRepository::class)->find(1); return container(App\Service\PriceFormatter::class)->format($p);';

$r = altair_cli($root, $format);
echo $r['exit'], ' ', altair_value($r['result']), "\n";
$before = altair_tree($root);

// A config edit: the parameter the formatter is given.
$services = $root . '/config/services.yaml';
file_put_contents($services, str_replace('app.currency: EUR', 'app.currency: CHF', file_get_contents($services)));
touch($services, time() + 2);
$r = altair_cli($root, $format);
echo $r['exit'], ' ', altair_value($r['result']), "\n";

// A src edit: a new method on a service.
$formatter = $root . '/src/Service/PriceFormatter.php';
file_put_contents($formatter, str_replace("    public function format(", "    public function currency(): string\n    {\n        return \$this->currency;\n    }\n\n    public function format(", file_get_contents($formatter)));
touch($formatter, time() + 4);
$r = altair_cli($root, 'return container(App\Service\PriceFormatter::class)->currency();');
echo $r['exit'], ' ', altair_value($r['result']), "\n";

$r = altair_cli($root, 'return container(App\Repository\ProductRepository::class)->count([]);');
echo $r['exit'], ' ', altair_value($r['result']), "\n";

// Only the two edits changed the tree: nothing was written under var/ (nor anywhere else).
echo json_encode(altair_tree_diff($before, altair_tree($root)), JSON_UNESCAPED_SLASHES), "\n";
?>
--EXPECT--
0 "Teapot: 19.99 EUR"
0 "Teapot: 19.99 CHF"
0 "CHF"
0 3
["~ config/services.yaml","~ src/Service/PriceFormatter.php"]
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('a005-');
?>
