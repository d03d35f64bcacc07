<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

use AltairEval\Frontend\Events\IdGenerator;
use AltairEval\Frontend\Runtime\EvaluatorPort;
use AltairEval\Frontend\Runtime\Limits;
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
            ->addOption('database', null, InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY, 'Declare a database besides the app\'s own (found in .env): pgsql://HOST:PORT, mysql://HOST:PORT, redis://HOST:PORT, mysql+unix:///path/to/socket … Reached through the relay, read-only unless --writes. Repeatable; default: ALTAIR_EVAL_DATABASES (separated by spaces or commas)')
            ->addOption('no-queries', null, InputOption::VALUE_NONE, 'Do not list the statements the databases ran under the value (human output; the JSON keeps them)')
            ->addOption('no-effects', null, InputOption::VALUE_NONE, 'Do not list what the app would have sent, queued, dispatched, called or logged (human output; the JSON keeps them)')
            ->addOption('fake-http', null, InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY, 'Answer the HTTP calls the app makes in read-only and rollback mode (recorded, never sent): \'[METHOD ]host/path*=STATUS[:BODY]\', e.g. \'POST api.stripe.com/*=200:{"id":"ch_1"}\'; an unmatched call gets a 503 that names the sandbox. Repeatable')
            ->addOption('allow-endpoint', null, InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY, 'With the network off, let the snippet reach this endpoint: HOST:PORT (TCP; the kernel checks the port, not the host) or unix:/path/to/socket. Repeatable')
            ->addOption('env-policy', null, InputOption::VALUE_REQUIRED, 'The child\'s environment: inherit (yours, minus loader and ini overrides) or clean (only the --env names); default inherit, or clean when --env is given')
            ->addOption('env', null, InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY, 'Pass this environment variable on under --env-policy=clean. Repeatable')
            ->addOption('unsafe', null, InputOption::VALUE_NONE, 'Run without any guard (CLI only); every unsafe run is recorded in <root>/.altair/events.jsonl')
            ->addOption('bootstrap', null, InputOption::VALUE_REQUIRED, 'A PHP file inside the project root (a relative path is taken from it) that returns the PSR-11 container for container(); without it: ALTAIR_EVAL_BOOTSTRAP, else Laravel, Symfony or config/container.php is detected and booted')
            ->addOption('project-root', null, InputOption::VALUE_REQUIRED, 'The project to evaluate in (default: the current directory)')
            ->addOption('format', null, InputOption::VALUE_REQUIRED, 'Output format: human or json (the full result contract, pretty-printed)', 'human')
            ->addOption('session', null, InputOption::VALUE_REQUIRED, 'Run in this session of the project\'s server (a handle from `bin/altair session open`), with its options: its state carries over from the last call that ended well');
        PolicyOptions::add($this, [
            'writes' => 'Let the snippet write inside the project root and to its databases; --writes=rollback: the databases\' writes run and are undone at the end (the project stays read-only)',
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

                The application's own databases (its .env) are reached with no flag, through a relay in
                this process, read-only unless --writes; the statements they ran are listed under the
                value (--no-queries hides them). Try a write and undo it:
                  <info>%command.full_name% --writes=rollback '$o = Order::create([...]); return [$o->total, Order::count()];'</info>
                Another database: <info>--database=pgsql://127.0.0.1:5432</info>. The network is off otherwise.
                Without --writes, what the app would send, queue, dispatch, call or log (mail, jobs,
                events, HTTP, the log) is recorded instead and listed under the queries (--no-effects
                hides them); a recorded HTTP call gets a 503, or the answer --fake-http gives it:
                  <info>%command.full_name% --writes=rollback --fake-http 'POST api.stripe.com/*=200:{"id":"ch_1"}' 'return app(Checkout::class)->pay(1);'</info>
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
        $run = new EvalRun($this->evaluator, $this->limits, $this->ids);
        $options = new OptionReader($input);
        $format = $run->format($options);
        $argument = $input->getArgument('snippet');
        $stream = $input instanceof StreamableInputInterface ? $input->getStream() : null;
        $call = $run->call($options, is_string($argument) ? $argument : null, is_resource($stream) ? $stream : STDIN);

        $outcome = $run->evaluate($call);
        $output->write($run->render($outcome, $call, $format, $output->isDecorated(), $output->isVerbose(), !$options->flag('no-queries'), !$options->flag('no-effects')), false, OutputInterface::OUTPUT_RAW);

        return $run->exitCode($outcome);
    }
}
