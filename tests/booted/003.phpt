--TEST--
Booted warm: concurrent workers of two warm evaluators querying the same SQLite database each get their own answers
--DESCRIPTION--
Issue 14 point 1, no shared connections: a connection opened before a fork and used by two workers
would interleave their queries and answers. Each worker must hold its own.
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php
require __DIR__ . '/booted.inc';
if ($why = altair_test_app_missing()) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/booted.inc';

$root = altair_test_app('laravel', 'b003');
$expected = (new Altair\Eval\Evaluator())->evaluate(new Altair\Eval\EvalRequest('return json_encode(User::orderBy("id")->pluck("email", "id"));', $root));
$emails = json_decode($expected->result['value'], true);
var_dump(count($emails));

// Each caller: its own warm evaluator (its own template), 12 queries, each for a different user
// and the count of its posts, checked against what a cold evaluation said.
$caller = <<<'PHP'
$e = new Altair\Eval\Evaluator(warm: true);
$emails = json_decode($argv[2], true);
$ids = array_keys($emails);
$e->evaluate(new Altair\Eval\EvalRequest('return 1;', $argv[1]));
fwrite(STDOUT, "ready\n");
fgets(STDIN);
$right = 0;
for ($i = 0; $i < 12; $i++) {
    $id = $ids[($i + (int) $argv[3]) % count($ids)];
    $r = $e->evaluate(new Altair\Eval\EvalRequest("return User::where('id', $id)->value('email') . '/' . DB::table('users')->where('id', '<=', $id)->count();", $argv[1]));
    $right += ($r->ok && $r->result['value'] === $emails[$id] . '/' . array_search($id, $ids) + 1) ? 1 : 0;
}
echo $right, "\n";
PHP;
$processes = [];
foreach ([0, 1] as $n) {
    $processes[$n] = proc_open(array_merge([PHP_BINARY], altair_test_php_args(), ['-r', $caller, $root, json_encode($emails), (string) $n]), [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $pipes[$n]);
    fgets($pipes[$n][1]);
}
foreach ([0, 1] as $n) {
    fwrite($pipes[$n][0], "go\n");
}
foreach ([0, 1] as $n) {
    echo "caller $n: ", trim((string) stream_get_contents($pipes[$n][1])), " of 12 right\n";
    proc_close($processes[$n]);
}
?>
--EXPECT--
int(3)
caller 0: 12 of 12 right
caller 1: 12 of 12 right
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('b003-');
?>
