<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Serve;

use Altair\Eval\EvalException;
use AltairEval\Frontend\Cli\UsageError;
use AltairEval\Frontend\Mcp\ServerPolicy;
use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Runtime\EvaluatorPort;
use AltairEval\Frontend\Runtime\Limits;
use AltairEval\Frontend\Session\SessionPort;
use AltairEval\Frontend\Session\UnknownSession;

/**
 * What the project's server does with one `eval` request: the same checks as the MCP server (the
 * project, the limits, ServerPolicy::refusal()), then a warm evaluation. Answers ['outcome' => the
 * contract], ['refused' => why] (the CLI prints it as a usage error) or ['failed' => why].
 * Sessions (`session_open`, `session_close`, an `eval` whose call names a session) are this
 * worker's, owned by the request's `owner` (the client's uid, which the server's main process
 * writes); an answer about a session that is no longer open here says `session_gone`.
 */
final class ServeHandler
{
    public function __construct(
        private readonly EvaluatorPort $evaluator,
        public readonly ServerPolicy $policy,
        private readonly Limits $limits,
        private readonly CallMessage $messages = new CallMessage(),
        private readonly ?SessionPort $sessions = null,
    ) {
    }

    /**
     * @param array<mixed> $request
     * @return array<string, mixed>
     */
    public function evaluate(array $request): array
    {
        $op = $request['op'] ?? null;
        if ($op === 'cli') {
            return (new CliCall($this, $this->limits))->answer($request);
        }
        $owner = is_string($request['owner'] ?? null) ? $request['owner'] : '';
        if ($op === 'session_close') {
            return $this->close(is_string($request['session'] ?? null) ? $request['session'] : '', $owner);
        }
        try {
            $call = $this->messages->decode(is_array($request['call'] ?? null) ? $request['call'] : []);
        } catch (ServeError $error) {
            return ['refused' => $error->getMessage()];
        }
        $refusal = $call->session === null ? $this->refusal($call) : $this->sessionCallRefusal($call);
        if ($refusal !== null) {
            return ['refused' => $refusal];
        }
        if ($op === 'session_open' || $call->session !== null) {
            return $this->inSession($op === 'session_open' ? null : $call->session, $call, $owner);
        }
        try {
            return ['outcome' => $this->evaluator->evaluate($call)->toArray()];
        } catch (UsageError $refused) {
            return ['refused' => $refused->getMessage()]; // e.g. a snippet over EvalRequest::MAX_SNIPPET_BYTES
        } catch (EvalException $failure) {
            return ['failed' => $failure->getMessage()];
        }
    }

    /**
     * Opens a session with $call as its defaults ($id null), or runs $call's snippet in session $id.
     *
     * @return array<string, mixed>
     */
    private function inSession(?string $id, EvalCall $call, string $owner): array
    {
        if ($this->sessions === null || $owner === '') {
            return $id === null ? ['refused' => 'this server keeps no sessions.'] : ['refused' => UnknownSession::named($id)->getMessage(), 'session_gone' => $id];
        }
        try {
            if ($id === null) {
                return ['session' => $this->sessions->open($call, $owner)->toArray(), 'owner' => $owner];
            }

            return ['outcome' => $this->sessions->evaluate($id, $owner, $call->snippet, $call->timeoutGiven ? $call->timeoutMs : null)->toArray()];
        } catch (UsageError $refused) {
            return ['refused' => $refused->getMessage()] + ($id === null ? [] : ['session_gone' => $id]);
        } catch (EvalException $failure) {
            return ['failed' => $failure->getMessage()] + ($id === null ? [] : ['session_gone' => $id]);
        }
    }

    /**
     * @return array<string, mixed>
     */
    private function close(string $id, string $owner): array
    {
        try {
            if ($this->sessions === null) {
                throw UnknownSession::named($id);
            }
            $this->sessions->close($id, $owner);
        } catch (UsageError $unknown) {
            return ['refused' => $unknown->getMessage(), 'session_gone' => $id];
        }

        return ['closed' => $id, 'session_gone' => $id];
    }

    /** A session's call brings its snippet and, maybe, its timeout: the rest is the session's. */
    private function sessionCallRefusal(EvalCall $call): ?string
    {
        if ($call->projectRoot !== $this->policy->projectRoot) {
            return sprintf('this server serves %s, not %s.', $this->policy->projectRoot, $call->projectRoot);
        }
        if ($call->timeoutMs < $this->limits->minTimeoutMs() || $call->timeoutMs > $this->limits->maxTimeoutMs()) {
            return 'the timeout is out of range.';
        }

        return null;
    }

    private function refusal(EvalCall $call): ?string
    {
        if ($call->projectRoot !== $this->policy->projectRoot) {
            return sprintf('this server serves %s, not %s.', $this->policy->projectRoot, $call->projectRoot);
        }
        if ($call->envPolicy !== EvalCall::ENV_INHERIT || $call->envAllow !== []) {
            return 'the environment policy is not available through the server; the call runs cold.';
        }
        if ($call->timeoutMs < $this->limits->minTimeoutMs() || $call->timeoutMs > $this->limits->maxTimeoutMs()
            || $call->memoryLimitMb < $this->limits->minMemoryMb() || $call->memoryLimitMb > $this->limits->maxMemoryMb()) {
            return 'the timeout or the memory limit is out of range.';
        }
        if ($call->bootstrap !== null && realpath($call->bootstrap) !== $call->bootstrap
            || $call->bootstrap !== null && !str_starts_with($call->bootstrap, rtrim($this->policy->projectRoot, '/') . '/')) {
            return sprintf('--bootstrap must be a file inside %s.', $this->policy->projectRoot);
        }

        return $this->policy->refusal($call->allowWrites, $call->allowNetwork, $call->allowEndpoints, $call->unsafe, ServerPolicy::CLI_NAMES, $call->databases);
    }
}
