--TEST--
Warm isolation: no descriptor inherited from the template carries bytes from one call to the next
--DESCRIPTION--
Warm workers inherited opcache's lock file read-write on descriptor 4, one open file shared by
every worker: a marker written through php://fd/4 was read back by the next call. Each worker now
holds a file of its own at that number (opcache only locks it). The snippet writes into every
descriptor above the result channel it can open; the next call reads them all.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('wi003');
$write = 'for ($i = 4; $i < 64; $i++) { $f = @fopen("php://fd/$i", "r+"); if ($f) { fwrite($f, "marker"); } } return true;';
$read = '$seen = []; for ($i = 4; $i < 64; $i++) { $f = @fopen("php://fd/$i", "r"); if ($f) { fseek($f, 0); $seen[] = stream_get_contents($f); } } return str_contains(implode("", $seen), "marker");';
$first = altair_eval($write, $root);
$second = altair_eval($read, $root);
var_dump($first->ok, $second->result['value']);
?>
--EXPECT--
bool(true)
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('wi003-');
?>
