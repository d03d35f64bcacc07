--TEST--
Lockdown: the snippet cannot signal its caller
--DESCRIPTION--
Layer: ini first (posix_kill and pcntl_* are disabled), kernel behind it (seccomp allows kill only
to the child itself and its own process group; Landlock ABI >= 6 scopes signals to the sandbox).
No userland primitive reaches the kernel layer here, so this test asserts the outcome (the caller
got no SIGTERM) and the reported guards; tests/lockdown/driver exercises kill(getppid()) directly.
--EXTENSIONS--
altair_eval
pcntl
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('l010');
$received = false;
pcntl_async_signals(true);
pcntl_signal(SIGTERM, function () use (&$received) { $received = true; });

$snippet = <<<'PHP'
$tries = [];
foreach (['posix_kill' => fn () => posix_kill(posix_getppid(), SIGTERM), 'pcntl_fork' => fn () => pcntl_fork()] as $name => $try) {
    try {
        $tries[$name] = $try();
    } catch (Error $e) {
        $tries[$name] = 'unavailable';
    }
}
return json_encode($tries);
PHP;
$r = altair_eval($snippet, $root);
foreach (json_decode($r->result['value'], true) as $key => $value) {
    echo $key, ': ', var_export($value, true), "\n";
}
var_dump($r->sandbox['seccomp'], $r->sandbox['landlock_scoped'] === ($r->sandbox['landlock_abi'] >= 6));
usleep(100000);
var_dump($received);
?>
--EXPECT--
posix_kill: 'unavailable'
pcntl_fork: 'unavailable'
bool(true)
bool(true)
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('l010-');
?>
