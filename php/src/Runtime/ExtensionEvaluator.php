<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Runtime;

use Altair\Eval\EvalRequest;
use Altair\Eval\Evaluator;

/**
 * Calls straight into the altair_eval extension, in this process. The Evaluator is made on the first
 * call, so that commands which never evaluate (help, events:tail) do not touch it, and kept: a warm
 * one keeps its pre-started templates for the calls that follow (the MCP server).
 */
final class ExtensionEvaluator implements EvaluatorPort
{
    private ?Evaluator $evaluator = null;

    /**
     * @param string|null $phpBinary the PHP the child runs (default: the extension's choice, this PHP)
     * @param bool        $warm      fork each evaluation from a pre-started template (long-lived callers)
     */
    public function __construct(private readonly ?string $phpBinary = null, private readonly bool $warm = false)
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
            unsafe: $call->unsafe,
            bootstrap: $call->bootstrap,
            allowEndpoints: $call->allowEndpoints,
            env: $call->envPolicy,
            envAllow: $call->envAllow,
        );

        $this->evaluator ??= new Evaluator(phpBinary: $this->phpBinary, warm: $this->warm);

        return Outcome::fromArray($this->evaluator->evaluate($request)->toArray());
    }
}
