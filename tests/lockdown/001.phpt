--TEST--
Lockdown: every kernel guard is in force or explained in sandbox['unavailable']
--DESCRIPTION--
Layer: kernel (guest/lockdown/lockdown.c), as reported by the guest. On a kernel that lacks a feature the
guard may be off, but never silently: a note naming the step must say why. On a Landlock kernel
the ABI-dependent flags must match the ABI (net from 4, scoped from 6).
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('l001');

$r = altair_eval('return 1;', $root);
$s = $r->sandbox;
$explained = function (string ...$steps) use ($s): bool {
    foreach ($s['unavailable'] as $note) {
        foreach ($steps as $step) {
            if (str_starts_with($note, $step . ':')) {
                return true;
            }
        }
    }
    return false;
};
var_dump($r->ok);
foreach ([
    'parent_death' => ['parent death'],
    'rlimits' => ['rlimits'],
    'no_new_privs' => ['no_new_privs'],
    'netns' => ['netns'],
    'landlock_abi' => ['landlock'],
    'seccomp' => ['seccomp'],
    'processes_blocked' => ['seccomp'],
    'sockets_blocked' => ['seccomp'],
    'result_channel' => ['seccomp', 'channel'],
] as $guard => $steps) {
    echo $guard, ': ', ($s[$guard] || $explained(...$steps)) ? 'held or explained' : 'SILENTLY MISSING', "\n";
}
var_dump($s['landlock_net'] === ($s['landlock_abi'] >= 4), $s['landlock_scoped'] === ($s['landlock_abi'] >= 6));
?>
--EXPECT--
bool(true)
parent_death: held or explained
rlimits: held or explained
no_new_privs: held or explained
netns: held or explained
landlock_abi: held or explained
seccomp: held or explained
processes_blocked: held or explained
sockets_blocked: held or explained
result_channel: held or explained
bool(true)
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('l001-');
?>
