<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

use AltairEval\Frontend\Events\IdGenerator;
use AltairEval\Frontend\Runtime\ExtensionEvaluator;
use AltairEval\Frontend\Runtime\Limits;
use AltairEval\Frontend\Serve\RoutingEvaluator;
use AltairEval\Frontend\Serve\SocketClient;
use Symfony\Component\Console\Input\ArgvInput;
use Symfony\Component\Console\Output\ConsoleOutput;

/**
 * bin/altair.php: loads the extension when PHP did not (ExtensionLoader), answers the launcher's
 * question about the ini (LauncherCache), then runs `eval` on the lean path when it can (LeanEval)
 * and everything else through the console application. `eval` goes through the project's server
 * when one is running (RoutingEvaluator) and runs cold otherwise.
 */
final class Entry
{
    public function __construct(private readonly string $repository, private readonly string $script)
    {
    }

    /**
     * @param list<string> $argv
     */
    public function run(array $argv): int
    {
        $loader = new ExtensionLoader($this->repository . '/modules/altair_eval.so', $this->script, STDERR);
        (new LauncherCache())->record($loader->isLoaded());
        if (!$loader->isLoaded()) {
            return $loader->reexecute(array_slice($argv, 1));
        }
        putenv(ExtensionLoader::GUARD_VARIABLE);

        // `eval` is one call per process: cold, unless the project's server answers. `mcp` serves many: warm.
        $evaluator = new RoutingEvaluator(new SocketClient(), new ExtensionEvaluator());
        if (($argv[1] ?? null) === 'eval' && LeanEval::applies(STDOUT)) {
            $lean = LeanEval::parse(array_slice($argv, 2));
            if ($lean !== null) {
                return $lean->run(new EvalRun($evaluator, new Limits(), new IdGenerator()), STDIN, STDOUT, STDERR);
            }
        }

        if ((require $this->repository . '/php/autoload.php') !== true) {
            return ExitCode::Usage->value;
        }
        $application = new AltairApplication($evaluator, serverEvaluator: new ExtensionEvaluator(warm: true));

        return $application->run(new ArgvInput($argv), new ConsoleOutput());
    }
}
