--TEST--
ValueEncoder: enums show their case, and their value when backed
--EXTENSIONS--
altair_eval
--FILE--
<?php
function show(mixed $v): void { echo json_encode(Altair\Eval\Encoder\ValueEncoder::encode($v), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR), "\n"; }
enum Suit { case Hearts; }
enum Level: int { case High = 3; }
enum Code: string { case Ok = 'ok'; }
show(Suit::Hearts); show(Level::High); show(Code::Ok);
?>
--EXPECT--
{
    "type": "enum",
    "class": "Suit",
    "case": "Hearts"
}
{
    "type": "enum",
    "class": "Level",
    "case": "High",
    "value": 3
}
{
    "type": "enum",
    "class": "Code",
    "case": "Ok",
    "value": "ok"
}
