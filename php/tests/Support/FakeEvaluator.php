<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Support;

use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Runtime\EvaluatorPort;
use AltairEval\Frontend\Runtime\Outcome;

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
