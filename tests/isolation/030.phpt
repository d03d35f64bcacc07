--TEST--
Scratch: a squatted /tmp/altair-eval-<uid> (another owner, a wrong mode, a link) is refused, and evaluations go on in a fresh private base that says so; cold and warm
--DESCRIPTION--
Issue 18 item 6. Another local user who creates /tmp/altair-eval-<uid> first made every evaluation
of that uid fail ("Cannot prepare the scratch directory"). Refusing the directory is right; then the
scratch base is a fresh mkdtemp dir of this process (/tmp/altair-eval-<uid>.<pid>.XXXXXX) whose
ownership and mode are checked, and sandbox.unavailable says so. The squatted directory is never
written. Fallback bases of processes that are gone are swept, never another user's.
Each case runs in a private mount namespace over a tmpfs /tmp (root: the squatter is `nobody`), so
the squat is never seen by other processes of this machine.
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php
if (!function_exists('posix_geteuid') || posix_geteuid() !== 0) die('skip needs root (to squat as another user)');
exec('unshare --mount --propagation private sh -c "mount -t tmpfs none /tmp" 2>&1', $out, $status);
if ($status !== 0) die('skip no private mount namespace here: ' . implode(' ', $out));
?>
--FILE--
<?php
require __DIR__ . '/../helpers.inc';

/** Runs $code in a fresh php (this test's -d flags) inside its own mount namespace, over a tmpfs /tmp. */
function in_private_tmp(string $setup, string $code): string
{
    $args = altair_test_php_args();
    $inner = implode(' ', array_map('escapeshellarg', [PHP_BINARY, ...$args, '-r', $code]));
    // A module loaded from under /tmp (a checkout there) is carried over into the new tmpfs: opened
    // before the mount, written back at its path after it.
    [$keep, $restore] = ['', ''];
    foreach ($args as $arg) {
        if (str_starts_with($arg, 'extension=/tmp/')) {
            $path = escapeshellarg(substr($arg, strlen('extension=')));
            $keep .= "exec 9<$path; ";
            $restore .= 'mkdir -p "$(dirname ' . $path . ')"; cat <&9 >' . $path . '; exec 9<&-; ';
        }
    }
    $command = ['unshare', '--mount', '--propagation', 'private', 'env', '-u', 'XDG_RUNTIME_DIR', 'sh', '-ec',
        "{$keep}mount -t tmpfs -o mode=1777 none /tmp; $restore mkdir /tmp/proj; $setup; exec $inner"];
    $process = proc_open($command, [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes);
    $output = stream_get_contents($pipes[1]);
    fclose($pipes[1]);
    proc_close($process);
    return $output;
}

$probe = <<<'PHP'
    $uid = posix_geteuid();
    $squatted = "/tmp/altair-eval-$uid";
    foreach (['cold' => false, 'warm' => true] as $mode => $warm) {
        $evaluator = new Altair\Eval\Evaluator(warm: $warm);
        foreach ([1, 2] as $call) {
            try {
                $r = $evaluator->evaluate(new Altair\Eval\EvalRequest('return __DIR__;', '/tmp/proj'));
            } catch (Throwable $e) {
                echo "$mode $call: ", get_class($e), ': ', $e->getMessage(), "\n";
                continue;
            }
            $dir = $r->result['value'] ?? 'none';
            // A warm worker's dir is inside its template's own dir (runner/warm.c), itself private.
            $base = dirname($dir, $warm ? 2 : 1);
            $notes = array_values(array_filter($r->sandbox['unavailable'], fn ($n) => str_starts_with($n, 'scratch: ')));
            $stat = @lstat($base);
            echo "$mode $call: ok=", json_encode($r->ok),
                ' base=', preg_match('~^/tmp/altair-eval-' . $uid . '\.' . getmypid() . '\.[A-Za-z0-9]{6}$~', $base) ? 'fallback' : $base,
                ' private=', json_encode($stat && $stat['uid'] === $uid && ($stat['mode'] & 0777) === 0700),
                ' note=', json_encode(count($notes) === 1 && str_contains($notes[0], $squatted) && str_contains($notes[0], $base)), "\n";
        }
        $evaluator->close();
    }
    clearstatcache();
    echo 'squatted left alone: ', json_encode(is_link($squatted) || scandir($squatted) === ['.', '..']), "\n";
    // Sorted after the names are masked: the pids in them would order the list by chance.
    $left = array_map(fn ($n) => preg_replace('/\.\d+\.[A-Za-z0-9]{6}$/', '.<this>', basename($n)), glob("/tmp/altair-eval-$uid.*"));
    sort($left);
    echo 'fallbacks: ', json_encode($left), "\n";
    PHP;

// A process id that is gone: one we started and reaped.
$gone = proc_get_status($p = proc_open(['true'], [], $pipes))['pid'];
proc_close($p);

$uid = posix_geteuid();
foreach ([
    'another owner' => "mkdir /tmp/altair-eval-$uid; chown nobody /tmp/altair-eval-$uid",
    'group and others may enter' => "mkdir -m 0755 /tmp/altair-eval-$uid",
    'a link to a directory of ours' => "mkdir -m 0700 /tmp/elsewhere; ln -s /tmp/elsewhere /tmp/altair-eval-$uid",
    'a stale fallback of ours and one of another user' => "mkdir /tmp/altair-eval-$uid; chown nobody /tmp/altair-eval-$uid; "
        . "mkdir -m 0700 /tmp/altair-eval-$uid.$gone.stale-dir /tmp/altair-eval-$uid.$gone.their-dir; touch /tmp/altair-eval-$uid.$gone.stale-dir/left; "
        . "chown nobody /tmp/altair-eval-$uid.$gone.their-dir",
] as $case => $setup) {
    echo "-- $case\n", in_private_tmp($setup, $probe);
}
// Not squatted: the usual base, no note.
echo "-- not squatted\n", in_private_tmp("true", $probe);
?>
--EXPECTF--
-- another owner
cold 1: ok=true base=fallback private=true note=true
cold 2: ok=true base=fallback private=true note=true
warm 1: ok=true base=fallback private=true note=true
warm 2: ok=true base=fallback private=true note=true
squatted left alone: true
fallbacks: ["altair-eval-0.<this>"]
-- group and others may enter
cold 1: ok=true base=fallback private=true note=true
cold 2: ok=true base=fallback private=true note=true
warm 1: ok=true base=fallback private=true note=true
warm 2: ok=true base=fallback private=true note=true
squatted left alone: true
fallbacks: ["altair-eval-0.<this>"]
-- a link to a directory of ours
cold 1: ok=true base=fallback private=true note=true
cold 2: ok=true base=fallback private=true note=true
warm 1: ok=true base=fallback private=true note=true
warm 2: ok=true base=fallback private=true note=true
squatted left alone: true
fallbacks: ["altair-eval-0.<this>"]
-- a stale fallback of ours and one of another user
cold 1: ok=true base=fallback private=true note=true
cold 2: ok=true base=fallback private=true note=true
warm 1: ok=true base=fallback private=true note=true
warm 2: ok=true base=fallback private=true note=true
squatted left alone: true
fallbacks: ["altair-eval-0.%d.their-dir","altair-eval-0.<this>"]
-- not squatted
cold 1: ok=true base=/tmp/altair-eval-0 private=true note=false
cold 2: ok=true base=/tmp/altair-eval-0 private=true note=false
warm 1: ok=true base=/tmp/altair-eval-0 private=true note=false
warm 2: ok=true base=/tmp/altair-eval-0 private=true note=false
squatted left alone: true
fallbacks: []
