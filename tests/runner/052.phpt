--TEST--
Thin host: our disabled functions are applied by the guest over the child's own functions; the child of a host started with php -n (and altair_eval.child_*) equals a full host's child, cold and warm
--DESCRIPTION--
Issue 21 (the cold CLI). The host no longer expands curl_*, ftp_*, socket_* and pcntl_* over its own
function table: a thin host (bin/altair's thin cold start: php -n with a few extensions) has no
curl, ftp or sockets, yet its child, whose ini loads them, must have none of them offline, and
pcntl_* never. With the network allowed the network ones exist and pcntl_ stays disabled. Every
fact the child reports (its ini file, scanned files, extensions, disable_functions) is the same
through the thin host as through the full one, for a cold child and a warm template's worker.
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php
foreach (['curl', 'ftp', 'sockets'] as $extension) {
    if (!extension_loaded($extension)) {
        die("skip the child's ini does not load $extension (scripts/test installs php-curl)");
    }
}
?>
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
require __DIR__ . '/thin_host.inc';
$root = altair_test_root('r052');

$code = <<<'PHP'
$root = $argv[1];
$facts = 'return json_encode([
    "curl_init" => function_exists("curl_init"), "pcntl_fork" => function_exists("pcntl_fork"),
    "socket_create" => function_exists("socket_create"), "ftp_connect" => function_exists("ftp_connect"),
    "exec" => function_exists("exec"), "disable_functions" => ini_get("disable_functions"),
    "ini" => php_ini_loaded_file(), "scanned" => php_ini_scanned_files(), "extensions" => get_loaded_extensions(),
]);';
$seen = ['host_has_curl' => extension_loaded('curl'), 'host_has_sockets' => extension_loaded('sockets'), 'host_has_ftp' => extension_loaded('ftp')];
foreach (['cold' => false, 'warm' => true] as $mode => $warm) {
    $evaluator = new Altair\Eval\Evaluator(warm: $warm);
    foreach (['offline' => false, 'network' => true] as $net => $allow) {
        $r = $evaluator->evaluate(new Altair\Eval\EvalRequest($facts, $root, allowNetwork: $allow));
        $seen["$mode $net"] = $r->ok ? json_decode($r->result['value'], true) : $r->toArray();
    }
}
echo json_encode($seen);
PHP;
[$fullOut, $fullErr] = thin_test_run(thin_test_host('full'), $code, $root);
[$thinOut, $thinErr] = thin_test_run(thin_test_host('thin'), $code, $root);
$full = json_decode($fullOut, true);
$thin = json_decode($thinOut, true);
echo "stderr: ", json_encode([$fullErr, $thinErr]), "\n";
echo "thin host has curl, sockets, ftp: ", json_encode([$thin['host_has_curl'], $thin['host_has_sockets'], $thin['host_has_ftp']]), "\n";
foreach (['cold offline', 'cold network', 'warm offline', 'warm network'] as $key) {
    $child = $thin[$key];
    echo $key, ": curl_init ", json_encode($child['curl_init']), ", pcntl_fork ", json_encode($child['pcntl_fork']),
        ", socket_create ", json_encode($child['socket_create']), ", ftp_connect ", json_encode($child['ftp_connect']),
        ", exec ", json_encode($child['exec']), "; the child of the full host is the same: ", json_encode($child === $full[$key]),
        "; its extensions are the ini's: ", json_encode(in_array('curl', $child['extensions'], true)), "\n";
}
?>
--EXPECT--
stderr: ["",""]
thin host has curl, sockets, ftp: [false,false,false]
cold offline: curl_init false, pcntl_fork false, socket_create false, ftp_connect false, exec false; the child of the full host is the same: true; its extensions are the ini's: true
cold network: curl_init true, pcntl_fork false, socket_create true, ftp_connect true, exec false; the child of the full host is the same: true; its extensions are the ini's: true
warm offline: curl_init false, pcntl_fork false, socket_create false, ftp_connect false, exec false; the child of the full host is the same: true; its extensions are the ini's: true
warm network: curl_init true, pcntl_fork false, socket_create true, ftp_connect true, exec false; the child of the full host is the same: true; its extensions are the ini's: true
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r052-');
?>
