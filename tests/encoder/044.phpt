--TEST--
ExceptionEncoder: a message past MESSAGE_MAX is cut on a UTF-8 boundary with its length; a 17 MiB message still comes back as the exception
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
use Altair\Eval\Encoder\ExceptionEncoder;
$max = ExceptionEncoder::MESSAGE_MAX;
var_dump($max);
$e = ExceptionEncoder::encode(new RuntimeException(str_repeat('é', $max)));
var_dump(strlen($e['message']), $e['message_length'], $e['message_truncated'], mb_check_encoding($e['message'], 'UTF-8'));
$short = ExceptionEncoder::encode(new RuntimeException('short'));
var_dump($short['message'], array_key_exists('message_truncated', $short));
/* The previous chain is cut the same way. */
$chain = ExceptionEncoder::encode(new LogicException('outer', 0, new RuntimeException(str_repeat('p', $max + 1))));
var_dump(strlen($chain['previous'][0]['message']), $chain['previous'][0]['message_truncated']);

$root = altair_test_root('e044');
$r = altair_eval('throw new RuntimeException(str_repeat("m", 17 * 1024 * 1024));', $root, ['timeoutMs' => altair_generous_ms(5000)]);
var_dump($r->error, $r->exception['class'], strlen($r->exception['message']), $r->exception['message_length']);
?>
--EXPECT--
int(65536)
int(65536)
int(131072)
bool(true)
bool(true)
string(5) "short"
bool(false)
int(65536)
bool(true)
NULL
string(16) "RuntimeException"
int(65536)
int(17825792)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('e044-');
