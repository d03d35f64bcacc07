--TEST--
Booted warm: each worker draws its own random numbers after a boot that drew from mt_rand, unless the boot seeded it on purpose (then as a cold child does)
--DESCRIPTION--
Issue 18 item 3. A worker is a fork of its template: after a boot that called mt_rand() once, every
worker used to start from the same Mt19937 state (and the same combined LCG), so every booted call
returned the same mt_rand()/rand()/shuffle()/str_shuffle()/array_rand()/lcg_value() sequence, and
the same from a Random\Engine the boot constructed without a seed. Each worker now reseeds them
(guest/template/fresh.c). A boot that calls mt_srand(42), or constructs an engine with a seed, gets
the same sequence on every call, as every cold child does.
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php
require __DIR__ . '/boot_probe.inc';
if ($why = altair_booted_unavailable()) die("skip $why (tests/booted/009.phpt checks the reason)");
?>
--FILE--
<?php
require __DIR__ . '/boot_probe.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$snippet = '$a = range(1, 50); shuffle($a); return [mt_rand(), rand(), mt_rand(1, 1000000), str_shuffle("abcdefghijklmnopqrstuvwxyz"),'
    . ' implode(",", array_rand(array_flip(range(1, 200)), 5)), implode(",", $a), lcg_value(), uniqid("", true), bin2hex(random_bytes(8)), random_int(0, PHP_INT_MAX),'
    . ' bin2hex($GLOBALS["mt"]->generate()), $GLOBALS["randomizer"]->getInt(0, PHP_INT_MAX), bin2hex($GLOBALS["pcg"]->generate())];';
// Engines the boot constructs without a seed (each worker's draws its own) and with one (the same on every call).
$engines = '$GLOBALS["mt"] = new Random\Engine\Mt19937(); $GLOBALS["mt"]->generate(); $GLOBALS["pcg"] = new Random\Engine\PcgOneseq128XslRr64(null);'
    . ' $GLOBALS["randomizer"] = new Random\Randomizer(new Random\Engine\Xoshiro256StarStar()); $GLOBALS["seeded"] = new Random\Engine\Mt19937(7);';

$warm = new Evaluator(warm: true);
$cold = new Evaluator();

// The boot draws once (so the generator is seeded in the template) and keeps what it drew.
$root = altair_booted_project('bd010', '$GLOBALS["drawn"] = mt_rand() + (int) (lcg_value() * 1000); ' . $engines);
$calls = [];
for ($i = 0; $i < 3; $i++) {
    $r = $warm->evaluate(new EvalRequest($snippet, $root));
    $calls[] = altair_booted_plain($r);
    var_dump($r->sandbox['booted_template']);
}
// No value repeats from one call to another, in any position.
$repeats = 0;
foreach ($calls[0] as $i => $value) {
    $repeats += (int) ($value === $calls[1][$i]) + (int) ($value === $calls[2][$i]) + (int) ($calls[1][$i] === $calls[2][$i]);
}
var_dump($repeats);

// A boot that seeds on purpose: the same mt_rand() sequence on every call, warm and cold alike.
$seeded = altair_booted_project('bd010s', 'mt_srand(42); $GLOBALS["drawn"] = mt_rand(); ' . $engines);
$sequence = 'return [mt_rand(), rand(), mt_rand(1, 1000000), str_shuffle("abcdefghijklmnopqrstuvwxyz"), bin2hex($GLOBALS["seeded"]->generate())];';
$first = altair_booted_plain($warm->evaluate(new EvalRequest($sequence, $seeded)));
$second = $warm->evaluate(new EvalRequest($sequence, $seeded));
$reference = altair_booted_plain($cold->evaluate(new EvalRequest($sequence, $seeded)));
var_dump($second->sandbox['booted_template'], $first === altair_booted_plain($second), $first === $reference);
$warm->close();
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/clean.inc';
altair_clean_roots('bd010');
?>
