<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Mcp;

/**
 * The MCP revisions this server speaks, newest first, and what each one changed that matters here.
 */
final class ProtocolVersion
{
    public const LATEST = '2025-11-25';
    public const SUPPORTED = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
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
