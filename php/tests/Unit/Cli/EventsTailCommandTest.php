<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Cli;

use AltairEval\Frontend\Cli\AltairApplication;
use AltairEval\Frontend\Events\Event;
use AltairEval\Frontend\Events\EventLog;
use AltairEval\Frontend\Tests\Support\CapturingOutput;
use AltairEval\Frontend\Tests\Support\FakeEvaluator;
use AltairEval\Frontend\Tests\Support\Outcomes;
use AltairEval\Frontend\Tests\Support\Repository;
use PHPUnit\Framework\TestCase;
use Symfony\Component\Console\Input\ArgvInput;

final class EventsTailCommandTest extends TestCase
{
    private Repository $repository;
    private string $root;
    private CapturingOutput $output;

    protected function setUp(): void
    {
        $this->repository = new Repository();
        $this->root = $this->repository->temporaryDirectory();
        $this->output = new CapturingOutput();
    }

    protected function tearDown(): void
    {
        $this->repository->remove($this->root);
    }

    /** @param list<string> $arguments */
    private function altair(array $arguments): int
    {
        return (new AltairApplication(new FakeEvaluator((new Outcomes())->make())))->run(new ArgvInput(['altair', ...$arguments]), $this->output);
    }

    public function testSaysWhenThereAreNoEvents(): void
    {
        self::assertSame(0, $this->altair(['events:tail', '--project-root=' . $this->root]));
        self::assertStringStartsWith('No events in ', $this->output->fetch());
    }

    public function testPrintsTheLatestNEvents(): void
    {
        $log = EventLog::forProjectRoot($this->root);
        foreach (['first', 'second', 'third'] as $id) {
            $log->append(new Event($id, new \DateTimeImmutable(), 'cli', 'eval', 'eval', 'fail', 7, [
                'unsafe' => true, 'allow_writes' => true, 'allow_network' => false,
                'snippet_sha256' => str_repeat('ab', 32), 'snippet_length' => 9, 'timed_out' => true,
            ]));
        }

        self::assertSame(0, $this->altair(['events:tail', '-n', '2', '--project-root=' . $this->root]));
        $lines = explode("\n", trim($this->output->fetch()));
        self::assertCount(2, $lines);
        self::assertStringContainsString('cli eval fail second 7ms unsafe=yes writes=yes network=no timed_out=yes snippet=abababababab (9 bytes)', $lines[0]);
        self::assertStringContainsString(' third ', $lines[1]);

        self::assertSame(0, $this->altair(['events:tail', '-n1', '--format=json', '--project-root=' . $this->root]));
        $raw = trim($this->output->fetch());
        self::assertSame('third', json_decode($raw, true, 8, JSON_THROW_ON_ERROR)['id'] ?? null);
    }

    public function testRejectsABadCount(): void
    {
        self::assertSame(2, $this->altair(['events:tail', '-n', '0', '--project-root=' . $this->root]));
        self::assertStringContainsString('--lines must be from 1', $this->output->errors());
    }
}
