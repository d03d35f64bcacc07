--TEST--
Evaluator: the exec family is disabled
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r010');

foreach (['exec("id")', 'shell_exec("id")', 'system("id")', 'passthru("id")', 'popen("id", "r")',
          'proc_open("id", [], $p)', '`id`', 'pcntl_exec("/bin/id")', 'mail("a@b.c", "s", "m")', 'putenv("A=1")'] as $call) {
    $r = altair_eval("return $call;", $root);
    echo $call, ' => ', $r->exception['class'] ?? 'none', ': ', $r->exception['message'] ?? json_encode($r->result), "\n";
}
?>
--EXPECT--
exec("id") => Error: Call to undefined function exec()
shell_exec("id") => Error: Call to undefined function shell_exec()
system("id") => Error: Call to undefined function system()
passthru("id") => Error: Call to undefined function passthru()
popen("id", "r") => Error: Call to undefined function popen()
proc_open("id", [], $p) => Error: Call to undefined function proc_open()
`id` => Error: Call to undefined function shell_exec()
pcntl_exec("/bin/id") => Error: Call to undefined function pcntl_exec()
mail("a@b.c", "s", "m") => Error: Call to undefined function mail()
putenv("A=1") => Error: Call to undefined function putenv()
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r010-');
?>
