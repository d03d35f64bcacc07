--TEST--
Warm: opcache is shared by the workers, and an edited class is seen on the next call
--EXTENSIONS--
altair_eval
posix
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('w002');
use Altair\Eval\{Evaluator, EvalRequest};
mkdir($root . '/src');
$file = $root . '/src/Version.php';
// Old enough for opcache to cache it (file_update_protection), then edited with a new mtime.
file_put_contents($file, '<?php final class Version { public static function name(): string { return "one"; } }');
touch($file, time() - 60);
$evaluator = new Evaluator(warm: true);
$snippet = 'require "src/Version.php"; return Version::name();';
$a = $evaluator->evaluate(new EvalRequest($snippet, $root));
// Changed behind opcache's back (same mtime): the next worker still runs what the first compiled,
// which only a shared cache can explain (snippets cannot ask opcache itself).
$mtime = filemtime($file);
file_put_contents($file, '<?php final class Version { public static function name(): string { return "uncached"; } }');
touch($file, $mtime);
$cached = $evaluator->evaluate(new EvalRequest($snippet, $root));
file_put_contents($file, '<?php final class Version { public static function name(): string { return "two"; } }');
touch($file, time() - 30);
$b = $evaluator->evaluate(new EvalRequest($snippet, $root));
var_dump($a->result['value'], $cached->result['value'], $b->result['value']);
?>
--EXPECT--
string(3) "one"
string(3) "one"
string(3) "two"
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('w002-');
?>
