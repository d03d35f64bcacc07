<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Runtime;

use Altair\Eval\EvalRequest;
use Altair\Eval\Evaluator;
use AltairEval\Frontend\Cli\UsageError;

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

    /**
     * @throws UsageError when the extension refuses the request (its ValueError: a snippet over
     *                    EvalRequest::MAX_SNIPPET_BYTES, a root open_basedir cannot name …)
     */
    public function evaluate(EvalCall $call): Outcome
    {
        return Outcome::fromArray($this->refusingBadRequests(fn (): \Altair\Eval\EvalResult => $this->evaluator()->evaluate($this->request($call)))->toArray());
    }

    /** The extension's Evaluator, made on first use and kept (its warm templates, its sessions). */
    public function evaluator(): Evaluator
    {
        return $this->evaluator ??= new Evaluator(phpBinary: $this->phpBinary, warm: $this->warm);
    }

    /**
     * Runs $use, with the extension's ValueError (a bad request) as the caller's UsageError.
     *
     * @template T
     * @param \Closure(): T $use
     * @return T
     * @throws UsageError
     */
    public function refusingBadRequests(\Closure $use): mixed
    {
        try {
            return $use();
        } catch (\ValueError $refused) {
            // without "Altair\Eval\EvalRequest::__construct(): ", which names no option of ours
            throw new UsageError('the extension refused the request: ' . (string) preg_replace('/^[\w\\\\]+::\w+\(\): /', '', $refused->getMessage()), 0, $refused);
        }
    }

    public function request(EvalCall $call): EvalRequest
    {
        $arguments = [
            'snippet' => $call->snippet,
            'projectRoot' => $call->projectRoot,
            'timeoutMs' => $call->timeoutMs,
            'memoryLimitMb' => $call->memoryLimitMb,
            'allowWrites' => $call->allowWrites,
            'allowNetwork' => $call->allowNetwork,
            'unsafe' => $call->unsafe,
            'bootstrap' => $call->bootstrap,
            'allowEndpoints' => $call->allowEndpoints,
            'env' => $call->envPolicy,
            'envAllow' => $call->envAllow,
            'databases' => $call->databases,
        ];
        // named only when given: an extension older than fakeHttp takes the rest of the call
        if ($call->fakeHttp !== []) {
            $arguments['fakeHttp'] = $call->fakeHttp;
        }

        return new EvalRequest(...$arguments);
    }
}
