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
    /** $allowWrites = WRITES_ROLLBACK: the databases' writes run and are undone at the end; the project tree stays read-only. */
    public const WRITES_ROLLBACK = 'rollback';

    public function __construct(
        public readonly string $snippet,
        public readonly string $projectRoot,
        public readonly int $timeoutMs,
        public readonly int $memoryLimitMb,
        /** @var bool|'rollback' true: writes are kept; WRITES_ROLLBACK: they run and are undone */
        public readonly bool|string $allowWrites = false,
        public readonly bool $allowNetwork = false,
        public readonly ?string $bootstrap = null,
        public readonly bool $unsafe = false,
        /** @var list<string> "host:port" or "unix:/path", reachable with the network off */
        public readonly array $allowEndpoints = [],
        /** inherit or clean */
        public readonly string $envPolicy = self::ENV_INHERIT,
        /** @var list<string> variable names passed on under the clean policy */
        public readonly array $envAllow = [],
        /** @var list<string> databases declared besides the app's own: "pgsql://host:port", "mysql+unix:///path" … */
        public readonly array $databases = [],
        /** @var array<string, string> answers for the recorded HTTP calls: "[METHOD ]host/path*" => "STATUS[:BODY]" (EvalRequest fakeHttp) */
        public readonly array $fakeHttp = [],
        /** A session's handle (bin/altair session open): the call runs in it, with its options */
        public readonly ?string $session = null,
        /** false: the timeout is the default, not asked for (a session's call then keeps the session's) */
        public readonly bool $timeoutGiven = true,
    ) {
        // the type says so, but a caller outside PHPStan's view (a decoded request, a test) may not
        if (is_string($allowWrites) && $allowWrites !== self::WRITES_ROLLBACK) { // @phpstan-ignore booleanAnd.alwaysFalse, notIdentical.alwaysFalse
            throw new \InvalidArgumentException(sprintf('allowWrites is true, false or "%s", got "%s".', self::WRITES_ROLLBACK, $allowWrites));
        }
    }

    /** What the database relay lets through, as EvalRequest::$databaseMode names it: read-only, writes or rollback. */
    public function writesMode(): string
    {
        return match ($this->allowWrites) {
            true => 'writes',
            false => 'read-only',
            default => 'rollback',
        };
    }
}
