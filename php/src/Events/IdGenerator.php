<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Events;

/**
 * Random RFC 4122 version 4 identifiers for event records.
 */
final class IdGenerator
{
    public function next(): string
    {
        $bytes = random_bytes(16);
        $bytes[6] = chr((ord($bytes[6]) & 0x0f) | 0x40);
        $bytes[8] = chr((ord($bytes[8]) & 0x3f) | 0x80);

        return vsprintf('%s%s-%s-%s-%s-%s%s%s', str_split(bin2hex($bytes), 4));
    }
}
