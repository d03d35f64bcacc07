--TEST--
Scanner golden table: strings, heredoc/nowdoc, comments, "?>" in strings, braces and attributes never confuse it
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/golden.inc';

altair_scanner_golden('s002', [
    ['$a = "?>"; $a', 'string "?>"'],
    ["'?>'", 'string "?>"'],
    ['"a;b"', 'string "a;b"'],
    ['"a} { b"', 'string "a} { b"'],
    ["'it\\'s'", "string \"it's\""],
    ["'back\\\\'", 'string "back\\\\"'],
    ['$x = "y"; "q\"{$x}\""', 'string "q\"y\""'],
    ['$a = ["k" => "}"]; "v{$a[\'k\']}"', 'string "v}"'],
    ['$a = ["k" => "w"]; "{$a["k"]}"', 'string "w"'],
    ['$a = ["k" => ["j" => "deep"]]; "<{$a["k"]["j"]}>"', 'string "<deep>"'],
    ['$o = new stdClass; $o->p = "op"; "$o->p;"', 'string "op;"'],
    ["\$h = <<<EOT\n  a;b ?> }\n  EOT;\n\$h", 'string "a;b ?> }"'],
    ["<<<EOT\nx\nEOT", 'string "x"'],
    ["<<<\"EOT\"\nquoted\nEOT", 'string "quoted"'],
    ["<<<'N'\n{\$notvar} ?> \"\nN", 'string "{$notvar} ?> \""'],
    ["\$x = 2; <<<EOT\n{\$x}EOTX\nEOT", 'string "2EOTX"'],
    ["strlen(<<<TXT\n    abc\n    TXT)", 'int 3'],
    ["\$a = ['}' => 1]; <<<EOT\n{\$a['}']}\nEOT", 'string "1"'],
    ["[<<<A\none\nA, <<<'B'\ntwo\nB][1]", 'string "two"'],
    ["// return 5\n6", 'int 6'],
    ['/* return */ 7', 'int 7'],
    ['"return" . 1', 'string "return1"'],
    ['$o = new class { public function return() { return 8; } }; $o->return()', 'int 8'],
    ['class R { const RETURN = 9; } R::RETURN', 'int 9'],
    ['count([1, 2]) // two', 'int 2'],
    ['count([1, 2]) # two', 'int 2'],
    ['count([1, 2]) /* two */', 'int 2'],
    ['/* lead */ 7', 'int 7'],
    ["/** doc { */\n10", 'int 10'],
    ["# comment ?>\n<?php 9", 'int 9'],
    ['$x = [1, 2]; $x[1] // }', 'int 2'],
    ['$x = [1, 2]; $x[1] /* ; */', 'int 2'],
    ["#[Attribute]\nclass Attr {}\n#[Attr] function g() { return 2; }\ng()", 'int 2'],
    ['#[Attribute] class Marker {} $f = #[Marker] fn () => 11; $f()', 'int 11'],
    ["\$f = function () {\n  \$s = '}';\n  return \$s;\n};\n\$f()", 'string "}"'],
    ['$m = ["a" => ["b" => ["c" => 12]]]; $m["a"]["b"]["c"]', 'int 12'],
    ['$t = "a" . \'b\' . "c"', 'string "abc"'],
    ['$s = \'"\'; $s . "\'"', 'string "\"\'"'],
    ['$n = 0x1F + 0b11 + 1_000', 'int 1034'],
    ['$f = 1.5e3', 'float 1500'],
    ['$v = "x"; $$v = 13; $x', 'int 13'],
    ['$s = "${v}"; 14', 'int 14'],
    ['$obj = new stdClass; $obj?->missing ?? 15', 'int 15'],
    ['"\\\\"', 'string "\\\\"'],
    ["\$s = '\\\\'; \$s . '?>'", 'string "\\\\?>"'],
    ['$a = "\\"; 16"; 17', 'int 17'],
    ['$a = <<<EOT' . "\n" . 'EOT;' . "\n" . 'strlen($a)', 'int 0'],
]);
?>
--EXPECT--
47 cases, 0 mismatches
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('s002-');
?>
