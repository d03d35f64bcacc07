<?php

declare(strict_types=1);

namespace Altair\Eval\Tests\Support;

use Altair\Eval\Runtime\EvalCall;
use Altair\Eval\Runtime\EvaluatorPort;
use Altair\Eval\Runtime\Outcome;

/**
 * Answers with a prepared outcome (or throws a prepared exception) and remembers what it was asked.
 */
final class FakeEvaluator implements EvaluatorPort
{
    /** @var list<EvalCall> */
    public array $calls = [];

    public function __construct(private Outcome|\Throwable $answer)
    {
    }

    public function answer(Outcome|\Throwable $answer): void
    {
        $this->answer = $answer;
    }

    public function evaluate(EvalCall $call): Outcome
    {
        $this->calls[] = $call;
        if ($this->answer instanceof \Throwable) {
            throw $this->answer;
        }

        return $this->answer;
    }

    public function lastCall(): EvalCall
    {
        $call = end($this->calls);
        if ($call === false) {
            throw new \LogicException('The evaluator was not called.');
        }

        return $call;
    }
}
