--TEST--
Hosts: with the network off, an allowlisted TCP endpoint is reachable and another loopback port is not
--DESCRIPTION--
Layer: kernel. The child has a network namespace of its own where the endpoint's address is a
listener whose connections the host relays to the real one (raw: it is not a database port);
Landlock (ABI >= 4) allows TCP connect to the allowlisted port only; seccomp allows inet sockets
only as TCP streams. The client is libpq in C (pgsql), which no ini
guard covers; the listeners accept and close, so a reachable port fails with "server closed the
connection" and a blocked one with "Permission denied". Also through a warm Evaluator.
--EXTENSIONS--
altair_eval
pgsql
--SKIPIF--
<?php
if (!(new Altair\Eval\Evaluator())->evaluate(new Altair\Eval\EvalRequest('return 1;', sys_get_temp_dir()))->sandbox['landlock_net']) {
    die('skip this kernel has no Landlock TCP rules (ABI < 4): the allowlist would not be enforced');
}
?>
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('h004');
$helper = proc_open([PHP_BINARY, '-n', __DIR__ . '/listener.inc'], [['pipe', 'r'], ['pipe', 'w'], STDERR], $pipes);
[$allowed, $other] = array_map('intval', explode(' ', trim(fgets($pipes[1]))));

$snippet = <<<PHP
\$out = [];
foreach ([$allowed, $other] as \$port) {
    \$db = @pg_connect("host=127.0.0.1 port=\$port connect_timeout=5 sslmode=disable gssencmode=disable user=x", PGSQL_CONNECT_FORCE_NEW);
    \$out[] = \$db ? 'connected' : error_get_last()['message'];
}
\$db = @pg_connect("host=localhost port=$allowed connect_timeout=5 sslmode=disable gssencmode=disable user=x", PGSQL_CONNECT_FORCE_NEW);
\$out[] = \$db ? 'connected' : error_get_last()['message'];
return \$out;
PHP;
$options = ['allowEndpoints' => ["127.0.0.1:$allowed"], 'timeoutMs' => 20000];
foreach ([new Altair\Eval\Evaluator(), new Altair\Eval\Evaluator(warm: true)] as $evaluator) {
    $r = $evaluator->evaluate(new Altair\Eval\EvalRequest($snippet, $root, ...$options));
    foreach ($r->result['value'] as $i => $message) {
        echo ['allowed', 'other', 'allowed by name'][$i], ': ',
            str_contains($message['value'], 'server closed the connection') ? 'reached' : (str_contains($message['value'], 'Permission denied') ? 'Permission denied' : $message['value']), "\n";
    }
    var_dump($r->sandbox['netns'], $r->sandbox['sockets_blocked']);
    $db = $r->sandbox['databases'][0];
    echo str_replace((string) $allowed, 'ALLOWED', json_encode([$db['protocol'], $db['address'], $db['mode'], $db['reached_through']])), "\n";
}
fclose($pipes[0]);
[$byAllowed, $byOther] = array_map('intval', explode(' ', trim(fgets($pipes[1]))));
var_dump($byAllowed > 0, $byOther);
proc_close($helper);
?>
--EXPECT--
allowed: reached
other: Permission denied
allowed by name: reached
bool(true)
bool(false)
["raw","127.0.0.1:ALLOWED","not protected","relay"]
allowed: reached
other: Permission denied
allowed by name: reached
bool(true)
bool(false)
["raw","127.0.0.1:ALLOWED","not protected","relay"]
bool(true)
int(0)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('h004-');
?>
