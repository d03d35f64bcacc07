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
 * bin/altair.php and the Composer package's bin, php/bin/altair (where each finds the module, its
 * autoloader and the project: Installation): loads the extension when PHP did not
 * (ExtensionLoader), answers the launcher's question about the ini (LauncherCache), then runs
 * `eval` on the lean path when it can (LeanEval) and everything else through the console application. `eval` goes through the project's server
 * when one is running (RoutingEvaluator) and runs cold otherwise; a thin start (ThinStart, PHP
 * without its ini) does the same when the launcher named the child's ini (ThinStart::evaluatesCold),
 * else only the former, and starts again with the full ini for anything else.
 */
final class Entry
{
    public function __construct(private readonly Installation $installation, private readonly string $script)
    {
    }

    /**
     * @param list<string> $argv
     */
    public function run(array $argv): int
    {
        $thin = ThinStart::claim();
        $module = $this->installation->module();
        $loader = $this->installation->loader($this->script, STDERR);
        (new LauncherCache())->record($loader->isLoaded(), $module);
        if (!$loader->isLoaded()) {
            return $loader->reexecute(array_slice($argv, 1));
        }
        $argv = $this->installation->withDefaultRoot($argv);
        putenv(ExtensionLoader::GUARD_VARIABLE);
        $lean = ($argv[1] ?? null) === 'eval' && LeanEval::applies(STDOUT) ? LeanEval::parse(array_slice($argv, 2)) : null;

        if ($thin !== null) {
            // Started without the ini (ThinStart): the console application needs the full start.
            $restart = new ThinStart($module, $this->script, array_slice($argv, 1), $thin === '1');
            if ($lean === null) {
                return $restart->restart();
            }
            if (ThinStart::evaluatesCold()) {
                // The launcher named the child's ini and gave the full start's settings: a cold
                // evaluation from here builds the same child as from the full start.
                return $lean->run(new EvalRun(new RoutingEvaluator(new SocketClient(), new ExtensionEvaluator()), new Limits(), new IdGenerator()), STDIN, STDOUT, STDERR);
            }
            // Only the server's answer is printed from here; a cold evaluation restarts full, which
            // could not read standard input again.
            if ($lean->getOption('stdin') === true) {
                return $restart->restart();
            }

            return $lean->run(new EvalRun(new RoutingEvaluator(new SocketClient(), $restart), new Limits(), new IdGenerator()), STDIN, STDOUT, STDERR);
        }

        // `eval` is one call per process: cold, unless the project's server answers. `mcp` serves many: warm.
        $evaluator = new RoutingEvaluator(new SocketClient(), new ExtensionEvaluator());
        if ($lean !== null) {
            return $lean->run(new EvalRun($evaluator, new Limits(), new IdGenerator()), STDIN, STDOUT, STDERR);
        }

        if (!$this->installation->requireAutoloader()) {
            return ExitCode::Usage->value;
        }
        $application = new AltairApplication($evaluator, serverEvaluator: new ExtensionEvaluator(warm: true));

        return $application->run(new ArgvInput($argv), new ConsoleOutput());
    }
}
