--TEST--
Isolation: the sandbox says whether the private view held, and says why not when it did not
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('i010');

foreach ([[], ['allowNetwork' => true], ['allowWrites' => true]] as $options) {
    $s = altair_eval('return 1;', $root, $options)->sandbox;
    $notes = array_values(array_filter($s['unavailable'], fn ($line) => str_starts_with($line, 'mountns: ')));
    if ($s['mountns']) {
        // Held: scratch is the capped tmpfs, the build was timed, nothing about it is missing.
        echo json_encode([$s['scratch_capped'], $s['mountns_us'] > 0, $notes]), "\n";
    } else {
        // Not held (this kernel or container): scratch is the host dir, and a line says why.
        echo json_encode([!$s['scratch_capped'], $s['mountns_us'] >= 0, count($notes) > 0 ? [] : ['no reason given']]), "\n";
    }
}
var_dump(altair_eval('return 1;', $root, ['unsafe' => true])->sandbox['mountns']);
?>
--EXPECT--
[true,true,[]]
[true,true,[]]
[true,true,[]]
bool(false)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('i010-');
?>
