<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Mcp;

/**
 * A JSON-RPC 2.0 error answer.
 */
final class RpcError extends \RuntimeException
{
    public const PARSE_ERROR = -32700;
    public const INVALID_REQUEST = -32600;
    public const METHOD_NOT_FOUND = -32601;
    public const INVALID_PARAMS = -32602;
    public const INTERNAL_ERROR = -32603;
    /** 2026-07-28: the request's _meta names a revision this server does not speak. */
    public const UNSUPPORTED_PROTOCOL_VERSION = -32022;

    /** @var array<string, mixed>|null the error's data member */
    public ?array $data = null;

    /**
     * @param list<string> $supported
     */
    public static function unsupportedVersion(string $requested, array $supported): self
    {
        $error = new self(sprintf('Unsupported protocol version: %s (supported: %s)', $requested, implode(', ', $supported)), self::UNSUPPORTED_PROTOCOL_VERSION);
        $error->data = ['supported' => $supported, 'requested' => $requested];

        return $error;
    }

    public static function invalidParams(string $message): self
    {
        return new self($message, self::INVALID_PARAMS);
    }

    public static function invalidRequest(string $message): self
    {
        return new self($message, self::INVALID_REQUEST);
    }
}
