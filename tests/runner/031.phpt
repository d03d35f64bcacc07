--TEST--
Evaluator: a snippet's exception shows the snippet's own frames and lines, none of the wrapper's
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r031');
mkdir($root . '/src');
file_put_contents($root . '/src/Service.php', "<?php\nfinal class Service {\n    public function fail(): void {\n        throw new LogicException('deep');\n    }\n}\n");
$snippet = "require 'src/Service.php';\nfunction helper() {\n    (new Service())->fail();\n}\nhelper();";
$r = altair_eval($snippet, $root);
var_dump($r->exception['file'], $r->exception['line']);
foreach ($r->exception['stack_trace'] as $frame) {
    echo ($frame['class'] ?? ''), ($frame['type'] ?? ''), $frame['function'], ' at ', $frame['file'] ?? '?', ':', $frame['line'] ?? '?', "\n";
}
var_dump(str_contains(json_encode($r->exception), 'Command line code'), str_contains(json_encode($r->exception), 'Guest'));
?>
--EXPECT--
string(15) "src/Service.php"
int(4)
Service->fail at snippet.php:3
helper at snippet.php:5
bool(false)
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r031-');
?>
