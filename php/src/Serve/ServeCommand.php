<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Serve;

use AltairEval\Frontend\Cli\ExitCode;
use AltairEval\Frontend\Cli\TerminalText;
use AltairEval\Frontend\Cli\OptionReader;
use AltairEval\Frontend\Cli\PolicyOptions;
use AltairEval\Frontend\Cli\UsageError;
use AltairEval\Frontend\Mcp\ServerPolicy;
use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Runtime\EvaluatorPort;
use AltairEval\Frontend\Runtime\ExtensionEvaluator;
use AltairEval\Frontend\Runtime\Limits;
use AltairEval\Frontend\Session\ExtensionSessions;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\ConsoleOutputInterface;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `altair serve`: the project's server for warm `bin/altair eval` calls (SocketServer), in the
 * foreground or as a daemon; `--status` and `--stop` ask the running one.
 */
final class ServeCommand extends Command
{
    public const DEFAULT_IDLE_SECONDS = 900;
    /** Evaluations at once: a few agents and the CLI; each worker keeps its own warm templates. */
    public const DEFAULT_WORKERS = 4;
    private const MAX_WORKERS = 32;
    private const STOP_WAIT_MS = 10000;

    public function __construct(
        private readonly EvaluatorPort $evaluator,
        private readonly Limits $limits,
        private readonly SocketClient $client = new SocketClient(),
    ) {
        parent::__construct('serve');
    }

    protected function configure(): void
    {
        $this
            ->setDescription('Serve warm evaluations to `bin/altair eval` for one project, on a Unix socket only you can reach')
            ->addOption('project-root', null, InputOption::VALUE_REQUIRED, 'The project served (default: the current directory)')
            ->addOption('allow-writes', null, InputOption::VALUE_OPTIONAL, 'Honour eval --writes and --writes=rollback (refused otherwise); --allow-writes=rollback honours only --writes=rollback', false)
            ->addOption('allow-network', null, InputOption::VALUE_NONE, 'Honour eval --network (refused otherwise)')
            ->addOption('allow-endpoint', null, InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY, 'Honour eval --allow-endpoint for this endpoint (HOST:PORT or unix:/path). Repeatable')
            ->addOption('database', null, InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY, 'A database every call reaches besides the app\'s own (pgsql://HOST:PORT, mysql://…, redis://…, mysql+unix:///path); honours eval --database for it. Repeatable; default: ALTAIR_EVAL_DATABASES')
            ->addOption('workers', null, InputOption::VALUE_REQUIRED, sprintf('Evaluations at once, 1 to %d (default %d); each worker keeps its own warm templates', self::MAX_WORKERS, self::DEFAULT_WORKERS))
            ->addOption('idle-timeout', null, InputOption::VALUE_REQUIRED, sprintf('Stop after this many seconds without a call, 0 for never (default %d)', self::DEFAULT_IDLE_SECONDS))
            ->addOption('daemon', null, InputOption::VALUE_NONE, 'Run in the background once the socket is ready (logs go to the runtime directory)')
            ->addOption('status', null, InputOption::VALUE_NONE, 'Say whether the project\'s server is running, and with what policy (exit 1 when not)')
            ->addOption('stop', null, InputOption::VALUE_NONE, 'Stop the project\'s server and wait until its socket is gone')
            ->setHelp(<<<'HELP'
                While it runs, <info>bin/altair eval</info> in this project evaluates through it, warm (a pre-started
                template forks each evaluation) instead of starting a hardened PHP child of its own, and
                prints exactly what a cold run prints. Without a server, eval runs cold.

                  <info>%command.full_name% --daemon</info>            start it in the background
                  <info>%command.full_name% --status</info>            pid, policy, calls served
                  <info>%command.full_name% --stop</info>

                The socket is in $XDG_RUNTIME_DIR/altair-eval (else <tmp>/altair-eval-<uid>, or, when
                another user made that one first, a private <tmp>/altair-eval-<uid>.<random> of yours,
                which it says), a 0700 directory of yours, named by a hash of the project's real path;
                the kernel's peer credentials are checked on every connection, and other users are refused.
                Several clients are served at once (--workers evaluations at a time, each worker with
                its own warm templates); a client that sends or takes nothing for a while is dropped
                without holding up the others, and an error in one request is that request's answer.
                Calls get the checks of the MCP server: --writes, --writes=rollback, --network,
                --allow-endpoint and --database are refused unless the server was started with
                --allow-writes (or --allow-writes=rollback, which honours rollback only),
                --allow-network, that --allow-endpoint or that --database. --unsafe, --env and --env-policy calls always run cold, in the
                calling process; through the server, a snippet sees the server's environment.
                HELP);
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $options = new OptionReader($input);
        $root = $options->projectRoot();
        try {
            if ($options->flag('status')) {
                return $this->status($root, $output);
            }
            if ($options->flag('stop')) {
                return $this->stop($root, $output);
            }
            // each worker's sessions live in its own warm Evaluator (the process forks before any is opened)
            $sessions = $this->evaluator instanceof ExtensionEvaluator ? new ExtensionSessions($this->evaluator) : null;
            $handler = new ServeHandler($this->evaluator, $this->policy($options, $root), $this->limits, sessions: $sessions);
            $directory = RuntimeDir::forCurrentUser();
            $workers = $options->intInRange('workers', self::DEFAULT_WORKERS, 1, self::MAX_WORKERS);
            $server = new SocketServer($directory, $handler, $this->idleSeconds($options), STDERR, $workers, fn () => $this->warm($root));
            $this->notice($directory, $output);

            return $options->flag('daemon') ? (new Daemon())->start($server, $root, $output) : $this->foreground($server, $root, $output);
        } catch (ServeError $error) {
            throw new UsageError($error->getMessage());
        }
    }

