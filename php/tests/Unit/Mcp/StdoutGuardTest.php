<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Mcp;

use AltairEval\Frontend\Mcp\StdoutGuard;
use PHPUnit\Framework\TestCase;

final class StdoutGuardTest extends TestCase
{
    public function testStrayOutputGoesToTheSink(): void
    {
        $sink = fopen('php://memory', 'r+');
        self::assertIsResource($sink);
        $guard = new StdoutGuard();
        $display = ini_get('display_errors');

        $guard->divertTo($sink);
        try {
            echo 'stray';
            print ' output';
        } finally {
            $guard->release();
            ini_set('display_errors', (string) $display);
        }

        rewind($sink);
        self::assertSame('stray output', stream_get_contents($sink));
    }
}
