<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Mcp;

/**
 * Keeps this process's own stray output off the JSON-RPC stream.
 *
 * The server writes protocol messages with fwrite() to the stdout stream, which bypasses PHP's output
 * layer; anything else that reaches the output layer (an echo, a warning shown with display_errors)
 * is diverted to the sink (stderr) instead. Snippet output never gets here at all: the extension
 * captures the child's stdout into the result.
 */
final class StdoutGuard
{
    /**
     * @param resource $sink
     */
    public function divertTo($sink): void
    {
        ini_set('display_errors', 'stderr');
        ob_start(static function (string $buffer) use ($sink): string {
            if ($buffer !== '') {
                fwrite($sink, $buffer);
            }

            return '';
        }, 1);
    }

    public function release(): void
    {
        if (ob_get_level() > 0) {
            ob_end_flush();
        }
    }
}
