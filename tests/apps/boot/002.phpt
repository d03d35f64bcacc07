--TEST--
Symfony detected from the app's PSR-4 kernel and booted read-only: .env, APP_ENV, a container built into the scratch, private services
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php require __DIR__ . '/boot.inc'; if ($why = altair_boot_missing('symfony')) die("skip $why"); ?>
--FILE--
<?php
require __DIR__ . '/boot.inc';
$root = altair_boot_symfony('b002');
$before = altair_boot_tree($root);

// No var/cache in the project and writes off: the container is compiled into the scratch.
$r = altair_eval('return [$_SERVER["GREETING"], container()->getParameter("kernel.environment"), container("kernel")->getCacheDir() !== ' . var_export($root . '/var/cache/dev', true) . '];', $root, ['timeoutMs' => ALTAIR_BOOT_TIMEOUT_MS]);
echo json_encode($r->exception['message'] ?? $r->error ?? null), "\n";
echo json_encode(array_map(fn ($v) => $v['value'], $r->result['value'] ?? [])), "\n";
var_dump($r->host);
// A private service nothing uses (removed from the compiled container): reached all the same.
$r = altair_eval('return container(App\Service\Greeter::class)->greet("ada");', $root, ['timeoutMs' => ALTAIR_BOOT_TIMEOUT_MS]);
echo json_encode($r->result['value'] ?? $r->exception), "\n";
$r = altair_eval('return container()->has(App\Service\Greeter::class);', $root, ['timeoutMs' => ALTAIR_BOOT_TIMEOUT_MS]);
echo json_encode($r->result['value'] ?? $r->exception), "\n";
// APP_ENV from the environment wins over .env.
putenv('APP_ENV=prod');
// (A cold evaluator: a warm template keeps the environment it started with.)
$r = (new Altair\Eval\Evaluator())->evaluate(new Altair\Eval\EvalRequest('return container()->getParameter("kernel.environment");', $root, timeoutMs: ALTAIR_BOOT_TIMEOUT_MS));
putenv('APP_ENV');
echo json_encode([$r->result['value'] ?? $r->exception, $r->host['environment']]), "\n";
var_dump(altair_boot_tree($root) === $before);
?>
--EXPECTF--
null
["hello-from-dotenv","dev",true]
array(6) {
  ["framework"]=>
  string(7) "symfony"
  ["version"]=>
  string(6) "5.4.53"
  ["environment"]=>
  string(3) "dev"
  ["bootstrap"]=>
  NULL
  ["debug"]=>
  bool(true)
  ["boot_id"]=>
  string(16) "%x"
}
"Hello, ada"
false
["prod","prod"]
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../../helpers.inc';
altair_test_clean('b002-');
?>
