<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Cli;

use AltairEval\Frontend\Cli\AltairApplication;
use AltairEval\Frontend\Cli\LeanEval;
use AltairEval\Frontend\Cli\OptionReader;
use AltairEval\Frontend\Cli\PolicyOptions;
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

    /** @return iterable<string, array{list<string>, bool|string, bool}> */
    public static function spellings(): iterable
    {
        yield 'none' => [[], false, false];
        yield 'univeros writes' => [['--writes'], true, false];
        yield 'univeros network' => [['--network'], false, true];
        yield 'allow writes' => [['--allow-writes'], true, false];
        yield 'allow network' => [['--allow-network'], false, true];
        yield 'mixed' => [['--allow-writes', '--network'], true, true];
        yield 'both of each' => [['--writes', '--allow-writes', '--network', '--allow-network'], true, true];
        yield 'rollback' => [['--writes=rollback'], 'rollback', false];
        yield 'rollback, the allow spelling' => [['--allow-writes=rollback', '--network'], 'rollback', true];
        yield 'rollback as the next word' => [['--writes', 'rollback'], 'rollback', false];
        yield 'rollback twice' => [['--writes=rollback', '--allow-writes=rollback'], 'rollback', false];
    }

    /** @return iterable<string, array{list<string>, string}> */
    public static function refusedWrites(): iterable
    {
        yield 'an unknown mode' => [['--writes=keep'], '--writes takes no value (the writes are kept) or =rollback'];
        yield 'kept and rolled back' => [['--writes', '--allow-writes=rollback'], '--writes and --writes=rollback contradict each other'];
    }

    /** @param list<string> $flags */
    #[DataProvider('refusedWrites')]
    public function testEveryOtherWritesValueIsAUsageError(array $flags, string $message): void
    {
        foreach (['eval', 'mcp'] as $command) {
            $output = new CapturingOutput();
            $exit = (new AltairApplication($this->evaluator))->run(new ArgvInput(['altair', $command, '--project-root=' . $this->root, ...$flags, ...($command === 'eval' ? ['return 1;'] : [])]), $output);

            self::assertSame(2, $exit, $command);
            self::assertStringContainsString($message, $output->errors(), $command);
        }
        self::assertSame([], $this->evaluator->calls, 'nothing ran');
    }

    /** @param list<string> $flags */
    #[DataProvider('spellings')]
    public function testEvalAcceptsEverySpelling(array $flags, bool|string $writes, bool $network): void
    {
        $output = new CapturingOutput();
        $exit = (new AltairApplication($this->evaluator))->run(new ArgvInput(['altair', 'eval', '--project-root=' . $this->root, ...$flags, 'return 1;']), $output);

        self::assertSame(0, $exit, $output->errors());
        self::assertSame($writes, $this->evaluator->lastCall()->allowWrites);
        self::assertSame($network, $this->evaluator->lastCall()->allowNetwork);
    }

    /** @param list<string> $flags */
    #[DataProvider('spellings')]
    public function testTheLeanEvalPathAcceptsEverySpelling(array $flags, bool|string $writes, bool $network): void
    {
        $lean = LeanEval::parse([...$flags, 'return 1;']);

        self::assertNotNull($lean, 'the lean path must take these flags itself, not leave them to the console');
        self::assertSame([$writes, 'return 1;'], PolicyOptions::writesAndSnippet(new OptionReader($lean), $lean->snippet(), takesSnippet: true));
        self::assertSame($network, PolicyOptions::network(new OptionReader($lean)));
    }

    /** @param list<string> $flags */
    #[DataProvider('spellings')]
    public function testMcpAcceptsEverySpelling(array $flags, bool|string $writes, bool $network): void
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
        $policy = static fn (bool|string $allowed): string => $allowed === 'rollback' ? 'rollback only, on request' : ($allowed ? 'allowed on request' : 'refused');
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
