<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Session;

use AltairEval\Frontend\Cli\UsageError;

/**
 * The refusal of a handle that names no open session of the caller's: never opened, closed, ended,
 * or another caller's. One message for all of them, so that a handle cannot be probed; it is the
 * caller's usage error (exit 2, an MCP tool error).
 */
final class UnknownSession
{
    public const PREFIX = 'no open session ';

    public static function named(string $id): UsageError
    {
        return new UsageError(sprintf(self::PREFIX . '%s here (closed, ended, or never opened by you).', self::shown($id)));
    }

    /** The handle as a message shows it: a real one is 32 hex digits; anything else is cut and quoted. */
    private static function shown(string $id): string
    {
        return preg_match('/^[0-9a-f]{32}$/', $id) === 1 ? $id : (string) json_encode(substr($id, 0, 40), JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_SLASHES);
    }
}
