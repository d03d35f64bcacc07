<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Serve;

use Altair\Eval\EvalException;
use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Runtime\EvaluatorPort;
use AltairEval\Frontend\Runtime\Outcome;

/**
 * `bin/altair eval`'s evaluator: the project's server when one is running (warm), this process
 * otherwise (cold). Unsafe calls, and calls that pass the caller's own environment (--env,
 * --env-policy), always run here: the server's children see the server's environment, and it never
 * runs unsafe. A call asking for more than the server allows is refused (a UsageError), as over MCP.
 */
final class RoutingEvaluator implements EvaluatorPort
{
    public function __construct(
        private readonly SocketClient $client,
        private readonly EvaluatorPort $cold,
        private readonly CallMessage $messages = new CallMessage(),
    ) {
    }

    public function evaluate(EvalCall $call): Outcome
    {
        if ($call->unsafe || $call->envPolicy !== EvalCall::ENV_INHERIT || $call->envAllow !== []) {
            return $this->cold->evaluate($call);
        }
        try {
            $reply = $this->client->request(
                $call->projectRoot,
                ['op' => 'eval', 'call' => $this->messages->encode($call)],
                intdiv($call->timeoutMs, 1000) + SocketClient::MARGIN_SECONDS,
            );
        } catch (ServeError $error) {
            throw new EvalException('the project\'s server: ' . $error->getMessage());
        }
        if ($reply === null) {
            return $this->cold->evaluate($call);
        }

        return ServedEvaluator::read($reply);
    }
}
