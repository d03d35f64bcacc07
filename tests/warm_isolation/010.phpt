--TEST--
Warm isolation: error_log type 1 is refused at the ini layer, before any process start
--DESCRIPTION--
mail() is disabled, but error_log($message, 1, $to) reaches popen(sendmail_path) and only
seccomp refused the shell (reported as limit_exceeded "processes": a refused start). sendmail_path
is now unset in the child, so PHP refuses before starting anything.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('wi010');
$r = altair_eval('return [error_log("x", 1, "to@example.invalid"), ini_get("sendmail_path"), ini_set("sendmail_path", "/bin/true"), ini_get("sendmail_path")];', $root);
echo json_encode(array_column($r->result['value'], 'value')), "\n";
var_dump($r->limitExceeded, $r->sandbox['processes_blocked']);
?>
--EXPECT--
[false,"",false,""]
NULL
bool(true)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('wi010-');
?>
