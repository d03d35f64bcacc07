--TEST--
Warm: a waiting worker takes its page faults before its request (altair_eval.warm_prefault_mb); 0 turns it off
--DESCRIPTION--
A forked worker's first read of a page of code or of opcache's shared memory, and its first write
to a page of the template's heap, each cost a fault (1-2 us here); a Laravel count took about 370.
A waiting worker now populates them ahead (guest/template/prefault.c). The snippet counts the minor
faults its own work takes: with the default setting the pages it reads and writes are already
mapped, with altair_eval.warm_prefault_mb=0 (a caller started with it, PHP_INI_SYSTEM) they are not.
The answers are the same. Needs MADV_POPULATE_READ/WRITE (Linux 5.14).
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php
if (version_compare(preg_replace('/[^0-9.].*$/', '', php_uname('r')), '5.14', '<')) {
    die('skip needs Linux 5.14 (MADV_POPULATE_READ/WRITE): this kernel is ' . php_uname('r'));
}
?>
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('w016');
$caller = <<<'PHP'
$e = new Altair\Eval\Evaluator(warm: true);
$snippet = '$a = getrusage()["ru_minflt"]; $x = array_map(fn ($i) => sprintf("%05d", $i), range(1, 200)); rsort($x);'
    . ' $j = json_encode(["x" => $x, "h" => hash("sha256", implode($x))]);'
    . ' return [getrusage()["ru_minflt"] - $a, strlen($j), $x[0]];';
$faults = [];
for ($i = 0; $i < 5; $i++) {
    usleep(30000); // the replacement worker has time to wait, and to populate
    $r = $e->evaluate(new Altair\Eval\EvalRequest($snippet, $argv[1]));
    [$faults[], $length, $first] = array_column($r->result['value'] ?? [], 'value');
}
sort($faults);
echo json_encode(['faults' => $faults[2], 'answer' => [$length, $first]]), "\n";
PHP;
$run = function (array $settings) use ($caller, $root): array {
    $command = array_merge([PHP_BINARY], altair_test_php_args(), $settings, ['-r', $caller, $root]);
    $process = proc_open($command, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    proc_close($process);
    return json_decode($out, true) ?? ['error' => $out . $err];
};
$ahead = $run([]);
$off = $run(['-d', 'altair_eval.warm_prefault_mb=0']);
echo "the same answers: ", json_encode($ahead['answer'] === $off['answer'] && $ahead['answer'] === [1678, '00200']), "\n";
echo "faults taken ahead, fewer than half as many in the snippet: ",
    json_encode($ahead['faults'] * 2 < $off['faults']), "\n";
if (!($ahead['faults'] * 2 < $off['faults']) || $ahead['answer'] !== $off['answer']) {
    var_dump($ahead, $off);
}
?>
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('w016');
?>
--EXPECT--
the same answers: true
faults taken ahead, fewer than half as many in the snippet: true
