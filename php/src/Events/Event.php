<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Events;

use AltairEval\Frontend\Runtime\EvalCall;
use AltairEval\Frontend\Runtime\Outcome;
use AltairEval\Frontend\Runtime\QueryMask;

/**
 * One line of `<root>/.altair/events.jsonl`.
 */
final class Event
{
    /**
     * @param 'started'|'ok'|'fail' $status
     * @param array<string, mixed> $extra
     */
    public function __construct(
        public readonly string $id,
        public readonly \DateTimeImmutable $timestamp,
        public readonly string $actor,
        public readonly string $command,
        public readonly string $kind,
        public readonly string $status,
        public readonly int $durationMs,
        public readonly array $extra,
    ) {
    }

    /**
     * The record written before an unsafe run starts (write-ahead): its outcome follows under the
     * same id, or, when the process died during the run, this is the only trace of it.
     */
    public static function unsafeStarted(EvalCall $call, \DateTimeImmutable $at, string $id): self
    {
        return new self(
            id: $id,
            timestamp: $at,
            actor: 'cli',
            command: 'eval',
            kind: 'eval',
            status: 'started',
            durationMs: 0,
            extra: self::unsafeExtra($call, false),
        );
    }

    /**
     * The record of one unsafe run once it ended. $outcome is null when the evaluator itself failed.
     */
    public static function unsafeEval(
        EvalCall $call,
        ?Outcome $outcome,
        int $durationMs,
        \DateTimeImmutable $at,
        string $id,
    ): self {
        return new self(
            id: $id,
            timestamp: $at,
            actor: 'cli',
            command: 'eval',
            kind: 'eval',
            status: $outcome !== null && $outcome->ok ? 'ok' : 'fail',
            durationMs: $outcome !== null ? $outcome->durationMs : $durationMs,
            extra: self::unsafeExtra($call, $outcome !== null && $outcome->timedOut) + ['queries' => self::queries($outcome)],
        );
    }

    /**
     * The statements the run's databases ran, secrets masked (QueryMask), as the audit log keeps them.
     *
     * @return list<array<string, mixed>>
     */
    private static function queries(?Outcome $outcome): array
    {
        return $outcome === null ? [] : (new QueryMask())->maskAll($outcome->queries, $outcome->sandbox);
    }

    /**
     * @return array<string, mixed>
     */
    private static function unsafeExtra(EvalCall $call, bool $timedOut): array
    {
        return [
            'unsafe' => true,
            'allow_writes' => $call->allowWrites,
            'allow_network' => $call->allowNetwork,
            'databases' => $call->databases,
            'snippet_sha256' => hash('sha256', $call->snippet),
            'snippet_length' => strlen($call->snippet),
            'timed_out' => $timedOut,
        ];
    }

    /**
     * @return array<string, mixed>
     */
    public function toArray(): array
    {
        return [
            'id' => $this->id,
            'timestamp' => $this->timestamp->setTimezone(new \DateTimeZone('UTC'))->format(\DateTimeInterface::RFC3339_EXTENDED),
            'actor' => $this->actor,
            'command' => $this->command,
            'kind' => $this->kind,
            'status' => $this->status,
            'duration_ms' => $this->durationMs,
            'extra' => $this->extra,
        ];
    }

    public function toJsonLine(): string
    {
        return json_encode($this->toArray(), JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE) . "\n";
    }
}
