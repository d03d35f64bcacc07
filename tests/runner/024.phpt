--TEST--
EvalResult: toArray() follows the contract, keys in fixed order
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r024');

$r = altair_eval('return null;', $root);
echo implode(',', array_keys($r->toArray())), "\n";
var_dump($r->toArray()['result'], $r->toArray()['ok'] === $r->ok);
$sandbox = $r->sandbox;
foreach (['disable_functions', 'open_basedir', 'rlimits', 'seccomp', 'landlock_abi', 'netns', 'eval_blocked', 'ffi_disabled', 'result_channel', 'unavailable'] as $key) {
    echo $key, ': ', array_key_exists($key, $sandbox) ? 'present' : 'MISSING', "\n";
}
var_dump($sandbox['disable_functions'], $sandbox['open_basedir'], $sandbox['eval_blocked']);
var_dump($r->host);
?>
--EXPECTF--
ok,result,stdout,stderr,exception,duration_ms,memory_peak_bytes,exit_code,timed_out,signal,limit_exceeded,error,stdout_truncated,stderr_truncated,sandbox,host,memory_peak_rss_bytes,queries,effects,session
array(2) {
  ["type"]=>
  string(4) "null"
  ["value"]=>
  NULL
}
bool(true)
disable_functions: present
open_basedir: present
rlimits: present
seccomp: present
landlock_abi: present
netns: present
eval_blocked: present
ffi_disabled: present
result_channel: present
unavailable: present
bool(true)
bool(true)
bool(false)
array(6) {
  ["framework"]=>
  string(4) "none"
  ["version"]=>
  NULL
  ["environment"]=>
  NULL
  ["bootstrap"]=>
  NULL
  ["debug"]=>
  NULL
  ["boot_id"]=>
  string(16) "%x"
}
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r024-');
?>
