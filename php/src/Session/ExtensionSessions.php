<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Session;

use Altair\Eval\EvalException;
use Altair\Eval\EvalSession;
use AltairEval\Frontend\Cli\UsageError;
use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Runtime\ExtensionEvaluator;
use AltairEval\Frontend\Runtime\Outcome;

/**
 * The extension's sessions (Evaluator::openSession) in one process, by handle, each with its owner:
 * they share the process's warm Evaluator (its templates), and end with it.
 */
final class ExtensionSessions implements SessionPort
{
    /** @var array<string, array{EvalSession, string, SessionInfo}> handle => the session, its owner, what is shown of it */
    private array $open = [];

    public function __construct(private readonly ExtensionEvaluator $evaluator)
    {
    }

    public function open(EvalCall $defaults, string $owner): SessionInfo
    {
        $this->forgetEnded();
        $session = $this->evaluator->refusingBadRequests(fn (): EvalSession => $this->evaluator->evaluator()->openSession($this->evaluator->request($defaults)));
        $info = new SessionInfo($session->id, $session->projectRoot, $session->calls(), microtime(true), $session->idleTimeoutMs, Outcome::fromArray($session->opening->toArray()));
        $this->open[$session->id] = [$session, $owner, new SessionInfo($info->id, $info->projectRoot, $info->calls, $info->idleSince, $info->idleTimeoutMs)];

        return $info;
    }

    public function evaluate(string $id, string $owner, string $snippet, ?int $timeoutMs = null): Outcome
    {
        [$session, , $info] = $this->owned($id, $owner);
        try {
            $result = $session->evaluate($snippet, $timeoutMs);
        } catch (\ValueError $refused) {
            throw new UsageError('the extension refused the call: ' . (string) preg_replace('/^[\w\\\\]+::\w+\(\): /', '', $refused->getMessage()), 0, $refused);
        } catch (EvalException $ended) {
            unset($this->open[$id]);
            throw $ended;
        }
        $this->open[$id][2] = $info->called(microtime(true));

        return Outcome::fromArray($result->toArray());
    }

    public function close(string $id, string $owner): void
    {
        [$session] = $this->owned($id, $owner);
        unset($this->open[$id]);
        $session->close();
    }

    public function sessions(?string $owner = null): array
    {
        $this->forgetEnded();
        $sessions = [];
        foreach ($this->open as [, $holder, $info]) {
            if ($owner === null || $holder === $owner) {
                $sessions[] = $info;
            }
        }

        return $sessions;
    }

    public function closeAll(): void
    {
        foreach ($this->open as [$session]) {
            $session->close();
        }
        $this->open = [];
    }

    /**
     * The open session $owner holds under $id; ended ones are forgotten here, and another owner's is
     * refused as a handle that does not exist.
     *
     * @return array{EvalSession, string, SessionInfo}
     * @throws UsageError (UnknownSession)
     */
    private function owned(string $id, string $owner): array
    {
        $entry = $this->open[$id] ?? null;
        if ($entry === null || !hash_equals($entry[1], $owner)) {
            throw UnknownSession::named($id);
        }
        if (!$entry[0]->isOpen()) {
            unset($this->open[$id]);
            throw new EvalException(sprintf('Session %s has ended: %s', $id, $entry[0]->endedBecause() ?? 'ended'));
        }

        return $entry;
    }

    private function forgetEnded(): void
    {
        foreach ($this->open as $id => [$session]) {
            if (!$session->isOpen()) {
                unset($this->open[$id]);
            }
        }
    }
}
