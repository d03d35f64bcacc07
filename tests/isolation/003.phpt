--TEST--
Isolation: two concurrent evaluations cannot see, read or rewrite each other's scratch
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('i003');

// Evaluation A, in another process: plants a secret in its scratch, says it is ready, and waits
// until B is done; then returns what its temp file holds (B must not have rewritten it).
$a = <<<'PHP'
file_put_contents(sys_get_temp_dir() . "/secret.txt", "secret-of-A");
file_put_contents(getcwd() . "/ready", "1");
for ($i = 0; $i < 400 && !file_exists(getcwd() . "/done"); $i++) { usleep(25000); }
return file_get_contents(sys_get_temp_dir() . "/secret.txt");
PHP;
$code = sprintf('require %s; echo json_encode(altair_eval(%s, %s, ["allowWrites" => true, "timeoutMs" => 20000])->result);',
    var_export(__DIR__ . '/../helpers.inc', true), var_export($a, true), var_export($root, true));
$process = proc_open([PHP_BINARY, ...altair_test_php_args(), '-r', $code], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
for ($i = 0; $i < 800 && !file_exists($root . '/ready'); $i++) {
    usleep(25000);
}
var_dump(file_exists($root . '/ready'));

// Evaluation B, with writes: looks for every other scratch dir and every file in them.
$b = <<<'PHP'
$mine = sys_get_temp_dir();
$found = [];
foreach ([dirname($mine) . "/*", dirname($mine) . "/*/*", getcwd() . "/.altair/eval/*/*"] as $pattern) {
    foreach (glob($pattern) ?: [] as $path) {
        if ($path !== $mine && !str_starts_with($path, $mine . "/")) {
            $found[] = basename($path);
            if (is_file($path)) { @file_put_contents($path, "rewritten-by-B"); }
        }
    }
}
return $found;
PHP;
$r = altair_eval($b, $root, ['allowWrites' => true]);
var_dump($r->ok, $r->result['value']);
touch($root . '/done');

$outputA = stream_get_contents($pipes[1]);
fclose($pipes[1]);
fclose($pipes[2]);
proc_close($process);
var_dump(json_decode($outputA, true)['value'] ?? $outputA);
?>
--EXPECT--
bool(true)
bool(true)
array(0) {
}
string(11) "secret-of-A"
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('i003-');
?>
