<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

use AltairEval\Frontend\Mcp\EvalTool;
use AltairEval\Frontend\Mcp\Server;
use AltairEval\Frontend\Mcp\SessionCloseTool;
use AltairEval\Frontend\Mcp\SessionListTool;
use AltairEval\Frontend\Mcp\SessionOpenTool;
use AltairEval\Frontend\Mcp\ServerPolicy;
use AltairEval\Frontend\Mcp\StdoutGuard;
use AltairEval\Frontend\Runtime\EvaluatorPort;
use AltairEval\Frontend\Runtime\ExtensionEvaluator;
use AltairEval\Frontend\Runtime\Limits;
use AltairEval\Frontend\Session\ExtensionSessions;
use AltairEval\Frontend\Session\SessionPort;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `altair mcp`: the stdio MCP server, evaluating in this process through the extension. Its
 * sessions (framework__session_open) live in this process, are found by no other, and are closed
 * when it exits.
 */
final class McpCommand extends Command
{
    /**
     * @param resource $in
     * @param resource $out
     * @param resource $log
     * @param SessionPort|null $sessions where the server's sessions live (default: the extension's, with a warm
     *                                   ExtensionEvaluator; none otherwise, and the session tools are not offered)
     */
    public function __construct(
        private readonly EvaluatorPort $evaluator,
        private readonly Limits $limits,
        private readonly string $version,
        private $in,
        private $out,
        private $log,
        private readonly ?SessionPort $sessions = null,
    ) {
        parent::__construct('mcp');
    }

    protected function configure(): void
    {
        $this
            ->setDescription('Serve the framework__eval tool over MCP (JSON-RPC 2.0 on stdin/stdout, one message per line)')
            ->addOption('project-root', null, InputOption::VALUE_REQUIRED, 'The project every call evaluates in (default: the current directory)')
            ->addOption('allow-endpoint', null, InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY, 'Let every call reach this endpoint with the network off: HOST:PORT (the kernel checks the port, not the host) or unix:/path/to/socket. Repeatable')
            ->addOption('database', null, InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY, 'A database every call reaches besides the app\'s own (pgsql://HOST:PORT, mysql://…, redis://…, mysql+unix:///path), through the relay. Repeatable; default: ALTAIR_EVAL_DATABASES')
            ->addOption('bootstrap', null, InputOption::VALUE_REQUIRED, 'A PHP file inside the project root that returns the PSR-11 container container() uses in every evaluation (default: ALTAIR_EVAL_BOOTSTRAP, then config/container.php)')
            ->addOption('memory-mb', null, InputOption::VALUE_REQUIRED, sprintf('Memory limit of each call in MiB, %d to %d', $this->limits->minMemoryMb(), $this->limits->maxMemoryMb()), (string) $this->limits->defaultMemoryMb());
        PolicyOptions::add($this, [
            'writes' => 'Honour allow_writes: true and "rollback" in calls (refused otherwise); --writes=rollback honours only "rollback"',
            'network' => 'Honour allow_network:true in calls (refused otherwise)',
        ]);
        $this
            ->setHelp(<<<'HELP'
                Speaks MCP revision 2026-07-28 (stateless: each request names it in its _meta) and, after
                initialize, 2025-11-25, 2025-06-18, 2025-03-26 and 2024-11-05 over stdio, and offers the
                tool <info>framework__eval</info> {snippet, timeout_ms?, allow_writes? (true, false or "rollback"), allow_network?, session?}. Its result is the
                EvalResult contract, as structuredContent and as JSON text. There is no unsafe mode over MCP.
                <info>framework__session_open</info> {snippet?, and framework__eval's options} returns a session's handle;
                framework__eval with session: <handle> runs in it, keeping its state between calls;
                <info>framework__session_close</info> {session} ends it; <info>framework__session_list</info> lists the open ones.
                Sessions live in this process and end with it.
                Only JSON-RPC goes to stdout; logs go to stderr. Client configurations: docs/mcp.md.

                  <info>%command.full_name% --project-root=examples/app</info>
                HELP);
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $options = new OptionReader($input);
        $projectRoot = $options->projectRoot();
        $policy = new ServerPolicy(
            projectRoot: $projectRoot,
            allowWrites: PolicyOptions::writes($options),
            allowNetwork: PolicyOptions::network($options),
            bootstrap: $options->bootstrap($projectRoot),
            memoryLimitMb: $options->intInRange('memory-mb', $this->limits->defaultMemoryMb(), $this->limits->minMemoryMb(), $this->limits->maxMemoryMb()),
            allowEndpoints: $options->endpoints('allow-endpoint'),
            databases: $options->databases(),
        );
        fwrite($this->log, TerminalText::escape(sprintf(
            "[%s] serving %s over stdio (writes: %s, network: %s, endpoints: %s, databases: %s)\n",
            Server::NAME,
            $projectRoot,
            match ($policy->allowWrites) {
                true => 'allowed on request',
                false => 'refused',
                default => 'rollback only, on request',
            },
            $policy->allowNetwork ? 'allowed on request' : 'refused',
            $policy->allowEndpoints === [] ? 'none' : implode(' ', $policy->allowEndpoints),
            $policy->databases === [] ? 'the app\'s own' : 'the app\'s own and ' . implode(' ', $policy->databases),
        )));

        $sessions = $this->sessions ?? ($this->evaluator instanceof ExtensionEvaluator ? new ExtensionSessions($this->evaluator) : null);
        $eval = new EvalTool($this->evaluator, $policy, $this->limits, $sessions);
        $tools = $sessions === null ? [$eval] : [$eval, new SessionOpenTool($eval, $sessions), new SessionCloseTool($eval, $sessions), new SessionListTool($eval, $sessions)];
        $guard = new StdoutGuard();
        $guard->divertTo($this->log);
        try {
            (new Server($tools, $this->version, $this->log))->serve($this->in, $this->out);
        } finally {
            $sessions?->closeAll(); // a session opened through this server ends with it
            $guard->release();
        }

        return ExitCode::Ok->value;
    }
}
