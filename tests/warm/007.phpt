--TEST--
Warm: REQUEST_TIME and REQUEST_TIME_FLOAT are each call's own, in plain and booted workers, and the rest of $_SERVER's request start is a cold child's
--DESCRIPTION--
Issue 18 item 14. A worker is a fork of a template started earlier (hours earlier under serve or
MCP): its $_SERVER['REQUEST_TIME_FLOAT'] was the template's start. Each worker now takes its own
(guest/template/fresh.c). The checks are orderings, never durations: the time a call reports lies
between the caller's clock just before and just after it. hrtime() reads the monotonic clock with
no base of its own; $_SERVER['argv'] is a cold child's.
--EXTENSIONS--
altair_eval
--FILE--
<?php
require __DIR__ . '/../booted/boot_probe.inc';
use Altair\Eval\{EvalRequest, Evaluator};

// The boot reads $_SERVER (so a booted template has it built before any worker exists).
$root = altair_booted_project('w007', '$GLOBALS["boot_time"] = $_SERVER["REQUEST_TIME_FLOAT"];');
$snippet = 'return [$_SERVER["REQUEST_TIME_FLOAT"], $_SERVER["REQUEST_TIME"], hrtime(true), $_SERVER["argv"]];';
$warm = new Evaluator(warm: true);
$cold = (new Evaluator())->evaluate(new EvalRequest($snippet, $root));
$argv = altair_booted_plain($cold)[3];

foreach ([false, true] as $writes) {
    // The first call starts the template; the next ones are served by it.
    $warm->evaluate(new EvalRequest('return 1;', $root, allowWrites: $writes));
    for ($i = 0; $i < 2; $i++) {
        $before = microtime(true);
        $beforeHr = hrtime(true);
        $r = $warm->evaluate(new EvalRequest($snippet, $root, allowWrites: $writes));
        $afterHr = hrtime(true);
        $after = microtime(true);
        [$float, $seconds, $hr, $seen] = altair_booted_plain($r);
        echo json_encode([
            'booted' => $r->sandbox['booted_template'] === !$writes || !altair_booted_capable($r),
            'float' => $float >= $before && $float <= $after,
            'seconds' => $seconds >= (int) $before && $seconds <= (int) $after,
            'hrtime' => $hr >= $beforeHr && $hr <= $afterHr,
            'argv' => $seen === $argv,
        ]), "\n";
    }
}
$warm->close();

function altair_booted_capable(Altair\Eval\EvalResult $r): bool
{
    return $r->sandbox['landlock_abi'] >= 6 && $r->sandbox['seccomp'] && $r->sandbox['mountns'];
}
?>
--EXPECT--
{"booted":true,"float":true,"seconds":true,"hrtime":true,"argv":true}
{"booted":true,"float":true,"seconds":true,"hrtime":true,"argv":true}
{"booted":true,"float":true,"seconds":true,"hrtime":true,"argv":true}
{"booted":true,"float":true,"seconds":true,"hrtime":true,"argv":true}
--CLEAN--
<?php
require __DIR__ . '/../booted/clean.inc';
altair_clean_roots('w007');
?>
