--TEST--
ValueEncoder: an app's altairEvalProperties() chooses what is shown, with the caps and the same exception safety as any hook
--EXTENSIONS--
altair_eval
--INI--
pcre.jit=0
--FILE--
<?php
use Altair\Eval\Encoder\ValueEncoder;
class Money {
    public function __construct(private int $cents, private string $currency) {}
    public function altairEvalProperties(): array { return ['amount' => sprintf('%d.%02d %s', intdiv($this->cents, 100), $this->cents % 100, $this->currency)]; }
    /* Preferred over __debugInfo(). */
    public function __debugInfo(): array { return ['never' => 'shown']; }
}
class Broken { public function altairEvalProperties(): array { throw new DomainException('cannot present'); } }
class Wrong { public function altairEvalProperties() { return 'text'; } }
class Wide { public function altairEvalProperties(): array { return range(1, 500); } }
class Deep { public function altairEvalProperties(): array { return ['next' => new Deep()]; } }
$strip = fn (string $json) => preg_replace('/"id":\d+,/', '', $json);
echo $strip(ValueEncoder::encodeJson(new Money(12345, 'EUR'))), "\n";
echo $strip(ValueEncoder::encodeJson(new Broken())), "\n";
echo $strip(ValueEncoder::encodeJson(new Wrong())), "\n";
$wide = ValueEncoder::encode(new Wide());
echo count($wide['properties']), "\n";
$deep = ValueEncoder::encode(new Deep());
var_dump($deep['properties']['next']['properties']['next']['properties']['next']['truncated']);
?>
--EXPECT--
{"type":"object","class":"Money","caster":"app","properties":{"amount":{"type":"string","value":"123.45 EUR"}}}
{"type":"object","class":"Broken","caster":"app","properties":{},"error":{"class":"DomainException","message":"cannot present"}}
{"type":"object","class":"Wrong","caster":"app","properties":{},"error":{"class":"TypeError","message":"altairEvalProperties() must return an array, string returned"}}
100
bool(true)
