<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Mcp;

use Altair\Eval\EvalException;
use AltairEval\Frontend\Cli\UsageError;
use AltairEval\Frontend\Runtime\ContractJson;
use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Runtime\EvaluatorPort;
use AltairEval\Frontend\Runtime\FakeHttp;
use AltairEval\Frontend\Runtime\Limits;
use AltairEval\Frontend\Runtime\Outcome;
use AltairEval\Frontend\Session\SessionPort;

/**
 * The tool `framework__eval`: its definition for tools/list and its tools/call; with `session`, the
 * call runs in that session (SessionOpenTool opens them, SessionCloseTool closes them) with the session's options.
 *
 * A snippet that throws is a successful call whose result says ok:false; arguments that are wrong, or
 * that ask for more than the server was started with, are a tool error (isError) with a clear message.
 */
final class EvalTool implements Tool
{
    public const NAME = 'framework__eval';
    /** Who owns the sessions this server opens: the server's process itself (another one has its own table). */
    public const SESSION_OWNER = 'mcp';
    private const ARGUMENTS = ['snippet', 'timeout_ms', 'allow_writes', 'allow_network', 'fake_http'];
    /** What a call in a session may say besides its handle: the rest is the session's. */
    private const SESSION_ARGUMENTS = ['session', 'snippet', 'timeout_ms'];

    private readonly ProtocolVersion $versions;
    private readonly ContractJson $json;

    public function __construct(
        private readonly EvaluatorPort $evaluator,
        private readonly ServerPolicy $policy,
        private readonly Limits $limits,
        private readonly ?SessionPort $sessions = null,
    ) {
        $this->versions = new ProtocolVersion();
        $this->json = new ContractJson();
    }

    public function name(): string
    {
        return self::NAME;
    }

    /**
     * @return array<string, mixed>
     */
    public function definition(string $protocolVersion): array
    {
        $tool = ['name' => self::NAME];
        if ($this->versions->hasStructuredOutput($protocolVersion)) {
            $tool['title'] = 'Evaluate PHP in the project';
        }
        $tool['description'] = sprintf(
            'Run a PHP snippet in a fresh, sandboxed PHP process of the project at %s and return what it returned or threw. '
            . 'The snippet is a function body: end with `return <value>;`. `container(?string $id = null)` gives the '
            . 'project\'s PSR-11 container, e.g. `return container(App\User\UserRepository::class)->count();`. '
            . 'The app\'s own databases (its .env) are reached through a relay, read-only unless allowed. '
            . 'Writes to the project and its databases: %s. Network: %s. The result is the EvalResult contract (ok, result, stdout, stderr, '
            . 'exception, duration_ms, memory_peak_bytes, exit_code, timed_out, signal, limit_exceeded, error, '
            . 'stdout_truncated, stderr_truncated, sandbox with sandbox.databases, host, queries: every statement the databases ran, '
            . 'effects: what the app would have mailed, queued, dispatched, called over HTTP or logged, recorded instead in read-only and rollback mode, '
            . 'and the connections the sandbox refused).',
            $this->policy->projectRoot,
            match ($this->policy->allowWrites) {
                true => 'may be allowed per call with allow_writes: true (kept) or "rollback" (run, then undone)',
                false => 'refused (server started without --allow-writes)',
                default => 'allow_writes: "rollback" runs them and undoes them at the end; kept writes are refused (server started with --allow-writes=rollback)',
            },
            $this->policy->allowNetwork ? 'may be allowed per call with allow_network' : 'refused (server started without --allow-network)'
                . ($this->policy->allowEndpoints === [] ? '' : ', except ' . implode(', ', $this->policy->allowEndpoints) . ', always reachable'),
        );
        $tool['inputSchema'] = [
            'type' => 'object',
            'properties' => [
                'snippet' => ['type' => 'string', 'minLength' => 1, 'description' => 'PHP code without the <?php tag; return the value you want to see.'],
                'timeout_ms' => [
                    'type' => 'integer',
                    'minimum' => $this->limits->minTimeoutMs(),
                    'maximum' => $this->limits->maxTimeoutMs(),
                    'default' => $this->limits->defaultTimeoutMs(),
                    'description' => 'Wall-clock limit in milliseconds.',
                ],
                'allow_writes' => [
                    'type' => ['boolean', 'string'],
                    'enum' => [false, true, EvalCall::WRITES_ROLLBACK],
                    'default' => false,
                    'description' => 'true: let the snippet write inside the project and to its databases; "rollback": let it write to its databases and undo every write when the evaluation ends (the project stays read-only). Only if the server allows it.',
                ],
                'allow_network' => ['type' => 'boolean', 'default' => false, 'description' => 'Let the snippet use the network (only if the server allows it).'],
                'fake_http' => [
                    'type' => 'object',
                    'additionalProperties' => ['type' => 'string'],
                    'description' => 'Answers for the HTTP calls the app makes without allow_writes: true (they are recorded in effects, never sent): '
                        . '{"[METHOD ]host/path*": "STATUS[:BODY]"}, e.g. {"POST api.stripe.com/*": "200:{\"id\":\"ch_1\"}"}; '
                        . 'an unmatched call gets a 503 that names the sandbox.',
                ],
            ],
            'required' => ['snippet'],
            'additionalProperties' => false,
        ];
        if ($this->sessions !== null) {
            $tool['description'] .= sprintf(
                ' With session (a handle from %s), the snippet runs in that session: its variables, objects and database transaction carry over from the last call that ended well; '
                . 'a call that throws, fails or times out leaves the session as it was before it (result.session.kept false). Only snippet and timeout_ms may be given with session: the rest is the session\'s.',
                SessionOpenTool::NAME,
            );
            $tool['inputSchema']['properties']['session'] = [
                'type' => 'string',
                'pattern' => '^[0-9a-f]{32}$',
                'description' => sprintf('A handle from %s: run the snippet in that session, with its options. Only this server\'s sessions are found.', SessionOpenTool::NAME),
            ];
        }
        if ($this->versions->hasStructuredOutput($protocolVersion)) {
            $tool['outputSchema'] = (new ResultSchema())->schema();
        }
        if ($this->versions->hasAnnotations($protocolVersion)) {
            $tool['annotations'] = [
                'readOnlyHint' => $this->policy->allowWrites !== true,
                'destructiveHint' => $this->policy->allowWrites === true,
                'idempotentHint' => false,
                'openWorldHint' => $this->policy->allowNetwork,
            ];
        }

        return $tool;
    }

