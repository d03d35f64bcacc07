<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Tests\Unit\Events;

use AltairEval\Frontend\Events\Event;
use AltairEval\Frontend\Events\EventLog;
use AltairEval\Frontend\Tests\Support\Repository;
use PHPUnit\Framework\TestCase;

final class EventLogTest extends TestCase
{
    private const WRITERS = 6;
    private const LINES_PER_WRITER = 150;
    /** Longer than PIPE_BUF (4096), where O_APPEND alone would not keep lines whole. */
    private const PAYLOAD_BYTES = 6000;

    private Repository $repository;
    private string $root;

    protected function setUp(): void
    {
        $this->repository = new Repository();
        $this->root = $this->repository->temporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->repository->remove($this->root);
    }

    private function event(string $id, string $payload = ''): Event
    {
        return new Event($id, new \DateTimeImmutable('2026-01-02T03:04:05.678+01:00'), 'cli', 'eval', 'eval', 'ok', 5, ['payload' => $payload]);
    }

    public function testAppendsOneJsonLinePerEventAndCreatesTheDirectory(): void
    {
        $log = EventLog::forProjectRoot($this->root);
        $log->append($this->event('a'));
        $log->append($this->event('b'));

        $content = (string) file_get_contents($this->root . '/.altair/events.jsonl');
        self::assertSame(2, substr_count($content, "\n"));
        self::assertStringStartsWith('{"id":"a","timestamp":"2026-01-02T02:04:05.678+00:00","actor":"cli"', $content);
    }

    public function testTailReturnsTheLatestLinesOldestFirst(): void
    {
        $log = EventLog::forProjectRoot($this->root);
        self::assertSame([], $log->tail(5), 'no log yet');
        for ($i = 1; $i <= 30; ++$i) {
            $log->append($this->event((string) $i, str_repeat('x', 500)));
        }

        $ids = array_map(static fn (string $line): mixed => json_decode($line, true, 8, JSON_THROW_ON_ERROR)['id'] ?? null, $log->tail(3));
        self::assertSame(['28', '29', '30'], $ids);
        self::assertCount(30, $log->tail(1000));
        self::assertSame([], $log->tail(0));
    }

    public function testConcurrentAppendsNeverInterleave(): void
    {
        $autoload = dirname(__DIR__, 3) . '/autoload.php';
        $script = <<<'PHP'
            require $argv[1];
            $log = AltairEval\Frontend\Events\EventLog::forProjectRoot($argv[2]);
            for ($i = 0; $i < (int) $argv[4]; ++$i) {
                $log->append(new AltairEval\Frontend\Events\Event($argv[3] . '-' . $i, new DateTimeImmutable(), 'cli', 'eval', 'eval', 'ok', $i,
                    ['payload' => str_repeat($argv[3], (int) $argv[5])]));
            }
            PHP;
        $processes = [];
        for ($writer = 0; $writer < self::WRITERS; ++$writer) {
            $process = proc_open(
                [PHP_BINARY, '-r', $script, $autoload, $this->root, chr(ord('a') + $writer), (string) self::LINES_PER_WRITER, (string) self::PAYLOAD_BYTES],
                [1 => ['file', '/dev/null', 'w'], 2 => STDERR],
                $pipes,
            );
            self::assertIsResource($process);
            $processes[] = $process;
        }
        foreach ($processes as $process) {
            self::assertSame(0, proc_close($process));
        }

        $lines = file($this->root . '/.altair/events.jsonl', FILE_IGNORE_NEW_LINES);
        self::assertIsArray($lines);
        self::assertCount(self::WRITERS * self::LINES_PER_WRITER, $lines);
        $seen = [];
        foreach ($lines as $number => $line) {
            $event = json_decode($line, true, 8);
            self::assertIsArray($event, sprintf('line %d parses', $number + 1));
            $id = (string) $event['id'];
            $payload = $event['extra']['payload'] ?? '';
            self::assertSame(str_repeat($id[0], self::PAYLOAD_BYTES), $payload);
            $seen[$id] = true;
        }
        self::assertCount(self::WRITERS * self::LINES_PER_WRITER, $seen, 'every event exactly once');
    }
}
