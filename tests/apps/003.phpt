--TEST--
Apps: an Eloquent model an agent can read: its attributes and loaded relations, never its $hidden ones (needs the encoder's casters)
--DESCRIPTION--
Issue 13 point 7, through bin/altair eval on the real Laravel app: User #1 with its posts loaded.
The exact node shape is the encoder's; this checks what an agent must find in it: the class, the
attributes (cast: is_admin is a bool), the relation's rows, and no trace of password/remember_token.
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php
require __DIR__ . '/apps.inc';
if ($why = altair_test_app_missing()) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/apps.inc';
$root = altair_test_app('laravel', 'a003');

$r = altair_cli($root, 'return App\Models\User::with("posts")->find(1);');
$result = $r['result']['result'] ?? null;
$json = json_encode($result, JSON_UNESCAPED_SLASHES);
echo $r['exit'], ' ', $result['class'] ?? 'no class', "\n";
foreach (['"ada@example.com"', '"Ada Lovelace"', '"Notes by Ada Lovelace"', '"is_admin"'] as $needle) {
    echo $needle, ': ', str_contains($json, $needle) ? 'shown' : 'missing', "\n";
}
foreach (['not-a-real-hash', '"password"', 'remember_token'] as $needle) {
    echo $needle, ': ', str_contains($json, $needle) ? 'LEAKED' : 'hidden', "\n";
}

$r = altair_cli($root, 'return App\Models\User::orderBy("id")->get();');
$json = json_encode($r['result']['result'] ?? null, JSON_UNESCAPED_SLASHES);
foreach (['"ada@example.com"', '"grace@example.com"', '"linus@example.com"'] as $needle) {
    echo 'collection ', $needle, ': ', str_contains($json, $needle) ? 'shown' : 'missing', "\n";
}
echo 'collection password: ', str_contains($json, 'not-a-real-hash') ? 'LEAKED' : 'hidden', "\n";
?>
--EXPECT--
0 App\Models\User
"ada@example.com": shown
"Ada Lovelace": shown
"Notes by Ada Lovelace": shown
"is_admin": shown
not-a-real-hash: hidden
"password": hidden
remember_token: hidden
collection "ada@example.com": shown
collection "grace@example.com": shown
collection "linus@example.com": shown
collection password: hidden
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('a003-');
?>
