<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Runtime;

/**
 * One evaluation as the front-ends ask for it.
 *
 * It mirrors the named arguments of the extension's EvalRequest, so that the CLI and the MCP server
 * can be exercised with a fake evaluator while the native runner is not loaded.
 */
final class EvalCall
{
    public const ENV_INHERIT = 'inherit';
    public const ENV_CLEAN = 'clean';

    public function __construct(
        public readonly string $snippet,
        public readonly string $projectRoot,
        public readonly int $timeoutMs,
        public readonly int $memoryLimitMb,
        public readonly bool $allowWrites = false,
        public readonly bool $allowNetwork = false,
        public readonly ?string $bootstrap = null,
        public readonly bool $unsafe = false,
        /** @var list<string> "host:port" or "unix:/path", reachable with the network off */
        public readonly array $allowEndpoints = [],
        /** inherit or clean */
        public readonly string $envPolicy = self::ENV_INHERIT,
        /** @var list<string> variable names passed on under the clean policy */
        public readonly array $envAllow = [],
    ) {
    }
}
