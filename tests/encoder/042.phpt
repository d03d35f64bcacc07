--TEST--
ValueEncoder casters: Symfony Request/Response and PSR-7 messages show method, URI, status, headers and a body preview; a stream is put back where it stood
--EXTENSIONS--
altair_eval
--INI--
pcre.jit=0
--SKIPIF--
<?php if (!is_file('/usr/share/php/Symfony/Component/HttpFoundation/autoload.php') || !is_file('/usr/share/php/Nyholm/Psr7/autoload.php')) die('skip php-symfony-http-foundation or php-nyholm-psr7 is not installed'); ?>
--FILE--
<?php
require '/usr/share/php/Symfony/Component/HttpFoundation/autoload.php';
require '/usr/share/php/Nyholm/Psr7/autoload.php';
use Altair\Eval\Encoder\ValueEncoder;
$strip = fn (string $json) => preg_replace('/"id":\d+,/', '', $json);
function members(array $node): string {
    $out = [];
    foreach ($node['properties'] as $name => $member) {
        $out[] = $name . '=' . json_encode($member['value'] ?? $member, JSON_UNESCAPED_SLASHES);
    }
    return $node['caster'] . ': ' . implode(' ', $out);
}
$request = Symfony\Component\HttpFoundation\Request::create('https://example.test/orders?page=2', 'POST', [], [], [], ['HTTP_ACCEPT' => 'application/json'], '{"sku":"A1"}');
echo members(ValueEncoder::encode($request)), "\n";
$response = new Symfony\Component\HttpFoundation\Response(str_repeat('x', 1500), 201, ['Content-Type' => 'text/plain']);
$node = ValueEncoder::encode($response);
echo $node['caster'], ' ', $node['properties']['status']['value'], ' ', strlen($node['properties']['body']['value']), ' ', $node['properties']['body_length']['value'], "\n";

$psr = new Nyholm\Psr7\Request('GET', 'https://example.test/items/7', ['X-Trace' => 'abc'], 'hello body');
$psr->getBody()->seek(6);
echo members(ValueEncoder::encode($psr)), "\n";
/* The stream was put back where it stood. */
var_dump($psr->getBody()->tell(), $psr->getBody()->getContents());
$psrResponse = new Nyholm\Psr7\Response(404, ['Content-Type' => 'application/json'], '{"error":"missing"}');
echo members(json_decode(ValueEncoder::encodeJson($psrResponse), true)), "\n";
/* A body that cannot seek is not read. */
$pipe = fopen('php://memory', 'r+'); fwrite($pipe, 'unread'); rewind($pipe);
$stream = Nyholm\Psr7\Stream::create($pipe);
$unseekable = new class ($stream) extends Nyholm\Psr7\Response {
    public function __construct(private $s) { parent::__construct(200); }
    public function getBody(): Psr\Http\Message\StreamInterface { return new class ($this->s) extends Nyholm\Psr7\Stream {
        public function __construct(private $inner) {}
        public function isSeekable(): bool { return false; }
        public function getSize(): ?int { return null; }
    }; }
};
echo members(ValueEncoder::encode($unseekable)), "\n";
var_dump($stream->getContents());
?>
--EXPECT--
symfony.request: method="POST" uri="https://example.test/orders?page=2" headers={"host":{"type":"array","is_list":true,"count":1,"value":[{"type":"string","value":"example.test"}]},"user-agent":{"type":"array","is_list":true,"count":1,"value":[{"type":"string","value":"Symfony"}]},"accept":{"type":"array","is_list":true,"count":1,"value":[{"type":"string","value":"application/json"}]},"accept-language":{"type":"array","is_list":true,"count":1,"value":[{"type":"string","value":"en-us,en;q=0.5"}]},"accept-charset":{"type":"array","is_list":true,"count":1,"value":[{"type":"string","value":"ISO-8859-1,utf-8;q=0.7,*;q=0.7"}]},"content-type":{"type":"array","is_list":true,"count":1,"value":[{"type":"string","value":"application/x-www-form-urlencoded"}]}} body="{\"sku\":\"A1\"}" body_length=12
symfony.response 201 1000 1500
psr7.request: method="GET" uri="https://example.test/items/7" headers={"Host":{"type":"array","is_list":true,"count":1,"value":[{"type":"string","value":"example.test"}]},"X-Trace":{"type":"array","is_list":true,"count":1,"value":[{"type":"string","value":"abc"}]}} body="hello body" body_length=10
int(6)
string(4) "body"
psr7.response: status=404 reason="Not Found" headers={"Content-Type":{"type":"array","is_list":true,"count":1,"value":[{"type":"string","value":"application/json"}]}} body="{\"error\":\"missing\"}" body_length=19
psr7.response: status=200 reason="OK" headers=[] body_length={"type":"null","value":null}
string(6) "unread"
