<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Cli;

use AltairEval\Frontend\Cli\AltairApplication;
use AltairEval\Frontend\Tests\Support\CapturingOutput;
use AltairEval\Frontend\Tests\Support\FakeEvaluator;
use AltairEval\Frontend\Tests\Support\Outcomes;
use PHPUnit\Framework\TestCase;
use Symfony\Component\Console\Input\ArgvInput;

final class McpCommandTest extends TestCase
{
    public function testHelpSaysTheBootstrapReturnsTheContainer(): void
    {
        $output = new CapturingOutput();

        $status = (new AltairApplication(new FakeEvaluator((new Outcomes())->make())))
            ->run(new ArgvInput(['altair', 'mcp', '--help']), $output);

        $help = (string) preg_replace('/\s+/', ' ', $output->fetch());
        self::assertSame(0, $status);
        self::assertStringContainsString('--bootstrap=BOOTSTRAP A PHP file inside the project root that returns the PSR-11 container', $help);
        self::assertStringNotContainsString('before each snippet', $help);
    }
}
