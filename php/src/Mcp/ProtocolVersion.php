<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Mcp;

/**
 * The MCP revisions this server speaks, newest first, and what each one changed that matters here.
 * Two eras: the handshake revisions (initialize negotiates one of SUPPORTED for the connection) and
 * the stateless ones from 2026-07-28 (MODERN: every request names its revision in its _meta, no
 * initialize; see docs/mcp.md).
 */
final class ProtocolVersion
{
    /** The newest revision initialize negotiates (a stateless revision is never negotiated there). */
    public const LATEST = '2025-11-25';
    public const SUPPORTED = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
    /** Stateless revisions, newest first. */
    public const MODERN = ['2026-07-28'];
    /** The only revision that allowed JSON-RPC batches. */
    private const BATCHING = '2025-03-26';
    /** Tool titles, outputSchema and structuredContent arrived here. */
    private const STRUCTURED_OUTPUT_SINCE = '2025-06-18';
    /** Tool annotations arrived here. */
    private const ANNOTATIONS_SINCE = '2025-03-26';

    /**
     * The client's version when we speak it, otherwise our latest (the client then decides).
     */
    public function negotiate(string $requested): string
    {
        return in_array($requested, self::SUPPORTED, true) ? $requested : self::LATEST;
    }

    public function isModern(string $version): bool
    {
        return in_array($version, self::MODERN, true);
    }

    /**
     * Every revision served, newest first (server/discover's supportedVersions, and the list an
     * unsupported-version error gives).
     *
     * @return list<string>
     */
    public function all(): array
    {
        return [...self::MODERN, ...self::SUPPORTED];
    }

    public function allowsBatches(?string $version): bool
    {
        return $version === self::BATCHING;
    }

    public function hasStructuredOutput(string $version): bool
    {
        return strcmp($version, self::STRUCTURED_OUTPUT_SINCE) >= 0;
    }

    public function hasAnnotations(string $version): bool
    {
        return strcmp($version, self::ANNOTATIONS_SINCE) >= 0;
    }
}
