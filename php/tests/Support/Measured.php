<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Support;

/**
 * Printed results with what differs between two runs of the same snippet (the duration, the peak
 * memory and resident set, what building the private view cost, which boot served it) replaced by
 * N, so that two runs' output can be compared byte for byte.
 */
final class Measured
{
    public static function erased(string $output): string
    {
        return (string) preg_replace(
            ['/("duration_ms": |duration=)\d+/', '/("memory_peak_bytes": |memory=)\d+/', '/("memory_peak_rss_bytes": |"mountns_us": )\d+/',
                '/("boot_id": )"[0-9a-f]+"/'],
            ['${1}N', '${1}N', '${1}N', '${1}"N"'],
            $output,
        );
    }
}
