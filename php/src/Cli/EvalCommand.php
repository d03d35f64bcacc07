<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

use Altair\Eval\EvalException;
use AltairEval\Frontend\Events\Event;
use AltairEval\Frontend\Events\EventLog;
use AltairEval\Frontend\Events\IdGenerator;
use AltairEval\Frontend\Runtime\ContractJson;
use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Runtime\EvaluatorPort;
use AltairEval\Frontend\Runtime\Limits;
use AltairEval\Frontend\Runtime\Outcome;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputArgument;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Input\StreamableInputInterface;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `altair eval [options] [--] <snippet>`: one evaluation, printed for a person or as the JSON contract.
 */
final class EvalCommand extends Command
{
    private const FORMATS = ['human', 'json'];

    public function __construct(
        private readonly EvaluatorPort $evaluator,
        private readonly Limits $limits,
        private readonly IdGenerator $ids,
    ) {
        parent::__construct('eval');
    }

    protected function configure(): void
    {
        $limits = $this->limits;
        $this
            ->setDescription('Evaluate a PHP snippet against the project\'s container in a fresh, hardened PHP process')
            ->addArgument('snippet', InputArgument::OPTIONAL, 'The PHP code, e.g. \'return container(App\User\UserRepository::class)->count();\'. Put -- before it when it starts with a dash.')
            ->addOption('file', null, InputOption::VALUE_REQUIRED, 'Read the snippet from this file')
            ->addOption('stdin', null, InputOption::VALUE_NONE, 'Read the snippet from standard input (for callers that fight shell quoting)')
            ->addOption('base64', null, InputOption::VALUE_NONE, 'The snippet (argument, --file or --stdin) is base64-encoded, for callers whose quoting mangles code')
            ->addOption('timeout-ms', null, InputOption::VALUE_REQUIRED, sprintf('Wall-clock limit in milliseconds, %d to %d', $limits->minTimeoutMs(), $limits->maxTimeoutMs()), (string) $limits->defaultTimeoutMs())
            ->addOption('memory-mb', null, InputOption::VALUE_REQUIRED, sprintf('Memory limit in MiB, %d to %d', $limits->minMemoryMb(), $limits->maxMemoryMb()), (string) $limits->defaultMemoryMb())
            ->addOption('allow-endpoint', null, InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY, 'With the network off, let the snippet reach this endpoint: HOST:PORT (TCP; the kernel checks the port, not the host) or unix:/path/to/socket. Repeatable')
            ->addOption('env-policy', null, InputOption::VALUE_REQUIRED, 'The child\'s environment: inherit (yours, minus loader and ini overrides) or clean (only the --env names); default inherit, or clean when --env is given')
            ->addOption('env', null, InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY, 'Pass this environment variable on under --env-policy=clean. Repeatable')
            ->addOption('unsafe', null, InputOption::VALUE_NONE, 'Run without any guard (CLI only); every unsafe run is recorded in <root>/.altair/events.jsonl')
            ->addOption('bootstrap', null, InputOption::VALUE_REQUIRED, 'A PHP file inside the project root (a relative path is taken from it) that returns the PSR-11 container for container(); without it: ALTAIR_EVAL_BOOTSTRAP, else Laravel, Symfony or config/container.php is detected and booted')
            ->addOption('project-root', null, InputOption::VALUE_REQUIRED, 'The project to evaluate in (default: the current directory)')
            ->addOption('format', null, InputOption::VALUE_REQUIRED, 'Output format: human or json (the full result contract, pretty-printed)', 'human');
        PolicyOptions::add($this, [
            'writes' => 'Let the snippet write inside the project root (it may always write its scratch directory)',
            'network' => 'Let the snippet open network connections',
        ]);
        $this
            ->setHelp(<<<'HELP'
                Runs <snippet> in a new PHP process that can reach the project's container through
                <info>container(?string $id = null)</info>, and prints what it returned or threw.

                  <info>%command.full_name% 'return container(App\User\UserRepository::class)->count();'</info>
                  <info>echo 'return 1 + 1;' | %command.full_name% --stdin --format=json</info>
                  <info>%command.full_name% --file=snippet.php --project-root=examples/app</info>
                  <info>%command.full_name% --base64 MSArIDE=</info>

                Give the snippet exactly one way: as the argument, with --file or with --stdin; add
                --base64 when it is base64-encoded (decoded strictly: anything else is a usage error).
                A leading <?php and a trailing ?> are optional. Without a top-level return, the value
                of a last expression statement is the result (1 + 1 gives 2); a missing final ';' is
                tolerated. Errors name the snippet's own lines.

                The network is off by default. To reach the application's own database anyway:
                  <info>%command.full_name% --allow-endpoint=127.0.0.1:5432 'return container(App\Repo::class)->count();'</info>
                The environment is yours (inherit) unless --env-policy=clean, which passes only the
                --env names; LD_*, PHPRC, PHP_INI_SCAN_DIR and similar overrides are never passed.

                Human output: the snippet's stdout, then "✓ <type> <value>" or "✗ <Class>: <message>"
                with "at <file>:<line>", then its stderr, "duration=…ms memory=… KB exit=…" and the
                guards that held ("sandbox: …"). Colours only on a terminal; -v adds the stack trace.

                Exit codes: 0 clean run; 1 the snippet threw, hit a fatal error, timed out or exited
                non-zero (or the evaluator failed); 2 usage error, with a one-line reason on stderr.
                HELP);
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $options = new OptionReader($input);
        $format = $options->choice('format', self::FORMATS, 'human');
        $projectRoot = $options->projectRoot();
        $envAllow = $options->variableNames('env');
        $envPolicy = $options->choice('env-policy', [EvalCall::ENV_INHERIT, EvalCall::ENV_CLEAN], $envAllow === [] ? EvalCall::ENV_INHERIT : EvalCall::ENV_CLEAN);
        if ($envPolicy === EvalCall::ENV_INHERIT && $envAllow !== []) {
            throw new UsageError('--env names what --env-policy=clean passes on; with inherit every variable is passed already.');
        }
        $call = new EvalCall(
            snippet: $this->snippet($input, $options),
            projectRoot: $projectRoot,
            timeoutMs: $options->intInRange('timeout-ms', $this->limits->defaultTimeoutMs(), $this->limits->minTimeoutMs(), $this->limits->maxTimeoutMs()),
            memoryLimitMb: $options->intInRange('memory-mb', $this->limits->defaultMemoryMb(), $this->limits->minMemoryMb(), $this->limits->maxMemoryMb()),
            allowWrites: PolicyOptions::writes($options),
            allowNetwork: PolicyOptions::network($options),
            bootstrap: $options->bootstrap($projectRoot),
            unsafe: $options->flag('unsafe'),
            allowEndpoints: $options->endpoints('allow-endpoint'),
            envPolicy: $envPolicy,
            envAllow: $envAllow,
        );

        $outcome = $this->evaluateAndRecord($call);
        if ($format === 'json') {
            $output->writeln((new ContractJson())->encode($outcome, pretty: true), OutputInterface::OUTPUT_RAW);
        } else {
            $renderer = new HumanRenderer($output->isDecorated());
            $output->write($renderer->render($outcome, $call, $output->isVerbose()), false, OutputInterface::OUTPUT_RAW);
        }

        return $outcome->ok ? ExitCode::Ok->value : ExitCode::Failed->value;
    }

