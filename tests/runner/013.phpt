--TEST--
Evaluator: container() from the request bootstrap
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r013');

@mkdir($root . '/src', 0755, true);
file_put_contents($root . '/src/Greeter.php', '<?php namespace App; final class Greeter { public function __construct(private Clock $clock) {} public function greet(string $n): string { return "hello $n at " . $this->clock->now(); } }');
file_put_contents($root . '/src/Clock.php', '<?php namespace App; final class Clock { public function now(): string { return "noon"; } }');
@mkdir($root . '/vendor', 0755, true);
file_put_contents($root . '/vendor/autoload.php', '<?php spl_autoload_register(function ($c) { $f = __DIR__ . "/../src/" . substr(strrchr("\\\\" . $c, "\\\\"), 1) . ".php"; if (is_file($f)) require $f; });');

file_put_contents($root . '/boot.php', '<?php return new class { public function has($id) { return $id === "greeting"; } public function get($id) { if ($id !== "greeting") throw new RuntimeException("no $id"); return "from bootstrap"; } };');
$r = altair_eval('return container("greeting");', $root, ['bootstrap' => 'boot.php']);
var_dump($r->result['value']);
$r = altair_eval('return container("missing");', $root, ['bootstrap' => $root . '/boot.php']);
var_dump($r->exception['class'], $r->exception['message'], $r->exception['file'], $r->exception['line']);
?>
--EXPECT--
string(14) "from bootstrap"
string(16) "RuntimeException"
string(10) "no missing"
string(8) "boot.php"
int(1)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r013-');
?>
