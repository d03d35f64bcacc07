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

    /** Why a session's call cannot be had without the project's server. */
    public const NO_SERVER = 'sessions live in the project\'s server, and none runs for %s: start it with `bin/altair serve --daemon%s`, then `bin/altair session open`.';

    public function evaluate(EvalCall $call): Outcome
    {
        if ($call->session !== null) {
            return $this->inSession($call);
        }
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

    /** A session's call: only the project's server has sessions; never cold. */
    private function inSession(EvalCall $call): Outcome
    {
        try {
            $reply = $this->client->request($call->projectRoot, ['op' => 'eval', 'call' => $this->messages->encode($call)], intdiv($call->timeoutMs, 1000) + SocketClient::MARGIN_SECONDS);
        } catch (ServeError $error) {
            throw new EvalException('the project\'s server: ' . $error->getMessage());
        }
        if ($reply === null) {
            throw new \AltairEval\Frontend\Cli\UsageError(sprintf(self::NO_SERVER, $call->projectRoot, ''));
        }

        return ServedEvaluator::read($reply);
    }
}
