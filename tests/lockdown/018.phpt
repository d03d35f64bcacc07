--TEST--
Lockdown: a framework bootstrap that sets ordinary ini values still works
--DESCRIPTION--
Engine layer: only the guard settings are locked; ini_set() stays for the rest.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('l018');
mkdir($root . '/config');
file_put_contents($root . '/config/container.php', <<<'PHP'
<?php
ini_set('display_errors', '0');
ini_set('error_reporting', (string) E_ALL);
ini_set('date.timezone', 'Europe/Paris');
ini_set('precision', '10');
error_reporting(E_ALL & ~E_DEPRECATED);
set_error_handler(fn () => false);
return new class {
    public function has(string $id): bool { return true; }
    public function get(string $id): mixed { return [ini_get('display_errors'), date_default_timezone_get(), ini_get('precision'), ini_get('memory_limit')]; }
};
PHP);
$r = altair_eval('return container("settings");', $root);
var_dump($r->ok, array_column($r->result['value'], 'value'));
?>
--EXPECT--
bool(true)
array(4) {
  [0]=>
  string(1) "0"
  [1]=>
  string(12) "Europe/Paris"
  [2]=>
  string(2) "10"
  [3]=>
  string(9) "134217728"
}
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('l018-');
?>
