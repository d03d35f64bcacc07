--TEST--
Symfony with .env.local.php only (composer dump-env): loaded through symfony/dotenv all the same
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php require __DIR__ . '/boot.inc'; if ($why = altair_boot_missing('symfony')) die("skip $why"); ?>
--FILE--
<?php
require __DIR__ . '/boot.inc';
$root = altair_boot_symfony('b009', ['.env.local.php' => "<?php\nreturn ['APP_ENV' => 'dev', 'APP_SECRET' => 'dumped', 'GREETING' => 'from-dump-env'];\n"]);
unlink($root . '/.env');
$r = altair_eval('return [$_SERVER["GREETING"] ?? null, container()->getParameter("kernel.environment")];', $root, ['timeoutMs' => ALTAIR_BOOT_TIMEOUT_MS]);
echo json_encode(array_column($r->result['value'] ?? [], 'value') ?: ($r->exception['message'] ?? $r->error)), "\n";
?>
--EXPECT--
["from-dump-env","dev"]
--CLEAN--
<?php
require __DIR__ . '/../../helpers.inc';
altair_test_clean('b009-');
?>
