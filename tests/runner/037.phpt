--TEST--
Evaluator: every limit that ends a run is named in limit_exceeded, PHP's hard memory limit (a huge snippet) too
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r037');

$runs = [
    // Compiling ~1 MB of statements (just under MAX_SNIPPET_BYTES) passes twice memory_limit: PHP exits
    // 137 at once, no fatal, no frame.
    'memory (hard)' => [str_repeat('$x = 1; ', 127 * 1024) . 'return 1;', ['memoryLimitMb' => 16]],
    'memory (memory_limit)' => ['return str_repeat("m", 64 * 1024 * 1024);', ['memoryLimitMb' => 16]],
    'time' => ['while (true) {}', ['timeoutMs' => altair_generous_ms(300)]],
    'output' => ['echo str_repeat("o", 2 * 1024 * 1024); return 1;', []],
    'file_size' => ['$f = fopen(sys_get_temp_dir() . "/big", "w"); $c = str_repeat("x", 1 << 20); '
        . 'for ($i = 0; $i < 70; $i++) { fwrite($f, $c); } return 1;', []],
    'result_size' => ['return array_fill(0, 100, array_fill(0, 100, array_fill(0, 60, 7)));', []],
];
foreach ($runs as $label => [$snippet, $options]) {
    $r = altair_eval($snippet, $root, $options);
    printf("%-22s ok=%s limit=%s\n", $label, json_encode($r->ok), json_encode($r->limitExceeded));
}
?>
--EXPECT--
memory (hard)          ok=false limit="memory"
memory (memory_limit)  ok=false limit="memory"
time                   ok=false limit="time"
output                 ok=true limit="output"
file_size              ok=false limit="file_size"
result_size            ok=true limit="result_size"
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r037-');
?>
