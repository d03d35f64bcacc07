--TEST--
Scanner golden table: implicit return, open and close tags, statements left alone
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/golden.inc';

altair_scanner_golden('s001', [
    // implicit return of the last expression statement
    ['1 + 1', 'int 2'],
    ['1 + 1;', 'int 2'],
    ['return 1 + 1;', 'int 2'],
    ['$u = ["email" => "a@b.c"]; $u["email"]', 'string "a@b.c"'],
    ['$o = new stdClass; $o->email = "x"; $o->email', 'string "x"'],
    ['$a = 5', 'int 5'],
    ['$a = 5;', 'int 5'],
    ['$a = 1; $a += 2', 'int 3'],
    ["\$x = 1;\n\$x * 10\n", 'int 10'],
    ['strtoupper("abc")', 'string "ABC"'],
    ['[1, 2, 3]', 'array'],
    ['null', 'null'],
    ['true', 'bool true'],
    ["\$a = 1\n+ 2", 'int 3'],
    ['$a = 1;;', 'int 1'],
    ['(static fn () => 5)()', 'int 5'],
    ["\$q = fn (\$x) => \$x * 2;\n\$q(4)", 'int 8'],
    ['match (2) { 1 => "a", 2 => "b" }', 'string "b"'],
    ['$f = function () { return 9; }; $f()', 'int 9'],
    ['function f() { return 3; } f()', 'int 3'],
    ['class A { public $v = 4; } (new A)->v', 'int 4'],
    ['enum S: string { case A = "a"; } S::A->value', 'string "a"'],
    ['$s = 0; foreach ([1, 2, 3] as $i) { $s += $i; } $s', 'int 6'],
    ['if (true) { $r = 1; } else { $r = 2; } $r', 'int 1'],
    ['try { throw new Exception("e"); } catch (Exception $e) { $m = $e->getMessage(); } $m', 'string "e"'],
    ['do { $i = 1; } while (false); $i', 'int 1'],
    ['$a = [1, [2, 3]]; $a[1][0]', 'int 2'],
    ['namespace\strlen("abc")', 'int 3'],
    ['lbl: $x = 2; $x', 'int 2'],
    ['declare(strict_types=1); 4', 'int 4'],
    ['namespace App; 6', 'int 6'],
    ['use App\Missing; 5', 'int 5'],
    ['const K = 7; K', 'int 7'],
    ['if (true): $v = 8; endif; $v', 'int 8'],
    ['return 1; 2', 'int 1'],
    ['if (true) { return 3; } 4', 'int 3'],
    // open and close tags
    ['<?php 1 + 1', 'int 2'],
    ["<?php\n1 + 1\n", 'int 2'],
    ['<?PHP 3', 'int 3'],
    ["  \n<?php\n4", 'int 4'],
    ['<?php 5 ?>', 'int 5'],
    ['6 ?>', 'int 6'],
    ["<?php \$a = 7; ?>\n", 'int 7'],
    ["<?php\n\$a = 8;\n?>", 'int 8'],
    ["\$a = 1 ?>\n<?php \$a + 1", 'int 2'],
    ['if (true) { ?>in<?php } 3', 'int 3 out="in"'],
    // inline HTML
    ['<h1>hi</h1>', '~ out="<h1>hi</h1>"'],
    ['<p><?php echo 3; ?></p>', '~ out="<p>3</p>"'],
    ['<?= 1 + 1 ?>', '~ out="2"'],
    ["Hello <?php echo 'x';", '~ out="Hello x"'],
    ['<?php if (true): ?>yes<?php endif;', '~ out="yes"'],
    ['$a = 1; // ?> hi', '~ out=" hi"'],
    // left alone
    ['echo 5', '~ out="5"'],
    ['echo 5;', '~ out="5"'],
    ['print "p"', '~ out="p"'],
    ['if (true) { echo 1; }', '~ out="1"'],
    ['foreach ([1, 2] as $i) { echo $i; }', '~ out="12"'],
    ['function g() { return 3; }', '~'],
    ['class B {}', '~'],
    ['{ $b = 2; }', '~'],
    ['static $n = 1;', '~'],
    ['unset($nothing)', '~'],
    ['throw new RuntimeException("x")', 'throw RuntimeException: x'],
    ['exit(3)', 'exit 3'],
    ['__halt_compiler(); garbage {{{ "', '~'],
    ['1 + 1; __halt_compiler(); x', '~'],
]);
?>
--EXPECT--
66 cases, 0 mismatches
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('s001-');
?>
