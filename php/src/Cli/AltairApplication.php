<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

use Altair\Eval\EvalException;
use AltairEval\Frontend\Events\EventLogException;
use AltairEval\Frontend\Events\IdGenerator;
use AltairEval\Frontend\Runtime\EvaluatorPort;
use AltairEval\Frontend\Runtime\Limits;
use AltairEval\Frontend\Serve\ServeCommand;
use Symfony\Component\Console\Application;
use Symfony\Component\Console\Exception\ExceptionInterface as ConsoleException;
use Symfony\Component\Console\Helper\DescriptorHelper;
use Symfony\Component\Console\Input\ArrayInput;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\ConsoleOutputInterface;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * bin/altair: the console application and its exit-code policy. Usage errors become one line on
 * stderr and exit 2; a failing evaluator becomes one line and exit 1.
 */
final class AltairApplication
{
    public const VERSION = '0.1.0';

    /**
     * @param resource $stdin  what `altair mcp` reads
     * @param resource $stdout where `altair mcp` writes JSON-RPC
     * @param resource $stderr where `altair mcp` logs
     * @param EvaluatorPort|null $serverEvaluator what `altair mcp` evaluates with (default: $evaluator);
     *                                            bin/altair gives it a warm one
     */
    public function __construct(
        private readonly EvaluatorPort $evaluator,
        private $stdin = STDIN,
        private $stdout = STDOUT,
        private $stderr = STDERR,
        private readonly ?EvaluatorPort $serverEvaluator = null,
    ) {
    }

    public function run(InputInterface $input, OutputInterface $output): int
    {
        $console = $this->console();
        $errors = $output instanceof ConsoleOutputInterface ? $output->getErrorOutput() : $output;
        try {
            if ($input->getFirstArgument() === null && $input->hasParameterOption(['--help', '-h'], true)) {
                return $this->overview($console, $output);
            }

            $name = $input->getFirstArgument();
            if ($name !== null) {
                $console->find($name); // an unknown command is a usage error, never a "did you mean" prompt
            }
            $input->setInteractive(false);

            return $console->run($input, $output);
        } catch (UsageError | ConsoleException $error) {
            $command = $input->getFirstArgument();
            $errors->writeln((new ErrorLine())->usage($error->getMessage(), $command, $command !== null && $console->has($command)), OutputInterface::OUTPUT_RAW);

            return ExitCode::Usage->value;
        } catch (EvalException | EventLogException $failure) {
            $errors->writeln((new ErrorLine())->failure($failure->getMessage()), OutputInterface::OUTPUT_RAW);

            return ExitCode::Failed->value;
        } catch (\Throwable $bug) {
            // never a stack trace on a user's terminal: one line that names what broke
            $errors->writeln((new ErrorLine())->failure(sprintf('internal error (%s): %s', $bug::class, $bug->getMessage())), OutputInterface::OUTPUT_RAW);

            return ExitCode::Failed->value;
        }
    }

    public function console(): Application
    {
        $limits = new Limits();
        $console = new Application('altair', self::VERSION);
        $console->setAutoExit(false);
        $console->setCatchExceptions(false);
        $this->freeShortcutN($console);
        $console->addCommands([
            new EvalCommand($this->evaluator, $limits, new IdGenerator()),
            new McpCommand($this->serverEvaluator ?? $this->evaluator, $limits, self::VERSION, $this->stdin, $this->stdout, $this->stderr),
            new EventsTailCommand(),
            new ServeCommand($this->serverEvaluator ?? $this->evaluator, $limits),
            new SessionCommand($limits),
        ]);

        return $console;
    }

    /**
     * `bin/altair --help`: the command list, then every command's options.
     */
    private function overview(Application $console, OutputInterface $output): int
    {
        $console->run(new ArrayInput(['command' => 'list']), $output);
        $describer = new DescriptorHelper();
        foreach (['eval', 'session', 'serve', 'mcp', 'events:tail'] as $name) {
            $command = $console->find($name);
            $output->writeln(['', sprintf('<comment>━━ altair %s</comment>', $name)]);
            $describer->describe($output, $command, ['format' => 'txt', 'raw_text' => false]);
            $output->writeln('');
        }

        return ExitCode::Ok->value;
    }

    /**
     * `events:tail -n N` reads like tail(1); nothing here is interactive, so --no-interaction gives
     * up its -n shortcut.
     */
    private function freeShortcutN(Application $console): void
    {
        $definition = $console->getDefinition();
        $options = [];
        foreach ($definition->getOptions() as $option) {
            $options[] = $option->getName() === 'no-interaction'
                ? new InputOption('no-interaction', null, InputOption::VALUE_NONE, $option->getDescription())
                : $option;
        }
        $definition->setOptions($options);
    }
}
