<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Cli;

use AltairEval\Frontend\Cli\ExtensionLoader;
use PHPUnit\Framework\TestCase;

final class ExtensionLoaderTest extends TestCase
{
    public function testWithoutAModuleItSaysHowToBuildOrInstallAndExitsTwo(): void
    {
        $stderr = fopen('php://memory', 'r+');
        self::assertIsResource($stderr);
        $loader = new ExtensionLoader('/nowhere/modules/altair_eval.so', '/nowhere/bin/altair', $stderr);

        self::assertSame(2, $loader->reexecute(['eval', 'return 1;']));

        rewind($stderr);
        $message = (string) stream_get_contents($stderr);
        self::assertStringContainsString('phpize && ./configure --enable-altair-eval && make', $message);
        self::assertStringContainsString('pecl install altair_eval', $message);
        self::assertStringContainsString('/nowhere/modules/altair_eval.so', $message);
    }
}
