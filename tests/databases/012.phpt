--TEST--
Databases: rollback mode and the queries through every front-end: bin/altair eval --writes=rollback (human and JSON), bin/altair serve, the MCP tool; secrets masked; the server unchanged
--DESCRIPTION--
Issue 20 items 1-3 through the front-ends users reach: `bin/altair eval --writes=rollback` shows the
snippet's own write and leaves the server as it was; the human output lists the statements under the
value with the password masked (`--no-queries` hides them); `bin/altair serve --allow-writes=rollback`
serves rollback calls and refuses kept writes; the MCP tool takes allow_writes: "rollback" where the
server allows it and refuses it where it does not. Each server is read with its own client afterwards.
--EXTENSIONS--
altair_eval
pdo_mysql
pdo_pgsql
redis
--SKIPIF--
<?php
require __DIR__ . '/databases.inc';
if ($why = altair_db_missing('mysql', 'pgsql', 'redis')) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/databases.inc';

/** bin/altair with $arguments in $root; stdout, stderr, exit. */
function run012(string $root, array $arguments, array $env = []): array
{
    // With ALTAIR_EVAL_TEST_NETWORK=1, eval and serve run with the network on (tests/apps/apps.inc).
    if ($arguments[0] === 'eval' || in_array('--daemon', $arguments, true)) {
        array_splice($arguments, 1, 0, altair_bin_network($arguments, $arguments[0] === 'eval' ? '--network' : '--allow-network'));
    }
    $process = proc_open([ALTAIR_TEST_BIN, ...$arguments], [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, $root, $env + altair_bin_env());
    fclose($pipes[0]);
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    return ['out' => $out, 'err' => $err, 'exit' => proc_close($process)];
}

$write = '$u = User::create(["name" => "Eve", "email" => "eve@example.com", "password" => "hunter2"]); return [User::count(), User::where("email", "eve@example.com")->count()];';
foreach (['mysql', 'pgsql'] as $server) {
    $root = altair_db_laravel("db012-$server", [$server => 'tcp']);
    $before = altair_db_fingerprint($server);
    echo "$server:\n";

    // bin/altair eval --writes=rollback, JSON
    $r = altair_cli($root, $write, ['--writes=rollback', '--timeout-ms=20000']);
    $texts = array_column($r['result']['queries'] ?? [], 'text');
    echo '  eval json: exit ', $r['exit'], ' ', json_encode(altair_db_decode($r['result']['result'] ?? null)),
        ' mode ', implode(',', array_column($r['result']['sandbox']['databases'] ?? [], 'mode')),
        ', an insert among the queries: ', count(preg_grep('/^insert into/i', $texts)) === 1 ? 'yes' : 'no: ' . json_encode($texts), "\n";
    echo '  server unchanged: ', altair_db_fingerprint($server) === $before ? 'yes' : 'NO', "\n";

    // the human form: the statements under the value, the password never shown
    $h = run012($root, ['eval', '--writes=rollback', '--timeout-ms=20000', '--', $write]);
    $lines = explode("\n", $h['out']);
    $insert = array_values(preg_grep('/^ +\d+\.\d\d ms  insert into .*\*\*\*.*→ 1 row$/', $lines));
    echo '  human: exit ', $h['exit'], ', ', $lines[0], ', ', preg_match('/^queries: \d+( \(and \d+ DEALLOCATE .*\))?$/', $lines[1]) ? 'queries under the value' : 'NO QUERIES LINE: ' . $lines[1],
        ', insert line with the password masked: ', count($insert) === 1 ? 'yes' : 'no',
        ', secret shown: ', str_contains($h['out'], 'hunter2') ? 'YES' : 'no',
        ', databases line: ', count(preg_grep("/^databases: $server at 127\\.0\\.0\\.1:\\d+ \\(rollback\\)/", $lines)) === 1 ? 'yes' : 'no', "\n";
    $n = run012($root, ['eval', '--writes=rollback', '--no-queries', '--timeout-ms=20000', '--', $write]);
    echo '  --no-queries: ', str_contains($n['out'], 'queries:') ? 'SHOWN' : 'hidden', ', ', explode("\n", $n['out'])[0], "\n";

    // bin/altair serve --allow-writes=rollback: rollback served warm, kept writes refused
    $runtime = sys_get_temp_dir() . "/altair-eval-test-db012-run-$server-" . getmypid();
    @mkdir($runtime, 0700);
    $env = ['XDG_RUNTIME_DIR' => $runtime];
    $s = run012($root, ['serve', '--daemon', '--allow-writes=rollback', '--project-root=' . $root], $env);
    echo '  serve: started ', $s['exit'] === 0 ? 'yes' : 'NO: ' . $s['err'], "\n";
    $w = run012($root, ['eval', '--format=json', '--writes=rollback', '--timeout-ms=20000', '--', $write], $env);
    $warm = json_decode($w['out'], true);
    echo '    rollback: exit ', $w['exit'], ' ', json_encode(altair_db_decode($warm['result'] ?? null)), ' booted template: ', var_export($warm['sandbox']['booted_template'] ?? null, true), "\n";
    $k = run012($root, ['eval', '--writes', '--timeout-ms=20000', '--', $write], $env);
    echo '    kept writes: exit ', $k['exit'], ' ', trim($k['err']), "\n";
    $st = run012($root, ['serve', '--status', '--project-root=' . $root], $env);
    echo '    ', implode(' ', preg_grep('/^(writes|evaluations): /', explode("\n", $st['out']))), "\n";
    run012($root, ['serve', '--stop', '--project-root=' . $root], $env);
    echo '  server unchanged: ', altair_db_fingerprint($server) === $before ? 'yes' : 'NO', "\n";

    // the MCP tool: rollback where the server allows it, refused where it does not
    [$allowed, $kept] = altair_mcp($root, [['snippet' => $write, 'allow_writes' => 'rollback', 'timeout_ms' => 20000], ['snippet' => $write, 'allow_writes' => true]], ['--writes=rollback']);
    echo '  mcp rollback: ', json_encode(altair_db_decode($allowed['result'] ?? null)), ' mode ', implode(',', array_column($allowed['sandbox']['databases'] ?? [], 'mode')),
        ', queries: ', count($allowed['queries'] ?? []) > 0 ? 'yes' : 'no', "\n";
    echo '  mcp kept writes: ', $kept['result']['content'][0]['text'] ?? json_encode($kept), "\n";
    [$refused] = altair_mcp($root, [['snippet' => $write, 'allow_writes' => 'rollback']]);
    echo '  mcp rollback, read-only server: ', $refused['result']['content'][0]['text'] ?? json_encode($refused), "\n";
    echo '  server unchanged: ', altair_db_fingerprint($server) === $before ? 'yes' : 'NO', "\n";

    // altair_eval.queries=0 (what bench/databases.php compares against): nothing recorded, the same answer
    ini_set('altair_eval.queries', '0');
    $quiet = altair_db_eval($root, $write, altair_db_rollback());
    ini_set('altair_eval.queries', '1');
    echo '  not recorded: ', json_encode(altair_db_decode($quiet->result)), ' queries ', count($quiet->queries), "\n";
}

// Redis cannot undo a write: rollback refuses it, through the CLI and MCP alike, and says why.
$root = altair_db_laravel('db012-redis', ['redis' => 'tcp']);
$before = altair_db_fingerprint('redis');
$put = 'return Cache::put("k012", "v", 60);';
$r = altair_cli($root, $put, ['--writes=rollback', '--timeout-ms=20000']);
$refused = array_values(array_filter($r['result']['queries'] ?? [], fn ($q) => $q['refused'] ?? false));
echo "redis:\n  eval: ", ($r['result']['ok'] ?? null) === true && altair_db_decode($r['result']['result'] ?? null) === true ? 'WRITTEN' : 'not written',
    ', refused: ', count($refused) > 0 && str_contains((string) $refused[0]['error'], 'cannot roll a write back') ? 'yes, saying it cannot be rolled back' : 'NO: ' . json_encode($r['result']['queries'] ?? null),
    ', mode ', implode(',', array_column($r['result']['sandbox']['databases'] ?? [], 'mode')), "\n";
[$m] = altair_mcp($root, [['snippet' => $put, 'allow_writes' => 'rollback', 'timeout_ms' => 20000]], ['--writes=rollback']);
echo '  mcp: ', ($m['ok'] ?? null) === true && altair_db_decode($m['result'] ?? null) === true ? 'WRITTEN' : 'not written', "\n";
echo '  server unchanged: ', altair_db_fingerprint('redis') === $before ? 'yes' : 'NO', "\n";
?>
--EXPECTF--
mysql:
  eval json: exit 0 [4,1] mode rollback, an insert among the queries: yes
  server unchanged: yes
  human: exit 0, ✓ array(2) [4, 1], queries under the value, insert line with the password masked: yes, secret shown: no, databases line: yes
  --no-queries: hidden, ✓ array(2) [4, 1]
  serve: started yes
    rollback: exit 0 [4,1] booted template: true
    kept writes: exit 2 altair eval: --writes was refused: this server was started without --allow-writes (only --allow-writes=rollback).%s
    writes: 'rollback' evaluations: 1
  server unchanged: yes
  mcp rollback: [4,1] mode rollback, queries: yes
  mcp kept writes: Invalid arguments: allow_writes was refused: this server was started without --allow-writes (only --allow-writes=rollback).
  mcp rollback, read-only server: Invalid arguments: allow_writes: "rollback" was refused: this server was started without --allow-writes=rollback (or --allow-writes).
  server unchanged: yes
  not recorded: [4,1] queries 0
pgsql:
  eval json: exit 0 [4,1] mode rollback, an insert among the queries: yes
  server unchanged: yes
  human: exit 0, ✓ array(2) [4, 1], queries under the value, insert line with the password masked: yes, secret shown: no, databases line: yes
  --no-queries: hidden, ✓ array(2) [4, 1]
  serve: started yes
    rollback: exit 0 [4,1] booted template: true
    kept writes: exit 2 altair eval: --writes was refused: this server was started without --allow-writes (only --allow-writes=rollback).%s
    writes: 'rollback' evaluations: 1
  server unchanged: yes
  mcp rollback: [4,1] mode rollback, queries: yes
  mcp kept writes: Invalid arguments: allow_writes was refused: this server was started without --allow-writes (only --allow-writes=rollback).
  mcp rollback, read-only server: Invalid arguments: allow_writes: "rollback" was refused: this server was started without --allow-writes=rollback (or --allow-writes).
  server unchanged: yes
  not recorded: [4,1] queries 0
redis:
  eval: not written, refused: yes, saying it cannot be rolled back, mode rollback
  mcp: not written
  server unchanged: yes
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db012-');
?>
