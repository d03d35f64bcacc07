--TEST--
Lockdown: no socket leaves the sandbox: UDP, binding a listener, DNS, FTP, raw sockets
--DESCRIPTION--
Ini layer (the network functions are disabled, allow_url_fopen is off) and kernel layer (network
namespace, seccomp on socket families, Landlock TCP). The caller listens on UDP and TCP; nothing arrives.
--EXTENSIONS--
altair_eval
dom
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('l014');
$udp = stream_socket_server('udp://127.0.0.1:0', $errno, $error, STREAM_SERVER_BIND);
$udpPort = (int) substr(strrchr(stream_socket_get_name($udp, false), ':'), 1);
$snippet = sprintf(<<<'PHP'
$port = %d;
$tries = [];
foreach ([
    'udp client' => fn () => stream_socket_client("udp://127.0.0.1:$port"),
    'tcp listener' => fn () => stream_socket_server('tcp://127.0.0.1:0'),
    'socket_create' => fn () => socket_create(AF_INET, SOCK_DGRAM, SOL_UDP),
    'gethostbyname' => fn () => gethostbyname('localhost'),
    'dns_get_record' => fn () => dns_get_record('example.com'),
    'ftp_connect' => fn () => ftp_connect('127.0.0.1'),
    'ftp wrapper' => fn () => @file_get_contents("ftp://127.0.0.1:$port/x"),
    'https wrapper' => fn () => @file_get_contents('https://127.0.0.1/'),
    'SplFileObject http' => fn () => new SplFileObject("http://127.0.0.1:$port/"),
    'xml external load' => fn () => @(new DOMDocument())->load("http://127.0.0.1:$port/x.xml"),
] as $name => $try) {
    try {
        $tries[$name] = json_encode($try()) ?: 'resource';
    } catch (Throwable $e) {
        $tries[$name] = get_class($e);
    }
}
return json_encode($tries);
PHP, $udpPort);
$r = altair_eval($snippet, $root);
foreach (json_decode($r->result['value'], true) as $name => $outcome) {
    echo "$name: $outcome\n";
}
stream_set_blocking($udp, false);
var_dump(fread($udp, 100));
?>
--EXPECT--
udp client: Error
tcp listener: Error
socket_create: Error
gethostbyname: Error
dns_get_record: Error
ftp_connect: Error
ftp wrapper: false
https wrapper: false
SplFileObject http: RuntimeException
xml external load: false
string(0) ""
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('l014-');
?>
