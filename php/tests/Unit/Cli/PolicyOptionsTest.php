<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Cli;

use AltairEval\Frontend\Cli\AltairApplication;
use AltairEval\Frontend\Tests\Support\CapturingOutput;
use AltairEval\Frontend\Tests\Support\FakeEvaluator;
use AltairEval\Frontend\Tests\Support\Outcomes;
use AltairEval\Frontend\Tests\Support\Repository;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Symfony\Component\Console\Input\ArgvInput;

/**
 * `eval` and `mcp` accept the same spellings for the same policy: univeros's --writes / --network
 * and this project's --allow-writes / --allow-network (issue 13 point 6).
 */
final class PolicyOptionsTest extends TestCase
{
    private FakeEvaluator $evaluator;
    private Repository $repository;
    private string $root;

    protected function setUp(): void
    {
        $this->evaluator = new FakeEvaluator((new Outcomes())->returning(['type' => 'int', 'value' => 1]));
        $this->repository = new Repository();
        $this->root = $this->repository->temporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->repository->remove($this->root);
    }

    /** @return iterable<string, array{list<string>, bool, bool}> */
    public static function spellings(): iterable
    {
        yield 'none' => [[], false, false];
        yield 'univeros writes' => [['--writes'], true, false];
        yield 'univeros network' => [['--network'], false, true];
        yield 'allow writes' => [['--allow-writes'], true, false];
        yield 'allow network' => [['--allow-network'], false, true];
        yield 'mixed' => [['--allow-writes', '--network'], true, true];
        yield 'both of each' => [['--writes', '--allow-writes', '--network', '--allow-network'], true, true];
    }

    /** @param list<string> $flags */
    #[DataProvider('spellings')]
    public function testEvalAcceptsEverySpelling(array $flags, bool $writes, bool $network): void
    {
        $output = new CapturingOutput();
        $exit = (new AltairApplication($this->evaluator))->run(new ArgvInput(['altair', 'eval', '--project-root=' . $this->root, ...$flags, 'return 1;']), $output);

        self::assertSame(0, $exit, $output->errors());
        self::assertSame($writes, $this->evaluator->lastCall()->allowWrites);
        self::assertSame($network, $this->evaluator->lastCall()->allowNetwork);
    }

    /** @param list<string> $flags */
    #[DataProvider('spellings')]
    public function testMcpAcceptsEverySpelling(array $flags, bool $writes, bool $network): void
    {
        $in = fopen('php://memory', 'r');
        $out = fopen('php://memory', 'w+');
        $log = fopen('php://memory', 'w+');
        self::assertNotFalse($in);
        self::assertNotFalse($out);
        self::assertNotFalse($log);
        $output = new CapturingOutput();
        $exit = (new AltairApplication($this->evaluator, $in, $out, $log))->run(new ArgvInput(['altair', 'mcp', '--project-root=' . $this->root, ...$flags]), $output);

        self::assertSame(0, $exit, $output->errors());
        rewind($log);
        $line = (string) stream_get_contents($log);
        $policy = static fn (bool $allowed): string => $allowed ? 'allowed on request' : 'refused';
        self::assertStringContainsString(sprintf('(writes: %s, network: %s,', $policy($writes), $policy($network)), $line);
    }

    public function testHelpOfBothCommandsListsBothSpellings(): void
    {
        foreach (['eval', 'mcp'] as $command) {
            $output = new CapturingOutput();
            self::assertSame(0, (new AltairApplication($this->evaluator))->run(new ArgvInput(['altair', $command, '--help']), $output));
            $help = $output->fetch();
            foreach (['--writes', '--network', '--allow-writes', '--allow-network'] as $option) {
                self::assertStringContainsString($option, $help, "$command --help");
            }
        }
    }
}
