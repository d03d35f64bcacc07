--TEST--
Booted warm: the template's realpath cache, on during its boot, carries no path of a swapped link outside the project into a worker
--DESCRIPTION--
A booted template turns PHP's realpath cache back on before its boot, under the same view and
Landlock as its workers (guest/guest.c boot_template): its workers inherit what the boot resolved
(the template's boot made 3,300 stat calls instead of 17,900 for the Laravel fixture). A link of
the project that the boot resolved is then swapped on the host to point at a secret directory
outside the project: whatever the inherited cache says, the secret must not come back, through
the link or through the path the boot resolved, and the answer through the link must be what a
cold child gives (the template is replaced, its watched directory changed, and the new one's boot
cannot read the secret either: outside its view). The cache is shown to be on in the worker and to hold the boot's path, or
the test would prove nothing.
--EXTENSIONS--
altair_eval
posix
--SKIPIF--
<?php
require __DIR__ . '/boot_probe.inc';
if ($why = altair_booted_unavailable()) die("skip $why (tests/booted/009.phpt checks the reason)");
if ($why = altair_view_unavailable()) die("skip the realpath cache is on only under the private view, which needs a mount namespace ($why): without it the template's cache stays off, as a cold child's there, and carries nothing");
?>
--FILE--
<?php
require __DIR__ . '/boot_probe.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$outside = altair_test_root('b020-outside');
file_put_contents("$outside/data.txt", 'host secret');
$root = altair_booted_project('b020', "\$GLOBALS['read_at_boot'] = file_get_contents(__DIR__ . '/../link/data.txt');");
mkdir("$root/inside");
file_put_contents("$root/inside/data.txt", 'inside');
symlink("$root/inside", "$root/link");

$snippet = <<<'PHP'
$cached = array_keys(realpath_cache_get());
return [
    'boot read' => $GLOBALS['read_at_boot'] ?? null,
    'cache on' => realpath_cache_size() > 0,
    'boot path cached' => count(array_filter($cached, fn ($p) => str_ends_with($p, '/link/data.txt') || str_ends_with($p, '/inside/data.txt'))) > 0,
    'through the link' => @file_get_contents(base_path_probe() . '/link/data.txt'),
];
PHP;
$snippet = 'function base_path_probe() { return ' . var_export($root, true) . '; }' . "\n" . $snippet;
$warm = new Evaluator(warm: true);
echo json_encode(altair_booted_plain($warm->evaluate(new EvalRequest($snippet, $root)))), "\n";

// The swap: a new link to the secret renamed over the old one (as a release swap would).
symlink($outside, "$root/link.new");
rename("$root/link.new", "$root/link");
$w = altair_booted_plain($warm->evaluate(new EvalRequest($snippet, $root)));
$c = altair_booted_plain((new Evaluator())->evaluate(new EvalRequest($snippet, $root)));
echo json_encode($w), "\n";
var_dump(str_contains(json_encode($w), 'host secret'), $w['through the link'] === $c['through the link']);
$warm->close();
?>
--EXPECT--
{"boot read":"inside","cache on":true,"boot path cached":true,"through the link":"inside"}
{"boot read":false,"cache on":true,"boot path cached":false,"through the link":false}
bool(false)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/clean.inc';
altair_clean_roots('b020');
?>
