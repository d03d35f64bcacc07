--TEST--
Scanner: parse errors (ParseError exceptions) and fatals report the snippet's own line and an excerpt, whatever the rewrite inserted
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('s003');

function show(string $snippet, string $root): void
{
    $r = altair_eval($snippet, $root);
    // the snippet's parse error is its exception (ParseError), a fatal error is an error
    $e = $r->error ?? $r->exception;
    echo $r->error['type'] ?? $r->exception['class'], ' line ', $e['line'], "\n", $e['excerpt'] ?? '(no excerpt)', "\n--\n";
}

// a parse error in the middle: the implicit return on the last line moves nothing
show("\$a = 1;\n\$b = ;\n\$a", $root);
// an open tag on its own line, after blank lines
show("\n<?php\n\$a = 1;\n\$b = ;", $root);
// the end of the snippet: one line, then several
show('foo(', $root);
show("\$a = [\n  1,\n  2,\n", $root);
// a fatal at compile time, and one at run time
show("function f() {}\nfunction f() {}", $root);
show("\$x = 1;\nfunction f(int \$a): int { return \$a; }\nnew class implements Countable {}\n", $root);
// a heredoc spanning lines before the error
show("\$h = <<<EOT\none\ntwo\nEOT;\n\$c = );", $root);
// long lines are cut on a UTF-8 boundary
show(str_repeat('é', 100) . " = 1;", $root);
// an error outside the snippet gets no excerpt
file_put_contents($root . '/broken.php', "<?php\nfunction g() {}\nfunction g() {}\n");
show('require "broken.php"', $root);
?>
--EXPECT--
ParseError line 2
  1 | $a = 1;
> 2 | $b = ;
  3 | $a
--
ParseError line 4
  3 | $a = 1;
> 4 | $b = ;
--
ParseError line 1
> 1 | foo(
--
ParseError line 4
  3 |   2,
> 4 | 
--
E_COMPILE_ERROR line 2
  1 | function f() {}
> 2 | function f() {}
--
E_ERROR line 3
  2 | function f(int $a): int { return $a; }
> 3 | new class implements Countable {}
  4 | 
--
ParseError line 5
  4 | EOT;
> 5 | $c = );
--
ParseError line 1
> 1 | éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé...
--
E_COMPILE_ERROR line 3
(no excerpt)
--
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('s003-');
?>
