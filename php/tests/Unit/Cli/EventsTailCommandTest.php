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

    public function testNothingAWritesSnippetAppendedReachesTheTerminalRaw(): void
    {
        // cursor up + erase line (hides the record above), OSC 52 (sets the clipboard), an 8-bit CSI
        $hostile = "\x1b[1A\x1b[2K\x1b]52;c;ZXZpbA==\x07\xc2\x9b2J";
        $log = EventLog::forProjectRoot($this->root);
        $log->append(new Event('real', new \DateTimeImmutable(), 'cli', 'eval', 'eval', 'ok', 1, ['unsafe' => true]));
        file_put_contents($log->path(), $hostile . "\n", FILE_APPEND);
        file_put_contents($log->path(), json_encode(['id' => $hostile, 'actor' => $hostile, 'extra' => ['snippet_sha256' => $hostile]], JSON_UNESCAPED_UNICODE) . "\n", FILE_APPEND);

        foreach (['human', 'json'] as $format) {
            self::assertSame(0, $this->altair(['events:tail', '--format=' . $format, '--project-root=' . $this->root]));
            $printed = $this->output->fetch();
            self::assertStringNotContainsString("\x1b", $printed, $format);
            self::assertStringNotContainsString("\x07", $printed, $format);
            self::assertStringNotContainsString("\xc2\x9b", $printed, $format);
            self::assertStringContainsString('\e[1A', $printed, $format . ': shown, inert');
            $lines = explode("\n", trim($printed));
            self::assertCount(3, $lines, $format);
            self::assertStringContainsString('real', $lines[0], $format);
            if ($format === 'json') {
                self::assertSame($hostile, json_decode($lines[2], true, 8, JSON_THROW_ON_ERROR)['id'] ?? null, 'still the JSON that was written');
            }
        }
    }

    public function testRejectsABadCount(): void
    {
        self::assertSame(2, $this->altair(['events:tail', '-n', '0', '--project-root=' . $this->root]));
        self::assertStringContainsString('--lines must be from 1', $this->output->errors());
    }
}
