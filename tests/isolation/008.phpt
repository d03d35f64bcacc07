--TEST--
Isolation: project roots with characters the child's ini parser interprets are passed literally (${VAR}, backslash, quotes, $) or refused with a ValueError (", ;, :, line breaks)
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$base = altair_test_root('i009');
putenv('ALTAIR_I009=/etc');

$plain = altair_eval('return 1;', $base)->sandbox['landlock_abi'];
foreach (['dollar-brace ${ALTAIR_I009}', 'back\\slash', 'trailing-back\\', "single'quote", 'dollar $ALTAIR_I009', 'percent %s'] as $name) {
    $root = $base . '/' . $name;
    mkdir($root);
    file_put_contents($root . '/marker.txt', 'inside');
    $r = altair_eval('return [ini_get("open_basedir"), file_get_contents("marker.txt")];', $root);
    [$basedir, $marker] = [$r->result['value'][0]['value'] ?? null, $r->result['value'][1]['value'] ?? null];
    printf("%-28s ok=%s open_basedir names the root=%s marker=%s landlock as plain=%s\n", $name, var_export($r->ok, true),
        var_export(str_starts_with((string) $basedir, $root . ':'), true), $marker, var_export($r->sandbox['landlock_abi'] === $plain, true));
}
foreach (['double"quote', 'semi;colon', 'co:lon', "line\nbreak", "carriage\rreturn"] as $name) {
    $root = $base . '/' . $name;
    mkdir($root);
    try {
        altair_eval('return 1;', $root);
        echo json_encode($name), ": accepted\n";
    } catch (ValueError $e) {
        echo json_encode($name), ': ValueError: ', str_contains($e->getMessage(), 'must not have any of the characters') ? 'must not have any of the characters ...' : $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
dollar-brace ${ALTAIR_I009}  ok=true open_basedir names the root=true marker=inside landlock as plain=true
back\slash                   ok=true open_basedir names the root=true marker=inside landlock as plain=true
trailing-back\               ok=true open_basedir names the root=true marker=inside landlock as plain=true
single'quote                 ok=true open_basedir names the root=true marker=inside landlock as plain=true
dollar $ALTAIR_I009          ok=true open_basedir names the root=true marker=inside landlock as plain=true
percent %s                   ok=true open_basedir names the root=true marker=inside landlock as plain=true
"double\"quote": ValueError: must not have any of the characters ...
"semi;colon": ValueError: must not have any of the characters ...
"co:lon": ValueError: must not have any of the characters ...
"line\nbreak": ValueError: must not have any of the characters ...
"carriage\rreturn": ValueError: must not have any of the characters ...
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('i009-');
?>
