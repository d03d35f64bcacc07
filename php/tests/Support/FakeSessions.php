<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Support;

use Altair\Eval\EvalException;
use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Runtime\Outcome;
use AltairEval\Frontend\Session\SessionInfo;
use AltairEval\Frontend\Session\SessionPort;
use AltairEval\Frontend\Session\UnknownSession;

/**
 * Sessions without the extension: each call's outcome says its session and number; a snippet
 * containing "throw" is a call that is not kept. Remembers the defaults and calls it was given.
 */
final class FakeSessions implements SessionPort
{
    /** @var array<string, array{string, SessionInfo}> */
    public array $open = [];
    /** @var list<EvalCall> */
    public array $opened = [];
    /** @var list<array{string, string, ?int}> id, snippet, timeout */
    public array $calls = [];
    public bool $closedAll = false;
    private int $next = 0;

    public function __construct(private readonly Outcomes $outcomes = new Outcomes(), private readonly ?EvalException $openFailure = null)
    {
    }

    public function open(EvalCall $defaults, string $owner): SessionInfo
    {
        if ($this->openFailure !== null) {
            throw $this->openFailure;
        }
        $this->opened[] = $defaults;
        $id = sprintf('%032x', ++$this->next);
        $info = new SessionInfo($id, $defaults->projectRoot, 1, 1_700_000_000.0, 300_000);
        $this->open[$id] = [$owner, $info];

        return new SessionInfo($id, $defaults->projectRoot, 1, $info->idleSince, 300_000, $this->outcome($id, 1, true));
    }

    public function evaluate(string $id, string $owner, string $snippet, ?int $timeoutMs = null): Outcome
    {
        $info = $this->owned($id, $owner);
        $this->calls[] = [$id, $snippet, $timeoutMs];
        $this->open[$id][1] = $info->called($info->idleSince + 1);

        return $this->outcome($id, $info->calls + 1, !str_contains($snippet, 'throw'));
    }

    public function close(string $id, string $owner): void
    {
        $this->owned($id, $owner);
        unset($this->open[$id]);
    }

    public function sessions(?string $owner = null): array
    {
        $list = [];
        foreach ($this->open as [$holder, $info]) {
            if ($owner === null || $owner === $holder) {
                $list[] = $info;
            }
        }

        return $list;
    }

    public function closeAll(): void
    {
        $this->open = [];
        $this->closedAll = true;
    }

    private function owned(string $id, string $owner): SessionInfo
    {
        if (($this->open[$id][0] ?? null) !== $owner) {
            throw UnknownSession::named($id);
        }

        return $this->open[$id][1];
    }

    private function outcome(string $id, int $call, bool $kept): Outcome
    {
        $base = $kept ? $this->outcomes->returning(['type' => 'int', 'value' => $call]) : $this->outcomes->throwing('RuntimeException', 'boom');

        return Outcome::fromArray(['session' => ['id' => $id, 'call' => $call, 'kept' => $kept]] + $base->toArray());
    }
}
