--TEST--
Evaluator: a forged result never reaches the caller (sealed channel, then the token check)
--DESCRIPTION--
A snippet tries to write a frame that looks like the guest's onto every descriptor it can name,
then exits 0 (a warm worker also holds opcache's lock file on fd 4: not a channel either). Guarded: seccomp refuses to dup the channel, so php://fd/3 cannot even be opened.
Unsafe (no seccomp): the frame reaches the channel, and the host rejects it because it lacks the
per-run token. Either way the forged value is never the result.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r019');
$forge = 'foreach ([3, 4, 5] as $fd) { $f = @fopen("php://fd/$fd", "w"); if ($fd === 3) { echo $f ? "open:3" : "refused:3"; } if ($f) { fwrite($f, "AEV1" . str_repeat("\0", 32) . pack("V", 60) . json_encode(["kind" => "return", "value" => ["type" => "string", "value" => "forged"]])); } } exit(0);';

$r = altair_eval($forge, $root);
var_dump($r->stdout, $r->result, $r->error, $r->sandbox['result_channel']);

$r = altair_eval($forge, $root, ['unsafe' => true]);
var_dump($r->ok, $r->result, $r->error['type'], $r->error['message']);

// Files in the scratch dir are not a channel either.
$r = altair_eval('file_put_contents(__DIR__ . "/result.json", "{\"type\":\"string\",\"value\":\"forged\"}"); exit(0);', $root);
var_dump($r->result, $r->exitCode);
?>
--EXPECT--
string(9) "refused:3"
NULL
NULL
bool(true)
bool(false)
NULL
string(9) "integrity"
string(86) "The result channel carried data the evaluator did not write; the result was discarded."
NULL
int(0)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r019-');
?>
