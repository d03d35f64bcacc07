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

    public static function invalidParams(string $message): self
    {
        return new self($message, self::INVALID_PARAMS);
    }

    public static function invalidRequest(string $message): self
    {
        return new self($message, self::INVALID_REQUEST);
    }
}
