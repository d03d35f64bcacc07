<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Session;

use AltairEval\Frontend\Runtime\Outcome;

/**
 * What a front-end shows of one session: its handle, project, calls so far, when it was last used
 * and how long it waits for the next call, and (when just opened) its opening's result. An array of
 * scalars on the wire to the project's server (toArray/fromArray).
 */
final class SessionInfo
{
    public function __construct(
        public readonly string $id,
        public readonly string $projectRoot,
        public readonly int $calls,
        /** Unix time (seconds, fractional) of its last call's end. */
        public readonly float $idleSince,
        public readonly int $idleTimeoutMs,
        public readonly ?Outcome $opening = null,
    ) {
    }

    /** When it ends by itself unless called again (Unix time). */
    public function expiresAt(): float
    {
        return $this->idleSince + $this->idleTimeoutMs / 1000;
    }

    public function called(float $at): self
    {
        return new self($this->id, $this->projectRoot, $this->calls + 1, $at, $this->idleTimeoutMs);
    }

    /**
     * @return array<string, mixed>
     */
    public function toArray(): array
    {
        return [
            'id' => $this->id,
            'project_root' => $this->projectRoot,
            'calls' => $this->calls,
            'idle_since' => $this->idleSince,
            'idle_timeout_ms' => $this->idleTimeoutMs,
            'opening' => $this->opening?->toArray(),
        ];
    }

    /**
     * @param array<mixed> $data
     * @throws \UnexpectedValueException when a field is missing or of another type
     */
    public static function fromArray(array $data): self
    {
        $id = $data['id'] ?? null;
        $root = $data['project_root'] ?? null;
        $calls = $data['calls'] ?? null;
        $idleSince = $data['idle_since'] ?? null;
        $idle = $data['idle_timeout_ms'] ?? null;
        $opening = $data['opening'] ?? null;
        if (!is_string($id) || !is_string($root) || !is_int($calls) || !is_float($idleSince) || !is_int($idle) || !($opening === null || is_array($opening))) {
            throw new \UnexpectedValueException('malformed session.');
        }

        return new self($id, $root, $calls, $idleSince, $idle, $opening === null ? null : Outcome::fromArray($opening));
    }
}
