--TEST--
univeros compatibility: a snippet's parse error is its exception (ParseError, message, line, file snippet.php), exit code 1, with the excerpt
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('c006');

// univeros's EvaluatorTest: a snippet closing the wrapper's closure is just a parse error
$r = altair_eval('})(); @symlink("/etc/passwd", "/tmp/x"); $_ = (static function() {', $root);
var_dump($r->ok(), $r->result, $r->error, $r->timedOut, $r->exitCode);
var_dump($r->exception['class'], $r->exception['file'], $r->exception['line'], $r->exception['message']);
echo $r->exception['excerpt'], "\n";
// the toArray() view univeros's EvalCommand prints
$a = $r->toArray();
var_dump($a['ok'], $a['exception']['class'], $a['exit_code']);

// on a later line
$r = altair_eval("\$a = 1;\n\$b = 2;\n\$c = ) ;\nreturn \$a;", $root);
var_dump($r->exception['class'], $r->exception['line'], $r->exitCode);

// a parse error in a file the snippet requires is thrown where the snippet runs: an exception too
file_put_contents($root . '/broken.php', "<?php\nreturn 1 +;\n");
$r = altair_eval('require "broken.php";', $root);
var_dump($r->exception['class'], $r->exception['file'], $r->exception['line'], isset($r->exception['excerpt']), $r->exitCode);
// caught by the snippet, as PHP allows
$r = altair_eval('try { require "broken.php"; } catch (ParseError $e) { return "caught"; }', $root);
var_dump($r->ok(), $r->result['value']);

// a parse error in the project's Composer autoloader is not the snippet's: it ends the run before
// the snippet, as an uncaught one ends PHP (an error, exit code 255)
mkdir($root . '/vendor');
file_put_contents($root . '/vendor/autoload.php', "<?php\nreturn new;\n");
$r = altair_eval('return 1;', $root);
var_dump($r->exception, $r->error['type'], $r->error['file'], $r->error['line'], $r->exitCode);
var_dump(altair_scratch_dirs($root));
?>
--EXPECT--
bool(false)
NULL
NULL
bool(false)
int(1)
string(10) "ParseError"
string(11) "snippet.php"
int(1)
string(13) "Unmatched '}'"
> 1 | })(); @symlink("/etc/passwd", "/tmp/x"); $_ = (static function() {
bool(false)
string(10) "ParseError"
int(1)
string(10) "ParseError"
int(3)
int(1)
string(10) "ParseError"
string(10) "broken.php"
int(2)
bool(false)
int(1)
bool(true)
string(6) "caught"
NULL
string(7) "E_PARSE"
string(19) "vendor/autoload.php"
int(2)
int(255)
array(0) {
}
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('c006-');
?>