    private function policy(OptionReader $options, string $root): ServerPolicy
    {
        if (!extension_loaded('sockets') || !function_exists('posix_geteuid')) {
            throw new ServeError('bin/altair serve needs the sockets and posix extensions of PHP.');
        }

        return new ServerPolicy(
            projectRoot: $root,
            allowWrites: PolicyOptions::writes($options, ['allow-writes']),
            allowNetwork: $options->flag('allow-network'),
            allowEndpoints: $options->endpoints('allow-endpoint'),
            databases: $options->databases(),
        );
    }

    private function idleSeconds(OptionReader $options): int
    {
        return $options->intInRange('idle-timeout', self::DEFAULT_IDLE_SECONDS, 0, 86400 * 7);
    }

    /**
     * Says so when the usual runtime directory was taken by someone else and another one is used.
     */
    private function notice(RuntimeDir $directory, OutputInterface $output): void
    {
        if ($directory->squatted !== null) {
            $errors = $output instanceof ConsoleOutputInterface ? $output->getErrorOutput() : $output;
            $errors->writeln(TerminalText::escape(sprintf(
                'altair serve: %s is not a private directory of this user (someone else made it?); using %s instead.',
                $directory->squatted,
                $directory->path,
            )), OutputInterface::OUTPUT_RAW);
        }
    }

    private function foreground(SocketServer $server, string $root, OutputInterface $output): int
    {
        $server->bind();
        $server->start();
        $output->writeln(TerminalText::escape(sprintf('altair serve: serving %s on %s (pid %d)', $root, $server->socketPath(), getmypid())), OutputInterface::OUTPUT_RAW);

        return $server->serve();
    }

    /**
     * Starts the template a default call uses, so that the first call is warm too.
     */
    public function warm(string $root): void
    {
        try {
            $this->evaluator->evaluate(new EvalCall('return null;', $root, $this->limits->defaultTimeoutMs(), $this->limits->defaultMemoryMb()));
        } catch (\Altair\Eval\EvalException) {
            // the first real call reports it
        }
    }

    private function status(string $root, OutputInterface $output): int
    {
        $reply = $this->client->request($root, ['op' => 'status']);
        $status = is_array($reply['status'] ?? null) ? $reply['status'] : null;
        if ($status === null) {
            $output->writeln(TerminalText::escape(sprintf('altair serve: no server for %s', $root)), OutputInterface::OUTPUT_RAW);

            return ExitCode::Failed->value;
        }
        foreach ($status as $key => $value) {
            if ($key === 'sessions' && is_array($value)) {
                $this->sessions($value, $output);
                continue;
            }
            $output->writeln(TerminalText::escape(sprintf('%s: %s', $key, is_array($value) ? json_encode($value) : var_export($value, true))), OutputInterface::OUTPUT_RAW);
        }

        return ExitCode::Ok->value;
    }

    /**
     * `sessions: N`, then one line each: handle, project, calls, idle since (bin/altair session list's lines).
     *
     * @param array<mixed> $sessions
     */
    private function sessions(array $sessions, OutputInterface $output): void
    {
        $output->writeln(sprintf('sessions: %d', count($sessions)), OutputInterface::OUTPUT_RAW);
        foreach (\AltairEval\Frontend\Cli\SessionCommand::lines($sessions) as $line) {
            $output->writeln('  ' . $line, OutputInterface::OUTPUT_RAW);
        }
    }

    private function stop(string $root, OutputInterface $output): int
    {
        $reply = $this->client->request($root, ['op' => 'stop']);
        if (!is_int($reply['stopping'] ?? null)) {
            $output->writeln(TerminalText::escape(sprintf('altair serve: no server for %s', $root)), OutputInterface::OUTPUT_RAW);

            return ExitCode::Ok->value;
        }
        $lock = @fopen(RuntimeDir::forCurrentUser()->lock($root), 'r'); // may be gone: then it stopped
        for ($waited = 0; $lock !== false && !flock($lock, LOCK_SH | LOCK_NB) && $waited < self::STOP_WAIT_MS; $waited += 20) {
            usleep(20_000);
        }
        $output->writeln(TerminalText::escape(sprintf('altair serve: stopped the server for %s (pid %d)', $root, $reply['stopping'])), OutputInterface::OUTPUT_RAW);

        return ExitCode::Ok->value;
    }
}
