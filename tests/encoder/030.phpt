--TEST--
Evaluator: a destructor that throws while the guest encodes the result leaves a result frame, with the error on its node
--EXTENSIONS--
altair_eval
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('e030');
$snippet = <<<'PHP'
class Boom { public function __destruct() { throw new RuntimeException('thrown by a destructor'); } }
class Debugged { public function __debugInfo(): array { return ['b' => new Boom()]; } }
return new Debugged();
PHP;
$r = altair_eval($snippet, $root);
var_dump($r->ok, $r->exitCode, $r->error, $r->exception);
/* Object handles differ between cold and warm children. */
echo preg_replace('/"id":\d+/', '"id":N', json_encode($r->result)), "\n";
?>
--EXPECT--
bool(true)
int(0)
NULL
NULL
{"type":"object","class":"Debugged","id":N,"properties":{"b":{"type":"object","class":"Boom","id":N,"properties":[]}},"error":{"class":"RuntimeException","message":"thrown by a destructor"}}
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('e030-');
