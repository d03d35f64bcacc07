--TEST--
Hosts: env policy: inherit passes the caller's environment, clean only the allowlist; the denylist holds in both
--DESCRIPTION--
Layer: host (the child's envp is built before spawning). The variables are planted with putenv()
after the caller started, as a host process or a library could. Loader, allocator, libc, OpenSSL
and PHP ini overrides never reach the child, not even when named in envAllow. ALTAIR_EVAL_* and
PGOPTIONS are always set by the evaluator.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('h006');
$denied = ['LD_PRELOAD' => '/nonexistent/evil.so', 'LD_LIBRARY_PATH' => '/nonexistent', 'LD_AUDIT' => '/nonexistent/audit.so',
    'GLIBC_TUNABLES' => 'glibc.malloc.check=3', 'MALLOC_ARENA_MAX' => '1', 'USE_ZEND_ALLOC' => '0', 'OPENSSL_CONF' => '/nonexistent.cnf',
    'PHPRC' => '/nonexistent-ini-dir', 'PHP_INI_SCAN_DIR' => '/nonexistent-scan-dir'];
foreach ($denied + ['ALTAIR_TEST_SECRET' => 's3cr3t', 'DATABASE_URL' => 'pgsql://db/app', 'ALTAIR_EVAL_ALLOW_WRITES' => '1'] as $name => $value) {
    putenv("$name=$value");
}
$names = array_merge(array_keys($denied), ['ALTAIR_TEST_SECRET', 'DATABASE_URL', 'PATH', 'ALTAIR_EVAL_ALLOW_WRITES', 'PGOPTIONS']);
$snippet = 'return json_encode(array_map(fn ($n) => getenv($n), ' . var_export(array_combine($names, $names), true) . '));';

foreach ([
    'inherit' => [],
    'clean' => ['env' => 'clean', 'envAllow' => ['DATABASE_URL', 'LD_PRELOAD', 'PHPRC']],
] as $label => $options) {
    $r = altair_eval($snippet, $root, $options);
    echo "$label:";
    foreach (json_decode($r->result['value'], true) as $name => $value) {
        if ($name === 'PHP_INI_SCAN_DIR') {
            $value = $value === $denied[$name] ? 'PLANTED' : ($value === false ? false : 'the caller\'s own');
        }
        if ($name === 'PATH') {
            $value = $value === getenv('PATH') ? 'inherited' : $value;
        }
        echo " $name=", var_export($value, true);
    }
    echo "\n", $r->stderr;
}
?>
--EXPECTREGEX--
inherit: LD_PRELOAD=false LD_LIBRARY_PATH=false LD_AUDIT=false GLIBC_TUNABLES=false MALLOC_ARENA_MAX=false USE_ZEND_ALLOC=false OPENSSL_CONF=false PHPRC=false PHP_INI_SCAN_DIR=(false|'the caller\\'s own') ALTAIR_TEST_SECRET='s3cr3t' DATABASE_URL='pgsql:\/\/db\/app' PATH='inherited' ALTAIR_EVAL_ALLOW_WRITES='0' PGOPTIONS='-c default_transaction_read_only=on'
clean: LD_PRELOAD=false LD_LIBRARY_PATH=false LD_AUDIT=false GLIBC_TUNABLES=false MALLOC_ARENA_MAX=false USE_ZEND_ALLOC=false OPENSSL_CONF=false PHPRC=false PHP_INI_SCAN_DIR=(false|'the caller\\'s own') ALTAIR_TEST_SECRET=false DATABASE_URL='pgsql:\/\/db\/app' PATH=false ALTAIR_EVAL_ALLOW_WRITES='0' PGOPTIONS='-c default_transaction_read_only=on'
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('h006-');
?>
