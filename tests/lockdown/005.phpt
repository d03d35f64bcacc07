--TEST--
Lockdown: nothing outside the root and the runtime is readable (passwd, the caller's environ, /tmp)
--DESCRIPTION--
Layer: both. open_basedir refuses these paths first; Landlock refuses them again (checked by the
standalone driver, tests/lockdown/driver, which has no ini layer). Here the test asserts the outcome
and that Landlock was in force, and that the runtime itself (zoneinfo, urandom) still works.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('l005');
$secret = $root . '-secret';
file_put_contents($secret, 'top secret');
putenv('ALTAIR_TEST_SECRET=in-the-caller-environment');

$snippet = sprintf(<<<'PHP'
return json_encode([
    @file_get_contents('/etc/passwd'),
    @file_get_contents('/proc/' . posix_getppid() . '/environ'),
    @file_get_contents(%s),
    @scandir('/tmp'),
    (new DateTime('2020-06-01', new DateTimeZone('Europe/Paris')))->format('T'),
    strlen(random_bytes(8)),
]);
PHP, var_export($secret, true));
$r = altair_eval($snippet, $root);
var_dump($r->sandbox['landlock_abi'] >= 1);
foreach (json_decode($r->result['value'], true) as $value) {
    var_dump($value);
}
var_dump(str_contains($r->stdout . $r->result['value'], 'top secret'), str_contains($r->result['value'], 'in-the-caller-environment'));
?>
--EXPECT--
bool(true)
bool(false)
bool(false)
bool(false)
bool(false)
string(4) "CEST"
int(8)
bool(false)
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('l005-');
?>
