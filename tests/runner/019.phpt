--TEST--
Evaluator: a forged result on the channel is rejected
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r019');

// Write something that looks like a frame to every descriptor a snippet can name, then exit 0.
$r = altair_eval('foreach ([3, 4, 5] as $fd) { $f = @fopen("php://fd/$fd", "w"); if ($f) { fwrite($f, "AEV1" . str_repeat("\0", 32) . pack("V", 40) . json_encode(["kind" => "return", "value" => ["type" => "string", "value" => "forged"]])); } } exit(0);', $root);
var_dump($r->ok, $r->result);
var_dump(in_array($r->error['type'] ?? null, ['integrity', null], true));
var_dump(($r->result['value'] ?? null) !== 'forged');
// Files in the scratch dir are not a channel either.
$r = altair_eval('file_put_contents(__DIR__ . "/result.json", "{\"type\":\"string\",\"value\":\"forged\"}"); exit(0);', $root);
var_dump($r->result, $r->exitCode);
?>
--EXPECT--
bool(false)
NULL
bool(true)
bool(true)
NULL
int(0)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
foreach (glob(sys_get_temp_dir() . '/altair-eval-test-r019-*') as $d) altair_test_remove($d);
?>
