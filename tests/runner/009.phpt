--TEST--
Evaluator: memory exhaustion is a structured error with limit_exceeded memory
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r009');

$r = altair_eval('$a = []; while (true) { $a[] = str_repeat("x", 1 << 20); }', $root, ['memoryLimitMb' => 32]);
var_dump($r->ok, $r->limitExceeded, $r->error['type'], $r->error['file']);
var_dump(str_starts_with($r->error['message'], 'Allowed memory size of 33554432 bytes exhausted'));
$r = altair_eval('ini_set("memory_limit", "-1"); return ini_get("memory_limit");', $root, ['memoryLimitMb' => 32]);
var_dump($r->result['value']);
?>
--EXPECT--
bool(false)
string(6) "memory"
string(7) "E_ERROR"
string(11) "snippet.php"
bool(true)
string(8) "33554432"
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r009-');
?>
