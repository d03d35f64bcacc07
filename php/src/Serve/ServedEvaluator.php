<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Serve;

use Altair\Eval\EvalException;
use AltairEval\Frontend\Cli\UsageError;
use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Runtime\EvaluatorPort;
use AltairEval\Frontend\Runtime\Outcome;

/**
 * The server's own evaluation of a call whose command line it parsed (CliCall): the handler's
 * answer to an `eval` request, read as RoutingEvaluator reads it from the socket. Says whether it
 * evaluated, for the server's count of evaluations.
 */
final class ServedEvaluator implements EvaluatorPort
{
    public bool $evaluated = false;

    public function __construct(private readonly ServeHandler $handler, private readonly CallMessage $messages = new CallMessage())
    {
    }

    public function evaluate(EvalCall $call): Outcome
    {
        $reply = $this->handler->evaluate(['op' => 'eval', 'call' => $this->messages->encode($call)]);
        $this->evaluated = is_array($reply['outcome'] ?? null);

        return self::read($reply);
    }

    /**
     * The outcome a server's answer to an `eval` request carries; a refusal is the caller's usage
     * error, anything else a failure of the server.
     *
     * @param array<mixed> $reply
     */
    public static function read(array $reply): Outcome
    {
        if (is_array($reply['outcome'] ?? null)) {
            return Outcome::fromArray($reply['outcome']);
        }
        if (is_string($reply['refused'] ?? null)) {
            throw new UsageError($reply['refused']);
        }
        throw new EvalException('the project\'s server: ' . (is_string($reply['failed'] ?? null) ? $reply['failed'] : 'no answer.'));
    }
}
