--TEST--
Warm: a template belongs to the root directory, not its path: after a release swap (mv app app.old; mv app.new app) every policy's next call runs the new tree, and writes land in it
--DESCRIPTION--
Issue 18 item 4. A template's private view holds the directory its root path named when it
started. After the path was swapped to another directory, a write-enabled template kept running
the old tree and its writes landed in the moved-away one. The evaluator now checks the root's
device and inode on every call and replaces a template whose root was swapped (runner/warm.c).
--EXTENSIONS--
altair_eval
posix
--FILE--
<?php
require __DIR__ . '/../booted/boot_probe.inc';
use Altair\Eval\{EvalRequest, Evaluator};

$base = altair_test_root('w008');
$app = "$base/app";
foreach (['app' => 'old', 'app.new' => 'new'] as $dir => $release) {
    mkdir("$base/$dir/config", 0755, true);
    file_put_contents("$base/$dir/release", $release);
    file_put_contents("$base/$dir/config/container.php", "<?php\nreturn new class {\n"
        . "    public function has(string \$id): bool { return \$id === 'release'; }\n"
        . "    public function get(string \$id): mixed { return trim(file_get_contents(__DIR__ . '/../release')); }\n};\n");
}
$snippet = fn (string $name) => "file_put_contents('$app/written-$name', 'x'); return [container('release'), file_get_contents('$app/release')];";
$read = 'return [container("release"), file_get_contents("' . $app . '/release")];';

$e = new Evaluator(warm: true);
// [the value, the template that served it] (seen from here: a worker cannot name its template).
$known = [];
$run = function (string $code, bool $writes) use ($e, $app, &$known): array {
    [$result, $template] = altair_test_served(fn () => $e->evaluate(new EvalRequest($code, $app, allowWrites: $writes)), (int) $writes, $known);
    return [...altair_booted_plain($result), $template];
};
$before = [
    'writes' => $run($snippet('one'), true),
    'read' => $run($read, false),
];
// The same template serves the next call while nothing moved.
var_dump($run($snippet('two'), true)[2] === $before['writes'][2]);

rename($app, "$base/app.old");
rename("$base/app.new", $app);
$after = [
    'writes' => $run($snippet('three'), true),
    'read' => $run($read, false),
];
$e->close();
foreach (['writes', 'read'] as $policy) {
    echo $policy, ': ', json_encode(array_slice($before[$policy], 0, 2)), ' then ', json_encode(array_slice($after[$policy], 0, 2)),
        ', another template: ', json_encode($before[$policy][2] !== $after[$policy][2]), "\n";
}
// The writes made after the swap are in the tree now at the path, none in the moved one.
var_dump(file_exists("$app/written-three"), file_exists("$base/app.old/written-three"), file_exists("$base/app.old/written-one"));
?>
--EXPECT--
bool(true)
writes: ["old","old"] then ["new","new"], another template: true
read: ["old","old"] then ["new","new"], another template: true
bool(true)
bool(false)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../booted/clean.inc';
altair_clean_roots('w008');
?>
