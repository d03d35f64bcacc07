--TEST--
Warm: a putenv() in the caller reaches the next warm call (and a booted template's boot) as it reaches a cold one, under inherit and under clean with the name allowed
--DESCRIPTION--
Issue 18 item 13. A template is spawned with the environment of its first call: warm calls (and the
boot of a booted template) kept seeing it after the caller changed its own. Templates are now keyed
by the environment as the request's env policy passes it on (runner/warm.c, runner/argv.c): a
change the policy passes on means another template; one it does not (a name clean does not allow)
keeps the same template.
--EXTENSIONS--
altair_eval
posix
--FILE--
<?php
require __DIR__ . '/../booted/boot_probe.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$root = altair_booted_project('w009', '$GLOBALS["boot_saw"] = getenv("ALTAIR_W009");');
$snippet = 'return [getenv("ALTAIR_W009"), $GLOBALS["boot_saw"], $_ENV["ALTAIR_W009"] ?? $_SERVER["ALTAIR_W009"] ?? null, posix_getppid()];';
$policies = [
    'inherit' => [],
    'clean+allow' => ['env' => 'clean', 'envAllow' => ['ALTAIR_W009']],
    'inherit, writes' => ['allowWrites' => true],
];
$e = new Evaluator(warm: true);
$cold = new Evaluator();
$known = [];
foreach ($policies as $name => $options) {
    $seen = [];
    foreach (['one', 'two', false] as $value) {
        putenv($value === false ? 'ALTAIR_W009' : "ALTAIR_W009=$value");
        // The template, seen from here (a worker cannot name it where it has a PID namespace of its own).
        [$r, $template] = altair_test_served(fn () => $e->evaluate(new EvalRequest($snippet, $root, ...$options)), $name, $known);
        $c = $cold->evaluate(new EvalRequest($snippet, $root, ...$options));
        $warm = altair_booted_plain($r);
        $seen[] = array_slice($warm, 0, 2);
        $same = array_slice($warm, 0, 3) === array_slice(altair_booted_plain($c), 0, 3);
        echo "$name: ", json_encode(array_slice($warm, 0, 2)), $same ? ' as cold' : ' DIFFERS from cold: ' . json_encode(altair_booted_plain($c)), "\n";
    }
    // A variable the policy does not pass on changes nothing: the same template serves.
    putenv('ALTAIR_W009_OTHER=' . $name);
    if ($name === 'clean+allow') {
        var_dump($template > 0 && altair_test_served(fn () => $e->evaluate(new EvalRequest($snippet, $root, ...$options)), $name, $known)[1] === $template);
    }
    putenv('ALTAIR_W009_OTHER');
}
$e->close();
?>
--EXPECT--
inherit: ["one","one"] as cold
inherit: ["two","two"] as cold
inherit: [false,false] as cold
clean+allow: ["one","one"] as cold
clean+allow: ["two","two"] as cold
clean+allow: [false,false] as cold
bool(true)
inherit, writes: ["one","one"] as cold
inherit, writes: ["two","two"] as cold
inherit, writes: [false,false] as cold
--CLEAN--
<?php
require __DIR__ . '/../booted/clean.inc';
altair_clean_roots('w009');
?>
