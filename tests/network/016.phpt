--TEST--
Network: a connection the sandbox refused is an effect (blocked: connect <address>), in time order with what the app recorded, where the host answers the child's connect()s; in a network namespace of its own the host never sees them
--DESCRIPTION--
Issue 39 item 2: where the child has no network namespace of its own (a container: Docker's default
seccomp rules, tests/containers/container.c), every connect() goes to the host (runner/intercept.c),
which refuses what is not a declared database and keeps the address; result.c merges it with the
guest's effects by time. A TCP address needs a declared database (otherwise the filter refuses inet
sockets before any connect), a Unix path does not. In the child's own network namespace (the host
as it is) a connect() to an undeclared address fails there and is not listed: the limit as
docs/ARCHITECTURE.md ("Effects") states it.
--EXTENSIONS--
altair_eval
pdo_mysql
--SKIPIF--
<?php
if (!shell_exec('command -v cc')) die('skip needs cc for tests/containers/container.c');
?>
--FILE--
<?php
require __DIR__ . '/../apps/apps.inc';
$work = altair_test_root('n016-work');
chmod($work, 0755);
exec('cc -O1 -o ' . escapeshellarg("$work/container") . ' ' . escapeshellarg(__DIR__ . '/../containers/container.c'), $out, $status);
$status === 0 || die("container.c did not build\n");
$root = altair_test_root('n016');
chmod($root, 0755);
$none = "/tmp/altair-n016-none-" . getmypid() . ".sock";
$snippet = 'Altair\Eval\Guest\record_effect("log", ["message" => "before"]);'
    . ' foreach (["mysql:host=10.0.0.5;port=443", "mysql:unix_socket=' . $none . '"] as $dsn) {'
    . '   try { new PDO($dsn, "u", "p", [PDO::ATTR_TIMEOUT => 1]); } catch (PDOException $e) {} }'
    . ' Altair\Eval\Guest\record_effect("log", ["message" => "after"]); return 1;';

foreach (['in a container' => ["$work/container"], 'in its own network namespace' => []] as $where => $prefix) {
    foreach (['no database declared' => [], 'a database declared' => ['--database=mysql://127.0.0.1:1']] as $what => $flags) {
        $command = [...$prefix, PHP_BINARY, ALTAIR_TEST_BIN, 'eval', '--format=json', '--project-root=' . $root, ...$flags, '--', $snippet];
        $process = proc_open($command, [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, $root, altair_bin_env());
        $r = json_decode(stream_get_contents($pipes[1]), true);
        $err = stream_get_contents($pipes[2]);
        fclose($pipes[1]);
        fclose($pipes[2]);
        proc_close($process);
        echo "$where, $what (connect intercepted: ", json_encode($r['sandbox']['connect_intercepted'] ?? null), "):\n";
        foreach ($r['effects'] ?? [['kind' => 'NO RESULT ' . $err]] as $effect) {
            echo '  ', $effect['kind'], ' ', $effect['kind'] === 'blocked' ? $effect['call'] . ' ' . str_replace($none, 'NONE', $effect['address']) : $effect['message'], "\n";
        }
    }
}
?>
--EXPECT--
in a container, no database declared (connect intercepted: true):
  log before
  blocked connect unix:NONE
  log after
in a container, a database declared (connect intercepted: true):
  log before
  blocked connect 10.0.0.5:443
  blocked connect unix:NONE
  log after
in its own network namespace, no database declared (connect intercepted: false):
  log before
  log after
in its own network namespace, a database declared (connect intercepted: false):
  log before
  log after
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('n016');
?>
