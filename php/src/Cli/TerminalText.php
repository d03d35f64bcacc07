<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Cli;

/**
 * Snippet text made inert for a terminal: every control character but newline and tab (C0, DEL,
 * and the C1 range as UTF-8) is shown as an escape (`\r`, `\x1b`, `\u{9b}`), so output, values and
 * messages cannot move the cursor, rewrite a line (a fake `✓ int 42` over the real `✗`), or send
 * the terminal escape sequences.
 */
final class TerminalText
{
    private const CONTROLS = '/[\x00-\x08\x0B-\x1F\x7F]|\xC2[\x80-\x9F]/';

    private const NAMED = ["\r" => '\r', "\0" => '\0', "\x1B" => '\e'];

    public static function escape(string $text): string
    {
        return (string) preg_replace_callback(self::CONTROLS, static function (array $match): string {
            $char = $match[0];
            if (isset(self::NAMED[$char])) {
                return self::NAMED[$char];
            }

            return strlen($char) === 1
                ? sprintf('\x%02x', ord($char))
                : sprintf('\u{%x}', ord($char[1]));
        }, $text);
    }
}
