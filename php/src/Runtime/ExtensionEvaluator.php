<?php

declare(strict_types=1);

namespace Altair\Eval\Runtime;

use Altair\Eval\EvalRequest;
use Altair\Eval\Evaluator;

/**
 * Calls straight into the altair_eval extension, in this process. The Evaluator is made per call, so
 * that commands which never evaluate (help, events:tail) do not touch it.
 */
final class ExtensionEvaluator implements EvaluatorPort
{
    /**
     * @param string|null $phpBinary the PHP the child runs (default: the extension's choice, this PHP)
     */
    public function __construct(private readonly ?string $phpBinary = null)
    {
    }

    public function evaluate(EvalCall $call): Outcome
    {
        $request = new EvalRequest(
            snippet: $call->snippet,
            projectRoot: $call->projectRoot,
            timeoutMs: $call->timeoutMs,
            memoryLimitMb: $call->memoryLimitMb,
            allowWrites: $call->allowWrites,
            allowNetwork: $call->allowNetwork,
            bootstrap: $call->bootstrap,
            unsafe: $call->unsafe,
            allowEndpoints: $call->allowEndpoints,
            env: $call->envPolicy,
            envAllow: $call->envAllow,
        );

        return Outcome::fromArray((new Evaluator($this->phpBinary))->evaluate($request)->toArray());
    }
}
