--TEST--
Evaluator: container() from config/container.php, with vendor/autoload.php loaded
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r015');

@mkdir($root . '/src', 0755, true);
file_put_contents($root . '/src/Greeter.php', '<?php namespace App; final class Greeter { public function __construct(private Clock $clock) {} public function greet(string $n): string { return "hello $n at " . $this->clock->now(); } }');
file_put_contents($root . '/src/Clock.php', '<?php namespace App; final class Clock { public function now(): string { return "noon"; } }');
@mkdir($root . '/vendor', 0755, true);
file_put_contents($root . '/vendor/autoload.php', '<?php spl_autoload_register(function ($c) { $f = __DIR__ . "/../src/" . substr(strrchr("\\\\" . $c, "\\\\"), 1) . ".php"; if (is_file($f)) require $f; });');

mkdir($root . '/config');
file_put_contents($root . '/config/container.php', '<?php return new class { public function has($id) { return class_exists($id); } public function get($id) { return new $id(new App\Clock()); } };');
$r = altair_eval('return container(App\Greeter::class)->greet("ada");', $root);
var_dump($r->ok, $r->result['value']);
$r = altair_eval('return container() === container();', $root);
var_dump($r->result['value']);
?>
--EXPECT--
bool(true)
string(17) "hello ada at noon"
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r015-');
?>
