<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Cli;

use AltairEval\Frontend\Cli\SandboxSummary;
use PHPUnit\Framework\TestCase;

final class SandboxSummaryTest extends TestCase
{
    public function testListsEveryGuardThatHeld(): void
    {
        $line = (new SandboxSummary())->summarize([
            'disable_functions' => true, 'open_basedir' => true, 'rlimits' => true, 'seccomp' => true,
            'landlock_abi' => 6, 'netns' => true, 'ipcns' => true, 'mountns' => true, 'eval_blocked' => false, 'ffi_disabled' => true,
            'result_channel' => true, 'unavailable' => [],
        ]);

        self::assertSame('sandbox: disable_functions open_basedir rlimits seccomp landlock(abi 6) netns ipcns private-view ffi-disabled result-channel', $line);
    }

    public function testNamesWhatIsMissing(): void
    {
        $line = (new SandboxSummary())->summarize([
            'seccomp' => true, 'landlock_abi' => 0, 'netns' => false, 'unavailable' => ['netns', 'landlock: kernel too old'],
        ]);

        self::assertSame('sandbox: seccomp; missing: landlock, netns, landlock: kernel too old', $line);
    }

    public function testToleratesAnEmptyOrOddReport(): void
    {
        $summary = new SandboxSummary();

        self::assertSame('sandbox: not reported', $summary->summarize([]));
        self::assertSame('sandbox: rlimits; missing: seccomp', $summary->summarize(['rlimits' => ['as' => 1], 'seccomp' => null, 'unavailable' => 'x']));
    }

    public function testSaysWhenNothingWasApplied(): void
    {
        self::assertStringContainsString('OFF', (new SandboxSummary())->summarize(['seccomp' => true], unsafe: true));
    }
}
