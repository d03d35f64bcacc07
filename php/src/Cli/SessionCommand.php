<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

use AltairEval\Frontend\Events\IdGenerator;
use AltairEval\Frontend\Runtime\ContractJson;
use AltairEval\Frontend\Runtime\EvaluatorPort;
use AltairEval\Frontend\Runtime\Limits;
use AltairEval\Frontend\Serve\CallMessage;
use AltairEval\Frontend\Serve\RoutingEvaluator;
use AltairEval\Frontend\Serve\ServedEvaluator;
use AltairEval\Frontend\Serve\ServeError;
use AltairEval\Frontend\Serve\SocketClient;
use AltairEval\Frontend\Session\SessionInfo;
use Altair\Eval\EvalException;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputArgument;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Input\StreamableInputInterface;
use Symfony\Component\Console\Output\ConsoleOutputInterface;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `altair session open|close|list`: sessions of the project's server (`bin/altair serve`), whose
 * state carries from one `bin/altair eval --session=HANDLE` to the next. They live in the server,
 * belong to the user who opened them (the server reads the client's uid from the kernel), and end
 * with `close`, after their idle timeout, or with the server.
 */
final class SessionCommand extends Command
{
    public const ACTIONS = ['open', 'close', 'list'];

    public function __construct(
        private readonly Limits $limits,
        private readonly SocketClient $client = new SocketClient(),
        private readonly CallMessage $messages = new CallMessage(),
    ) {
        parent::__construct('session');
    }

    protected function configure(): void
    {
        $limits = $this->limits;
        $this
            ->setDescription('Open, close or list sessions of the project\'s server: evaluations whose state carries over (bin/altair eval --session=HANDLE)')
            ->addArgument('action', InputArgument::REQUIRED, 'open, close or list')
            ->addArgument('value', InputArgument::OPTIONAL, 'open: the opening snippet (default: return null;); close: the handle')
            ->addOption('file', null, InputOption::VALUE_REQUIRED, 'open: read the opening snippet from this file')
            ->addOption('stdin', null, InputOption::VALUE_NONE, 'open: read the opening snippet from standard input')
            ->addOption('base64', null, InputOption::VALUE_NONE, 'open: the opening snippet is base64-encoded')
            ->addOption('timeout-ms', null, InputOption::VALUE_REQUIRED, sprintf('open: each call\'s wall-clock limit in milliseconds, %d to %d (a call may give its own)', $limits->minTimeoutMs(), $limits->maxTimeoutMs()), (string) $limits->defaultTimeoutMs())
            ->addOption('memory-mb', null, InputOption::VALUE_REQUIRED, sprintf('open: each call\'s memory limit in MiB, %d to %d', $limits->minMemoryMb(), $limits->maxMemoryMb()), (string) $limits->defaultMemoryMb())
            ->addOption('database', null, InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY, 'open: a database besides the app\'s own, as eval --database (the server must allow it). Repeatable')
            ->addOption('fake-http', null, InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY, 'open: answer the app\'s recorded HTTP calls, as eval --fake-http. Repeatable')
            ->addOption('allow-endpoint', null, InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY, 'open: reach this endpoint with the network off, as eval --allow-endpoint (the server must allow it). Repeatable')
            ->addOption('bootstrap', null, InputOption::VALUE_REQUIRED, 'open: a PHP file inside the project root that returns the PSR-11 container')
            ->addOption('project-root', null, InputOption::VALUE_REQUIRED, 'The project whose server holds the sessions (default: the current directory)')
            ->addOption('format', null, InputOption::VALUE_REQUIRED, 'human or json', 'human');
        PolicyOptions::add($this, [
            'writes' => 'open: let the session\'s calls write (kept); --writes=rollback: its database writes run and are undone when the session ends (the server must allow it)',
            'network' => 'open: let the session\'s calls use the network (the server must allow it)',
        ]);
        $this->setHelp(<<<'HELP'
            Sessions live in the project's server; start it first:
              <info>bin/altair serve --daemon --allow-writes=rollback</info>
              <info>S=$(%command.full_name% open --writes=rollback '$u = App\Models\User::first();')</info>
              <info>bin/altair eval --session=$S '$u->name = "Changed"; $u->save(); return $u->name;'</info>
              <info>bin/altair eval --session=$S 'return App\Models\User::find($u->id)->name;'</info>
              <info>%command.full_name% list</info>
              <info>%command.full_name% close $S</info>

            open prints the handle alone on stdout (the opening's result on stderr; with --format=json,
            {"session", "idle_timeout_ms", "opening"} on stdout). Each call runs in a copy of the state
            the last call that ended well left (variables, objects, the app's container, its database
            connections and, in rollback or read-only mode, one database transaction); a call that
            throws, fails or times out changes nothing. The options are the session's: a call gives
            only its snippet and, maybe, --timeout-ms. A session ends with close, after 5 minutes
            without a call, or with the server. A handle is yours only: another user's server never
            sees it.
            HELP);
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $options = new OptionReader($input);
        $action = $input->getArgument('action');
        if (!in_array($action, self::ACTIONS, true)) {
            throw new UsageError(sprintf('session takes %s, got "%s".', implode(', ', self::ACTIONS), is_string($action) ? $action : ''));
        }
        $value = $input->getArgument('value');
        $value = is_string($value) ? $value : null;
        $format = $options->choice('format', ['human', 'json'], 'human');
        $root = $options->projectRoot();

        return match ($action) {
            'open' => $this->open($options, $value, $input, $output, $format),
            'close' => $this->close($root, $value ?? throw new UsageError('session close needs the handle.'), $output),
            default => $this->list($root, $output, $format),
        };
    }

    private function open(OptionReader $options, ?string $snippet, InputInterface $input, OutputInterface $output, string $format): int
    {
        $stream = $input instanceof StreamableInputInterface ? $input->getStream() : null;
        $given = $snippet !== null || $options->string('file') !== null || $options->flag('stdin');
        $call = (new EvalRun($this->noEvaluator(), $this->limits, new IdGenerator()))->call($options, $given ? $snippet : 'return null;', is_resource($stream) ? $stream : STDIN);
        $reply = $this->ask($call->projectRoot, ['op' => 'session_open', 'call' => $this->messages->encode($call)], intdiv($call->timeoutMs, 1000) + SocketClient::MARGIN_SECONDS);
        if (!is_array($reply['session'] ?? null)) {
            ServedEvaluator::read($reply); // throws the refusal or the failure

            throw new EvalException('the project\'s server did not open the session.');
        }
        $info = SessionInfo::fromArray($reply['session']);
        $json = new ContractJson();
        if ($format === 'json') {
            $output->writeln($json->encodeValue(['session' => $info->id, 'idle_timeout_ms' => $info->idleTimeoutMs, 'opening' => $info->opening === null ? null : $json->jsonable($info->opening)], pretty: true), OutputInterface::OUTPUT_RAW);

            return ExitCode::Ok->value;
        }
        $output->writeln($info->id, OutputInterface::OUTPUT_RAW);
        if ($info->opening !== null) {
            $errors = $output instanceof ConsoleOutputInterface ? $output->getErrorOutput() : $output;
            $errors->write((new HumanRenderer($errors->isDecorated()))->render($info->opening, $call, queries: false, effects: false), false, OutputInterface::OUTPUT_RAW);
        }

        return ExitCode::Ok->value;
    }

    private function close(string $root, string $id, OutputInterface $output): int
    {
        $reply = $this->ask($root, ['op' => 'session_close', 'session' => $id]);
        if (($reply['closed'] ?? null) !== $id) {
            ServedEvaluator::read($reply);
        }
        $output->writeln(TerminalText::escape(sprintf('closed %s', $id)), OutputInterface::OUTPUT_RAW);

        return ExitCode::Ok->value;
    }

    private function list(string $root, OutputInterface $output, string $format): int
    {
        $reply = $this->ask($root, ['op' => 'session_list']);
        $sessions = is_array($reply['sessions'] ?? null) ? $reply['sessions'] : [];
        if ($format === 'json') {
            $output->writeln((new ContractJson())->encodeValue($sessions, pretty: true), OutputInterface::OUTPUT_RAW);

            return ExitCode::Ok->value;
        }
        $lines = self::lines($sessions);
        $output->writeln($lines === [] ? 'no open sessions' : $lines, OutputInterface::OUTPUT_RAW);

        return ExitCode::Ok->value;
    }

    /**
     * One line per session: handle, calls, idle since (and for how long), project.
     *
     * @param array<mixed> $sessions the server's session list
     * @return list<string>
     */
    public static function lines(array $sessions): array
    {
        $lines = [];
        foreach ($sessions as $session) {
            if (!is_array($session)) {
                continue;
            }
            try {
                $info = SessionInfo::fromArray($session + ['opening' => null]);
            } catch (\UnexpectedValueException) {
                continue;
            }
            $lines[] = TerminalText::escape(sprintf(
                '%s  calls=%d  idle since %s (%ds)  %s',
                $info->id,
                $info->calls,
                date('Y-m-d H:i:s', (int) $info->idleSince),
                max(0, (int) (microtime(true) - $info->idleSince)),
                $info->projectRoot,
            ));
        }

        return $lines;
    }

    /**
     * The project's server's answer; a usage error when none runs.
     *
     * @param array<string, mixed> $request
     * @return array<mixed>
     */
    private function ask(string $root, array $request, int $waitSeconds = SocketClient::MARGIN_SECONDS): array
    {
        try {
            $reply = $this->client->request($root, $request, $waitSeconds);
        } catch (ServeError $error) {
            throw new EvalException('the project\'s server: ' . $error->getMessage());
        }

        return $reply ?? throw new UsageError(sprintf(RoutingEvaluator::NO_SERVER, $root, $root === getcwd() ? '' : ' --project-root=' . $root));
    }

    /** EvalRun here only turns options into a call; nothing evaluates through it. */
    private function noEvaluator(): EvaluatorPort
    {
        return new class () implements EvaluatorPort {
            public function evaluate(\AltairEval\Frontend\Runtime\EvalCall $call): \AltairEval\Frontend\Runtime\Outcome
            {
                throw new \LogicException('session open evaluates through the project\'s server.');
            }
        };
    }
}
