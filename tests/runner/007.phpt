--TEST--
Evaluator: a child that ignores SIGTERM is killed after the grace period
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
$root = altair_test_root('r007');

// pcntl is disabled in the sandbox; unsafe lifts that so the host-side kill is what is tested.
// The deadline leaves the child ample time to install SIG_IGN even on a loaded machine.
$r = altair_eval('pcntl_signal(SIGTERM, SIG_IGN); while (true) { pcntl_signal_dispatch(); }', $root, ['timeoutMs' => altair_generous_ms(1500), 'unsafe' => true]);
var_dump($r->ok, $r->timedOut, $r->exitCode, $r->limitExceeded, $r->signal);
?>
--EXPECT--
bool(false)
bool(true)
int(124)
string(4) "time"
int(9)
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r007-');
?>
