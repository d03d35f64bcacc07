<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Cli;

use AltairEval\Frontend\Cli\AltairApplication;
use AltairEval\Frontend\Cli\SessionCommand;
use AltairEval\Frontend\Runtime\Limits;
use AltairEval\Frontend\Serve\RoutingEvaluator;
use AltairEval\Frontend\Serve\RuntimeDir;
use AltairEval\Frontend\Serve\SocketClient;
use AltairEval\Frontend\Tests\Support\CapturingOutput;
use AltairEval\Frontend\Tests\Support\FakeEvaluator;
use AltairEval\Frontend\Tests\Support\Outcomes;
use AltairEval\Frontend\Tests\Support\Repository;
use PHPUnit\Framework\TestCase;
use Symfony\Component\Console\Input\ArgvInput;

/**
 * `bin/altair session …` and `eval --session` without a server, and the options a session's call
 * may not give (issue 38 item 4).
 */
final class SessionCommandTest extends TestCase
{
    private Repository $repository;
    private string $root;
    private string $runtime;
    private FakeEvaluator $evaluator;
    private CapturingOutput $output;

    protected function setUp(): void
    {
        $this->repository = new Repository();
        $this->root = $this->repository->temporaryDirectory();
        $this->runtime = $this->repository->temporaryDirectory();
        chmod($this->runtime, 0700);
        $this->evaluator = new FakeEvaluator((new Outcomes())->make());
        $this->output = new CapturingOutput();
    }

    protected function tearDown(): void
    {
        $this->repository->remove($this->root);
        $this->repository->remove($this->runtime);
    }

    /** @param list<string> $arguments */
    private function altair(array $arguments): int
    {
        return (new AltairApplication($this->evaluator))->run(new ArgvInput(['altair', $arguments[0], '--project-root=' . $this->root, ...array_slice($arguments, 1)]), $this->output);
    }

    private function noServer(): SocketClient
    {
        return new SocketClient(new RuntimeDir($this->runtime, posix_geteuid()));
    }

    public function testWithoutAServerSessionsSayTheyNeedOne(): void
    {
        $console = (new AltairApplication($this->evaluator))->console();
        $console->add(new SessionCommand(new Limits(), $this->noServer()));
        foreach ([['open', '--writes=rollback', 'return 1;'], ['close', str_repeat('a', 32)], ['list']] as $arguments) {
            $output = new CapturingOutput();
            try {
                $console->find('session')->run(new ArgvInput(['altair', 'session', ...$arguments, '--project-root=' . $this->root]), $output);
                self::fail('no server: refused');
            } catch (\AltairEval\Frontend\Cli\UsageError $refused) {
                self::assertStringContainsString('sessions live in the project\'s server, and none runs for ' . $this->root . ': start it with `bin/altair serve --daemon --project-root=' . $this->root . '`', $refused->getMessage());
            }
        }
        self::assertSame([], $this->evaluator->calls);
    }

    public function testEvalInASessionNeverRunsCold(): void
    {
        $routing = new RoutingEvaluator($this->noServer(), $this->evaluator);
        $this->expectExceptionMessage('sessions live in the project\'s server');
        try {
            $routing->evaluate(new \AltairEval\Frontend\Runtime\EvalCall('return 1;', $this->root, 1000, 128, session: str_repeat('a', 32)));
        } finally {
            self::assertSame([], $this->evaluator->calls);
        }
    }

    public function testEvalPassesTheHandleAndWhetherATimeoutWasGiven(): void
    {
        self::assertSame(0, $this->altair(['eval', '--session=' . str_repeat('f', 32), 'return 1;']));
        self::assertSame(str_repeat('f', 32), $this->evaluator->lastCall()->session);
        self::assertFalse($this->evaluator->lastCall()->timeoutGiven);
        $this->altair(['eval', '--session=' . str_repeat('f', 32), '--timeout-ms=800', 'return 1;']);
        self::assertTrue($this->evaluator->lastCall()->timeoutGiven);
        self::assertSame(800, $this->evaluator->lastCall()->timeoutMs);
        $this->altair(['eval', 'return 1;']);
        self::assertNull($this->evaluator->lastCall()->session);
    }

    public function testASessionsOptionsAreRefusedOnItsCalls(): void
    {
        foreach (['--writes=rollback', '--writes', '--network', '--memory-mb=64', '--fake-http=a/*=200', '--database=pgsql://127.0.0.1:5432', '--unsafe'] as $option) {
            $this->output = new CapturingOutput();
            self::assertSame(2, $this->altair(['eval', '--session=' . str_repeat('f', 32), $option, '--', 'return 1;']), $option);
            self::assertStringContainsString("is the session's own (given to `bin/altair session open`)", $this->output->errors(), $option);
        }
        self::assertSame([], $this->evaluator->calls);
    }

    public function testAnUnknownActionIsAUsageError(): void
    {
        self::assertSame(2, $this->altair(['session', 'reopen']));
        self::assertStringContainsString('session takes open, close, list, got "reopen"', $this->output->errors());
    }

    public function testListLinesShowHandleCallsIdleAndProject(): void
    {
        $lines = SessionCommand::lines([['id' => str_repeat('a', 32), 'project_root' => '/app', 'calls' => 3, 'idle_since' => microtime(true) - 5, 'idle_timeout_ms' => 300000], 'junk']);

        self::assertCount(1, $lines);
        self::assertMatchesRegularExpression('/^a{32}  calls=3  idle since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \([45]s\)  \/app$/', $lines[0]);
    }
}
