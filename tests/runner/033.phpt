--TEST--
Evaluator: the exit status does not depend on the caller's SIGCHLD disposition (ignored, or a reaping handler), cold and warm
--EXTENSIONS--
altair_eval
pcntl
--FILE--
<?php
require __DIR__ . '/../helpers.inc';
use Altair\Eval\{EvalRequest, Evaluator};
$root = altair_test_root('r033');

function run(string $how, Evaluator $evaluator, string $root): void
{
    foreach (['exit(3);', 'return 1;', 'throw new LogicException("x");', 'usleep(50000); exit(4);'] as $snippet) {
        $r = $evaluator->evaluate(new EvalRequest($snippet, $root));
        printf("%-8s %-32s ok=%s exit=%d error=%s\n", $how, $snippet, json_encode($r->ok), $r->exitCode,
            $r->error['type'] ?? 'null');
    }
}

pcntl_signal(SIGCHLD, SIG_IGN);
run('ignored', new Evaluator(), $root);
run('ignored', new Evaluator(warm: true), $root);

pcntl_async_signals(true);
pcntl_signal(SIGCHLD, function (): void {
    while (pcntl_waitpid(-1, $status, WNOHANG) > 0) {
    }
});
run('reaping', new Evaluator(), $root);
run('reaping', new Evaluator(warm: true), $root);
echo json_encode(altair_scratch_dirs($root)), "\n";
?>
--EXPECT--
ignored  exit(3);                         ok=false exit=3 error=null
ignored  return 1;                        ok=true exit=0 error=null
ignored  throw new LogicException("x");   ok=false exit=1 error=null
ignored  usleep(50000); exit(4);          ok=false exit=4 error=null
ignored  exit(3);                         ok=false exit=3 error=null
ignored  return 1;                        ok=true exit=0 error=null
ignored  throw new LogicException("x");   ok=false exit=1 error=null
ignored  usleep(50000); exit(4);          ok=false exit=4 error=null
reaping  exit(3);                         ok=false exit=3 error=null
reaping  return 1;                        ok=true exit=0 error=null
reaping  throw new LogicException("x");   ok=false exit=1 error=null
reaping  usleep(50000); exit(4);          ok=false exit=4 error=null
reaping  exit(3);                         ok=false exit=3 error=null
reaping  return 1;                        ok=true exit=0 error=null
reaping  throw new LogicException("x");   ok=false exit=1 error=null
reaping  usleep(50000); exit(4);          ok=false exit=4 error=null
[]
--CLEAN--
<?php
require __DIR__ . '/../helpers.inc';
altair_test_clean('r033-');
?>