    /**
     * @return array<string, mixed> a CallToolResult
     */
    public function call(mixed $arguments, string $protocolVersion): array
    {
        $values = $arguments instanceof \stdClass ? get_object_vars($arguments) : [];
        try {
            if (array_key_exists('session', $values) && $this->sessions !== null) {
                return $this->result($this->inSession($this->sessions, $values), $protocolVersion);
            }
            $call = $this->parse($arguments);
        } catch (ToolArgumentError $error) {
            return $this->toolError('Invalid arguments: ' . $error->getMessage());
        } catch (UsageError $refused) {
            return $this->toolError('Invalid arguments: ' . $refused->getMessage());
        } catch (EvalException $failure) {
            return $this->toolError('The evaluator failed: ' . $failure->getMessage());
        }

        try {
            $outcome = $this->evaluator->evaluate($call);
        } catch (UsageError $refused) {
            return $this->toolError('Invalid arguments: ' . $refused->getMessage());
        } catch (EvalException $failure) {
            return $this->toolError('The evaluator failed: ' . $failure->getMessage());
        }

        return $this->result($outcome, $protocolVersion);
    }

    /**
     * @return array<string, mixed>
     */
    private function result(Outcome $outcome, string $protocolVersion): array
    {
        $result = ['content' => [['type' => 'text', 'text' => $this->json->encode($outcome)]]];
        if ($this->versions->hasStructuredOutput($protocolVersion)) {
            $result['structuredContent'] = $this->json->jsonable($outcome);
        }
        $result['isError'] = false;

        return $result;
    }

    /**
     * A call in a session: its handle, the snippet and, optionally, its own timeout.
     *
     * @param array<mixed> $values
     * @throws ToolArgumentError|UsageError|EvalException
     */
    private function inSession(SessionPort $sessions, array $values): Outcome
    {
        foreach (array_keys($values) as $name) {
            if (!in_array($name, self::SESSION_ARGUMENTS, true)) {
                throw new ToolArgumentError(sprintf('%s is the session\'s own (given to %s); a call in a session takes only %s.', $name, SessionOpenTool::NAME, implode(', ', self::SESSION_ARGUMENTS)));
            }
        }
        $id = $values['session'];
        if (!is_string($id) || $id === '') {
            throw new ToolArgumentError(sprintf('session must be a handle from %s (a string).', SessionOpenTool::NAME));
        }

        return $sessions->evaluate($id, self::SESSION_OWNER, $this->snippet($values['snippet'] ?? null), isset($values['timeout_ms']) ? $this->timeout($values['timeout_ms']) : null);
    }