    /**
     * Evaluates, and for an unsafe run appends its record whatever happens.
     */
    private function evaluateAndRecord(EvalCall $call): Outcome
    {
        $startedAt = new \DateTimeImmutable();
        $started = hrtime(true);
        $outcome = null;
        try {
            $outcome = $this->evaluator->evaluate($call);

            return $outcome;
        } finally {
            if ($call->unsafe) {
                $elapsedMs = intdiv(hrtime(true) - $started, 1_000_000);
                EventLog::forProjectRoot($call->projectRoot)->append(
                    Event::unsafeEval($call, $outcome, $elapsedMs, $startedAt, $this->ids->next()),
                );
            }
        }
    }

    private function snippet(InputInterface $input, OptionReader $options): string
    {
        $argument = $input->getArgument('snippet');
        $argument = is_string($argument) ? $argument : null;
        $file = $options->string('file');
        $stdin = $options->flag('stdin');
        $sources = array_filter([$argument !== null, $file !== null, $stdin]);
        if (count($sources) > 1) {
            throw new UsageError('Give the snippet one way only: as the argument, with --file or with --stdin.');
        }

        if ($file !== null) {
            if (!is_file($file) || !is_readable($file)) {
                throw new UsageError(sprintf('--file: cannot read "%s".', $file));
            }
            $snippet = (string) file_get_contents($file);
        } elseif ($stdin) {
            $stream = $input instanceof StreamableInputInterface ? $input->getStream() : null;
            $snippet = (string) stream_get_contents(is_resource($stream) ? $stream : STDIN);
        } else {
            $snippet = $argument ?? '';
        }
        if ($options->flag('base64') && $sources !== []) {
            $snippet = $this->decodeBase64($snippet);
        }

        if (trim($snippet) === '') {
            throw new UsageError($sources === [] ? 'No snippet: pass it as the argument, with --file or with --stdin.' : 'The snippet is empty.');
        }

        return $snippet;
    }

    /**
     * Strict base64 (line breaks and spaces around it are allowed); anything else is a usage error.
     */
    private function decodeBase64(string $encoded): string
    {
        $compact = (string) preg_replace('/\s+/', '', $encoded);
        $decoded = base64_decode($compact, true);
        if ($compact === '' || $decoded === false) {
            throw new UsageError('--base64: the snippet is not valid base64.');
        }

        return $decoded;
    }
}
