<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Mcp;

/**
 * What the operator allowed when starting the server. A call may ask for less, never for more.
 */
final class ServerPolicy
{
    public function __construct(
        public readonly string $projectRoot,
        public readonly bool $allowWrites = false,
        public readonly bool $allowNetwork = false,
        public readonly ?string $bootstrap = null,
        public readonly ?int $memoryLimitMb = null,
        /** @var list<string> endpoints every call may reach with the network off */
        public readonly array $allowEndpoints = [],
    ) {
    }
}