    /**
     * The call framework__eval's arguments ask for; $defaultSnippet stands for a missing snippet
     * (a session's opening may have none).
     */
    public function parse(mixed $arguments, ?string $defaultSnippet = null): EvalCall
    {
        if ($arguments === null) {
            $arguments = new \stdClass();
        }
        if (!$arguments instanceof \stdClass) {
            throw new ToolArgumentError('arguments must be an object.');
        }
        $values = get_object_vars($arguments);
        foreach (array_keys($values) as $name) {
            if ($name === 'unsafe') {
                throw new ToolArgumentError('unsafe is not available over MCP; use `bin/altair eval --unsafe` on the command line.');
            }
            if (!in_array($name, self::ARGUMENTS, true)) {
                throw new ToolArgumentError(sprintf('unknown argument "%s"; expected %s.', $name, implode(', ', $this->sessions === null || $defaultSnippet !== null ? self::ARGUMENTS : [...self::ARGUMENTS, 'session'])));
            }
        }

        $snippet = $this->snippet($values['snippet'] ?? $defaultSnippet);
        $timeoutMs = $this->timeout($values['timeout_ms'] ?? null);
        $allowWrites = $this->writes($values['allow_writes'] ?? false);
        $allowNetwork = $this->boolean($values, 'allow_network');
        $refusal = $this->policy->refusal($allowWrites, $allowNetwork);
        if ($refusal !== null) {
            throw new ToolArgumentError($refusal);
        }
        $fakeHttp = $this->fakeHttp($values['fake_http'] ?? null);

        return new EvalCall(
            snippet: $snippet,
            projectRoot: $this->policy->projectRoot,
            timeoutMs: $timeoutMs,
            memoryLimitMb: $this->policy->memoryLimitMb ?? $this->limits->defaultMemoryMb(),
            allowWrites: $allowWrites,
            allowNetwork: $allowNetwork,
            bootstrap: $this->policy->bootstrap,
            unsafe: false,
            allowEndpoints: $this->policy->allowEndpoints,
            databases: $this->policy->databases,
            fakeHttp: $fakeHttp,
        );
    }

    /**
     * @throws ToolArgumentError
     */
    private function snippet(mixed $snippet): string
    {
        if (!is_string($snippet)) {
            throw new ToolArgumentError('snippet is required and must be a string of PHP code.');
        }
        if (trim($snippet) === '') {
            throw new ToolArgumentError('snippet must not be empty.');
        }
        $refusal = $this->limits->snippetRefusal(strlen($snippet));
        if ($refusal !== null) {
            throw new ToolArgumentError($refusal);
        }

        return $snippet;
    }

    /** @return array<string, string> */
    private function fakeHttp(mixed $value): array
    {
        if ($value === null) {
            return [];
        }
        if (!$value instanceof \stdClass) {
            throw new ToolArgumentError('fake_http must be an object mapping "[METHOD ]host/path*" to "STATUS[:BODY]".');
        }
        try {
            return FakeHttp::check(get_object_vars($value));
        } catch (UsageError $bad) {
            throw new ToolArgumentError($bad->getMessage());
        }
    }

    /** @return bool|'rollback' */
    private function writes(mixed $value): bool|string
    {
        if (!is_bool($value) && $value !== EvalCall::WRITES_ROLLBACK) {
            throw new ToolArgumentError('allow_writes must be true, false or "rollback".');
        }

        return $value;
    }

    private function timeout(mixed $value): int
    {
        if ($value === null) {
            return $this->limits->defaultTimeoutMs();
        }
        // JSON has one number type: 1000.0 is the integer 1000, 1000.5 is not.
        if (is_float($value) && floor($value) === $value && abs($value) <= PHP_INT_MAX) {
            $value = (int) $value;
        }
        if (!is_int($value)) {
            throw new ToolArgumentError('timeout_ms must be an integer number of milliseconds.');
        }
        if ($value < $this->limits->minTimeoutMs() || $value > $this->limits->maxTimeoutMs()) {
            throw new ToolArgumentError(sprintf(
                'timeout_ms must be from %d to %d, got %d.',
                $this->limits->minTimeoutMs(),
                $this->limits->maxTimeoutMs(),
                $value,
            ));
        }

        return $value;
    }

    /** @param array<mixed> $values */
    private function boolean(array $values, string $name): bool
    {
        $value = $values[$name] ?? false;
        if (!is_bool($value)) {
            throw new ToolArgumentError(sprintf('%s must be true or false.', $name));
        }

        return $value;
    }

    /**
     * A session tool's answer: its JSON as text, and as structuredContent where the revision has it.
     *
     * @param array<string, mixed> $structured
     * @return array<string, mixed>
     */
    public function toolResult(array $structured, string $protocolVersion): array
    {
        $result = ['content' => [['type' => 'text', 'text' => json_encode($structured, JSON_THROW_ON_ERROR)]]];
        if ((new ProtocolVersion())->hasStructuredOutput($protocolVersion)) {
            $result['structuredContent'] = $structured;
        }
        $result['isError'] = false;

        return $result;
    }

    /**
     * @return array<string, mixed>
     */
    public function toolError(string $message): array
    {
        return ['content' => [['type' => 'text', 'text' => $message]], 'isError' => true];
    }
}
