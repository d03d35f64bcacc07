--TEST--
Evaluator: without a bootstrap, container() autowires classes by constructor type
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r016');

@mkdir($root . '/src', 0755, true);
file_put_contents($root . '/src/Greeter.php', '<?php namespace App; final class Greeter { public function __construct(private Clock $clock) {} public function greet(string $n): string { return "hello $n at " . $this->clock->now(); } }');
file_put_contents($root . '/src/Clock.php', '<?php namespace App; final class Clock { public function now(): string { return "noon"; } }');
@mkdir($root . '/vendor', 0755, true);
file_put_contents($root . '/vendor/autoload.php', '<?php spl_autoload_register(function ($c) { $f = __DIR__ . "/../src/" . substr(strrchr("\\\\" . $c, "\\\\"), 1) . ".php"; if (is_file($f)) require $f; });');

$r = altair_eval('return container(App\Greeter::class)->greet("bob");', $root);
var_dump($r->ok, $r->result['value']);
$r = altair_eval('return container("App\\Nope");', $root);
var_dump($r->exception['class'], $r->exception['message']);
$r = altair_eval('return container(App\Greeter::class) === container(App\Greeter::class);', $root);
var_dump($r->result['value']);
?>
--EXPECT--
bool(true)
string(17) "hello bob at noon"
string(35) "Altair\Eval\Guest\NotFoundException"
string(38) "No entry or class found for 'App\Nope'"
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r016-');
?>
