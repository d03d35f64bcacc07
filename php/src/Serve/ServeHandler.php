<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Serve;

use Altair\Eval\EvalException;
use AltairEval\Frontend\Cli\UsageError;
use AltairEval\Frontend\Mcp\ServerPolicy;
use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Runtime\EvaluatorPort;
use AltairEval\Frontend\Runtime\Limits;

/**
 * What the project's server does with one `eval` request: the same checks as the MCP server (the
 * project, the limits, ServerPolicy::refusal()), then a warm evaluation. Answers ['outcome' => the
 * contract], ['refused' => why] (the CLI prints it as a usage error) or ['failed' => why].
 */
final class ServeHandler
{
    public function __construct(
        private readonly EvaluatorPort $evaluator,
        public readonly ServerPolicy $policy,
        private readonly Limits $limits,
        private readonly CallMessage $messages = new CallMessage(),
    ) {
    }

    /**
     * @param array<mixed> $request
     * @return array<string, mixed>
     */
    public function evaluate(array $request): array
    {
        if (($request['op'] ?? null) === 'cli') {
            return (new CliCall($this, $this->limits))->answer($request);
        }
        try {
            $call = $this->messages->decode(is_array($request['call'] ?? null) ? $request['call'] : []);
        } catch (ServeError $error) {
            return ['refused' => $error->getMessage()];
        }
        $refusal = $this->refusal($call);
        if ($refusal !== null) {
            return ['refused' => $refusal];
        }
        try {
            return ['outcome' => $this->evaluator->evaluate($call)->toArray()];
        } catch (UsageError $refused) {
            return ['refused' => $refused->getMessage()]; // e.g. a snippet over EvalRequest::MAX_SNIPPET_BYTES
        } catch (EvalException $failure) {
            return ['failed' => $failure->getMessage()];
        }
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
