--TEST--
Isolation: with a project root of / and a clean environment, the host's /proc/<pid> (environ, maps) is unreadable; the child's own /proc/self is there
--EXTENSIONS--
altair_eval
--SKIPIF--
<?php
require __DIR__ . '/../helpers.inc';
if (($why = altair_view_unavailable()) !== null) die('skip the private view cannot be built here: ' . $why);
?>
--FILE--
<?php
require __DIR__ . '/../helpers.inc';

$host = getmypid();
$snippet = <<<PHP
return [
    'environ' => @file_get_contents('/proc/$host/environ') !== false,
    'maps' => @file_get_contents('/proc/$host/maps') !== false,
    'exists' => file_exists('/proc/$host'),
    'others' => count(glob('/proc/[0-9]*') ?: []),
    'own status' => str_contains((string) @file_get_contents('/proc/self/status'), 'Pid:'),
];
PHP;
$r = altair_eval($snippet, '/', ['env' => 'clean']);
var_dump($r->ok, $r->sandbox['mountns']);
$seen = array_map(fn ($v) => $v['value'], $r->result['value']);
// A booted template's worker reads its own entry from its template's PID namespace's /proc; without
// such a namespace (a user who may not make one) it has none: it cannot mount one under the
// template's Landlock (docs/ARCHITECTURE.md, "Booted templates"). Everywhere else the process reads its own.
$booted = $r->sandbox['booted_template'];
var_dump($seen['own status'] === (!$booted || altair_pidns_possible()), is_bool($booted));
unset($seen['own status']);
echo json_encode($seen), "\n";
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
{"environ":false,"maps":false,"exists":false,"others":0}
