--TEST--
Databases: on a kernel that cannot hand the child a socket of the host's (no SECCOMP_IOCTL_NOTIF_ADDFD) or has no seccomp listener at all, a container's declared databases are refused, never reached directly, and the result says unreachable and why, with the network off and on
--DESCRIPTION--
Issue 34 item 2: where neither a network namespace nor the interception is available, the declared
databases are refused (mode unreachable) with a message that says why, never reached directly.
tests/containers/container.c simulates the kernels: --kernel-without=addfd refuses the listener's
SECCOMP_IOCTL_NOTIF_ADDFD as Linux before 5.9 does, --kernel-without=user-notification refuses
SECCOMP_FILTER_FLAG_NEW_LISTENER as Linux before 5.0 does. Each server is read with its own client.
--EXTENSIONS--
altair_eval
pdo_mysql
--SKIPIF--
<?php
require __DIR__ . '/databases.inc';
if ($why = altair_db_missing('mysql')) die("skip $why");
if (!shell_exec('command -v cc')) die('skip needs cc for tests/containers/container.c');
?>
--FILE--
<?php
require __DIR__ . '/databases.inc';

$work = altair_test_root('db018-work');
chmod($work, 0755);
exec('cc -O1 -o ' . escapeshellarg("$work/container") . ' ' . escapeshellarg(__DIR__ . '/../containers/container.c'), $out, $status);
$status === 0 || die("container.c did not build\n");
$root = altair_db_laravel('db018', ['mysql' => 'tcp']);
$before = altair_db_fingerprint('mysql');
$port = altair_db_server('mysql')['port'];
$snippet = sprintf('$out = [];'
    . ' try { $out[] = DB::table("posts")->delete(); } catch (Throwable $e) { $out[] = get_class($e); }'
    . ' try { $out[] = (new PDO("mysql:host=127.0.0.1;port=%d;dbname=app", "app", "secret"))->exec("DELETE FROM posts"); } catch (Throwable $e) { $out[] = $e->getMessage(); }'
    . ' return $out;', $port);

foreach (['addfd', 'user-notification'] as $missing) {
    foreach ([[], ['--network']] as $flags) {
        $command = ["$work/container", "--kernel-without=$missing", PHP_BINARY, ALTAIR_TEST_BIN, 'eval', '--format=json', '--project-root=' . $root, ...$flags, '--', $snippet];
        $process = proc_open($command, [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, $root, altair_bin_env());
        $r = json_decode(stream_get_contents($pipes[1]), true);
        fclose($pipes[1]);
        fclose($pipes[2]);
        proc_close($process);
        altair_check_claims($r['sandbox'] ?? null);
        $db = $r['sandbox']['databases'][0] ?? [];
        $said = implode(' | ', $r['sandbox']['unavailable'] ?? []);
        echo "without $missing", $flags ? ' (network on)' : '', ': ',
            json_encode(array_map(fn ($v) => $v['value'], $r['result']['value'] ?? [])), ', ',
            $db['mode'] ?? '?', ' via ', $db['reached_through'] ?? '?', ', connections ', $db['connections'] ?? '?', "\n",
            '  why: ', preg_match($missing === 'addfd' ? '/SECCOMP_IOCTL_NOTIF_ADDFD, Linux 5\.9/' : '/Linux 5\.0/', ($db['enforced_by'] ?? '') . $said) ? 'said' : "NOT SAID: $said", "\n";
        echo '  server unchanged: ', altair_db_fingerprint('mysql') === $before ? 'yes' : 'NO', "\n";
    }
}
?>
--EXPECTF--
without addfd: ["Illuminate\\Database\\QueryException","SQLSTATE[HY000] [2002] Connection refused"], unreachable via none, connections 0
  why: said
  server unchanged: yes
without addfd (network on): ["Illuminate\\Database\\QueryException","SQLSTATE[HY000] [2002] %s"], unreachable via none, connections 0
  why: said
  server unchanged: yes
without user-notification: ["Illuminate\\Database\\QueryException","SQLSTATE[HY000] [2002] Connection refused"], unreachable via none, connections 0
  why: said
  server unchanged: yes
without user-notification (network on): ["Illuminate\\Database\\QueryException","SQLSTATE[HY000] [2002] %s"], unreachable via none, connections 0
  why: said
  server unchanged: yes
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('db018');
?>
